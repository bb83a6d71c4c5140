"""The evening around the games, in table mode: setting the next game up by voice, buttons,
the dial or typed lines while no game runs (:mod:`narrator.table.setup` asks the questions),
the pause, and "where are we". Mixed into :class:`narrator.table.loop.Table`.

While no game runs every input goes to the setup questions: next or yes accepts the proposed
answer, no at the last look starts again, held back (undo) goes back one question, the dial
turns through the current question's answers and a press picks one (and goes on), and the
voice listener hears the setup phrases (narrator.language.setup_phrases).

Pause: "pause the game" (voice or typed) or the no button held. While paused the listener
hears only resume, and the table carries out nothing but resume ("resume the game", or the
no button held again); "where are we" and repeat are still answered. The attention LED
blinks slowly while paused.
"""
from __future__ import annotations

import logging
from typing import Any

from narrator.language.commands import Command
from narrator.language.help import examples_line
from narrator.language.setup_phrases import SETUP_INTENTS, setup_language
from statemachine.line_rules import unfit_to_say
from narrator.table import lines
from narrator.table.enrolling import VoiceEnrollment, can_enroll, enroll_offer
from narrator.table.games import (
    GameFileError, find_new_game_file, mark_started, read_game_file, start_game,
)
from narrator.table.names import add_regulars
from narrator.table import setup_kept
from narrator.table.dial import turned
from narrator.table.setup import SetupQuestions, choices_from

log = logging.getLogger(__name__)

WHILE_PAUSED = {"pause", "resume", "status", "repeat"}   # what a paused table still does
PAUSED, SETUP_FAILED = lines.PAUSED, lines.SETUP_FAILED


