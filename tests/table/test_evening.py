"""A game night with no laptop: table mode from an empty data folder, set up by voice-style
commands (parsed as the listener hands them on), buttons and the seat dial on gpiozero's
MockFactory, a drawn bag played to a winner, then the same players again; the pause and
"where are we"; and nothing spoken that names a path, a file or a log."""
from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from gpio_helpers import factory, no_gpio  # noqa: F401 (fixtures)
from narrator.language.commands import CommandLanguage
from test_dial import PINS as _UNUSED, clockwise, counter_clockwise, press  # noqa: F401
from test_table import GPIO, FakeVoice, Running, lit, tap, wait_until
from statemachine.waits import ChooseSeats

THURSDAY = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Zed"]
ROSTERS = {"Thursday group": THURSDAY}
DIAL = (GPIO.pin_dial_a, GPIO.pin_dial_b, GPIO.pin_dial_button)


class SetupVoice(FakeVoice):
    """The voice seam, with the setup questions' language and the listener's own pause."""

    def __init__(self, deliver, narration) -> None:
        super().__init__(deliver, narration)
        self.setup_language = None
        self.session = None
        self.paused = False

    def attach(self, session) -> None:
        super().attach(session)
        self.session, self.setup_language = session, None

    def attach_setup(self, language) -> None:
        self.setup_language, self.session = language, None

    def pause(self, on: bool) -> None:
        self.paused = on

    def say(self, text: str) -> None:
        """Deliver what the recognizer would have heard, parsed as the listener parses it."""
        if self.session is not None:
            game = self.session.game
            language = CommandLanguage(game.registry, game.setup.script, len(game.grim.players))
        else:
            language = self.setup_language
        command = language.parse(text, spoken=True)
        assert command is not None, f"not a spoken phrase now: {text!r}"
        if self.held is not None and command.intent in ("yes", "no"):
            command = self.confirm(command.intent == "yes")   # the listener's own answer
            if command is None:
                return
        self.deliver(command)


def start(tmp_path, **kw):
    voices: list[SetupVoice] = []

    def make(deliver, narration):
        voices.append(SetupVoice(deliver, narration))
        return voices[-1]

    run = Running(tmp_path, voice_factory=make, rosters=ROSTERS, **kw)
    return run, voices[0]


def heard(run, fragment: str, times: int = 1) -> None:
    """Wait until ``fragment`` was said (``times`` times); on a timeout, show the last lines."""
    try:
        run.wait_said(fragment, times)
    except AssertionError:
        raise AssertionError(f"never said {fragment!r}; last: {said_lines(run)[-6:]}") from None


def said_lines(run) -> list[str]:
    return [line.split("] ", 1)[1] for line in run.said.getvalue().splitlines() if "] " in line]


def assert_nothing_unspeakable(run) -> None:
    """No spoken line names a path, a file, the data folder or a log (also checked by
    Running.stop for every table scenario)."""
    assert said_lines(run), "nothing was said"
    assert not run.unspeakable(), run.unspeakable()


def turn_dial_to(run, factory, label: str, limit: int = 20) -> None:
    a, b, button = DIAL
    for _ in range(limit):
        before = run.said.getvalue().count("\n")
        clockwise(factory, _Pins(a, b, button))
        wait_until(lambda: run.said.getvalue().count("\n") > before, "the dial's line")
        if said_lines(run)[-1] == label:
            return
    raise AssertionError(f"the dial never said {label!r}: {said_lines(run)[-8:]}")


class _Pins:
    def __init__(self, a, b, button) -> None:
        self.a, self.b, self.button = a, b, button


# --- driving a game ---------------------------------------------------------------------------

def next_button(factory) -> None:
    """A press of next, clear of the last one: the buttons ignore a press within their
    debounce time (30 ms) of the one before, as a real button's bounce would be."""
    time.sleep(0.05)
    tap(factory, GPIO.pin_next)


def day_line(game) -> str:
    """What the Storyteller says by day: a living player nominates the Demon, or, when nobody
    may (or the Demon was nominated today), the day ends."""
    demon = next((p for p in game.grim.players
                  if p.alive and game.team_of(p) == "demon"), None)
    nominator = next((p for p in game.grim.players if p.alive and p is not demon
                      and p.seat not in game.nominators_today), None)
    if demon is None or nominator is None or demon.seat in game.nominated_today:
        return "end the day"
    return f"seat {nominator.seat} nominates seat {demon.seat}"


