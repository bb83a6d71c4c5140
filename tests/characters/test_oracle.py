"""Oracle: each night*, how many dead players are evil (by alignment)."""
from engine_helpers import new_game, run
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Once Upon a Baron"
CHARS = "oracle,imp,baron,empath,alsaahir,banshee,steward,recluse"


def test_not_on_the_first_night():
    g = new_game(CHARS, script=SCRIPT)
    assert "oracle" not in g.night_order_ids(first=True)


def test_counts_dead_evil_after_the_demon_acts():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("execute", {"seat": 3}))            # the Baron dies by execution
    walk(g, "oracle", imp=[4])                   # the Imp kills the good Empath
    assert g.wait.truth == 1
    assert g.last_private.startswith("Show fingers: how many dead players are evil. "
                                     "The true answer: the number")
    assert "2 players dead in all." in g.last_private


def test_turned_evil_players_count():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("alignment", {"seat": 4, "alignment": "evil"}), ("execute", {"seat": 4}))
    walk(g, "oracle", imp=[5])
    assert g.wait.truth == 1                     # the turned-evil Empath, not the Alsaahir


def test_poisoned_oracle_gets_a_different_number():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("execute", {"seat": 3}))
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk:9"))
    walk(g, "oracle", imp=[4])
    assert g.wait.proposal != g.wait.truth and 0 <= g.wait.proposal <= 2
    assert "They are poisoned" in g.last_private
