"""Dreamer: each night, choose a player (not themself, not a Traveller): one good and one
evil character, one of them the player's; by character type, not alignment."""
import pytest

from engine_helpers import run
from snv_town_steps import drunk, info, snv, to_day, until
from statemachine.errors import Rejected

CHARS = "dreamer,mutant,cerenovus,imp,oracle,savant,philosopher"
GOOD = ("townsfolk", "outsider")
EVIL = ("minion", "demon")


def test_a_good_player_shows_their_token_and_any_evil_one():
    # The Dreamer chooses the Mutant: the Mutant or, say, the Cerenovus.
    g = snv(CHARS)
    until(g, "dreamer")
    run(g, ("choose", {"seats": [2]}))
    good = info(g)
    assert good.truth == "mutant" and good.proposal == "mutant"
    assert "the Mutant" in g.last_private
    run(g, "next")
    evil = info(g)
    assert g.unit(evil.truth).team in EVIL
    with pytest.raises(Rejected, match="not an evil character"):
        run(g, ("answer_character", {"character": "oracle"}))
    run(g, ("answer_character", {"character": "cerenovus"}))
    assert not g.abnormal.noted


def test_an_evil_player_shows_their_token_and_any_good_one():
    g = snv(CHARS)
    until(g, "dreamer")
    run(g, ("choose", {"seats": [4]}))
    good = info(g)
    assert g.unit(good.truth).team in GOOD and good.truth != "dreamer"
    assert "perhaps the one they claim to be" in g.last_private
    run(g, "next")
    assert info(g).truth == "imp"


def test_cannot_choose_themself_or_a_traveller():
    g = snv(CHARS + ",harlot", travellers=1)
    until(g, "dreamer")
    with pytest.raises(Rejected, match="themself"):
        run(g, ("choose", {"seats": [1]}))
    with pytest.raises(Rejected, match="Traveller"):
        run(g, ("choose", {"seats": [8]}))


def test_the_players_character_not_a_gained_ability():
    # A Philosopher who gained another ability is still shown as the Philosopher.
    g = snv(CHARS)
    g.grim.seat(7).extra_abilities.append("sage")
    until(g, "dreamer")
    run(g, ("choose", {"seats": [7]}))
    assert info(g).truth == "philosopher"


def test_each_night():
    g = snv(CHARS)
    assert "dreamer" in to_day(g, {"dreamer": 2})
    run(g, "end_day")
    assert "dreamer" in to_day(g, {"dreamer": 3})


def test_drunk_dreamer_may_see_two_wrong_tokens_and_that_is_abnormal():
    g = snv(CHARS)
    drunk(g, 1)
    until(g, "dreamer")
    run(g, ("choose", {"seats": [2]}))
    w = info(g)
    assert w.truth == "mutant" and w.proposal != "mutant"
    assert g.unit(w.proposal).team in GOOD
    run(g, "next")
    run(g, "next")
    assert [(f.seat, f.ability) for f in g.info_rules.false_given] == [(1, "dreamer")]
