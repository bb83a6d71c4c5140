"""Table mode: the real loop in a thread, buttons on gpiozero's MockFactory, printed narration,
a temporary data dir and a real AF_UNIX datagram socket standing in for systemd."""
from __future__ import annotations

import io
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
from dataclasses import replace
import time
from pathlib import Path

import pytest

from narrator.config import Config, GameConfig, GpioConfig, GrimoireConfig, RecognizerConfig
from narrator.language.commands import Command
from statemachine.waits import ChooseSeats
from statemachine.line_rules import unfit_to_say
from narrator.speech.printed import PrintedNarration
from narrator.table.loop import Table
from narrator.table.games import read_game_file, start_game
from narrator.table.watchdog import Notifier, Watchdog
from gpio_helpers import factory, no_gpio  # noqa: F401 (fixtures)

TIMEOUT = 30.0  # generous: only ever waited on, never asserted as a duration
GPIO = GpioConfig(hold_seconds=0.2)
CHARS = "empath,virgin,monk,imp,poisoner,fortuneteller,chef"
GAME_FILE = f"""
script = "Trouble Brewing"
players = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
characters = "{CHARS}"
seed = 5
"""
# A short game: the first night, then the Storyteller ends it (typed, so not confirmed).
TO_GAME_OVER = ["next", "next", "good wins", "yes"]


def wait_until(condition, what: str = "condition"):
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


