"""Every line the engine can say keeps the rules of statemachine/line_rules.py: random games on
every bundled script (every character heard), the wording helpers with 0, 1 and 2, the
refusals; and the checker itself finds each thing it is for."""
import inspect
import os
import re
import shutil
import tempfile
from pathlib import Path

import pytest

from characters.common import say_number, say_yesno
from statemachine import wording
from statemachine.errors import Rejected
from statemachine.line_rules import (BEFORE_PAUSE_WORDS, LEAD_WORDS, lead, line_problems,
                                     said_problems, sentences, words)
from statemachine.speech import PAUSE, PRIVATE
from line_walk import walk_everything


@pytest.fixture(scope="module")
def heard(tmp_path_factory):
    # Real journals, on a RAM file system where there is one: each command is a synchronous
    # SQLite commit, and on a disk those fsyncs were most of the walk's time.
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="narrator-walk-", dir=shm))
        yield walk_everything(folder)
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield walk_everything(tmp_path_factory.mktemp("walk"))


def test_every_character_is_heard(heard):
    from characters.catalogue import build_registry
    every = {c.id for c in build_registry() if c.team not in ("fabled", "loric")}
    assert every <= heard.characters, sorted(every - heard.characters)
    assert not heard.crashes, heard.crashes
    assert {"good", "evil"} <= set(heard.winners)
    assert len({line[0] for line in heard.lines}) > 800


def test_every_line_of_every_game_is_fit_to_be_said(heard):
    problems = [p for game in heard.games for p in said_problems(game)]
    assert not problems, "\n".join(dict.fromkeys(problems))


def test_the_earpiece_leads_with_the_action(heard):
    """Issue 26: no earpiece line over 40 words before a pause, no first sentence over 20
    (the rules above hold them too; here, the figures)."""
    private = {text for text, _, channel in heard.lines if channel == PRIVATE}
    assert len(private) > 2000
    assert max(words(lead(t)) for t in private) <= BEFORE_PAUSE_WORDS
    assert max(words(sentences(t)[0]) for t in private) <= LEAD_WORDS
    paused = [t for t in private if PAUSE in t]
    assert len(paused) > 100          # the info steps, the setup lists, the answers


def test_games_on_seat_numbers_alone_say_each_seat_once(heard):
    unnamed = [g for g in heard.games if any(t.startswith("Welcome") and "called by seat" in t
                                             for t, _, _ in g)]
    from characters.scripts import bundled_scripts
    assert len(unnamed) >= len(bundled_scripts())    # one on each bundled script at least
    twice = [t for g in unnamed for t, _, _ in g if re.search(r"\bseat (\d+), seat \1\b", t, re.I)]
    assert not twice, twice[:5]


def test_every_refusal_is_fit_to_be_said(heard):
    assert len(heard.refusals) > 20
    # a refusal is said in the earpiece: the earpiece's rules too
    problems = [f"{p}: {r!r}" for r in sorted(set(heard.refusals))
                for p in line_problems(r, channel=PRIVATE)]
    assert not problems, "\n".join(problems)


VALUES = {"Label": "Seat 3, Cat", "Name": "Cat", "word": "evil", "names": "Seat 3, Cat", "name": "Seat 3, Cat",
          "label": "seat 3, Cat", "demons": "seat 1, Ann", "noun": "player",
          "character": "Empath", "borrowed": "Oracle", "note": " They are drunk.",
          "who": "Only the Voudon, seat 9, Zed, and the dead may vote",
          "token": "Sober & Healthy", "plural": "people", "why": "the Exorcist chose them",
          "labels": ["seat 1, Ann", "seat 2", "seat 3, Cat", "seat 4, Dan"],
          "numbers": [1, 2, 3, 4], "ability": "Slayer", "items": ["seat 1, Ann", "seat 2, Ben", "seat 3, Cat"],
          "words": "seats one two four five vote"}


FRAGMENTS = {"a", "seat_list", "spoken_list", "as_heard", "the_minions"}


def _argument(name: str, annotation, n: int):
    if annotation in (int, "int") or name in ("n", "need", "total", "night", "day"):
        return n
    if annotation in (bool, "bool") or name == "first":
        return n == 1
    return VALUES.get(name)


@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_wording_helper_with_0_1_and_2(n):
    """Each helper with what it needs, then with every optional part given too."""
    said = []
    for name, fn in inspect.getmembers(wording, inspect.isfunction):
        if fn.__module__ != wording.__name__ or name.startswith("_"):
            continue
        params = list(inspect.signature(fn).parameters.values())
        for every in (False, True):
            args = [_argument(p.name, p.annotation, n) for p in params
                    if every or p.default is inspect.Parameter.empty]
            assert None not in args, f"no test value for {name}{inspect.signature(fn)}"
            line = fn(*args)
            if name in FRAGMENTS:      # a part of a sentence ('an evil', 'seats 1, 2 and 3')
                line = f"Here: {line}"
            said.append(line if line[-1] in ".?!" else line + ".")
    for noun in ("vote", "Outsider", "Townsfolk", "Minion"):
        said.append(f"{wording.count(n, noun)}.")
    said += [f"The answer: {say_number(n)}.", f"The answer: {say_yesno(bool(n))}."]
    problems = [f"{p}: {line!r}" for line in said for p in line_problems(line)]
    assert not problems, "\n".join(problems)
    assert f"{n} vote" + ("" if n == 1 else "s") in wording.votes(n)


@pytest.mark.parametrize("line,problem", [
    ("1 players are dead.", "one with a plural"),
    ("1 votes.", "one with a plural"),
    ("0 outsider in play where the standard setup has 1.", "a number with a singular"),
    ("2 vote needed.", "a number with a singular"),
    ("Show the THIS PLAYER IS token.", "a word in capitals"),
    ("seat 3, Cat has already voted.", "starts in lower case"),
    ("Say 'the drunk thinks they are the ...' to change it.", "markup or spacing"),
    ("The answer: None.", "markup or spacing"),
    ("The Wraith: do not wake them. They may open their eyes.", "do not wake them"),
    ("Point at seat 3", "does not end a sentence"),
])
def test_the_checker_finds_each_fault(line, problem):
    assert any(problem in p for p in line_problems(line)), line_problems(line)


def test_the_checker_passes_good_lines():
    for line in ("1 vote needed.", "0 votes.", "2 Outsiders in play.", "3 Townsfolk.",
                 "Seat 1, Ann votes.", "Wake the Empath, seat 3, Cat.", "Say yes or no.",
                 "Seat 10, Jon nominates seat 1, Ann.", "1 player dead in all.",
                 "The Wraith is drunk: tell them privately that they may not open their eyes "
                 "tonight."):
        assert line_problems(line) == [], (line, line_problems(line))


def test_the_checker_on_a_sequence():
    assert any("day word at night" in p
               for p in said_problems([("Today seat 4, Dan died by execution.", True)]))
    assert not said_problems([("Nobody is executed today.", False)])
    assert any("not woken" in p for p in said_problems([
        ("Wake the Nightwatchman, seat 1, Ann.", True),
        ("Put the Nightwatchman to sleep. Wake seat 8, Hal.", True),
        ("Put the Nightwatchman to sleep.", True)]))
    assert any("after the game was over" in p for p in said_problems([
        ("The game is over. The Demon is dead. Good wins.", True),
        ("The grimoire. Seat 1, Ann: Imp, evil, dead.", True),
        ("Put the Imp to sleep.", True)]))


def test_a_refusal_starts_with_a_capital():
    assert str(Rejected("seat 3, Cat has already voted.")) == "Seat 3, Cat has already voted."
