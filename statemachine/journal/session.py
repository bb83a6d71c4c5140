"""A game bound to its journal: every accepted command is written before it is answered,
a rejected or failed command leaves the game exactly as the journal says, and undo or a
restart rebuilds the grimoire by replaying the journal.
"""
from __future__ import annotations

import itertools
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from statemachine.view import examples
from statemachine.view import handout
from statemachine.errors import Rejected
from statemachine.wording import as_heard, count as counted
from statemachine.game import Game, GameSetup
from statemachine.speech import PRIVATE, PUBLIC, Speech
from statemachine.waits import ChooseSeats
from statemachine.journal.store import Journal, JournalDamaged, JournalError
from statemachine.registry import Registry, Win
from statemachine.bag.draw import SetupError
from statemachine.journal.snapshots import code_version, freeze, thaw
from statemachine.journal.handout_steps import HandoutSteps
from statemachine.line_rules import paced

SNAPSHOT_EVERY = 32   # events between snapshots stored in the journal (issue 23: 64 replayed
                      # too many for a 0.3 s resume; one more small commit in 32 commands)

log = logging.getLogger(__name__)

NOT_JOURNALED = ("repeat", "help", "status")


def check_setup(journal: Journal, registry: Registry) -> GameSetup:
    """The journal's setup record as a GameSetup that can start a game, or JournalDamaged
    saying what is wrong with it (JournalError when there is none at all)."""
    data = journal.get_meta("setup")
    where = f"{journal.path}: the setup record"
    if data is None:
        raise JournalError(f"{journal.path}: no game setup recorded")
    if not isinstance(data, dict):
        raise JournalDamaged(f"{where} is not a JSON object", salvageable=False)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise JournalDamaged(f"{where} has no list of players", salvageable=False)
    try:
        setup = GameSetup.from_dict(data)
        Game(setup, registry)
    except KeyError as exc:
        raise JournalDamaged(f"{where} names an unknown character ({exc})",
                             salvageable=False) from None
    except SetupError as exc:
        raise JournalDamaged(f"{where} cannot start a game: {exc}", salvageable=False) from None
    except Exception as exc:  # missing or unknown keys, wrong types
        raise JournalDamaged(f"{where} cannot start a game ({type(exc).__name__}: {exc})",
                             salvageable=False) from None
    return setup


@dataclass
class Outcome:
    """What a command did: the caller decides from this whether to keep it (a command that
    ends the game or kills is confirmed first)."""

    intent: str
    winner: Win | None = None
    died: list[str] = field(default_factory=list)   # labels, "seat 3, Cat"
    answer: bool = False    # it answered the night step that waited (a Demon's kill...)


def said(event: tuple[str, dict, str]) -> str:
    """A journaled command as the Storyteller hears it named: its words (numbers in digits,
    ``wording.as_heard``), or its intent."""
    return as_heard(event[2]) if event[2].strip() else event[0].replace("_", " ")


