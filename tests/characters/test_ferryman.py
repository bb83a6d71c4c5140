"""The Ferryman (Fabled): "On the final day, all dead players regain their vote token."
Built from the ability text and a third-party guide (the almanac page was not found by the
search): on the final day, before nominations, the table is told that every dead player
has their vote token back. The final day is the engine's: the game ends with two players
alive, so a day beginning with three alive is the last."""
import pytest

from engine_helpers import new_game, run, script_file
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import nominate, public, vote, walk_night

TB = ["washerwoman", "chef", "empath", "monk", "soldier", "saint", "poisoner", "imp"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,saint"
FINAL = "This is the final day. With the Ferryman, every dead player has their vote token back."


@pytest.fixture
def game(tmp_path):
    g = new_game(SETUP, script_file(tmp_path / "f.json", "River mix", TB + ["ferryman"]))
    walk_night(g, {"poisoner": 7})
    return g


def spend_a_ghost_vote(game):
    """Day one: seats 4, 5 and 6 die; seat 4 spends their vote token."""
    for seat in (4, 5, 6):
        run(game, ("die", {"seat": seat}))
    run(game, nominate(2, 3), vote(4), "next")
    assert not game.grim.seat(4).ghost_vote


def test_a_day_with_three_alive_gives_every_dead_player_their_token_back(game):
    spend_a_ghost_vote(game)
    run(game, ("end_day", {}))
    said = walk_night(game, {"poisoner": 7, "monk": 2, "imp": 3})
    assert len(game.grim.living_non_travellers()) == 3 and game.phase.state == "day"
    assert FINAL in public(said)
    assert public(said).index("Day 2.") < public(said).index(FINAL)
    assert all(p.ghost_vote for p in game.grim.players if not p.alive)
    run(game, nominate(2, 7), vote(4, 3))       # the token is theirs to spend again
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said
                                  if s.channel == "public"])


def test_not_before_the_final_day(game):
    for seat in (4, 6):
        run(game, ("die", {"seat": seat}))
    run(game, nominate(2, 3), vote(4), "next", ("end_day", {}))
    said = walk_night(game, {"poisoner": 7, "monk": 3, "imp": 3})    # the Monk saves Cat
    assert len(game.grim.living_non_travellers()) == 5 and game.phase.state == "day"
    assert "final day" not in public(said) and not game.grim.seat(4).ghost_vote


def test_the_storyteller_may_say_a_final_day_the_engine_cannot_see(game):
    spend_a_ghost_vote(game)
    said = run(game, ("ferryman_final_day", {}))
    assert FINAL in public(said) and game.grim.seat(4).ghost_vote
    with pytest.raises(Rejected, match="has their vote token already"):
        run(game, ("ferryman_final_day", {}))


def test_not_at_night_nor_without_the_ferryman(game):
    run(game, ("end_day", {}))
    with pytest.raises(Rejected, match="Not now"):
        run(game, ("ferryman_final_day", {}))
    plain = new_game(SETUP)
    walk_night(plain, {"poisoner": 7})
    with pytest.raises(Rejected, match="nothing in play answers"):
        run(plain, ("ferryman_final_day", {}))


def test_the_phrase_parses():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    tb = load_script("Trouble Brewing")
    lang = CommandLanguage(registry_for(tb), tb.ids + ["ferryman"])
    assert lang.parse("this is the final day").intent == "ferryman_final_day"