def settle(run, action, voice=None) -> None:
    """Do one thing and wait until the table took it (a journal event or a rejection); a
    spoken command the table holds for a yes (it kills or ends the game) is confirmed."""
    table = run.table
    path = table.session.journal.path
    before = (run.events(path), len(table.rejections))
    action()
    held = (lambda: voice is not None and voice.held is not None)
    try:
        wait_until(lambda: (run.events(path), len(table.rejections)) != before or held(),
                   "the table")
        if held():
            assert "Confirm? Say yes or no." in said_lines(run)[-1], said_lines(run)[-2:]
            voice.say("yes")
            wait_until(lambda: (run.events(path), len(table.rejections)) != before, "the yes")
    except AssertionError:
        game = table.session.game if table.session else None
        raise AssertionError(f"the table did nothing: {game and game.phase.state}, "
                             f"{game and game.wait}; last: {said_lines(run)[-4:]}") from None


def play_to_a_winner(run, factory, voice) -> dict:
    """Play the running game: nights by the next button and spoken choices, days by
    nominating the Demon and voting them out, until somebody wins."""
    path = run.table.session.journal.path
    for _ in range(300):
        session = run.table.session
        if session is None:
            return json.loads(Path(path).with_suffix(".log.json").read_text())
        game = session.game
        rejected = len(run.table.rejections)
        if game.winner:                       # journaled; the table is ending the game
            wait_until(lambda: run.table.session is None, "the game over")
            continue
        if session.in_handout():              # the hand-out, seat by seat: nothing journaled
            lines = len(said_lines(run))
            next_button(factory)
            wait_until(lambda: len(said_lines(run)) > lines, "the next seat of the hand-out")
            continue
        if game.phase.at_night or game.phase.state == "setup":
            if isinstance(game.wait, ChooseSeats):
                choose(run, game, voice)
            else:
                settle(run, lambda: next_button(factory))
                if len(run.table.rejections) > rejected:     # a yes-or-no question
                    settle(run, lambda: voice.say("yes"))
        elif game.phase.state == "day":
            settle(run, lambda: voice.say(day_line(game)), voice)
        elif game.phase.state == "vote":
            everyone = len(game.grim.living)
            settle(run, lambda: voice.say(f"{everyone} votes"), voice)
        else:
            settle(run, lambda: next_button(factory))
    raise AssertionError("no winner after 300 steps")


def choose(run, game, voice) -> None:
    wait, n = game.wait, len(game.grim.players)
    for first in range(1, n + 1):
        seats = [(first + i - 1) % n + 1 for i in range(wait.count)]
        rejected = len(run.table.rejections)
        settle(run, lambda: voice.say("seats " + " and ".join(map(str, seats))
                                      if len(seats) > 1 else f"seat {seats[0]}"), voice)
        if len(run.table.rejections) == rejected:
            return
    raise AssertionError(f"no legal choice: {wait}")


# --- the evening ------------------------------------------------------------------------------

