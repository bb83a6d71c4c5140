"""Big Wig (Loric): 'Each nominee chooses a player: until voting, only they may speak & they
are mad the nominee is good or they might die.' The almanac page was not found by the
search; built from the ability text and a Storyteller's guide (botcscriptorium: announce it
on each nomination, wait for the nominee to point at a speaker, silence the others until the
vote; the death is the Storyteller's lever). Rulings: the speaker is noted before the first
hand; their madness ends at dusk or when the next speaker is chosen; the Storyteller kills
a speaker who broke it with a confirmed command."""
import pytest

from engine_helpers import new_game, nominate, public, private, run, script_file, to_day, vote
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "bigwig"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,washerwoman"


@pytest.fixture
def game(tmp_path):
    g = new_game(SETUP, script_file(tmp_path / "wig.json", "Wig game", IDS))
    to_day(g)
    return g


def speaker(seat):
    return ("bigwig_speaker", {"seat": seat})


def test_each_nominee_chooses_a_speaker_who_is_mad_the_nominee_is_good(game):
    said = run(game, nominate(4, 3))
    assert "Seat 3, Cat, choose one player to speak for you." in public(said)
    said += run(game, speaker(5))
    assert "Seat 5, Eve speaks for seat 3, Cat. Only they may speak until the vote." in public(said)
    assert "Seat 5, Eve must be mad that seat 3, Cat is good." in private(said)
    assert game.madness.of(game.grim.seat(5), None, "bigwig")
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_the_speaker_is_chosen_before_the_first_hand_only(game):
    with pytest.raises(Rejected, match="before the vote begins"):
        run(game, speaker(5))
    run(game, nominate(4, 3), vote(1))
    with pytest.raises(Rejected, match="before the vote begins"):
        run(game, speaker(5))


def test_a_speaker_who_breaks_it_may_be_killed(game):
    run(game, nominate(4, 3), speaker(5))
    with pytest.raises(Rejected, match="not the Big Wig's speaker"):
        run(game, ("bigwig_kills", {"seat": 6}))
    said = run(game, ("bigwig_kills", {"seat": 5}))
    assert not game.grim.seat(5).alive and "Seat 5, Eve dies." in public(said)
    assert "bigwig_kills" in game.registry.get("bigwig").destructive


def test_the_next_speaker_replaces_the_last_and_dusk_ends_it(game):
    run(game, nominate(4, 3), speaker(5), "next", nominate(6, 7), speaker(2))
    assert not game.madness.of(game.grim.seat(5), None, "bigwig")
    assert game.madness.of(game.grim.seat(2), None, "bigwig")
    run(game, "next", "end_day")
    assert not game.madness.of(game.grim.seat(2), None, "bigwig")


def test_without_the_big_wig_nobody_chooses_a_speaker(tmp_path):
    g = new_game(SETUP)
    to_day(g)
    said = run(g, nominate(4, 3))
    assert "choose one player to speak" not in public(said)
