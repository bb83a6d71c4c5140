"""Alsaahir: a public guess of exactly the Minions and the Demons wins for good."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Raining Down"
CHARS = "alsaahir,imp,baron,empath,mayor,scarletwoman,soldier,recluse"


def guess(minions, demons, by=1):
    return ("alsaahir_guess", {"guesser": by, "minions": minions, "demons": demons})


def day_one(chars=CHARS):
    g = new_game(chars, script=SCRIPT)
    walk(g)
    assert g.phase.state == "day"
    return g


def test_exact_guess_wins_for_good():
    g = day_one()
    said = run(g, guess([6, 3], [2]))
    assert "Seat 1, Ann guesses seat 3, Cat and seat 6, Fay as Minions" in text(said, "public")
    assert g.winner and g.winner.winner == "good"


def test_a_missing_minion_or_an_extra_player_is_wrong():
    g = day_one()
    said = run(g, guess([3], [2]))
    assert g.winner is None and "wrong" in text(said)
    g = day_one()
    run(g, guess([3, 6, 4], [2]))
    assert g.winner is None


def test_minions_and_demon_must_be_in_the_right_roles():
    g = day_one()
    run(g, guess([2, 6], [3]))
    assert g.winner is None


def test_one_guess_per_day():
    g = day_one()
    run(g, guess([3], [2]))
    with pytest.raises(Rejected):
        run(g, guess([3, 6], [2]))
    run(g, "end_day")
    walk(g, imp=[4])
    run(g, guess([3, 6], [2]))                   # a new day
    assert g.winner.winner == "good"


def test_only_during_the_day():
    g = new_game(CHARS, script=SCRIPT)
    with pytest.raises(Rejected):
        run(g, guess([3, 6], [2]))


def test_drunk_alsaahir_right_guess_does_nothing():
    g = day_one()
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    said = run(g, guess([3, 6], [2]))
    assert g.winner is None and "poisoned" in text(said)


def test_dead_minions_must_be_guessed_and_the_current_evil_team_counts():
    g = day_one()
    run(g, ("die", {"seat": 3}))
    run(g, guess([6], [2]))
    assert g.winner is None
    g = day_one()
    run(g, ("die", {"seat": 3}), ("become", {"seat": 4, "character": "poisoner"}))
    run(g, guess([3, 4, 6], [2]))
    assert g.winner.winner == "good"


def test_recluse_may_make_a_guess_right_by_registration():
    g = day_one()
    said = run(g, guess([3, 6, 8], [2]))
    assert g.winner is None and "registers otherwise" in text(said)
    run(g, ("end_game", {"winner": "good"}))
    assert g.winner.winner == "good"


def test_a_dead_alsaahir_has_no_ability():
    g = day_one()
    run(g, ("die", {"seat": 1}))
    said = run(g, guess([3, 6], [2]))
    assert g.winner is None and "nothing happens" in text(said)


def test_the_spoken_command_parses():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    lang = CommandLanguage(registry_for(load_script(SCRIPT)), load_script(SCRIPT).ids)
    c = lang.parse("seat one guesses seats two and five as minions and seat seven as demon")
    assert (c.intent, c.slots) == ("alsaahir_guess",
                                   {"guesser": 1, "minions": [2, 5], "demons": [7]})


def test_a_guess_by_a_player_who_is_not_the_alsaahir_changes_nothing():
    g = day_one()
    said = run(g, guess([3, 6], [2], by=4))          # the Empath bluffs as the Alsaahir
    assert "Seat 4, Dan guesses" in text(said, "public")
    assert "does not have the Alsaahir's ability: nothing happens" in text(said, "private")
    assert g.winner is None
    said = run(g, guess([3, 6], [2], by=1))          # the real one may still guess today
    assert g.winner and g.winner.winner == "good"


def test_a_drunk_alsaahirs_right_guess_changes_nothing():
    g = new_game("drunk,imp,baron,empath,mayor,scarletwoman,soldier,recluse", script=SCRIPT,
                 start=False)
    run(g, ("drunk_believes", {"character": "alsaahir"}), "next")
    walk(g)
    said = run(g, guess([3, 6], [2], by=1))
    assert g.winner is None and "drunk: nothing happens" in text(said, "private")