class SystemdSocket:
    """A NOTIFY_SOCKET: collects every datagram sent to it."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self.sock.bind(self.path)
        self.sock.settimeout(0.1)
        self.messages: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            try:
                self.messages.append(self.sock.recv(4096).decode())
            except (socket.timeout, OSError):
                continue

    def saw(self, line: str) -> bool:
        return any(line in m.split("\n") for m in list(self.messages))

    def close(self) -> None:
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


class Running:
    """A Table running in a thread, and what it printed and said."""

    def __init__(self, tmp_path: Path, game_file: Path | None = None, voice_factory=None,
                 gpio: GpioConfig = GPIO, rosters: dict | None = None,
                 grimoire: GrimoireConfig | None = None) -> None:
        self.data = tmp_path / "data"
        self.config = Config(gpio=gpio, game=GameConfig(data_dir=str(self.data)),
                             recognizer=RecognizerConfig(backend="none"),
                             rosters=dict(rosters or {}),
                             grimoire=grimoire or GrimoireConfig())
        self.systemd = SystemdSocket(tmp_path / "notify")
        notifier = Notifier(self.systemd.path)
        self.said, self.out = io.StringIO(), io.StringIO()
        self.unsaid_expected = False
        self.table = Table(self.config, game_file=game_file, out=self.out,
                           narration=PrintedNarration(self.said), notifier=notifier,
                           watchdog=Watchdog(notifier, env={"WATCHDOG_USEC": "100000"}),
                           voice_factory=voice_factory, keyboard=False,
                           poll_seconds=0.1, error_seconds=0.3)
        self.thread = threading.Thread(target=self.table.run, daemon=True)
        self.thread.start()
        wait_until(lambda: self.table.started.is_set() or not self.thread.is_alive(), "start")
        assert self.thread.is_alive(), self.out.getvalue()

    def stop(self) -> None:
        self.table.request_stop()
        self.thread.join(TIMEOUT)
        self.systemd.close()
        assert not self.thread.is_alive()
        unfit = [(line, why) for line in self.said.getvalue().splitlines()
                 if (why := unfit_to_say(line))]
        assert not unfit, f"said what no one should hear: {unfit}"  # in every table test
        if not self.unsaid_expected:  # nor did table mode have to hold a line back
            assert "not said (" not in self.out.getvalue(), self.out.getvalue()
        assert not self.unspeakable(), self.unspeakable()

    def unspeakable(self) -> list[str]:
        """Spoken lines that name a path, a file, the data folder or a log (issue 17: none
        may): unfit_to_say's checks, and no part of this test's data folder."""
        lines = [line.split("] ", 1)[-1] for line in self.said.getvalue().splitlines()]
        return [line for line in lines
                if unfit_to_say(line) or "/" in line or "\\" in line or str(self.data) in line
                or "pytest" in line
                or re.search(r"\blogs?\b|\.(toml|json|sqlite)\b", line, re.IGNORECASE)]

    def journal(self) -> Path:
        wait_until(lambda: self.table.session is not None, "a game")
        return Path(self.table.session.journal.path)

    def events(self, path: Path | None = None) -> int:
        path = path or self.journal()
        with sqlite3.connect(str(path)) as db:
            return int(db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def wait_events(self, count: int) -> None:
        path = self.journal()
        wait_until(lambda: self.events(path) == count, f"{count} journal events")

    def wait_said(self, fragment: str, times: int = 1) -> None:
        wait_until(lambda: self.said.getvalue().count(fragment) >= times, repr(fragment))

    def type(self, *lines: str) -> None:
        for line in lines:
            self.table.put("keyboard", line)


def tap(factory, pin: int) -> None:
    factory.pin(pin).drive_low()   # buttons pull up: pressed = pulled to ground
    factory.pin(pin).drive_high()


def lit(factory, pin: int) -> bool:
    return bool(factory.pin(pin).state)


@pytest.fixture
def game_file(tmp_path):
    path = tmp_path / "game.toml"
    path.write_text(GAME_FILE)
    return path


def test_ready_watchdog_and_next_button_grow_the_journal(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file)
    try:
        wait_until(lambda: run.systemd.saw("READY=1"), "READY=1")
        wait_until(lambda: any("READY=1" in m for m in run.systemd.messages), "READY=1")
        ready = next(m for m in run.systemd.messages if "READY=1" in m)
        assert run.journal().name in ready  # the status line names the game
        wait_until(lambda: run.systemd.saw("WATCHDOG=1"), "WATCHDOG=1")
        assert "Welcome to Trouble Brewing" in run.said.getvalue()
        assert lit(factory, GPIO.pin_led_attention) and not lit(factory, GPIO.pin_led_night)

        tap(factory, GPIO.pin_next)          # setup -> the first night
        run.wait_events(1)
        wait_until(lambda: lit(factory, GPIO.pin_led_night), "night LED")
        tap(factory, GPIO.pin_next)
        run.wait_events(2)
        tap(factory, GPIO.pin_no)            # minion info has no yes-or-no question: rejected
        wait_until(lambda: run.table.rejections, "a rejection")
        tap(factory, GPIO.pin_next)
        run.wait_events(3)
        tap(factory, GPIO.pin_ptt)           # talk, with voice off: said, not silent
        run.wait_said("Voice commands are off. Use the buttons or the dial.")
    finally:
        run.stop()
    assert run.systemd.saw("STOPPING=1")
    assert "printed narration" in run.out.getvalue()        # the devices were reported
    assert "voice: off" in run.out.getvalue()


def two_steps_in(run, factory) -> str:
    """Next, next: the first night's second step; the last line said (its prompt)."""
    tap(factory, GPIO.pin_next)
    tap(factory, GPIO.pin_next)
    run.wait_events(2)
    return run.said.getvalue().strip().splitlines()[-1]


def test_hold_back_undoes_and_short_back_repeats(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file)
    try:
        prompt = two_steps_in(run, factory)
        tap(factory, GPIO.pin_back)          # short: repeat the last private line
        wait_until(lambda: run.said.getvalue().count(prompt) >= 2, "the repeat")
        assert run.events() == 2

        factory.pin(GPIO.pin_back).drive_low()   # held past hold_seconds: undo
        run.wait_events(1)
        factory.pin(GPIO.pin_back).drive_high()
        run.wait_said("Undone: next.")
        tap(factory, GPIO.pin_next)          # and play goes on from there
        run.wait_events(2)
    finally:
        run.stop()