class Held(Exception):
    """A command carried out, found to need a yes, and taken back: nothing changed."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.intent)
        self.outcome = outcome


class Session(HandoutSteps):
    """``to_last_good``: a journal that does not replay to its end is cut back to the last
    event that does (a copy of it as it was is kept first); ``dropped`` says what went.

    Rebuilding starts from the newest valid snapshot (statemachine.journal.snapshots): the last
    quiet state in memory, else one stored in the journal every SNAPSHOT_EVERY events, and
    replays only the events after it. ``replay_all`` (and any read-only session, such as
    doctor's) ignores snapshots and replays the journal from its first event."""

    def __init__(self, journal: Journal, registry: Registry, *,
                 to_last_good: bool = False, replay_all: bool = False) -> None:
        self.journal, self.registry = journal, registry
        self.setup = check_setup(journal, registry)
        self.opening: list[Speech] = []
        self.dropped: list[str] = [journal.damage] if journal.damage else []
        # How far the hand-out at setup has got (statemachine.view.handout): journal meta, not
        # an event, so a restart lands on the same seat. It begins by itself where the bag
        # was drawn (the Storyteller does not know who is what); with characters assigned
        # it waits to be asked for ("hand out the tokens"): -1.
        start = 0 if not self.setup.characters else -1
        given = journal.get_meta("handout", start)
        if isinstance(given, bool) or not isinstance(given, int):
            raise JournalDamaged(f"{journal.path}: the handout record is not a whole number")
        self.handout = given
        self.replay_all = replay_all or not journal.writable
        self.version = code_version(registry)
        self._memory: tuple[int, bytes] | None = None   # (events, state) of the last quiet point
        self._thawed: tuple[int, bytes | None] = (-1, None)   # the snapshot a rebuild began at
        self._saved = 0                                   # events at the last stored snapshot
        self.replayed = 0                                 # events the last rebuild replayed
        # commands taken back by undo, newest last, for redo; any other command clears them
        self.undone: list[tuple[str, dict, str]] = []
        self.game = self._rebuild(to_last_good)
        recorded = journal.get_meta("winner")
        if self.game.winner and journal.writable and recorded is None:
            # A journal from before the winner shared the event's transaction, killed in
            # between: the game is over, so say so (or it stays "unfinished" for good).
            journal.set_meta("winner", self._winner_record())
        elif recorded is not None and not self.game.winner:
            problem = "its winner record says the game is over, but its commands do not end it"
            if not (to_last_good and journal.writable):
                raise JournalDamaged(f"{journal.path}: {problem}")
            journal.set_meta("winner", None)
            self.dropped.append(f"{problem}: the record is dropped and the game goes on")

    @classmethod
    def create(cls, path: str | Path, setup: GameSetup, registry: Registry) -> "Session":
        """Start a new game in a new file. The setup is checked (SetupError) before any file
        is written; a file already at ``path`` is never touched (JournalError)."""
        Game(setup, registry)
        return cls(Journal.create(path, meta={"setup": setup.to_dict()}), registry)

    @classmethod
    def resume(cls, path: str | Path, registry: Registry, *,
               to_last_good: bool = False, replay_all: bool = False) -> "Session":
        if not Path(path).exists():
            raise JournalError(f"{path}: no such game file")
        journal = Journal(path, salvage=to_last_good)
        try:
            return cls(journal, registry, to_last_good=to_last_good, replay_all=replay_all)
        except BaseException:
            journal.close()
            raise

    def _start(self, to_last_good: bool) -> tuple[int, Game | None, bool]:
        """The newest usable snapshot: (events it follows, its game, whether it is stored
        in the journal), or (0, None, False)."""
        if self.replay_all or to_last_good:
            return 0, None, False
        count = len(self.journal)
        bases = ((events, state, True) for events, state
                 in self.journal.snapshots(self.version, count))
        if self._memory and self._memory[0] <= count:
            bases = itertools.chain([(*self._memory, False)], bases)
        for events, state, stored in bases:
            try:
                game = thaw(state, Game, self.setup, self.registry)
                self._thawed = (events, state)
                return events, game, stored
            except Exception:  # noqa: BLE001 - any unreadable snapshot is only ignored
                log.warning("%s: the snapshot after event %d cannot be read; ignored",
                            self.journal.path, events, exc_info=True)
        return 0, None, False

    def _rebuild(self, to_last_good: bool = False) -> Game:
        start, game, stored = self._start(to_last_good)
        opening = None
        if game is None:
            game = Game(self.setup, self.registry)
            opening = game.start()
        elif stored:   # a state kept only in memory is not in the file (issue 23)
            self._saved = max(self._saved, start)
        events, problem = self.journal.read_events(start)
        self.replayed = len(events)
        good = start + len(events)
        for n, (intent, slots, _text) in enumerate(events, start=start + 1):
            try:
                game.handle(intent, slots)
                if n - self._saved >= SNAPSHOT_EVERY and not self.replay_all:
                    self._remember(game, n)       # a journal without one gets one
            except Rejected as exc:
                problem, good = f"event {n} ({intent}) no longer replays: {exc}", n - 1
                break
            except Exception as exc:  # slots of the wrong shape, or a bug
                problem, good = (f"event {n} ({intent}) fails to replay "
                                 f"({type(exc).__name__}: {exc})"), n - 1
                break
        if problem and not to_last_good:
            raise JournalDamaged(f"{self.journal.path}: {problem}")
        if problem:
            self._cut_back(good, problem)
            return self._rebuild()
        game.clear_speech()
        if opening is not None:
            self.opening = self._with_handout(game, opening)
        if not events and game is not None and opening is None and self._thawed[0] == good:
            self._memory = self._thawed     # nothing replayed: the state is the one thawed
        else:
            self._remember(game, good)
        return game

    def _with_handout(self, game: Game, opening: list[Speech]) -> list[Speech]:
        if game.phase.state == "setup" and self.handout >= 0:
            # The table hears the welcome; the Storyteller hears the hand-out, seat by seat.
            opening = [s for s in opening if s.channel == PUBLIC]
            opening.append(Speech(PRIVATE, handout.step(game, self.handout)))
        elif game.phase.state == "setup":
            opening = opening[:-1] + [Speech(PRIVATE, handout.OFFER), *opening[-1:]]
        return opening

    def _forget_after(self, count: int) -> None:
        """Events were taken back: a state kept in memory from after them is no longer this
        game's (the journal's own snapshots were deleted with the events)."""
        if self._memory and self._memory[0] > count:
            self._memory = None
        self._saved = min(self._saved, count)

    def _remember(self, game: Game, events: int) -> None:
        """At a quiet point keep the state in memory, and every SNAPSHOT_EVERY events store
        it in the journal too (a failed store costs nothing but speed)."""
        state = freeze(game)
        if state is None:
            return
        self._memory = (events, state)
        if self.replay_all or events - self._saved < SNAPSHOT_EVERY:
            return
        try:
            self.journal.save_snapshot(events, self.version, state)
            self._saved = events
        except sqlite3.Error:
            log.warning("%s: could not store a snapshot", self.journal.path, exc_info=True)

    def _cut_back(self, good: int, problem: str) -> None:
        dropped = self.journal.describe_events(good)
        path = self.journal.path
        names = (f"{path.name}.damaged" + (f"-{n}" if n > 1 else "") for n in range(1, 10**6))
        copy = next(path.with_name(name) for name in names if not path.with_name(name).exists())
        self.journal.copy_to(copy)
        self.journal.keep_first(good, meta={"winner": None})
        self._forget_after(good)
        self.dropped += [problem,
                         f"going on after event {good}; dropped {counted(len(dropped), 'event')}: "
                         + "; ".join(dropped),
                         f"the journal as it was is kept in {copy}"]

    # --- commands ----------------------------------------------------------------------------
    def apply(self, intent: str, slots: dict | None = None, text: str = "",
              hold: Callable[[Outcome], bool] | None = None) -> list[Speech]:
        """Carry the command out and journal it. ``hold`` is shown what it did first: if it
        says so, the command is taken back (the game rebuilt from the journal) and Held is
        raised, so a command that ends the game or kills can be asked about before it
        counts. The same command applied again later does the same."""
        slots = dict(slots or {})
        if intent == "redo":
            return self.handout_forward() or self.redo(hold)
        steps = self.handout_command(intent)   # statemachine.journal.handout_steps
        if steps is not None and intent == "begin_night":
            return [*steps, *self._apply(intent, slots, text, hold)]
        if steps is not None:
            return steps
        if intent == "undo":
            return self.undo()
        return self._apply(intent, slots, text, hold)

    def _apply(self, intent: str, slots: dict, text: str,
               hold: Callable[[Outcome], bool] | None = None) -> list[Speech]:
        if intent == "repeat" and self.game.phase.state == "setup" and self.handout >= 0:
            return [Speech(PRIVATE, handout.step(self.game, self.handout))]
        if intent in NOT_JOURNALED:
            return self.game.handle(intent, slots)
        if self.game.as_question(intent, slots):
            return self.ask(intent, slots)
        game = self.game
        living = {id(p) for p in game.grim.players if p.alive}
        # an answer to the step that waited, or to "Does seat 9 die?", needs no second yes
        answer = bool(game.phase.at_night and game.wait and intent in game.wait.accepts()
                      or intent in ("yes", "no") and game.spare_waiting())
        try:
            out = self.game.handle(intent, slots)
        except Rejected:
            self.game = self._rebuild()
            raise
        except Exception:
            log.exception("command %s %s failed; the game is rebuilt from the journal",
                          intent, slots)
            self.game = self._rebuild()
            raise Rejected("That did not work, and nothing changed. "
                           "Please report this as a bug.") from None
        if hold is not None:
            outcome = Outcome(intent, game.winner, [p.label for p in game.grim.players
                                                    if id(p) in living and not p.alive], answer)
            if hold(outcome):
                self.game = self._rebuild()
                raise Held(outcome)
        meta = {"winner": self._winner_record()} if self.game.winner else None
        try:
            self.journal.append(intent, slots, text, meta)
        except sqlite3.Error as exc:
            log.exception("journal write failed for %s %s", intent, slots)
            self.game = self._rebuild()
            raise Rejected(f"The game could not be saved ({exc}), so that did not happen. "
                           "Check the storage, then say it again.") from None
        self._remember(self.game, len(self.journal))
        self.undone.clear()
        return out

    def ask(self, intent: str, slots: dict) -> list[Speech]:
        """A question: answered from the game as it is, never journaled, never a rebuild
        (nothing changed)."""
        try:
            return self.game.handle(intent, slots)
        except Rejected:
            raise
        except Exception:
            log.exception("question %s %s failed", intent, slots)
            raise Rejected("That question did not work. Please report this as a bug.") from None

    def _winner_record(self) -> dict:
        return {"winner": self.game.winner.winner, "reason": self.game.winner.reason}

    def undo(self) -> list[Speech]:
        last = self.journal.pop(meta={"winner": None})
        if last is None:
            raise Rejected("Nothing to undo.")
        self._forget_after(len(self.journal))
        was_night, was_vote = self.game.phase.at_night, self.game.phase.state == "vote"
        self.game = self._rebuild()
        self.undone.append(last)
        return [Speech(PRIVATE, f"Undone: {said(last)}."), *self._eyes(was_night, was_vote),
                *self.current_prompt()]

    def _eyes(self, was_night: bool, was_vote: bool) -> list[Speech]:
        """What the table is told where an undo crosses dawn or dusk: its eyes are open at a
        night step taken back to, or closed by day; and a vote counted and taken back is open
        again (its count was said to everyone)."""
        vote = self.game.vote if self.game.phase.state == "vote" else None
        if vote is not None and not was_vote and not self.game.winner:
            return [Speech(PUBLIC, f"The vote on {self.game.grim.seat(vote.nominee).label} is "
                                   "open again.")]
        if self.game.winner or was_night == self.game.phase.at_night or self.game.phase.state == "setup":
            return []
        return [Speech(PUBLIC, "Everyone, close your eyes again." if self.game.phase.at_night
                       else "Everyone, open your eyes again.")]

    def expected_intents(self) -> set[str]:
        """What makes sense now: the game's, and redo while an undo can be taken back or the
        hand-out stepped forward again (only then, so that nothing else is heard as redo)."""
        return self.game.expected_intents() | ({"redo"} if self.undone or self.redo_steps_on() else set())

    def most_seats(self) -> int | None:
        """The most seats the step in front of the Storyteller takes (``Wait.most_seats``: a
        night choice, the seats shown to a player); None where it takes none."""
        wait, game = self.game.wait, self.game
        if game.winner or wait is None or (isinstance(wait, ChooseSeats) and not game.phase.at_night):
            return None
        return wait.most_seats()

    def redo(self, hold: Callable[[Outcome], bool] | None = None) -> list[Speech]:
        """'redo': the command the last undo took back, carried out again (as it was said,
        so a kill is asked again where the caller holds kills for a yes)."""
        if not self.undone:
            raise Rejected("Nothing to redo.")
        intent, slots, text = self.undone[-1]
        rest = self.undone[:-1]
        out = self._apply(intent, dict(slots), text, hold)
        self.undone = rest
        return [Speech(PRIVATE, f"Redone: {said((intent, slots, text))}."), *out]

    def current_prompt(self) -> list[Speech]:
        """What the Storyteller needs to hear to carry on from here: the step the game waits
        at (never a stale line from before: by day the status, not last night's prompt)."""
        game = self.game
        if game.phase.state == "setup" and self.handout >= 0:
            line = handout.step(game, self.handout)
        elif game.winner:
            line = f"The game is over. {game.winner.reason} {game.winner.winner.capitalize()} won."
        elif game.phase.at_night and game.wait is not None and game.wait.prompt:
            head = game.status_line().replace(examples.describe_wait(game), "").strip()
            line = f"{head} {game.wait.prompt.removeprefix(head.split(': ', 1)[-1]).lstrip()}"  # its name once
        else:
            line = game.status_line()
        return [Speech(PRIVATE, paced(line))]   # a long one paced as a step's line is

    @property
    def finished(self) -> bool:
        return self.game.winner is not None

    def close(self) -> None:
        self.journal.close()
