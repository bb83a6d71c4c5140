"""Juggler: first day, up to five public guesses; that night, how many were right."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "juggler,imp,baron,oracle,sweetheart,king,librarian,farmer"


def guesses(*pairs):
    return ("juggler_guesses", {"seats": [s for s, _ in pairs], "characters": [c for _, c in pairs]})


def test_guesses_publicly_and_learns_the_count_that_night():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    said = run(g, guesses((2, "imp"), (3, "xaan"), (4, "oracle"), (4, "king")))
    assert "The Juggler guesses: seat 2, Ben is the Imp" in text(said, "public")
    assert "2 of the Juggler's guesses are correct" in text(said, "private")
    run(g, "end_day")
    walk(g, "juggler", imp=[5])
    assert g.wait.truth == 2
    walk(g)
    run(g, "end_day")                                        # night 3: nothing more
    assert not any(e.ability == "juggler" for e in g.night_queue())


def test_only_on_the_first_day_once_and_at_most_five():
    g = new_game(CHARS, script=SCRIPT)
    with pytest.raises(Rejected):
        run(g, guesses((2, "imp")))                          # at night
    walk(g)
    with pytest.raises(Rejected):
        run(g, guesses(*[(s, "imp") for s in range(2, 8)]))   # six
    run(g, guesses((2, "imp")))
    with pytest.raises(Rejected):
        run(g, guesses((3, "baron")))
    run(g, "end_day")
    walk(g, imp=[5])
    g2 = new_game(CHARS, script=SCRIPT)
    walk(g2)
    run(g2, "end_day")
    walk(g2, imp=[5])
    with pytest.raises(Rejected):
        run(g2, guesses((2, "imp")))                         # day 2 is too late


def test_drunk_when_guessing_sober_at_night_learns_the_truth():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    g.grim.seat(1).add_effect(Effect("drunk", until="dusk"))
    run(g, guesses((2, "imp")))
    run(g, "end_day")
    walk(g, "juggler", imp=[5])
    assert g.wait.truth == 1 and g.wait.proposal == 1


def test_killed_before_the_step_learns_nothing():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, guesses((2, "imp")), "end_day")
    walk(g, imp=[1])
    assert g.phase.state == "day"


def test_the_spoken_command_parses_five_pairs():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    lang = CommandLanguage(registry_for(load_script(SCRIPT)), load_script(SCRIPT).ids)
    c = lang.parse("the juggler guesses seat four is the noble and seat two is the king and "
                   "seat one is the xaan and seat three is the farmer and seat five is the savant")
    assert c.intent == "juggler_guesses"
    assert c.slots == {"seats": [4, 2, 1, 3, 5],
                       "characters": ["noble", "king", "xaan", "farmer", "savant"]}
