"""Knight: 'You start knowing 2 players that are not the Demon.' (Almanac, How to Run: on the
first night, point to two players who are not the Demon; the Recluse may register as the
Demon, so the Storyteller may leave them out; a drunk or poisoned Knight may be shown the
Demon.) Built from the ability text and How to Run only: no example was read in full."""
import pytest

from engine_helpers import new_game, run, skip_to, text
from statemachine.errors import Rejected
from statemachine.model import Effect

CHARS = "imp,knight,recluse,scarletwoman,empath,chef,monk"   # 7 players, TB and the Knight


@pytest.mark.parametrize("seed", range(8))
def test_two_other_players_neither_the_demon(seed):
    g = new_game(CHARS, seed=seed)
    said = skip_to(g, "knight")
    assert "Wake the Knight, seat 2, Ben." in text(said)
    truth = g.wait.truth
    assert len(truth) == 2 and len(set(truth)) == 2
    assert 1 not in truth and 2 not in truth          # not the Imp, not the Knight
    run(g, "next")
    marked = sorted(p.seat for p in g.grim.players if "Knight 2: Know" in p.reminders)
    assert marked == sorted(truth)


def test_the_recluse_is_noted_as_maybe_the_demon():
    for seed in range(20):
        g = new_game(CHARS, seed=seed)
        skip_to(g, "knight")
        if 3 in g.wait.truth:
            assert "Recluse" in g.last_private
            return
    pytest.fail("no seed showed the Recluse")


def test_a_sober_knight_is_never_shown_the_demon():
    g = new_game(CHARS)
    skip_to(g, "knight")
    with pytest.raises(Rejected, match="Demon"):
        run(g, ("answer_seats", {"seats": [1, 4]}))
    with pytest.raises(Rejected, match="two other players"):
        run(g, ("answer_seats", {"seats": [2, 4]}))
    with pytest.raises(Rejected, match="two other players"):
        run(g, ("answer_seats", {"seats": [4]}))
    run(g, ("answer_seats", {"seats": [3, 5]}))       # the Recluse: allowed
    assert sorted(p.seat for p in g.grim.players if "Knight 2: Know" in p.reminders) == [3, 5]


def test_a_poisoned_knight_may_be_shown_the_demon():
    g = new_game(CHARS)
    g.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    skip_to(g, "knight")
    assert "They are poisoned" in g.last_private
    assert 1 in g.wait.proposal                       # the proposal is false: the Imp in it
    run(g, ("answer_seats", {"seats": [1, 4]}))


def test_once_shown_the_knight_does_not_wake_again():
    g = new_game(CHARS)
    skip_to(g, "knight")
    run(g, "next")
    skip_to(g, "never")                               # to the day
    assert g.phase.in_day
    assert "knight" not in g.night_order_ids(first=False)