def test_in_the_hand_out_the_back_button_held_goes_back_one_seat(factory, tmp_path):
    """A drawn bag is handed out seat by seat; next pressed once too often is taken back by
    holding the back button (undo), which a seat read out never reached before."""
    from statemachine.view import handout

    path = tmp_path / "drawn.toml"
    path.write_text(GAME_FILE.replace(f'characters = "{CHARS}"\n', ""))
    run = Running(tmp_path, path)
    try:
        run.journal()
        session = run.table.session
        seats = [handout.token_line(session.game, p.seat) for p in session.game.grim.players]
        tap(factory, GPIO.pin_next)
        tap(factory, GPIO.pin_next)
        run.wait_said(seats[2])
        factory.pin(GPIO.pin_back).drive_low()   # held past hold_seconds: undo
        run.wait_said("Back one seat.")
        factory.pin(GPIO.pin_back).drive_high()
        run.wait_said(seats[1], 2)
        assert run.said.getvalue().strip().splitlines()[-2:] == [
            "[private] Back one seat.", f"[private] {seats[1]}"]
        tap(factory, GPIO.pin_next)              # and on from there
        run.wait_said(seats[2], 2)
        assert session.handout == 2 and run.events() == 0 and session.game.phase.state == "setup"
    finally:
        run.stop()


def test_a_repeat_after_a_refusal_says_the_refusal_and_then_the_step_again(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file)
    try:
        step = two_steps_in(run, factory).split("] ", 1)[1]
        tap(factory, GPIO.pin_no)            # nothing asks yes or no here
        wait_until(lambda: run.table.rejections, "a refusal")
        refusal = run.said.getvalue().strip().splitlines()[-1]
        assert run.table.rejections[-1] in refusal
        tap(factory, GPIO.pin_back)          # short: repeat
        wait_until(lambda: run.said.getvalue().count(step) >= 2, "the step again")
        again = run.said.getvalue().strip().splitlines()[-2:]
        assert again[0] == refusal and again[1].startswith("[private] ") and again[1].endswith(step)
        tap(factory, GPIO.pin_back)          # now the step's line was the last: said alone
        wait_until(lambda: run.said.getvalue().count(step) >= 3, "the step once more")
        assert run.said.getvalue().strip().splitlines()[-1] == again[1]
        assert run.said.getvalue().count(refusal) == 2
        assert run.events() == 2
    finally:
        run.stop()


def test_a_rejected_command_lights_the_error_led_briefly(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file)
    try:
        run.journal()
        tap(factory, GPIO.pin_no)            # nothing asks yes or no during setup
        wait_until(lambda: run.table.rejections, "a rejection")
        wait_until(lambda: lit(factory, GPIO.pin_led_error), "error LED on")
        wait_until(lambda: not lit(factory, GPIO.pin_led_error), "error LED off again")
        assert run.events() == 0
        assert run.table.rejections[0] in run.said.getvalue()
    finally:
        run.stop()


def test_a_game_file_dropped_in_the_data_dir_is_started(factory, tmp_path):
    run = Running(tmp_path)
    try:
        run.wait_said("No game yet. Say new game")
        assert run.table.session is None
        wait_until(lambda: any("READY=1" in m for m in run.systemd.messages), "READY=1")
        ready = next(m for m in run.systemd.messages if "READY=1" in m)
        assert "waiting for a game" in ready
        (run.data / "new-game.toml").write_text(GAME_FILE)
        run.wait_said("Welcome to Trouble Brewing")
        wait_until(lambda: (run.data / "new-game.toml.started").exists(), "renamed")
        assert not (run.data / "new-game.toml").exists()
        tap(factory, GPIO.pin_next)
        run.wait_events(1)
    finally:
        run.stop()


def test_a_bad_game_file_is_reported_and_ignored_until_fixed(factory, tmp_path):
    run = Running(tmp_path)
    try:
        run.wait_said("No game yet. Say new game")
        bad = run.data / "new-game.json"
        bad.write_text(json.dumps({"players": "Ann,Ben,Cat,Dan,Eve,Fay,Gus",
                                   "characters": "imp,chef,wizzard,monk,empath,saint,spy"}))
        wait_until(lambda: "unknown characters: wizzard (did you mean wizard?)" in run.out.getvalue(), "report")
        assert str(bad) in run.out.getvalue()
        assert run.table.session is None and bad.exists()
        wait_until(lambda: run.systemd.messages.count("WATCHDOG=1") >= 3, "still alive")
        assert run.out.getvalue().count("bad game file") == 1  # said once, not every poll
        tap(factory, GPIO.pin_next)          # no game: the setup questions begin
        run.wait_said("Which script?")

        bad.write_text(json.dumps({"players": ["Ann", "Ben", "Cat", "Dan", "Eve"], "seed": 3}))
        run.wait_said("Welcome to Trouble Brewing")
        assert (run.data / "new-game.json.started").exists()
    finally:
        run.stop()