class EveningMixin:
    """Expects the Table's ``config``, ``data_dir``, ``games_dir``, ``voice``, ``narration``,
    ``session``, ``say_line``, ``reject``, ``begin`` and ``_print``."""

    setup_q: SetupQuestions | None = None
    paused: bool = False
    _setup_dial = -1
    _setup_dial_step: Any = None

    # --- waiting: the setup questions --------------------------------------------------------
    def ask_for_game(self, after_game: bool = False) -> None:
        """No game runs: offer a new one (the first question waits for new game or next)."""
        choices = choices_from(self.data_dir, dict(self.config.rosters))
        self.load_lexicon()       # edited between games: read again
        self.setup_q = SetupQuestions(choices, self.config.game.default_script, after_game)
        self.setup_lang = setup_language(choices.scripts, choices.rosters, choices.regulars)
        self.setup_q.names.hearer_missing = getattr(self.voice, "name_hearer_missing", "")
        attach = getattr(self.voice, "attach_setup", None)
        if attach is not None:
            try:
                attach(self.setup_lang)
            except Exception as exc:  # voice off for the setup; buttons and keys still work
                self._print(f"voice: could not listen for the setup questions: {exc}")
        self._print("waiting for a game: the setup questions in the earpiece (or put "
                    f"new-game.toml in {self.data_dir})")
        offer = None if after_game else enroll_offer(self.voice)
        if offer is not None:
            self.say_line(offer)
        if after_game:
            setup_kept.forget(self.data_dir)     # a game was played since: nothing to go on with
        elif setup_kept.restore(self.data_dir, self.setup_q):
            self.say_line(lines.SETUP_GOES_ON)
        self.say_line(self.setup_q.question())

    # --- "learn my voice" (narrator.table.enrolling) -----------------------------------------
    def learn_voice(self) -> None:
        running = getattr(self, "_enrollment", None)
        if running is not None and running.running:
            self.say_line(lines.ENROLL_BUSY)
            return
        if not can_enroll(self.voice):
            self.say_line(lines.ENROLL_UNAVAILABLE)
            return
        self.say_line(lines.ENROLL_START)
        self._enrollment = VoiceEnrollment(self.voice, self.narration, self.data_dir,
                                           lambda command: self.put("voice", command),
                                           self.config.recognizer.model_path)
        self._enrollment.start()

    def voice_learned(self, command: Any) -> None:
        """The enrollment thread is done: say how it went and listen again (with the profile)."""
        enrollment = getattr(self, "_enrollment", None)
        if command.slots.get("ok"):
            self._print(f"voice: learned, {enrollment.profile.describe() if enrollment else 'a profile'}")
            self.say_line(lines.ENROLL_DONE)
        else:
            self._print(f"voice: could not learn the voice: {enrollment.problem if enrollment else '?'}")
            self.say_line(lines.ENROLL_FAILED)
        try:
            if self.session is not None:
                self.voice.attach(self.session)
            elif self.setup_q is not None:
                self.voice.attach_setup(self.setup_lang)
                self.say_line(self.setup_q.question())
        except Exception as exc:  # voice off; buttons and keys still work
            self._print(f"voice: could not listen again: {exc}")

    def setup_line(self, line: str) -> None:
        """A typed line (or a dial's phrase) while no game runs."""
        command = self.setup_lang.parse(line, SETUP_INTENTS)
        if command is None and self.setup_q.names.waiting:   # the awaited name, typed
            command = Command("heard_name", {"name": line}, line)
        if command is None:
            self.reject(f"I did not understand that. {self.setup_q.question()}")
            return
        self.setup_command(command)

    def setup_command(self, command: Any) -> None:
        q = self.setup_q
        intent = command.intent
        if intent == "learn_voice":
            self.learn_voice()
            return
        if intent in ("yes", "no") and q.step == "names" and q.names.waiting:
            lines = q.answer(intent, command.slots)     # to a name read back
        elif intent in ("next", "yes"):
            lines = q.accept()
        elif intent == "undo":
            lines = q.back()
        elif intent in ("repeat", "help"):
            lines = [q.question()] + ([self._setup_help()] if intent == "help" else [])
        elif intent == "status":
            lines = [q.where()]
        else:
            lines = q.answer(intent, command.slots)
        for line in lines:
            self.say_line(line)
        setup_kept.keep(self.data_dir, q)
        self._listen_for_name()
        if q.done:
            self.draw_bag()

    def _listen_for_name(self) -> None:
        """A new name is awaited: the voice hears the next utterance freely (Moonshine)."""
        q, expect = self.setup_q, getattr(self.voice, "expect_name", None)
        if expect is None or q is None:
            return
        want = (q.step == "names" and q.names.waiting and not q.names.proposed
                and not q.names.hearer_missing)
        try:
            expect(want)
        except Exception as exc:  # the names by spelling and the keyboard still work
            self._print(f"voice: could not listen for a name: {exc}")

    def _setup_help(self) -> str:
        return examples_line(self.setup_q.sayable() + ["where are we"])

    def setup_button(self, action: str) -> None:
        if action in ("next", "yes", "no", "undo"):
            self.setup_command(Command(action, {}, action))

    def setup_dial(self, action: str) -> None:
        """The dial while setting up: turn through the question's answers, a press picks one."""
        q = self.setup_q
        options = q.options()
        if self._setup_dial_step != q.step:
            self._setup_dial_step, self._setup_dial = q.step, -1
        if action == "dial_hold":
            self._setup_dial = -1
            self.say_line("Cleared. Turn the dial to choose again.")
            return
        if action in ("dial_up", "dial_down"):
            self.narration.hush()
            self._setup_dial = turned(self._setup_dial, 1 if action == "dial_up" else -1, len(options))
            self.say_line(options[self._setup_dial][0])
            return
        if self._setup_dial < 0:
            self.say_line("Turn the dial first.")
            return
        phrase = options[self._setup_dial][1]
        step = q.step
        self.setup_line(phrase)
        if q.step == step and step not in ("", "confirm", "names") and not q.done:
            self.setup_line("next")   # the dial's pick is the answer: go on
        elif step == "names" and not phrase.startswith("seat "):
            self.setup_line("next")   # a roster or seat numbers: go on; a name: the next seat

    def draw_bag(self) -> None:
        q = self.setup_q
        try:
            session = start_game(q.spec(), self.games_dir)
        except GameFileError as exc:
            self._print(f"new game: {exc}")
            spoken = exc.spoken if exc.spoken.startswith("This game cannot be set up:") else ""
            self.reject(f"{spoken} Choose another script or player count." if spoken and
                        not unfit_to_say(spoken) else SETUP_FAILED)
            q.done = False
            q.step = "script"
            self.say_line(q.question())
            return
        try:
            added = add_regulars(self.data_dir, q.names.new_regulars())
            if added:
                self._print(f"new regulars: {', '.join(added)}")
        except OSError as exc:
            self._print(f"could not keep the new names: {exc}")
        self.setup_q = None
        setup_kept.forget(self.data_dir)
        self.begin(session, new=True)

    # --- a game file dropped into the data folder (checked while waiting) ----------------
    def poll_new_game(self) -> None:
        path = find_new_game_file(self.data_dir)
        if path is None:
            return
        try:
            st = path.stat()
        except OSError:
            return
        signature = (st.st_mtime_ns, st.st_size)
        if self._bad_files.get(path) == signature:
            return  # already reported; wait until it changes
        try:
            spec = read_game_file(path, self.config.game.default_script)
            session = start_game(spec, self.games_dir)
        except GameFileError as exc:
            self._bad_files[path] = signature
            self.report_bad_file(exc)
            return
        self._bad_files.pop(path, None)
        try:
            mark_started(path)
        except OSError as exc:
            self._print(f"could not rename {path}: {exc}")
        self.begin(session, new=True)

    def report_bad_file(self, exc: GameFileError) -> None:
        self._print(f"bad game file: {exc}")
        self.say_line(lines.bad_game_file(exc.spoken))
        self._flash_error()

    # --- the pause ---------------------------------------------------------------------------
    def set_paused(self, on: bool, by_voice: bool = False) -> None:
        if on == self.paused:
            self.say_line(PAUSED if on else lines.NOT_PAUSED)
            return
        self.paused = on
        if not by_voice:
            try:
                self.voice.pause(on)
            except Exception as exc:  # a fake or a voice without a pause
                self._print(f"voice: could not {'pause' if on else 'resume'}: {exc}")
        if on:
            if self.voice.pending:
                self.voice.confirm(False)   # a question held for yes or no lapses
            if getattr(self, "held", None) is not None:
                self.held = None            # and so does a typed one
            self.narration.hush()
            self.say_line(PAUSED)
        else:
            self.say_line("Resumed. " + self.where_are_we())

    def paused_input(self, intent: str) -> bool:
        """While paused: True if the input was dealt with (refused, or resume)."""
        if not self.paused or intent in WHILE_PAUSED - {"pause", "resume"}:
            return False
        if intent == "resume":
            self.set_paused(False)
        elif intent == "pause":
            self.say_line(PAUSED)
        else:
            self.say_line(PAUSED)
        return True

    def where_are_we(self) -> str:
        """The phase and what the narrator waits for, in a sentence or two."""
        if self.session is not None:
            where = self.session.status_line()
        elif self.setup_q is not None:
            where = self.setup_q.where()
        else:
            where = "No game is running."
        return ("Paused. " if self.paused else "") + where
