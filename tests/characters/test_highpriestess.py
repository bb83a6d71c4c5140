"""High Priestess: 'Each night, learn which player the Storyteller believes you should talk
to most.' (The search tool found the ability and the night sheet's How to Run only: point to
a player. The player is the Storyteller's opinion by design: the narrator asks for it, says
it and notes it.)"""
from engine_helpers import choose, new_game, run, text
from statemachine.line_rules import assert_fit_to_say
from tf_steps import to_day, until

CHARS = "imp,highpriestess,poisoner,chef,empath,goon,soldier"


def test_the_storyteller_names_the_player_and_it_is_pointed_to_and_noted():
    g = new_game(CHARS)
    said = until(g, "highpriestess", {"poisoner": 6})
    assert "Wake the High Priestess, seat 2, Ben." in text(said)
    assert g.last_private.startswith("Which player do you think the High Priestess")
    said += run(g, choose(5))
    assert "Point to seat 5, Eve." in text(said)
    assert "High Priestess: shown 2, night 1" in g.grim.seat(5).reminders
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_the_storytellers_choice_is_no_choice_the_goon_hears():
    g = new_game(CHARS)
    until(g, "highpriestess", {"poisoner": 7})
    run(g, choose(6))
    assert g.impairment(g.grim.seat(2)) is None        # the Goon did not make them drunk
    assert g.grim.seat(2).alignment == "good"


def test_every_night_a_new_note_replaces_the_last():
    g = new_game(CHARS)
    to_day(g, {"poisoner": 7, "highpriestess": 5})
    run(g, ("end_day", {}))
    to_day(g, {"poisoner": 7, "highpriestess": 4, "imp": 7})
    marks = [(p.seat, r) for p in g.grim.players for r in p.reminders
             if r.startswith("High Priestess")]
    assert marks == [(4, "High Priestess: shown 2, night 2")]


def test_a_poisoned_high_priestess_may_be_shown_anyone():
    g = new_game(CHARS)
    until(g, "highpriestess", {"poisoner": 2})
    assert g.last_private.startswith("The High Priestess is poisoned: point to anyone.")