@pytest.mark.parametrize("text, fragment", [
    ("players = [", "not valid TOML"),
    ('players = "Ann,Ben"\ncolour = "red"', "unknown key 'colour'"),
    ('script = "Trouble Brewing"', "'players' is missing"),
    ('players = "Ann,Ben,Cat,Dan,Eve"\nseed = "x"', "'seed' must be a whole number"),
])
def test_game_file_shape_errors(tmp_path, text, fragment):
    from narrator.table.games import GameFileError

    path = tmp_path / "g.toml"
    path.write_text(text)
    with pytest.raises(GameFileError, match=fragment) as info:
        read_game_file(path)
    assert str(path) in str(info.value)


def test_too_few_players_is_a_game_file_error(tmp_path):
    from narrator.table.games import GameFileError

    path = tmp_path / "g.toml"
    path.write_text('players = "Ann,Ben,Cat"')
    with pytest.raises(GameFileError, match="5 to 15 players"):
        start_game(read_game_file(path), tmp_path / "games")
    assert not list((tmp_path / "games").glob("*.sqlite"))


def test_the_most_recent_unfinished_game_is_resumed(factory, tmp_path, game_file):
    games = tmp_path / "data" / "games"
    spec = read_game_file(game_file)
    older = start_game(spec, games)
    older.apply("next")
    older.close()
    unfinished = start_game(spec, games)
    unfinished.apply("next")
    unfinished.apply("next")
    path = Path(unfinished.journal.path)
    unfinished.close()
    finished = start_game(spec, games)           # newest of all, but over
    finished.journal.set_meta("winner", {"winner": "good", "reason": "test"})
    finished.close()
    past = time.time() - 100
    for leftover in games.glob(Path(older.journal.path).name + "*"):
        os.utime(leftover, (past, past))

    run = Running(tmp_path)
    try:
        assert run.journal() == path
        run.wait_said("Resuming the game")
        assert run.events() == 2
        tap(factory, GPIO.pin_next)
        run.wait_events(3)
        wait_until(lambda: run.systemd.saw("READY=1"), "READY=1")
        assert path.name in next(m for m in run.systemd.messages if "READY=1" in m)
    finally:
        run.stop()


def test_a_game_resumed_in_the_hand_out_says_which_seat_it_is_at(factory, tmp_path):
    """Stopped at the hand-out's third seat: resumed there, and said so (it said 'Setup. Say
    next to begin the first night.', then the third seat's token)."""
    from narrator.table.games import GameSpec
    session = start_game(GameSpec("Trouble Brewing", ["Ann", "Ben", "Cat", "Dan", "Eve"], seed=3),
                         tmp_path / "data" / "games")
    assert session.in_handout()
    session.apply("next")
    session.apply("next")
    session.close()
    run = Running(tmp_path)
    try:
        run.wait_said("Resuming the game. Setup: handing out the tokens, seat 3 of 5. Say next for "
                      "the next seat.")
    finally:
        run.stop()


def test_game_over_reveals_writes_the_log_and_waits_for_the_next(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file)
    try:
        path = run.journal()
        run.type(*TO_GAME_OVER)
        wait_until(lambda: run.table.session is None, "game over")
        log_file = path.with_suffix(".log.json")
        assert json.loads(log_file.read_text())["winner"] == "good"
        said = run.said.getvalue()
        assert "[public] The game is over. The Storyteller ends the game. Good wins." in said
        assert "[public] The grimoire. Seat 1, Ann: Empath, good, alive." in said
        run.wait_said("Say same players, or new game")
        assert not run.table.rejections, run.table.rejections

        (run.data / "new-game.toml").write_text(GAME_FILE)
        run.wait_said("Welcome to Trouble Brewing", times=2)
        assert run.table.games_started == 2 and run.journal() != path
    finally:
        run.stop()


