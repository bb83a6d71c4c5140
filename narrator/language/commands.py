"""The command language: every phrase the Storyteller can say or type, written once as
templates. The typed parser, the recognizer grammars (JSGF for pocketsphinx, a phrase list
and vocabulary for vosk), ``narrator commands`` and docs/commands.md all come from here.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any, Iterable

from narrator.language import templates as T
from statemachine.registry import Registry

MAX_SEATS = 20


@dataclass(frozen=True)
class Family:
    intent: str
    help: str
    templates: tuple[str, ...]
    destructive: bool = False
    # Spoken forms, when they differ from the typed ones (see ``spoken_templates``).
    spoken: tuple[str, ...] | None = None
    # A Storyteller override: spoken only after OVERRIDE_WORD.
    override: bool = False
    # Changes nothing: answered in the earpiece and never journaled (the questions, help,
    # status, repeat). Misheard, it costs one wrong private answer, so the confirmation
    # policy asks it back less readily than a command that changes the game.
    harmless: bool = False

    def spoken_templates(self) -> tuple[str, ...]:
        """What the recognizer listens for. Typed input accepts these too (and more); the
        recognizer gets the stricter set: alternatives that sound alike are left out, an
        optional "and" is required (``templates.spoken_tree``) and a rarely needed override
        begins with OVERRIDE_WORD, so that common commands are not heard as one."""
        base = self.spoken if self.spoken is not None else self.templates
        return tuple(f"{OVERRIDE_WORD} {t}" for t in base) if self.override else base


OVERRIDE_WORD = "override"

_MORE_SEATS = "[[and] [seat] {seat:seats*} [[and] [seat] {seat:seats*}]]"
# Typed, a list of seats has no length limit (the engine checks it against the table); the
# recognizer keeps the short forms above, whose grammar the benchmarks were measured on.
_ANY_MORE = "([and] [seat] {seat:seats*})+"

# The engine's own commands. Characters add theirs through their ``commands``.
FAMILIES: tuple[Family, ...] = (
    Family("next", "Go on: accept what was proposed, or move to the next step.",
           ("next", "done", "continue", "carry on"),
           spoken=("next", "continue")),
    Family("hand_out", "At setup: hear the tokens to hand out, seat by seat (next moves on, "
           "repeat says one again).", ("hand out the tokens", "hand out"),
           spoken=("hand out the tokens",)),
    Family("begin_night", "Begin the first night now (from anywhere in the hand-out).",
           ("begin the night", "begin the first night", "start the night",
            "start the first night"), spoken=("begin the first night",)),
    Family("repeat", "Say the last private prompt again.",
           ("repeat", "repeat that", "say (that|it) again"), spoken=("repeat", "repeat that"), harmless=True),
    Family("undo", "Take back the last accepted command.", ("undo", "undo that", "go back"),
           spoken=("undo", "undo that")),
    Family("redo", "Carry out again the command the last undo took back.", ("redo", "redo that"),
           spoken=("redo", "redo that")),
    Family("help", "What can be said now.", ("help", "what can i say"), harmless=True),
    Family("quit", "Leave typed play; the game is saved (typed only).", ("quit", "exit"),
           spoken=()),
    Family("status", "Where the game is.", ("status", "where are we"),
           spoken=("status", "where are we"), harmless=True),
    Family("pause", "Pause: stop listening, and in table mode carry out nothing until resumed.",
           ("pause", "stop listening", "pause the game"),
           spoken=("pause", "pause listening", "pause the game")),
    Family("resume", "Go on after a pause.", ("resume", "start listening", "resume the game"),
           spoken=("resume", "resume listening", "resume the game")),  # start/stop sound alike
    Family("yes", "Yes; confirm.", ("yes", "yeah", "confirm", "correct")),
    Family("no", "No; cancel.", ("no", "cancel", "nope")),
    Family("choose", "A player's choice of seats at night.",
           ("seat {seat:seats*}",
            "seats {seat:seats*} " + _ANY_MORE,
            "the {actor} (chooses|kills|attacks|protects|poisons|picks|points at) "
            "[seat|seats] {seat:seats*} [" + _ANY_MORE + "]"),
           spoken=("seat {seat:seats*}",
                   "seats {seat:seats*} and {seat:seats*} [and {seat:seats*}]",
                   "the {actor} (chooses|kills|attacks|protects|poisons|picks|points at) "
                   "[seat|seats] {seat:seats*} " + _MORE_SEATS)),
    Family("nobody", "A player chooses nobody.", ("nobody", "no one",
                                                   "the {actor} chooses (nobody|no one)")),
    Family("answer_number", "Give a number instead of the proposal.",
           ("answer {number}", "(give|show) [them] [the number] {number}")),
    Family("answer_yesno", "Give yes or no instead of the proposal.",
           ("answer {yesno:value}", "(give|show) [them] {yesno:value}")),
    Family("answer_seats", "Show other seats instead of the proposal.",
           ("answer (seat|seats) {seat:seats*} [" + _ANY_MORE + "]",
            "(give|show) [them] (seat|seats) {seat:seats*} [" + _ANY_MORE + "]"),
           spoken=("answer seat {seat:seats*} " + _MORE_SEATS,
                   "(give|show) [them] seat {seat:seats*} " + _MORE_SEATS)),
    Family("answer_character", "Show another character instead of the proposal.",
           ("answer [the] {character}", "(give|show) [them] the {character} instead")),
    Family("answer_characters", "Show two characters instead of the proposal.",
           ("answer [the] {character} and [the] {character:other}",
            "(give|show) [them] the {character} and the {character:other} instead")),
    Family("character", "Name a character when one is asked for.",
           ("the {character}", "show [them] the {character}")),
    Family("bluffs", "Set the Demon's three bluffs at setup.",
           ("the bluffs are [the] {character:characters*} [and] [the] {character:characters*} "
            "and [the] {character:characters*}",)),
    Family("nominate", "A nomination.", ("seat {seat:nominator} nominates seat {seat:nominee}",)),
    Family("exile", "A call to exile a Traveller.",
           ("exile seat {seat}", "seat {seat:caller} calls for the exile of seat {seat}")),
    Family("vote", "Players vote (name each dead voter; living ones may be counted). "
           "Typed, any number of seats in one line.",
           ("seat {seat:seats*} votes", "seats {seat:seats*} ([and] {seat:seats*})+ vote"),
           spoken=("seat {seat:seats*} votes", "seats {seat:seats*} [and] {seat:seats*} "
                   "[[and] {seat:seats*} [[and] {seat:seats*}]] vote")),
    Family("votes", "The vote count, which ends the vote.",
           ("{number:count} (votes|vote)", "the count is {number:count}")),
    Family("execute", "Execute a player now.", ("seat {seat} is executed", "execute seat {seat}"),
           destructive=True),
    Family("broke_madness", "A mad player broke madness (the Cerenovus's madness, the "
           "Mutant's): they are executed, by day as the day's execution, at night at once.",
           ("seat {seat} broke madness", "seat {seat} (breaks|is breaking) madness"),
           destructive=True),
    Family("end_day", "End the day: execute whoever is about to die, then night falls.",
           ("end the day", "night falls", "no more nominations")),
    Family("die", "A player dies (Storyteller's ruling).",
           ("seat {seat} dies", "kill seat {seat}"), destructive=True),
    Family("revive", "A dead player comes back to life.",
           ("seat {seat} (comes back to life|is alive again)",), destructive=True,
           override=True),
    Family("status_effect", "Mark a player drunk, poisoned or sober, until dusk, tonight, "
           "until dawn or for the rest of the game (by day it lasts through tonight, at night "
           "until dusk tomorrow, unless said).",
           ("seat {seat} is {effect} [{until}]",), override=True),
    Family("alignment", "A player's alignment changes.",
           ("seat {seat} (is|turns|becomes) {alignment}",), destructive=True, override=True),
    Family("become", "A player's character changes.",
           ("seat {seat} (is|becomes) the {character}",), destructive=True, override=True),
    Family("mark_reminder", "Put a Storyteller-run character's reminder on a player (a "
           "poisoned or drunk one makes them so until it is removed).",
           ("mark seat {seat} with the {reminder} reminder",
            "put the {reminder} reminder on seat {seat}"),
           spoken=("mark seat {seat} with the {reminder_spoken:reminder} reminder",)),
    Family("remove_reminder", "Take a Storyteller-run character's reminder off a player.",
           ("remove the {reminder} reminder from seat {seat}",
            "take the {reminder} reminder off seat {seat}"),
           spoken=("remove the {reminder_spoken:reminder} reminder from seat {seat}",)),
    Family("traveller_joins", "A Traveller joins mid-game, in a new last seat or between two "
           "neighbouring seats (later seats renumbered; typed only: a name cannot be listened "
           "for).",
           ("[a] traveller [called|named] {name} joins as the {character}",
            "[a] traveller [called|named] {name} joins between seats {seat:after} and "
            "{seat:before} as the {character}"), spoken=()),
    Family("traveller_leaves", "A Traveller leaves the game.",
           ("seat {seat} leaves the game",), destructive=True, override=True),
    Family("end_game", "End the game with a winner.",
           ("{alignment:winner} wins", "the game ends and {alignment:winner} wins"),
           destructive=True, override=True),
    # Questions: answered privately from the grimoire, never journaled, never a wait's answer.
    Family("ask_grimoire", "Question: every seat's player, character, life, marks and "
           "reminders; the bluffs and Fabled.",
           ("grimoire", "the grimoire", "read the grimoire", "show the grimoire"),
           spoken=("grimoire", "read the grimoire"), harmless=True),
    Family("ask_seat", "Question: who sits in a seat and what they are (a seat alone asks "
           "this where no seat is being chosen).",
           ("who is seat {seat}", "who is in seat {seat}", "seat {seat}"),
           spoken=("who is seat {seat}", "seat {seat}"), harmless=True),
    Family("ask_character", "Question: who is a character, who thinks they are it, who has "
           "its ability.", ("who is the {character}", "who has the {character}"), harmless=True),
    Family("ask_poisoned", "Question: who is poisoned, by whom and until when.",
           ("who is poisoned",), harmless=True),
    Family("ask_drunk", "Question: who is drunk, why and until when.", ("who is drunk",), harmless=True),
    Family("ask_dead", "Question: who is dead, how, and their ghost votes.",
           ("who is dead", "who has died"), harmless=True),
    Family("ask_reminders", "Question: the reminder tokens out, seat by seat.",
           ("reminders", "what reminders are out", "which reminders are out"),
           spoken=("reminders", "what reminders are out"), harmless=True),
    Family("ask_next", "Question: the rest of tonight's order and who it wakes (by day: the "
           "coming night's).", ("what is next", "what comes next", "night order",
                                "the night order"),
           spoken=("what is next", "night order"), harmless=True),
    Family("ask_nominations", "Question, by day: today's nominations, the votes, who is "
           "about to die.", ("nominations", "who has nominated", "who nominated today"),
           spoken=("nominations", "who nominated today"), harmless=True),
    Family("ask_voted", "Question, during a vote: who has voted so far.",
           ("who voted", "who has voted"), spoken=("who has voted",), harmless=True),
    Family("ask_ghost_votes", "Question: the dead who still have a ghost vote.",
           ("ghost votes", "who has a ghost vote"), spoken=("ghost votes",), harmless=True),
    Family("ask_red_herring", "Question: who the Fortune Teller's red herring is.",
           ("who is the red herring", "red herring"), harmless=True),
    Family("ask_bluffs", "Question: the Demon's three bluffs.",
           ("bluffs", "what are the bluffs"), spoken=("what are the bluffs",), harmless=True),
    Family("ask_evil", "Question: the Demon, the Minions and anyone else evil.",
           ("evil team", "the evil team", "who is evil"), spoken=("evil team", "who is evil"), harmless=True),
)

APP_INTENTS = ("undo", "redo", "pause", "resume")
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


def character_spoken(name: str) -> str:
    return T.normalise(name)


REMINDER_INTENTS = ("mark_reminder", "remove_reminder")
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

    # --- parsing -------------------------------------------------------------------------------
    def parse(self, text: str, intents: Iterable[str] | None = None,
              spoken: bool = False) -> Command | None:
        """The command ``text`` says, among ``intents`` (default: all). ``spoken`` checks a
        recognizer's result against the spoken forms only."""
        wanted = set(intents) if intents is not None else None
        norm = T.normalise(text)
        for c in self.spoken if spoken else self.compiled:
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

    # --- grammars and docs ---------------------------------------------------------------------
    def grammar(self, intents: Iterable[str] | None = None, prefix: str = "",
                max_phrases: int = 5000, seed: int = 0) -> GrammarData:
        """A recognizer's grammar: the spoken forms of ``intents`` (default: all)."""
        wanted = [c for c in self.spoken if intents is None or c.intent in set(intents)]
        rules, used = [], set()
        for n, c in enumerate(wanted):
            rules.append(f"<c{n}> = {T.jsgf_body(c.tree, lambda l: 'l_' + l)};")
            used |= _lists_in(c.tree)
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
        return GrammarData(jsgf, phrases, words, sorted({c.intent for c in wanted}), said)

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


def _lists_in(node) -> set[str]:
    if isinstance(node, T.Seq):
        return set().union(*(_lists_in(i) for i in node.items)) if node.items else set()
    if isinstance(node, T.Alt):
        return set().union(*(_lists_in(o) for o in node.options))
    if isinstance(node, (T.Opt, T.Rep)):
        return _lists_in(node.body)
    if isinstance(node, T.Slot):
        return {node.list_name}
    return set()
