"""King: the Demon learns the King (first night); each night, when the dead equal or
outnumber the living, the King learns an alive character."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "king,imp,baron,choirboy,sweetheart,oracle,librarian,savant"


def test_first_night_wakes_the_demon_not_the_king():
    g = new_game(CHARS, script=SCRIPT)
    said = walk(g, "king")
    assert "The King, seat 1, Ann: do not wake them." in text(said)
    assert "Wake the Demon, seat 2, Ben." in g.last_private
    assert "point to the King, seat 1, Ann" in g.last_private
    said = run(g, "next")
    assert "Put the King to sleep" not in text(said)


def test_not_woken_while_the_living_outnumber_the_dead():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("die", {"seat": 3}), ("die", {"seat": 4}), "end_day")
    walk(g, imp=[5])                              # 3 dead, 5 alive at the King's place
    assert g.phase.state == "day"
    assert not any(e.ability == "king" for e in g.night_queue(first=False))


def test_learns_an_alive_character_when_the_dead_equal_the_living():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("die", {"seat": 3}), ("die", {"seat": 4}), ("die", {"seat": 6}), "end_day")
    said = walk(g, "king", imp=[5])               # 4 dead, 4 alive
    assert "Wake the King, seat 1, Ann." in text(said)
    alive = {p.character for p in g.grim.players if p.alive and p.seat != 1}
    assert g.wait.truth in alive
    with pytest.raises(Rejected):
        run(g, ("answer_character", {"character": "baron"}))   # dead: not for a sober King
    run(g, ("answer_character", {"character": "savant"}))


def test_drunk_king_gets_a_character_that_is_not_alive():
    g = new_game(CHARS.replace("king", "drunk"), script=SCRIPT, start=False)
    g.grim.seat(1).believes = "king"
    run(g, "next")
    walk(g, "king")
    assert "you may skip this" in g.last_private
    walk(g)
    run(g, ("die", {"seat": 3}), ("die", {"seat": 4}), ("die", {"seat": 6}), "end_day")
    walk(g, "king", imp=[5])
    assert g.wait.proposal not in {p.character for p in g.grim.players if p.alive}