def test_typed_lines_go_through_the_same_queue(factory, tmp_path, game_file):
    run = Running(tmp_path, game_file)
    try:
        run.type("who wants pizza", "seat -1", "seat 21 nominates seat 2", "help", "next")
        run.wait_events(1)
        assert any("did not understand" in r for r in run.table.rejections)
        assert any("No negative numbers" in r for r in run.table.rejections)
        assert "There is no seat 21: seats are 1 to 7." in run.table.rejections
        assert "You can say:" in run.said.getvalue()
    finally:
        run.stop()


def test_a_typed_command_that_ends_the_game_waits_for_the_yes_button(factory, tmp_path,
                                                                     game_file):
    run = Running(tmp_path, game_file)
    try:
        run.type("next", "next")
        run.wait_events(2)
        run.type("good wins", "no")
        run.wait_said("Cancelled: good wins.")
        run.type("good wins")
        run.wait_said("Good wins: that ends the game. Good wins. Confirm? Say yes or no.",
                      times=2)
        assert run.events() == 2 and run.table.session is not None
        tap(factory, GPIO.pin_yes)
        wait_until(lambda: run.table.session is None, "game over")
        assert "[public] The game is over. The Storyteller ends the game. Good wins." in \
            run.said.getvalue()
    finally:
        run.stop()


class FakeVoice:
    """The voice seam: records push-to-talk, can hold a command for confirmation."""

    def __init__(self, deliver, narration) -> None:
        self.deliver, self.narration = deliver, narration
        self.ptt_calls: list[bool] = []
        self.held: Command | None = None
        self.attached = 0
        self.expected: set[str] = set()

    def describe(self) -> str:
        return "voice: fake"

    def start(self) -> None: ...
    def stop(self) -> None: ...

    def attach(self, session) -> None:
        self.attached += 1

    def detach(self) -> None: ...

    def set_expected(self, intents, most_seats=None) -> None:
        self.expected, self.most_seats = set(intents), most_seats

    def ptt(self, down: bool) -> None:
        self.ptt_calls.append(down)

    @property
    def listening(self) -> bool:
        return bool(self.ptt_calls) and self.ptt_calls[-1]

    @property
    def pending(self) -> bool:
        return self.held is not None

    def confirm(self, yes: bool):
        command, self.held = self.held, None
        return replace(command, confirmed=True) if yes and command else None

    def ask(self, command, question="") -> bool:
        """The table holds a spoken command that kills or ends the game, as the listener's."""
        self.held = command
        return True


def running_with_fake_voice(tmp_path, game_file) -> tuple[Running, FakeVoice]:
    voices: list[FakeVoice] = []

    def make(deliver, narration):
        voices.append(FakeVoice(deliver, narration))
        return voices[-1]

    run = Running(tmp_path, game_file, voice_factory=make)
    return run, voices[0]


def test_voice_commands_push_to_talk_and_confirmation_by_button(factory, tmp_path, game_file):
    run, voice = running_with_fake_voice(tmp_path, game_file)
    try:
        run.journal()
        assert voice.attached == 1 and "voice: fake" in run.out.getvalue()
        assert "keyboard: off (standard input is not a terminal)" in run.out.getvalue()
        factory.pin(GPIO.pin_ptt).drive_low()
        wait_until(lambda: voice.ptt_calls == [True], "ptt down")
        wait_until(lambda: lit(factory, GPIO.pin_led_listening), "listening LED")
        factory.pin(GPIO.pin_ptt).drive_high()
        wait_until(lambda: voice.ptt_calls == [True, False], "ptt up")
        wait_until(lambda: not lit(factory, GPIO.pin_led_listening), "listening LED off")

        voice.deliver(Command("next", {}, "next"))       # heard and accepted
        run.wait_events(1)
        wait_until(lambda: "choose" in voice.expected or "next" in voice.expected,
                   "the next step's intents")  # set just after the journal row is written

        voice.held = Command("next", {}, "next")         # held for yes or no
        tap(factory, GPIO.pin_no)                        # no: dropped, not a "no" command
        wait_until(lambda: voice.held is None, "cancelled")
        assert run.events() == 1 and not run.table.rejections
        voice.held = Command("next", {}, "next")
        tap(factory, GPIO.pin_next)                      # next confirms it
        run.wait_events(2)
    finally:
        run.stop()


