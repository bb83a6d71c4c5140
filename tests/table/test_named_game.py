"""Done-means of issue 26: from an empty data folder, table mode driven only by
spoken-style input (the keyboard stand-in for the voice, parsed as the listener parses)
sets up a named game of Sects & Violets: each name given as the players sit, a new one
read back and confirmed, one not heard right spelled letter by letter; then the hand-out,
the first night and the days to a winner; and every line says each seat once. The names
given join the regulars, which the next game's setup listens for."""
from __future__ import annotations

import re
import time

from gpio_helpers import factory, no_gpio  # noqa: F401 (fixtures)
from statemachine.line_rules import line_problems
from statemachine.waits import ChooseSeats
from test_evening import (SetupVoice, assert_nothing_unspeakable, choose, day_line, heard,
                          said_lines, settle)
from test_table import Running, wait_until

NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


def start(tmp_path):
    voices: list[SetupVoice] = []

    def make(deliver, narration):
        voices.append(NamingVoice(deliver, narration))
        return voices[-1]
    return Running(tmp_path, voice_factory=make), voices


class NamingVoice(SetupVoice):
    def say_freely(self, text: str) -> None:
        """What the free-form recognizer hands on for a new name: its transcript."""
        from narrator.language.commands import Command
        from narrator.voice.names import name_in
        self.deliver(Command("heard_name", {"name": name_in(text)}, text))


def first_night_and_a_day(run, voice) -> None:
    """Play by voice alone: the hand-out seat by seat, the first night (legal choices,
    next, yes), the first day (the Demon nominated and voted on, or the day ended), until
    the second night begins or someone wins."""
    for _ in range(200):
        session = run.table.session
        if session is None or session.game.winner:
            return
        game = session.game
        if game.phase.at_night and game.grim.night >= 2:
            return
        rejected = len(run.table.rejections)
        if session.in_handout():
            lines = len(said_lines(run))
            voice.say("next")
            wait_until(lambda: len(said_lines(run)) > lines, "the next seat of the hand-out")
        elif game.phase.at_night or game.phase.state == "setup":
            if isinstance(game.wait, ChooseSeats):
                choose(run, game, voice)
            else:
                settle(run, lambda: voice.say("next"), voice)
                if len(run.table.rejections) > rejected:     # a yes-or-no question
                    settle(run, lambda: voice.say("yes"), voice)
        elif game.phase.state == "day":
            settle(run, lambda: voice.say(day_line(game)), voice)
        elif game.phase.state == "vote":
            settle(run, lambda: voice.say(f"{len(game.grim.living)} votes"), voice)
        else:
            settle(run, lambda: voice.say("next"), voice)
    raise AssertionError(f"stuck: {said_lines(run)[-6:]}")


def seats_said_twice(line: str, names: list[str]) -> list[str]:
    """A seat said twice running ("seat 6, seat 6", "seat 6, Ivy, seat 6"), or a name said
    twice running ("Ivy, Ivy"): each seat is said once where it is named."""
    found = [m.group(0) for m in re.finditer(r"\bseat (\d+)(?:, \w+)?, seat \1\b", line,
                                             re.IGNORECASE)]
    return found + [m.group(0) for n in names for m in re.finditer(rf"\b{n}, {n}\b", line)]


def test_a_named_sects_and_violets_game_by_voice_alone(factory, tmp_path):
    run, voices = start(tmp_path)
    voice = voices[0]
    try:
        heard(run, "No game yet. Say new game, or press next.")
        wait_until(lambda: voice.setup_language is not None, "listening for the setup")
        voice.say("new game")
        voice.say("help")
        heard(run, "sects and violets")                         # help lists it
        voice.say("sects and violets")
        heard(run, "Sects & Violets. Press next.")
        voice.say("next")
        voice.say("seven players")
        heard(run, "7 players. Press next.")
        voice.say("next")
        voice.say("no travellers")
        voice.say("next")
        heard(run, "Names? Seat numbers only: press next, or say seat numbers only, or name "
                   "a seat, for example 'seat one is a new name'.")
        for seat, name in enumerate(NAMES, 1):
            voice.say(f"seat {seat} is a new name")
            heard(run, f"For seat {seat}, say 'the name is' and the name.")
            if name == "Cat":                        # not heard right: no, then spelled
                voice.say_freely("The name is Kat.")
                heard(run, "Seat 3: Kat. Yes or no?")
                voice.say("no")
                heard(run, "Spell the name for seat 3, letter by letter")
                voice.say("spell c a t")
            else:
                voice.say_freely(f"The name is {name.lower()}.")   # a transcript
            heard(run, f"Seat {seat}: {name}. Yes or no?")
            voice.say("yes")
            heard(run, f"Seat {seat}: {name}. Name the next seat, or press next.")
        voice.say("seat 2 is a new name")
        voice.say_freely("The name is Ann.")                      # a name at another seat: refused
        heard(run, "Ann is already at seat 1. Say another name for seat 2.")
        assert "Seat 2: Ann. Yes or no?" not in run.said.getvalue()   # at once, not read back first
        voice.say_freely("The name is Ben.")                      # Ben is seat 2's already: kept
        heard(run, "Seat 2: Ben. Yes or no?")
        voice.say("yes")
        voice.say("next")
        heard(run, "Sects & Violets, 7 players, 7 seats named. Press next to draw the bag")
        voice.say("yes")
        heard(run, "Welcome to Sects & Violets. Around the table: seat 1 Ann, seat 2 Ben")
        game = run.table.session.game
        assert [p.name for p in game.grim.players] == NAMES
        assert game.setup.characters is None                  # the bag was drawn
        assert (run.data / "regulars.txt").read_text().split() == NAMES
        heard(run, "Seat 1, Ann: give the ")                   # the hand-out
        first_night_and_a_day(run, voice)
        game = run.table.session.game if run.table.session else None
        assert game is None or game.winner or game.grim.night == 2
        assert any("Day 1" in line or "day 1" in line for line in said_lines(run))
        if run.table.session is not None and not run.table.session.game.winner:
            # a new question, not one asked earlier in the game (a kill confirmed by day): a
            # yes said before the table holds the command is a plain yes to the step
            asked = run.said.getvalue().count("Confirm? Say yes or no.")
            voice.say("override good wins")
            heard(run, "Confirm? Say yes or no.", asked + 1)
            voice.say("yes")
        deadline = time.monotonic() + 120      # the game over writes the log and picture
        while run.table.session is not None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert run.table.session is None, said_lines(run)[-6:]
        heard(run, "Say same players, or new game.")          # the regulars, next time
        wait_until(lambda: voice.setup_language is not None, "the setup again")
        voice.say("new game")
        for _ in range(3):
            voice.say("next")
        heard(run, "Names? The last game's names: press next")
        voice.say("seat one is gus")                 # the last game's Gus sits at seat 7
        heard(run, "Gus is already at seat 7. Say another name for seat 1.")
        voice.say("seat numbers only")
        voice.say("seat one is gus")                 # a regular now: listened for, set
        heard(run, "Seat 1: Gus. Name the next seat, or press next.")
        voice.say("next")
        heard(run, "Sects & Violets, 7 players, 1 seat named, the others by number.")
    finally:
        run.stop()
    twice = {line: seats_said_twice(line, NAMES) for line in said_lines(run)}
    assert not {k: v for k, v in twice.items() if v}
    problems = {line: line_problems(line) for line in said_lines(run)}
    assert not {k: v for k, v in problems.items() if v}
    assert_nothing_unspeakable(run)