def test_a_game_night_from_an_empty_data_folder(factory, tmp_path):
    run, voice = start(tmp_path)
    try:
        assert not any(run.data.glob("new-game*"))
        heard(run, "No game yet. Say new game, or press next.")
        wait_until(lambda: voice.setup_language is not None, "listening for the setup")
        wait_until(lambda: lit(factory, GPIO.pin_led_attention), "attention: a question")

        voice.say("new game")
        heard(run, "Which script? Trouble Brewing: press next, or say another.")
        turn_dial_to(run, factory, "Raining Down.")
        turn_dial_to(run, factory, "Trouble Brewing.")
        press(factory, _Pins(*DIAL))                 # the dial picks, and goes on
        heard(run, "How many players, not counting Travellers? 7: press next")
        voice.say("nine players")
        heard(run, "9 players. Press next.")
        tap(factory, GPIO.pin_next)
        heard(run, "How many Travellers? None: press next")
        voice.say("one traveller")
        heard(run, "1 Traveller. Press next.")
        voice.say("where are we")
        heard(run, "Setting up a new game: the number of Travellers.")
        tap(factory, GPIO.pin_yes)
        heard(run, "Names? Seat numbers only: press next, or say seat numbers only, or name "
                   "a seat, for example 'seat one is ann'.")
        voice.say("the thursday group")
        heard(run, "The Thursday group. Press next.")
        tap(factory, GPIO.pin_next)
        heard(run, "Trouble Brewing, 9 players and 1 Traveller, the Thursday group. "
                      "Press next to draw the bag, or no to start again.")
        voice.say("yes")
        heard(run, "Welcome to Trouble Brewing. Around the table: seat 1 Ann, seat 2 Ben")
        first = run.journal()
        game = run.table.session.game
        assert [p.name for p in game.grim.players] == THURSDAY
        assert game.setup.characters is None                 # the bag was drawn
        assert sum(p.traveller for p in game.grim.players) == 1
        heard(run, "Hand out the tokens.")                   # the hand-out follows, privately
        heard(run, "Seat 1, Ann: give the ")

        log = play_to_a_winner(run, factory, voice)
        assert log["winner"] in ("good", "evil")
        heard(run, "Say same players, or new game. Press next for the same players.")
        wait_until(lambda: voice.setup_language is not None, "the setup again")

        voice.say("same players")
        heard(run, "Trouble Brewing, 9 players and 1 Traveller, the last game's names. "
                      "Press next to draw the bag")
        tap(factory, GPIO.pin_next)
        heard(run, "Welcome to Trouble Brewing. Around the table:", times=2)
        second = run.journal()
        assert second != first and run.table.games_started == 2
        assert [p.name for p in run.table.session.game.grim.players] == THURSDAY
        assert sorted(p.name for p in run.data.iterdir()) == ["games"]   # nothing copied in
        assert "Traceback" not in run.out.getvalue()
    finally:
        run.stop()
    assert_nothing_unspeakable(run)


def test_seat_numbers_alone_by_buttons_only(factory, tmp_path):
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        for _ in range(4):                  # new game; the script, 7 players, no Travellers
            tap(factory, GPIO.pin_next)
        heard(run, "Names? Seat numbers only: press next")
        tap(factory, GPIO.pin_next)
        heard(run, "Trouble Brewing, 7 players, seat numbers only.")
        tap(factory, GPIO.pin_next)
        heard(run, "Welcome to Trouble Brewing. 7 players, called by seat.")
        heard(run, "Seat 1: give the ")                       # the hand-out, by seat alone
        assert [p.label for p in run.table.session.game.grim.players][:2] == [
            "seat 1", "seat 2"]
        assert not [line for line in said_lines(run) if re.search(r"seat (\d+), seat \1\b",
                                                                   line, re.IGNORECASE)]
    finally:
        run.stop()
    assert_nothing_unspeakable(run)


def test_answers_are_checked_and_no_starts_again(factory, tmp_path):
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        run.type("the script is trouble brewing")          # before new game
        heard(run, "Say new game first.")
        run.type("new game", "twenty players")
        heard(run, "A game has 5 to 15 players, not 20. Say another number.")
        run.type("who wants pizza")
        wait_until(lambda: any("did not understand" in r for r in run.table.rejections), "")
        run.type("next", "next", "6 travellers")
        heard(run, "At most 5 Travellers, not 6.")
        run.type("undo")                                   # back one question
        heard(run, "How many players, not counting Travellers? 7", times=2)
        run.type("next", "next", "next")
        heard(run, "Press next to draw the bag, or no to start again.")
        tap(factory, GPIO.pin_no)
        heard(run, "Starting again.")
        heard(run, "Which script?", times=2)
        assert run.table.session is None
    finally:
        run.stop()
    assert_nothing_unspeakable(run)


def test_a_number_alone_answers_the_count_that_is_asked(factory, tmp_path):
    """The question says "say a number": "fifteen" (or "15" typed) is the players' count there,
    the Travellers' at theirs, and elsewhere says what a number answers. Then, 20 seats:
    "status" says the seat the hand-out has reached, not the setup's last line."""
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        for typed, answer in ((("new game", "twelve"), "A number alone answers how many players or Travellers. "
                                                       "Which script?"),
                              (("next", "fifteen"), "15 players. Press next."),
                              (("4",), "A game has 5 to 15 players, not 4. Say another number."),
                              (("next", "5"), "5 Travellers. Press next."),
                              (("next", "next"), "Trouble Brewing, 15 players and 5 Travellers, seat numbers only."),
                              (("next",), "Hand out the tokens."),
                              (("status",), "Setup: handing out the tokens, seat 1 of 20. Say next for the next seat."),
                              (("next", "next", "where are we"), "Setup: handing out the tokens, seat 3 of 20.")):
            run.type(*typed)
            heard(run, answer)
    finally:
        run.stop()
    assert_nothing_unspeakable(run)


