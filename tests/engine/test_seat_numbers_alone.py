"""A game on seat numbers alone: players with no name are called by their seat, once."""
from __future__ import annotations

from characters.scripts import load_script, registry_for
from statemachine.game import Game, GameSetup

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
CHARS = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "chef"]


def game(names):
    return Game(GameSetup("Trouble Brewing", TB.ids, names, CHARS, 5), REG)


def everything_said(g) -> list[str]:
    lines = [s.text for s in g.start()]
    for _ in range(40):
        if g.wait is not None and "choose" in g.wait.accepts():
            break
        lines += [s.text for s in g.handle("next")]
    return lines


def test_an_unnamed_player_is_called_by_seat_once():
    g = game([""] * 7)
    p = g.grim.seat(3)
    assert (p.name, p.label, p.Label) == ("seat 3", "seat 3", "Seat 3")
    lines = everything_said(g)
    assert "Welcome to Trouble Brewing. 7 players, called by seat." in lines
    assert not [line for line in lines if "seat 3, seat 3" in line.lower()]
    assert "Wake the Poisoner, seat 5." in lines


def test_some_names_and_some_seats():
    g = game(["Ann", "", "Cat", "", "Eve", "", "Gus"])
    assert g.grim.seat(1).label == "seat 1, Ann" and g.grim.seat(2).label == "seat 2"
    opening = [s.text for s in g.start()]
    assert opening[0] == ("Welcome to Trouble Brewing. Around the table: seat 1 Ann, seat 2, "
                          "seat 3 Cat, seat 4, seat 5 Eve, seat 6, seat 7 Gus.")


def test_two_unnamed_seats_are_not_the_same_name():
    g = game(["", "", "Cat", "Dan", "Eve", "Fay", "Gus"])   # no "same name" refusal
    assert [p.name for p in g.grim.players[:2]] == ["seat 1", "seat 2"]


def _to_day(g) -> list:
    said = list(g.start())
    for _ in range(60):
        if g.phase.state == "day":
            return said
        if g.wait is not None and "choose" in g.wait.accepts():
            said += g.handle("choose", {"seats": [2, 3][:g.wait.count]})
        else:
            said += g.handle("next")
    raise AssertionError("no day")


def test_every_question_vote_and_the_reveal_say_each_seat_once():
    """Issue 26: "The vote on seat 6, seat 6: seat 2, seat 2", "Now: the Scarlet Woman,
    seat 1, seat 1", "Seat 1, seat 1: Imp" at game over; and "seat 6 is dead." in lower
    case on the public channel."""
    from statemachine.line_rules import said_problems
    from statemachine.view.questions import QUESTIONS

    g = game([""] * 7)
    said = _to_day(g)
    slots = {"ask_seat": {"seat": 4}, "ask_character": {"character": "imp"}}
    for q in QUESTIONS:
        if q in g.expected_intents():
            said += g.handle(q, slots.get(q, {}))
    said += g.handle("nominate", {"nominator": 1, "nominee": 2})
    said += g.handle("vote", {"seats": [1, 3, 5, 6]})
    voted = g.handle("ask_voted", {})
    assert voted[0].text == "The vote on seat 2: seats 1, 3, 5 and 6."
    said += voted + g.handle("vote", {"seats": [7]}) + g.handle("ask_voted", {})
    said += g.handle("next") + g.handle("end_day")
    assert "Seat 2 is dead." in [s.text for s in said if s.channel == "public"]
    for _ in range(30):                          # the night, to the next day
        if g.phase.state == "day" or g.winner:
            break
        said += (g.handle("choose", {"seats": [6, 7][:g.wait.count]})
                 if g.wait is not None and "choose" in g.wait.accepts() else g.handle("next"))
    said += g.handle("ask_next", {}) if "ask_next" in g.expected_intents() else []
    said += g.handle("nominate", {"nominator": 1, "nominee": 4}) + g.handle(
        "votes", {"count": 5}) + g.handle("end_day")
    assert g.winner is not None
    reveal = [s.text for s in said if s.text.startswith("The grimoire.")]
    assert reveal and "Seat 4: Imp, evil, dead." in reveal[0]
    texts = [s.text for s in said]
    twice = [t for t in texts if any(f"seat {n}, seat {n}" in t.lower() for n in range(1, 8))]
    assert not twice, twice
    assert not said_problems((s.text, False, s.channel) for s in said
                             if "a day word" not in s.text)
