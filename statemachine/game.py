"""The game: the grimoire plus the rules, driven by Storyteller commands.

``Game.handle(intent, slots)`` is the only way in. It either carries the command out and
returns what to say, or raises Rejected (the caller rebuilds from the journal if anything
was touched, so a rejected command changes nothing). No I/O, no clock, no global random.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from statemachine import wording
from statemachine.abilities import AbilitiesMixin
from statemachine.commands import CommandsMixin
from statemachine.day import DayMixin
from statemachine.errors import Rejected, no_seat
from statemachine.line_rules import paced
from statemachine.life import LifeMixin
from statemachine.model import FABLED, LORIC, TRAVELLER, Death, Grimoire, Player, team_alignment
from statemachine.night import NightEntry, NightMixin, spoken_list
from statemachine.phases import Phase
from statemachine.rules import fabled
from statemachine.rules.abnormal import AbnormalRecord
from statemachine.rules.creation import Creation
from statemachine.rules.info_rules import Information
from statemachine.rules.madness import Madness
from statemachine.rules.seats import Seats
from statemachine.rules.wakes import Wakes
from statemachine.view import examples, questions
from statemachine.registry import Character, Registry, Win
from statemachine.speech import PAUSE, PRIVATE, PUBLIC, Speech
from statemachine.bag.draw import (MAX_TRAVELLERS, SetupError, base_counts, check_counts,
                                   draw_bag, propose_bluffs, setup_modifiers)
from statemachine.waits import Wait

ALWAYS = ("repeat", "help", "status", "undo", "pause", "resume")
_WAKE = re.compile(r"\bWake the ([A-Z][\w' -]*?)(?:,| with |\.|:)")
_SLEEP = re.compile(r"\bPut the ([A-Z][\w' -]*?) to sleep\b")
OVERRIDES = {"die", "revive", "status_effect", "alignment", "become", "end_game",
             "mark_reminder", "remove_reminder"}


@dataclass
class GameSetup:
    """Everything needed to start a game; stored as the journal's first record."""

    script_name: str
    script: list[str]                  # character ids on the script (fabled included)
    players: list[str]                 # names in seat order
    characters: list[str] | None = None
    seed: int = 0
    travellers: list[str] = field(default_factory=list)  # names, seated after the players
    custom: list[dict] = field(default_factory=list)      # homebrew character objects
    # What the game keeps of the script's _meta: night orders and the bootlegger's rules.
    meta: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return dict(self.__dict__)

    @classmethod
    def from_dict(cls, data: dict) -> "GameSetup":
        return cls(**data)


def u_name(unit) -> str:
    """A character's name as said in a command ('fang gu')."""
    return unit.name.lower()