def test_a_setup_that_cannot_be_drawn_is_said_without_a_path(factory, tmp_path):
    scripts = tmp_path / "data" / "scripts"
    scripts.mkdir(parents=True)
    (scripts / "tiny.json").write_text(json.dumps(
        [{"id": "_meta", "name": "Tiny"}, "imp", "poisoner", "chef", "empath", "monk"]))
    (scripts / "broken.json").write_text("{not json")   # left out, and logged
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        wait_until(lambda: voice.setup_language is not None, "the setup language")
        voice.say("new game")
        voice.say("tiny")
        heard(run, "Tiny. Press next.")
        for _ in range(4):
            tap(factory, GPIO.pin_next)
        heard(run, "Tiny, 7 players, seat numbers only.")
        tap(factory, GPIO.pin_next)
        wait_until(lambda: run.table.rejections, "the refusal")
        assert run.table.rejections[-1].startswith("This game cannot be set up: the script has ")
        assert run.table.rejections[-1].endswith("Choose another script or player count.")
        assert run.table.session is None
        heard(run, "Which script? Tiny", times=1)
    finally:
        run.stop()
    assert_nothing_unspeakable(run)


def test_a_bad_game_file_and_a_bug_are_said_as_what_to_do(factory, tmp_path):
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        (run.data / "new-game.toml").write_text("players = [")
        heard(run, "The game file has a mistake. Correct the file and save it again, "
                   "or say new game.")
        run.table.put("button", "next")
        run.table.setup_command = None   # a bug in handling an input: said, nothing lost
        heard(run, "Something went wrong there, and nothing changed.")
    finally:
        run.stop()
    assert "bad game file" in run.out.getvalue()        # the detail is in the service's log
    assert_nothing_unspeakable(run)


def test_pause_where_are_we_and_resume(factory, tmp_path):
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        for _ in range(6):                  # new game, four answers, the last look
            tap(factory, GPIO.pin_next)
        heard(run, "Welcome to Trouble Brewing.")
        path = run.journal()
        voice.say("begin the first night")                # past the hand-out
        run.wait_events(1)

        factory.pin(GPIO.pin_no).drive_low()              # the no button held: pause
        wait_until(lambda: run.table.paused, "paused")
        factory.pin(GPIO.pin_no).drive_high()
        heard(run, "The game is paused. Say resume the game, or hold the no button")
        assert voice.paused                               # the listener's own pause
        wait_until(lambda: run.table._lit.get("attention") == "blink", "attention blinks")

        tap(factory, GPIO.pin_next)                       # nothing is carried out
        voice.say("next")
        run.type("next")
        clockwise(factory, _Pins(*DIAL))
        heard(run, "The game is paused.", times=5)
        assert run.events(path) == 1
        voice.say("where are we")
        heard(run, "Paused. The first night:")

        voice.say("resume the game")
        wait_until(lambda: not run.table.paused, "resumed")
        heard(run, "Resumed. The first night")
        assert not voice.paused
        tap(factory, GPIO.pin_next)
        run.wait_events(2)

        run.type("pause the game")                        # typed: the same
        wait_until(lambda: run.table.paused and voice.paused, "paused by keyboard")
        factory.pin(GPIO.pin_no).drive_low()              # held again: resume
        wait_until(lambda: not run.table.paused, "resumed by the button")
        factory.pin(GPIO.pin_no).drive_high()
        tap(factory, GPIO.pin_next)
        run.wait_events(3)
    finally:
        run.stop()
    assert_nothing_unspeakable(run)


