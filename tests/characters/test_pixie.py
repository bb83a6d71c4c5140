"""Pixie: learns an in-play Townsfolk; if mad about it, gains its ability when it dies."""
import pytest

from engine_helpers import new_game, run, skip_to, text
from statemachine.errors import Rejected
from tf_helpers import walk

SCRIPT = "Once Upon a Baron"
CHARS = "pixie,empath,imp,oracle,alsaahir,saint,baron,banshee"


def to_day(g, **picks):
    walk(g, **picks)
    assert g.phase.state == "day"


def test_proposed_in_play_townsfolk_shown_not_the_player():
    g = new_game(CHARS, script=SCRIPT, start=False)
    line = next(l for l in g.setup_lines() if "Pixie" in l)
    assert "will learn the" in line
    run(g, "next")
    skip_to(g, "pixie")
    assert g.wait.truth in ("empath", "oracle", "alsaahir", "banshee")
    assert "Show the Townsfolk token marked Mad." in g.last_private


def test_override_only_with_an_in_play_townsfolk():
    g = new_game(CHARS, script=SCRIPT, start=False)
    with pytest.raises(Rejected):
        run(g, ("pixie_learns", {"character": "monk"}))
    with pytest.raises(Rejected):
        run(g, ("pixie_learns", {"character": "imp"}))
    run(g, ("pixie_learns", {"character": "oracle"}), "next")
    skip_to(g, "pixie")
    assert g.wait.truth == "oracle"
    with pytest.raises(Rejected):
        run(g, ("answer_character", {"character": "monk"}))


def test_drunk_pixie_proposal_is_not_in_play():
    g = new_game(CHARS.replace("pixie", "drunk"), script=SCRIPT, start=False)
    g.grim.seat(1).believes = "pixie"
    run(g, "next")
    skip_to(g, "pixie")
    in_play = {p.character for p in g.grim.players}
    assert g.wait.proposal not in in_play


def test_mad_pixie_gains_the_ability_when_the_townsfolk_dies():
    g = new_game(CHARS, script=SCRIPT, start=False)
    run(g, ("pixie_learns", {"character": "oracle"}), "next")
    with pytest.raises(Rejected):
        run(g, "pixie_mad")                      # has not learnt yet
    to_day(g)
    said = run(g, "pixie_mad")
    assert "gain the ability when that player dies" in text(said)
    assert "oracle" not in g.abilities(g.grim.seat(1))
    said = run(g, ("die", {"seat": 4}))
    assert "now has the Oracle ability" in text(said)
    assert "oracle" in g.abilities(g.grim.seat(1))
    run(g, "end_day")
    assert ("oracle", 1) in [(e.ability, e.seat) for e in g.night_queue()]


def test_storyteller_rules_madness_after_the_death():
    g = new_game(CHARS, script=SCRIPT, start=False)
    run(g, ("pixie_learns", {"character": "oracle"}), "next")
    to_day(g)
    said = run(g, ("die", {"seat": 4}))
    assert "say 'the pixie was mad'" in text(said)
    assert "oracle" not in g.abilities(g.grim.seat(1))
    run(g, "pixie_mad")
    assert "oracle" in g.abilities(g.grim.seat(1))


def test_not_mad_gains_nothing():
    g = new_game(CHARS, script=SCRIPT, start=False)
    run(g, ("pixie_learns", {"character": "oracle"}), "next")
    to_day(g)
    run(g, "pixie_mad", "pixie_not_mad", ("die", {"seat": 4}))
    assert "oracle" not in g.abilities(g.grim.seat(1))


def test_gains_the_learnt_character_even_if_the_player_changed():
    g = new_game(CHARS, script=SCRIPT, start=False)
    run(g, ("pixie_learns", {"character": "oracle"}), "next")
    to_day(g)
    run(g, "pixie_mad", ("become", {"seat": 4, "character": "monk"}), ("die", {"seat": 4}))
    assert "oracle" in g.abilities(g.grim.seat(1))
    assert "monk" not in g.abilities(g.grim.seat(1))
