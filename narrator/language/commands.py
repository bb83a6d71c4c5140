"""The command language: every phrase the Storyteller can say or type, written once as
templates. The typed parser, the recognizer grammars (JSGF for pocketsphinx, a phrase list
and vocabulary for vosk), ``narrator commands`` and docs/commands.md all come from here.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Iterable

from narrator.language import templates as T
from narrator.language.families import FAMILIES, OVERRIDE_WORD, Family  # noqa: F401 (re-exported)
from narrator.language.seat_count import SEAT_STEPS, at_most, slots_of
from statemachine.errors import no_seat
from statemachine.registry import Registry
from statemachine.rules.fabled import command_sources

MAX_SEATS = 20

APP_INTENTS = ("undo", "redo", "pause", "resume")
# what takes back or puts back what was done: a fused recognizer acts on it only where both of
# its recognizers heard it (the espeak night: "no" read as "undo" by pocketsphinx alone, sure)
REWINDS = ("undo", "redo")
NOTHING_SAID = "I heard nothing to act on. Say help for what works now."
_NEGATIVE = re.compile(r"(?<![a-z0-9])-\s*\d+")


MAX_LINE = 300   # characters: the longest command, a bluff list with long names, is far less
TOO_LONG = "That line is too long to be a command. Say help for what works now."


def typed_line(line: str) -> tuple[str, str | None]:
    """A typed line without its comment, and why it is refused before parsing (None: go
    on). An empty line or a comment says nothing and is refused by nobody; a line of blanks
    gets the help reply; a negative number is never a seat, a count or an answer (the
    normaliser would read "-1" as "one")."""
    text = line.split("#", 1)[0].strip()
    if not text:
        return "", NOTHING_SAID if line.strip() == "" and line != "" else None
    if len(text) > MAX_LINE:   # never echoed back whole (nor parsed: no command is so long)
        return text[:MAX_LINE], TOO_LONG
    negative = _NEGATIVE.search(text)
    if negative:
        return text, (f"No negative numbers: '{negative.group()}' is not a seat, a count or "
                      "an answer. Seats start at 1, counts at 0.")
    return text, None


_SEATS_NAMED = re.compile(r"\bseats?((?:\s*(?:,|and)?\s*\d+)+)", re.IGNORECASE)


def no_such_seat(line: str, seats: int) -> str | None:
    """Why a typed line that parses as no command was not taken, where it names a seat beyond
    the table ("seat 21 nominates seat 2" at 20 seats: more than any table has, so not even
    parsed for the engine to refuse); None where it names none."""
    for named in _SEATS_NAMED.finditer(line):
        beyond = [number for number in map(int, re.findall(r"\d+", named.group(1))) if number > seats]
        if beyond:
            return no_seat(beyond[0], seats)
    return None


@dataclass(frozen=True)
class Command:
    intent: str
    slots: dict[str, Any]
    text: str
    # Said yes to already (the listener asked it back): the table does not ask again.
    confirmed: bool = field(default=False, compare=False)


@dataclass
class GrammarData:
    """Plain data for a recognizer (hardware/ never sees the game)."""

    jsgf: str
    phrases: list[str]
    words: set[str]
    intents: list[str] = field(default_factory=list)
    meaning: Any = field(default=None, compare=False, repr=False)  # a phrase's (intent, slots)
    # the phrases of a yes or a no: table talk is full of them, so a search of the audio for the
    # grammar's best phrase never proposes one (hardware/grammar_search.py)
    answers: frozenset[str] = frozenset()


def with_choices(data: GrammarData, rule: str, forms: list[str], prefix: str = "") -> GrammarData:
    """``data`` with ``forms`` as more alternatives of its public rule, named ``<rule>`` (after
    the wake phrase ``prefix`` where the grammar begins with it)."""
    head, _, rest = data.jsgf.partition("public <command> = ")
    body, _, rules = rest.partition(";\n")
    opening = body.index("( ") + 2
    public = f"public <command> = {body[:opening]}<{rule}> | {body[opening:]};\n"
    jsgf = f"{head}{public}{rules}<{rule}> = {' | '.join(forms)};\n"
    said = [f"{prefix} {form}".strip() for form in forms]
    words = {word for form in forms for word in form.split()}
    return GrammarData(jsgf, data.phrases + said, data.words | words, data.intents, data.meaning, data.answers)


def character_spoken(name: str) -> str:
    return T.normalise(name)


REMINDER_INTENTS = ("mark_reminder", "remove_reminder")
ANSWERS = ("yes", "no")  # the intents of a one-word answer
_ORDINAL_WORDS = {"1st": "first", "2nd": "second", "3rd": "third"}
_ORDINALS = re.compile(r"\b(1st|2nd|3rd)\b")


def reminder_lists(registry: Registry, ids: list[str]):
    """The reminders of the script's Storyteller-run characters, (character id, token):
    typed as "the pukka's poisoned" or "the pukka poisoned", spoken without the "s"."""
    typed, spoken = [], []
    for cid in ids:
        unit = registry.get(cid)
        if unit.automated:
            continue
        name = character_spoken(unit.name)
        tokens = unit.reminders + tuple(getattr(unit, "global_reminders", ()))
        for token in dict.fromkeys(tokens):
            said = T.normalise(_ORDINALS.sub(lambda m: _ORDINAL_WORDS[m.group()], token)) \
                or "question"
            value = (cid, token)
            spoken.append((f"{name} {said}", value))
            typed += [(f"{name} {said}", value), (f"{name}s {said}", value)]
    return list(dict.fromkeys(typed)), list(dict.fromkeys(spoken))


class CommandLanguage:
    def __init__(self, registry: Registry, script_ids: Iterable[str] | None = None,
                 seats: int = 12, zero_seat: bool = False, *,
                 families: Iterable[Family] | None = None,
                 lists: T.SlotLists | None = None) -> None:
        """``seats``: the table's size (seat numbers listened for); ``zero_seat``: parse
        "seat 0" too, for a parser whose seats the engine checks (it says there is no seat
        0 rather than "I did not understand"). ``families`` and ``lists`` replace the game's
        phrase families and add slot lists (the table's setup questions, see
        narrator.language.setup_phrases)."""
        ids = list(script_ids) if script_ids is not None else [c.id for c in registry]
        names = [(character_spoken(registry.get(i).name), i) for i in ids]
        self.lists: T.SlotLists = {
            "seat": T.number_words(0 if zero_seat else 1, min(seats, MAX_SEATS)),
            "number": T.number_words(0, MAX_SEATS),
            "character": names,
            "actor": names + [("demon", "demon")],
            "yesno": [("yes", True), ("no", False)],
            "alignment": [("good", "good"), ("evil", "evil")],
            "name": T.FreeWord(["zed", "yan"]),
            "effect": [("drunk", "drunk"), ("poisoned", "poisoned"), ("sober", "sober"),
                       ("healthy", "healthy")],
            "until": [("until dusk", "dusk"), ("tonight", "tonight"), ("until dawn", "dawn"),
                      ("for the rest of the game", "game")],
        }
        self.lists["reminder"], self.lists["reminder_spoken"] = reminder_lists(registry, ids)
        self.lists.update(lists or {})
        # The reminder commands exist where the script has Storyteller-run reminders.
        self.families: list[Family] = list(families) if families is not None else [
            f for f in FAMILIES if self.lists["reminder"] or f.intent not in REMINDER_INTENTS]
        seen = {f.intent for f in self.families}
        for cid in ids if families is None else ():
            for intent, temps in registry.get(cid).commands.items():
                if intent not in seen:
                    seen.add(intent)
                    self.families.append(Family(intent, f"{registry.get(cid).name}.",
                                                tuple(temps), destructive=intent in
                                                registry.get(cid).destructive))
        # Typed: every template, then the family's spoken forms that are not among them.
        self.compiled = [T.compile_template(f.intent, t, self.lists)
                         for f in self.families
                         for t in f.templates + tuple(s for s in f.spoken_templates()
                                                      if s not in f.templates)]
        # Spoken: the stricter forms a recognizer's grammar is made of.
        self.spoken = [T.compile_template(f.intent, t, self.lists,
                                          T.spoken_tree(T.parse_template(t)))
                       for f in self.families for t in f.spoken_templates()]
        self.by_intent = {f.intent: f for f in self.families}
        # A character's own command is tried before the shared families: "the doomsayer kills
        # seat 3" is the Doomsayer's, not a night choice by an actor named doomsayer.
        shared = {f.intent for f in FAMILIES}
        self._typed_order = sorted(self.compiled, key=lambda c: c.intent in shared)
        self._spoken_order = sorted(self.spoken, key=lambda c: c.intent in shared)

    @classmethod
    def for_game(cls, game: Any, seats: int | None = None, zero_seat: bool = False) -> "CommandLanguage":
        """The language of a game in progress: its script's characters and any in play from
        outside it (a Traveller or a Fabled the Storyteller brought in), at its table's size."""
        ids = list(dict.fromkeys(list(game.setup.script) + [a for _p, a in command_sources(game)]))
        return cls(game.registry, ids, len(game.grim.players) if seats is None else seats, zero_seat)

    # --- parsing -------------------------------------------------------------------------------
    def parse(self, text: str, intents: Iterable[str] | None = None,
              spoken: bool = False) -> Command | None:
        """The command ``text`` says, among ``intents`` (default: all). ``spoken`` checks a
        recognizer's result against the spoken forms only."""
        wanted = set(intents) if intents is not None else None
        norm = T.normalise(text)
        for c in self._spoken_order if spoken else self._typed_order:
            if wanted is not None and c.intent not in wanted:
                continue
            slots = T.match(c, norm, self.lists)
            if slots is not None:
                return Command(c.intent, slots, norm)
        return None

    def is_destructive(self, intent: str) -> bool:
        f = self.by_intent.get(intent)
        return bool(f and f.destructive)

    def is_harmless(self, intent: str) -> bool:
        """The command changes nothing (a question, help, status, repeat)."""
        f = self.by_intent.get(intent)
        return bool(f and f.harmless)

    def longer_forms(self, command: Command) -> tuple[str, ...]:
        """The spoken phrases that begin with ``command``'s words and say the same command
        ("resume": "resume", "resume listening", "resume the game"), where its forms have no
        slots; else its own words. What the Storyteller may have said for what was heard."""
        words = command.text.split()
        return (tuple(p for p in self._plain_phrases.get(command.intent, ()) if p.split()[:len(words)] == words)
                or (command.text,))

    @cached_property
    def _plain_phrases(self) -> dict[str, list[str]]:
        """Each intent's spoken phrases from its forms without slots (worked out when first asked)."""
        plain: dict[str, list[str]] = {}
        for c in self.spoken:
            if not slots_of(c.tree):
                plain.setdefault(c.intent, []).extend(T.all_phrases(c.tree, self.lists))
        return plain

    def weighed(self, command: Command | None) -> dict[str, Any]:
        """What the confirmation policy weighs of a command besides the recognizer's scores
        (``narrator.voice.policy.Policy.decide``'s keywords): destructive, harmless, and the
        longer ways it may have been said (``longer_forms``)."""
        return {"destructive": bool(command) and self.is_destructive(command.intent),
                "harmless": bool(command) and self.is_harmless(command.intent),
                "forms": self.longer_forms(command) if command else ()}

    # --- grammars and docs ---------------------------------------------------------------------
    def grammar(self, intents: Iterable[str] | None = None, prefix: str = "",
                max_phrases: int = 5000, seed: int = 0, most_seats: int | None = None) -> GrammarData:
        """A recognizer's grammar: the spoken forms of ``intents`` (default: all); with
        ``most_seats``, a choice or a seats answer said with at most that many seats (the step
        takes no more: seat_count)."""
        wanted = [c for c in self.spoken if intents is None or c.intent in set(intents)]
        if most_seats is not None:
            cut = [(c, at_most(c.tree, most_seats) if c.intent in SEAT_STEPS else c.tree) for c in wanted]
            wanted = [c if tree is c.tree else replace(c, tree=tree) for c, tree in cut if tree is not None]
        rules, used = [], set()
        for n, c in enumerate(wanted):
            rules.append(f"<c{n}> = {T.jsgf_body(c.tree, lambda l: 'l_' + l)};")
            used |= {s.list_name for s in slots_of(c.tree)}
        for name in sorted(used):
            alts = " | ".join(s for s, _ in self.lists[name])
            rules.append(f"<l_{name}> = {alts};")
        top = " | ".join(f"<c{n}>" for n in range(len(wanted))) or "<NULL>"
        head = f"{prefix} " if prefix else ""
        jsgf = ("#JSGF V1.0;\ngrammar narrator;\n"
                f"public <command> = {head}( {top} );\n" + "\n".join(rules) + "\n")
        phrases = [f"{head}{p}" for p in self.phrases(wanted, max_phrases, seed)]
        words = set().union(*(T.words_of(c.tree, self.lists) for c in wanted)) if wanted else set()
        words |= set(prefix.split())
        skip, names = len(prefix.split()), [c.intent for c in wanted]  # the phrase's (intent, slots):
        said = lambda text: (cmd := self.parse(" ".join(text.split()[skip:]), names, spoken=True)) and (cmd.intent, cmd.slots)
        answers = frozenset(f"{head}{p}" for p in self.phrases([c for c in wanted if c.intent in ANSWERS]))
        return GrammarData(jsgf, phrases, words, sorted({c.intent for c in wanted}), said, answers)

    def phrases(self, compiled=None, limit: int = 5000, seed: int = 0) -> list[str]:
        """Every phrase of the small templates; a seeded sample of the large ones."""
        rng = random.Random(seed)
        out: list[str] = []
        for c in compiled if compiled is not None else self.compiled:
            n = T.count_phrases(c.tree, self.lists)
            if n <= 1000:
                out += T.all_phrases(c.tree, self.lists)
            else:
                out += [T.expand(c.tree, self.lists, rng) for _ in range(50)]
        out = list(dict.fromkeys(" ".join(p.split()) for p in out))
        return out[:limit]

    def example(self, intent: str, spoken: bool = False) -> str:
        f = self.by_intent[intent]
        if spoken and f.spoken_templates():  # a typed-only family has no spoken example
            tree = T.spoken_tree(T.parse_template(f.spoken_templates()[0]))
        else:
            tree = T.parse_template(f.templates[0])
        return " ".join(T.expand(tree, self.lists).split())

    def spoken_forms(self, intent: str) -> tuple[str, ...]:
        """The family's spoken templates as text, for the docs (``and`` made required;
        "seat" for "seats" is a rule the docs state once)."""
        return tuple(T.render(T.spoken_tree(T.parse_template(t), seat_or_seats=False))
                     for t in self.by_intent[intent].spoken_templates())

    def describe(self) -> list[tuple[str, str, str, tuple[str, ...]]]:
        """(intent, help, example, templates) for every family."""
        return [(f.intent, f.help, self.example(f.intent), f.templates) for f in self.families]