def test_the_check_catches_a_path_a_file_and_the_log(factory, tmp_path):
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        old = [f"Put a game file in {run.data}.", "Put new-game.toml in.",
               "The game file could not be used; the log says why."]
        run.unsaid_expected = True
        for line in old:                  # table mode holds each back
            run.table.say_line(line)
        heard(run, "Something went wrong there, and nothing changed.", times=3)
        assert not run.unspeakable()
        run.said.write("".join(f"[private] {line}\n" for line in old))
        assert run.unspeakable() == old   # and the harness's check would catch each
        run.said.truncate(0)
        run.said.seek(0)
    finally:
        run.stop()


def test_the_real_listener_hears_the_setup_and_the_pause(factory, tmp_path):
    """ListenerVoice behind the seam: the setup phrases while no game runs, then a spoken
    pause (the listener's own) that the table follows, and resume."""
    pytest.importorskip("narrator.voice.listener")
    from narrator.table.voice import ListenerVoice
    from test_table import ScriptedRecognizer, SilentSource

    recognizer = ScriptedRecognizer(["new game", "the script is trouble brewing", "next",
                                     "five players", "next", "no travellers", "next",
                                     "seat numbers only", "next", "yes", "pause the game",
                                     "next", "resume the game"])

    def make(deliver, narration):
        return ListenerVoice(recognizer, SilentSource(), deliver, backend="scripted",
                             gating="push_to_talk", wake_phrase="storyteller",
                             min_confidence=0.5, narration=narration, log_line=lambda _: None)

    run = Running(tmp_path, voice_factory=make)
    try:
        heard(run, "No game yet.")
        for n in range(10):
            before = run.said.getvalue().count("\n")
            tap(factory, GPIO.pin_ptt)               # each press: the next phrase
            wait_until(lambda: run.said.getvalue().count("\n") > before, f"answer {n + 1}")
        heard(run, "Welcome to Trouble Brewing. 5 players, called by seat.")
        path = run.journal()
        tap(factory, GPIO.pin_ptt)                   # "pause the game"
        wait_until(lambda: run.table.paused, "paused by voice")
        assert run.table.voice.paused
        tap(factory, GPIO.pin_ptt)                   # "next": not heard while paused
        tap(factory, GPIO.pin_ptt)                   # "resume the game"
        wait_until(lambda: not run.table.paused, "resumed by voice")
        assert run.events(path) == 0
        run.type("begin the first night")
        run.wait_events(1)
    finally:
        run.stop()


def test_names_a_recognizer_cannot_say_are_left_to_the_dial():
    from narrator.language.setup_phrases import setup_language, without_words

    language = setup_language(["Trouble Brewing", "Xyzzy Nights"], ["Thursday group", "Qux"])
    kept, dropped = without_words(language, ["xyzzy", "qux"])
    assert dropped == ["Xyzzy Nights", "Qux"]
    assert kept.parse("trouble brewing") is not None and kept.parse("xyzzy nights") is None
    assert kept.parse("the thursday group").slots == {"roster": "Thursday group"}


def test_a_restart_in_the_middle_of_the_setup_goes_on_with_the_answers_given(factory, tmp_path):
    """Stopped at the names, with a script, a count and a seat's name given: started again,
    the questions go on there with every answer kept; once the game starts, nothing is kept."""
    run, voice = start(tmp_path)
    try:
        heard(run, "No game yet.")
        run.type("new game", "the script is bad moon rising", "next", "nine players", "next", "next")
        heard(run, "Names? Seat numbers only")
        run.type("seat 2 is zoe")
        heard(run, "Seat 2: Zoe.")
        run.type("yes")
        wait_until(lambda: run.table.setup_q.names.given.get(2) == "Zoe", "the name given")
    finally:
        run.stop()
    assert (run.data / "setup-answers.json").exists()
    (tmp_path / "notify").unlink(missing_ok=True)      # the first run's systemd socket
    again, _ = start(tmp_path)
    try:
        heard(again, "The new game's setup goes on where it stopped.")
        heard(again, "Names? 1 seat named, the others by number: press next")
        q = again.table.setup_q
        assert (q.script, q.players, q.travellers, q.names.given) == ("Bad Moon Rising", 9, 0, {2: "Zoe"})
        again.type("next", "next")
        heard(again, "Welcome to Bad Moon Rising.")
        assert [p.name for p in again.table.session.game.grim.players][1] == "Zoe"
        assert not (again.data / "setup-answers.json").exists()
    finally:
        again.stop()