def to_first_day(run) -> None:
    """Walk the first night with the keyboard: next, or the first legal seats."""
    for attempt in range(40):
        game = run.table.session.game if run.table.session else None
        if game is not None and game.phase.state == "day":
            return
        before = run.events()
        rejected = len(run.table.rejections)
        if game is not None and isinstance(game.wait, ChooseSeats):
            first = attempt % len(game.grim.players)
            seats = [(first + k) % len(game.grim.players) + 1 for k in range(game.wait.count)]
            run.type("seats " + " and ".join(map(str, seats)) if len(seats) > 1
                     else f"seat {seats[0]}")
        else:
            run.type("next")
        wait_until(lambda: run.events() != before or len(run.table.rejections) != rejected,
                   "the night's step")
    raise AssertionError("no day after 40 steps")


def test_a_spoken_command_that_kills_waits_for_a_spoken_or_button_yes(factory, tmp_path,
                                                                      game_file):
    """Nominating the Virgin is not a destructive family, but its outcome kills the
    nominator: spoken, it is asked back before anything changes."""
    run, voice = running_with_fake_voice(tmp_path, game_file)
    try:
        to_first_day(run)
        day = run.events()
        nominate = Command("nominate", {"nominator": 1, "nominee": 2}, "seat 1 nominates seat 2")
        voice.deliver(nominate)
        run.wait_said("Seat 1 nominates seat 2: seat 1, Ann dies. Confirm? Say yes or no.")
        assert voice.held == nominate and run.events() == day
        tap(factory, GPIO.pin_no)                            # no: nothing happens
        wait_until(lambda: voice.held is None, "cancelled")
        assert run.events() == day and run.table.session.game.grim.seat(1).alive

        voice.deliver(nominate)
        run.wait_said("seat 1, Ann dies. Confirm?", times=2)
        voice.deliver(voice.confirm(True))                   # the listener heard yes
        run.wait_events(day + 1)
        assert not run.table.session.game.grim.seat(1).alive
        assert voice.held is None
    finally:
        run.stop()


def test_narrator_run_exits_cleanly_on_sigterm(tmp_path, game_file):
    notify = SystemdSocket(tmp_path / "notify")
    env = {**os.environ, "NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "2000000",
           "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "narrator", "run", "--set", "gpio.enabled=false",
         "--set", "recognizer.backend=none", "--set", "audio.public_device=none",
         "--set", "audio.private_device=none", "--set", f"game.data_dir={tmp_path / 'data'}",
         "--game-file", str(game_file)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, env=env)
    try:
        wait_until(lambda: notify.saw("READY=1") or proc.poll() is not None, "READY=1")
        wait_until(lambda: notify.saw("WATCHDOG=1") or proc.poll() is not None, "WATCHDOG=1")
        proc.send_signal(signal.SIGTERM)
        out, _ = proc.communicate(timeout=TIMEOUT)
    finally:
        if proc.poll() is None:
            proc.kill()
        notify.close()
    assert proc.returncode == 0, out
    assert notify.saw("STOPPING=1")
    assert "speech: printed narration" in out and "GPIO disabled" in out
    assert "new game game-" in out


def test_the_example_game_file_in_the_docs_starts_a_game(tmp_path):
    doc = Path(__file__).resolve().parents[2] / "docs" / "game-example.toml"
    session = start_game(read_game_file(doc), tmp_path)
    try:
        assert len(session.game.grim.players) == 7
    finally:
        session.close()