class Game(CommandsMixin, LifeMixin, AbilitiesMixin, NightMixin, DayMixin):
    """The game itself is these five (commands, life, abilities, night, day: one object over
    the grimoire, the phase and the wait); the mechanisms abilities share are its parts, each
    owning its own state (docs/architecture.md, "Who owns the game's state")."""

    def __init__(self, setup: GameSetup, registry: Registry) -> None:
        self.setup, self.registry = setup, registry
        self.rng = random.Random(setup.seed)
        self.phase = Phase()
        self.out: list[Speech] = []
        self.held_public: list[str] = []   # public lines said at night, spoken at dawn
        self.winner: Win | None = None
        self.wait: Wait | None = None
        self.current: NightEntry | None = None
        self.deaths: list[Death] = []
        self.night_deaths: list[int] = []
        self.last_kill: tuple[int, str, int | None] | None = None
        self.new_day_records()
        # the parts: each mechanism abilities share, owning its own state
        self.wakes = Wakes()
        self.info_rules = Information(self)
        self.abnormal = AbnormalRecord(self)
        self.creation = Creation(self)
        self.madness = Madness(self)
        self.seats = Seats(self)
        self.last_private = ""
        self._asleep: set[str] = set()    # put to sleep since last woken (_asleep_already)
        self.all_said = False             # the game is over and its result said
        self.commands_done = 0   # game commands carried out (abilities timing "in a row")
        self.grim = self._seat_players(setup)
        self._prepare()
        self.note_gained()

    # --- setup -------------------------------------------------------------------------------
    def _seat_players(self, s: GameSetup) -> Grimoire:
        names = [wording.name_form(n) for n in s.players]     # one Unicode form (NFC)
        all_names = names + [wording.name_form(n) for n in s.travellers]
        given = [n.casefold() for n in all_names if n]  # "": a seat with no name (by seat)
        if len(set(given)) != len(given):
            twice = next(n for n in all_names if n and given.count(n.casefold()) > 1)
            raise SetupError(f"two players have the same name, {twice}: add an initial to one")
        if len(s.travellers) > MAX_TRAVELLERS:
            raise SetupError(f"at most {MAX_TRAVELLERS} Travellers, not {len(s.travellers)}")
        script = [self.registry.get(i) for i in s.script]
        base_counts(len(names))
        if s.characters:
            ids = list(s.characters)
            if len(ids) != len(all_names):
                raise SetupError(f"{len(ids)} characters for {len(all_names)} players")
            for i in ids:
                if i not in self.registry:
                    raise SetupError(f"unknown character {i!r}")
            self.setup_notes = check_counts(
                [self.registry.get(i) for i in ids if self.registry.get(i).team != TRAVELLER],
                len(names), setup_modifiers(script))
            self.setup_notes += [f"the {self.registry.get(i).name} is not on the script"
                                 for i in dict.fromkeys(ids[:len(names)]) if i not in s.script]
            # allowed on purpose: a Storyteller may bring in any Traveller; said, not silent
            self.setup_notes += [
                f"the {self.registry.get(i).name} is not on this script; a Traveller from "
                "outside the script is the Storyteller's call"
                for i in ids[len(names):] if i not in s.script]
        else:
            ids = draw_bag(script, len(names), self.rng)
            pool = [c.id for c in script if c.team == TRAVELLER]
            if len(pool) < len(s.travellers):
                if not pool:
                    raise SetupError(f"{s.script_name} has no Travellers to draw: name each "
                                     "Traveller's character, or seat no Travellers")
                raise SetupError(f"{s.script_name} has only {len(pool)} Traveller"
                                 f"{'' if len(pool) == 1 else 's'} to draw, not "
                                 f"{len(s.travellers)}: name each Traveller's character, or "
                                 "seat fewer Travellers")
            ids += self.rng.sample(pool, len(s.travellers))
            self.setup_notes = []
        players = []
        for seat, (name, cid) in enumerate(zip(all_names, ids), start=1):
            unit = self.registry.get(cid)
            players.append(Player(seat, name, cid, alignment=team_alignment(unit.team),
                                  traveller=unit.team == TRAVELLER))
        grim = Grimoire(players, script_name=s.script_name)
        grim.fabled = [c.id for c in script if c.team in (FABLED, LORIC)]
        return grim

    def _prepare(self) -> None:
        g = self.grim
        g.setup_outsiders = sum(1 for p in g.players if self.team_of(p) == "outsider")
        for p in g.players:
            self.unit(p.character).prepare(self, p)
        fabled.prepare(self)      # a Fabled's own setup choice (the Revolutionary's pair)
        in_play = {p.character for p in g.players} | {p.believes for p in g.players}
        script = [self.registry.get(i) for i in self.setup.script]
        g.bluffs = propose_bluffs(script, in_play, self.rng)

    def setup_lines(self) -> list[str]:
        n_trav = sum(1 for p in self.grim.players if p.traveller)
        trav = f" and {n_trav} Traveller{'s' if n_trav > 1 else ''}" if n_trav else ""
        lines = [f"Setup for {len(self.grim.players) - n_trav} players{trav}."]
        lines += [f"Note: {n}." for n in self.setup_notes]
        for p in self.grim.players:      # two of one character (the Pope's): said once
            lines += [x for x in self.unit(p.character).setup_lines(self, p) if x not in lines]
        for f in self.grim.fabled + self.babysat_ids():   # setup choices with no holder
            lines += self.unit(f).setup_lines(self, None)
        lines += self.storyteller_run_lines() + self.jinx_lines()
        bluffs = ", ".join(f"the {self.unit(b).name}" for b in self.grim.bluffs)
        lines.append(f"Demon bluffs proposed: {bluffs}. Say 'the bluffs are' and three "
                     "characters to change them." if bluffs else "No Demon bluffs: every good "
                     "character is in play. Say 'the bluffs are' and three characters to set them.")
        lines += self.bluff_warnings()
        lines.append("Say next to begin the first night.")
        return lines

    def storyteller_run_lines(self) -> list[str]:
        """Which characters the narrator does not run itself: said once, at setup."""
        manual = [u for u in (self.registry.get(i) for i in self.setup.script)
                  if not u.automated and u.team not in (FABLED, LORIC)]
        held = [p for p in self.grim.players if not self.unit(p.character).automated]
        if not manual and not held:   # one off the script may be in play all the same
            return []
        manual += [self.unit(p.character) for p in held if self.unit(p.character) not in manual]
        lines = []
        # The count first, the names after a pause: a list of twenty names is not an action.
        if held:
            lines.append(f"In play, you run {wording.count(len(held), 'character')} yourself."
                         f"{PAUSE}They are " + spoken_list(
                             f"the {self.unit(p.character).name}, {p.label}" for p in held) + ".")
        rest = [u for u in manual if u.id not in {p.character for p in held}]
        if rest:
            lines.append(("Also on the script and run by you: " if held else
                          "You run these yourself: ") + wording.count(len(rest), "character") +
                         f".{PAUSE}They are " + spoken_list(f"the {u.name}" for u in rest) + ".")
        marked = next((u for u in manual if u.reminders), None)
        example = (f" Mark reminders with 'mark seat 1 with the {u_name(marked)}'s "
                   f"{marked.reminders[0].lower()} reminder'." if marked else "")
        lines.append("I wake them in their place: say their choices, then next." + example)
        for p in held:
            unit = self.unit(p.character)
            if unit.setup:
                lines.append(f"The {unit.name} changes the setup.{PAUSE}{unit.ability}"
                             + examples.change_said(self))
        return lines

    def jinx_lines(self) -> list[str]:
        """The jinxes between characters on the script that the narrator does not apply
        itself (one of the two is Storyteller-run), read at setup."""
        on, seen, lines = set(self.setup.script), set(), []
        for cid in self.setup.script:
            unit = self.registry.get(cid)
            for other, text in unit.jinxes.items():
                pair = frozenset((cid, other))
                if other not in on or pair in seen:
                    continue
                seen.add(pair)
                if unit.automated and self.registry.get(other).automated:
                    continue
                lines.append(f"A jinx: the {unit.name} and the "
                             f"{self.registry.get(other).name}.{PAUSE}{text}")
        return lines

    def bluff_warnings(self) -> list[str]:
        """A warning for each bluff that a player was shown as their own (the Drunk's)."""
        lines = []
        for p in self.grim.players:
            if p.believes != p.character and p.believes in self.grim.bluffs:
                lines.append(f"Warning: the {self.unit(p.believes).name} is a Demon bluff and "
                             f"the token the {self.unit(p.character).name}, {p.label}, was "
                             "shown. Say 'the bluffs are' and three characters to change them.")
        return lines

    def start(self) -> list[Speech]:
        """The opening announcements; called once when a game is created or rebuilt."""
        self.out = []
        if any(p.given for p in self.grim.players):
            names = ", ".join(f"seat {p.seat} {p.given}".strip() for p in self.grim.players)
            self.say_public(f"Welcome to {self.grim.script_name}. Around the table: {names}.")
        else:  # seat numbers alone
            self.say_public(f"Welcome to {self.grim.script_name}. "
                            f"{len(self.grim.players)} players, called by seat.")
        fabled.announce(self)   # each Fabled's ability, and what else the table must know
        for p in self.grim.players:
            if p.traveller:   # a Traveller's character is public knowledge
                unit = self.unit(p.character)
                self.say_public(f"{p.Label} travels as the {unit.name}. {unit.ability}")
        for rule in self.setup.meta.get("bootlegger", []):
            self.say_public(f"A rule of this script: {rule}")
        for line in self.setup_lines():
            self.say_private(line)
        return self.out

    # --- speech --------------------------------------------------------------------------------
    def say_public(self, text: str, at_once: bool = False) -> None:
        """A line for the table. At night the table hears nothing until dawn: a public line
        said then is held and spoken at dawn (``flush_public``), so the news of the night
        gives no night order away. ``at_once`` is for the few lines meant for the table in
        the night itself (night falls; the Al-Hadikhia's public choice). Once the game is
        over, the result and the grimoire were the last lines."""
        if self.all_said:
            return
        if self.phase.at_night and not at_once:
            self.held_public.append(text)
            return
        self.out.append(Speech(PUBLIC, text))

    def flush_public(self) -> None:
        """Speak the public lines held since night fell (at dawn, or when the game ends)."""
        held, self.held_public = self.held_public, []
        for text in held:
            self.out.append(Speech(PUBLIC, text))

    def answer_privately(self, text: str) -> None:
        """A private answer, not a step's line (help, status, a repeat): not repeated next.
        Paced as a step's line is (a status at night says the whole step waiting)."""
        self.out.append(Speech(PRIVATE, paced(text)))

    def clear_speech(self) -> None:
        """Forget what was said (a game rebuilt from the journal says nothing)."""
        self.out = []

    def say_private(self, text: str) -> None:
        if self.all_said or self._asleep_already(text):
            return
        text = paced(text)      # a long line pauses after its lead (statemachine.line_rules)
        self.out.append(Speech(PRIVATE, text))
        self.last_private = text

    def _asleep_already(self, text: str) -> bool:
        """True for a step's closing "Put the X to sleep." when the step itself already put
        X to sleep (the Nightwatchman before the chosen player wakes, the Al-Hadikhia before
        the choices are asked): said twice, the second would be heard as a new step. Keeps
        who was put to sleep since last woken, in the order the line says it."""
        if "Wake the " not in text and "Put the " not in text:
            return False
        asleep = self._asleep
        if text in {wording.put_to_sleep(name) for name in asleep}:
            return True
        marks = sorted([(m.start(), False, m.group(1)) for m in _WAKE.finditer(text)] +
                       [(m.start(), True, m.group(1)) for m in _SLEEP.finditer(text)])
        for _, sleeps, name in marks:
            (asleep.add if sleeps else asleep.discard)(name)
        return False

    # --- commands ------------------------------------------------------------------------------
    def handle(self, intent: str, slots: dict[str, Any] | None = None) -> list[Speech]:
        self.out = []
        slots = slots or {}
        asked = self.as_question(intent, slots)
        if asked:
            return questions.answer(self, *asked)
        if intent in ("repeat", "help", "status"):
            getattr(self, f"_cmd_{intent}")(slots)
            return self.out
        if self.winner:
            raise Rejected("The game is over.")
        method = getattr(self, f"_cmd_{intent}", None)
        if method is not None:
            method(slots)
        elif not self._character_command(intent, slots):
            raise Rejected(f"Not now: nothing in play answers '{intent.replace('_', ' ')}'.")
        self.note_gained()
        self.commands_done += 1
        return self.out

    def as_question(self, intent: str, slots: dict[str, Any]) -> tuple[str, dict] | None:
        """(question, slots) when this command is a question, which changes nothing: a
        question's intent, or one seat said where no seat is being asked for ("seat 3")."""
        if intent in questions.QUESTIONS:
            return intent, slots
        if (intent == "choose" and not slots.get("actor") and len(slots.get("seats", [])) == 1
                and not (self.phase.at_night and self.wait is not None
                         and "choose" in self.wait.accepts())):
            return "ask_seat", {"seat": slots["seats"][0]}
        return None

    def expected_intents(self) -> set[str]:
        """The commands that make sense now: what the recognizer listens for."""
        intents = set(ALWAYS) | (set(questions.QUESTIONS) - questions.DAY_QUESTIONS
                                 - questions.VOTE_QUESTIONS)
        if self.phase.in_day:
            intents |= questions.DAY_QUESTIONS
        if self.phase.state == "vote":
            intents |= questions.VOTE_QUESTIONS
        if self.winner:
            return intents
        state = self.phase.state
        if state == "setup":
            intents |= {"next", "yes", "bluffs", "become", "traveller_joins", "mark_reminder",
                        "remove_reminder", "begin_night", "hand_out"}
        else:
            intents |= OVERRIDES
        if self.phase.at_night:
            intents |= set(self.wait.accepts()) if self.wait else {"next"}
        elif state == "day":
            intents |= {"nominate", "exile", "execute", "end_day", "traveller_joins",
                        "traveller_leaves"}
        elif state == "vote":
            intents |= {"vote", "votes", "next", "execute"}   # not "yes": the table says it all the time
        elif state == "execution" and self.held_execution:
            intents |= {"next", "yes"}
        elif self.spare_waiting():
            intents |= {"yes", "no"}
        for _holder, a in fabled.command_sources(self):
            intents |= set(self.unit(a).commands)
            if type(self.unit(a)).on_choice is not Character.on_choice:
                intents.add("choose")   # a choice outside the night (the Klutz's)
            if type(self.unit(a)).madness is not Character.madness:
                intents.add("broke_madness")
        return intents

    def command_sources(self, player: Player) -> list[str]:
        """Whose commands this seat answers: its true character (the Drunk's), its abilities."""
        return list(dict.fromkeys([player.character, *self.abilities(player)]))

    def _character_command(self, intent: str, slots: dict) -> bool:
        for p, a in fabled.command_sources(self):
            unit = self.unit(a)
            if intent in unit.commands and unit.handle(self, p, intent, slots):
                return True
        return False

    def player(self, seat: Any) -> Player:
        if not isinstance(seat, int) or not self.grim.has_seat(seat):
            raise Rejected(no_seat(seat, len(self.grim.players)))
        return self.grim.seat(seat)

    def not_now(self, what: str) -> Rejected:
        """A command refused in this phase, ``what`` saying why or when it is done."""
        return Rejected(f"Not now, during {self.phase.spoken()}: {what}.")
