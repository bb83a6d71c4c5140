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