class ScriptedRecognizer:
    """Hears, at each push-to-talk release, the next phrase of a script."""

    sample_rate = 16000
    unknown_token = None

    def __init__(self, phrases: list[str]) -> None:
        self.phrases = list(phrases)
        self.grammar = None
        self._utterance = False

    def set_grammar(self, grammar) -> None:
        self.grammar = grammar

    def missing_words(self, words) -> list[str]:
        return []

    def accept(self, pcm: bytes):
        return None

    def flush(self):
        from hardware.recognizer import RecognitionResult

        if not self.phrases or not self._utterance:
            return None
        self._utterance = False
        return RecognitionResult(self.phrases.pop(0), 0.95)

    def reset(self) -> None:  # push-to-talk pressed: a new utterance
        self._utterance = True


class SilentSource:
    name = "test microphone"

    def __init__(self) -> None:
        import queue

        self.queue = queue.Queue()

    def start(self) -> None: ...

    def stop(self) -> None:
        self.queue.put(None)


def test_the_real_listener_behind_the_seam(factory, tmp_path, game_file):
    pytest.importorskip("narrator.voice.listener")
    from narrator.table.voice import ListenerVoice

    recognizer = ScriptedRecognizer(["next", "override good wins"])  # spoken override

    def make(deliver, narration):
        return ListenerVoice(recognizer, SilentSource(), deliver, backend="scripted",
                             gating="push_to_talk", wake_phrase="storyteller",
                             min_confidence=0.5, narration=narration, log_line=lambda _: None)

    run = Running(tmp_path, game_file, voice_factory=make)
    try:
        path = run.journal()
        assert "voice: scripted on test microphone" in run.out.getvalue()
        tap(factory, GPIO.pin_ptt)                   # "next"
        run.wait_events(1)
        tap(factory, GPIO.pin_ptt)                   # "good wins": destructive, read back
        run.wait_said("Good wins. Confirm?")
        wait_until(lambda: lit(factory, GPIO.pin_led_attention), "attention LED")
        assert run.events(path) == 1
        tap(factory, GPIO.pin_yes)                   # confirmed by the yes button
        wait_until(lambda: run.table.session is None, "game over")
        assert run.events(path) == 2
        assert path.with_suffix(".log.json").exists()
    finally:
        run.stop()


def test_a_script_file_next_to_the_game_file_is_found(tmp_path):
    (tmp_path / "mine.json").write_text(json.dumps(
        [{"id": "_meta", "name": "Mine"}, "imp", "poisoner", "chef", "empath", "monk",
         "virgin", "fortuneteller", "butler", "saint", "washerwoman"]))
    path = tmp_path / "g.toml"
    path.write_text('script = "mine.json"\nplayers = "Ann,Ben,Cat,Dan,Eve"\nseed = 1\n')
    session = start_game(read_game_file(path), tmp_path / "games")
    try:
        assert session.game.setup.script_name == "Mine"
    finally:
        session.close()


def test_a_broken_script_file_is_a_game_file_error(tmp_path):
    from narrator.table.games import GameFileError

    (tmp_path / "broken.json").write_text("{not json")
    path = tmp_path / "g.toml"
    path.write_text('script = "broken.json"\nplayers = "Ann,Ben,Cat,Dan,Eve"\n')
    with pytest.raises(GameFileError, match=str(path)):
        start_game(read_game_file(path), tmp_path / "games")


def test_undo_at_a_question_drops_only_the_held_command(factory, tmp_path, game_file):
    """Issue 23: at "Confirm?", undo (typed, or the back button held) drops the held
    command and nothing before it."""
    run = Running(tmp_path, game_file)
    try:
        run.type("next", "next")
        run.wait_events(2)
        run.type("good wins")
        run.wait_said("Good wins. Confirm? Say yes or no.")
        run.type("undo")
        run.wait_said("Cancelled: good wins.")
        assert run.events() == 2 and run.table.held is None
        run.type("good wins")
        run.wait_said("Good wins. Confirm? Say yes or no.", times=2)
        factory.pin(GPIO.pin_back).drive_low()   # held: undo
        run.wait_said("Cancelled: good wins.", times=2)
        factory.pin(GPIO.pin_back).drive_high()
        assert run.events() == 2 and run.table.held is None
        assert "Undone" not in run.said.getvalue()
        run.type("next")                         # play goes on from there
        run.wait_events(3)
    finally:
        run.stop()
