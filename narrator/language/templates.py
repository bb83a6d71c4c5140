"""Sentence templates: one source for the typed parser, the recognizer grammars and the docs.

Syntax: plain words; ``(a|b c)`` alternatives; ``[optional words]``; slots ``{list}`` or
``{list:name}``, whose spoken forms come from a named list; a slot name ending in ``*``
collects every occurrence into one list value (``seats {seat:seats*} and {seat:seats*}``);
``(words)+`` repeats the group one or more times (``seats {seat:seats*} ([and]
{seat:seats*})+ vote``: any number of seats).

A template compiles to a regular expression (matching normalised text back to slot values),
to a JSGF rule (pocketsphinx), and expands to example phrases (docs, vosk, tests). Pure: no
I/O.
"""
from __future__ import annotations

import itertools
import random
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Union

from statemachine.wording import NUMBER_WORDS

# --- the syntax tree ----------------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    text: str


@dataclass(frozen=True)
class Slot:
    list_name: str
    name: str
    collect: bool


@dataclass(frozen=True)
class Alt:
    options: tuple["Seq", ...]


@dataclass(frozen=True)
class Opt:
    body: "Seq"


@dataclass(frozen=True)
class Rep:
    """The body one or more times."""

    body: "Seq"


Node = Union[Word, Slot, Alt, Opt, Rep]

# Example phrases (docs, the vosk phrase list) repeat a group at most this many times; the
# parser and the JSGF grammar take any number.
EXAMPLE_REPEATS = 3


@dataclass(frozen=True)
class Seq:
    items: tuple[Node, ...]


class TemplateError(ValueError):
    pass


_TOKEN = re.compile(r"\s*(\)\+|\(|\)|\[|\]|\||\{[^}]*\}|[^\s()\[\]|{}]+)")


def parse_template(text: str) -> Seq:
    tokens = [m.group(1) for m in _TOKEN.finditer(text) if m.group(1)]
    pos = 0

    def seq(stop: tuple[str, ...]) -> Seq:
        nonlocal pos
        items: list[Node] = []
        while pos < len(tokens) and tokens[pos] not in stop:
            tok = tokens[pos]
            pos += 1
            if tok == "(":
                options = [seq((")", "|", ")+"))]
                while pos < len(tokens) and tokens[pos] == "|":
                    pos += 1
                    options.append(seq((")", "|", ")+")))
                if pos < len(tokens) and tokens[pos] == ")+":
                    pos += 1
                    body = options[0] if len(options) == 1 else Seq((Alt(tuple(options)),))
                    items.append(Rep(body))
                    continue
                expect(")")
                items.append(Alt(tuple(options)))
            elif tok == "[":
                options = [seq(("]", "|"))]
                while pos < len(tokens) and tokens[pos] == "|":
                    pos += 1
                    options.append(seq(("]", "|")))
                expect("]")
                body = options[0] if len(options) == 1 else Seq((Alt(tuple(options)),))
                items.append(Opt(body))
            elif tok.startswith("{"):
                inner = tok[1:-1].strip()
                list_name, _, name = inner.partition(":")
                name = name or list_name
                items.append(Slot(list_name, name.rstrip("*"), name.endswith("*")))
            elif tok in (")", "]", "|", ")+"):
                raise TemplateError(f"unexpected {tok!r} in {text!r}")
            else:
                items.append(Word(tok.lower()))
        return Seq(tuple(items))

    def expect(tok: str) -> None:
        nonlocal pos
        if pos >= len(tokens) or tokens[pos] != tok:
            raise TemplateError(f"missing {tok!r} in {text!r}")
        pos += 1

    tree = seq(())
    if pos != len(tokens):
        raise TemplateError(f"unbalanced template {text!r}")
    return tree


# --- slot lists -------------------------------------------------------------------------------

SlotLists = dict[str, list[tuple[str, Any]]]   # list name -> [(spoken words, value)]


class FreeWord(list):
    """A slot list that takes any one word (a new player's name): typed only, since a
    recognizer cannot listen for any word. Its entries are examples for the docs; a
    matched word's value is the word capitalised."""

    def __init__(self, examples: list[str]) -> None:
        super().__init__((e, e.capitalize()) for e in examples)



def number_words(lo: int, hi: int) -> list[tuple[str, int]]:
    """[("nine", 9), ...]: numbers as the phrases say them."""
    return [(NUMBER_WORDS[n], n) for n in range(lo, hi + 1)]


def normalise(text: str) -> str:
    """Lower case, accents folded, digits as words, "&" as "and", punctuation and hyphens
    as spaces, single spaces."""
    if not text.isascii():
        text = "".join(c for c in unicodedata.normalize("NFKD", text)
                       if not unicodedata.combining(c))
    text = text.lower().replace("'", "").replace("\u2019", "").replace("&", " and ")
    text = re.sub(r"\d+", lambda m: NUMBER_WORDS[int(m.group())]
                  if int(m.group()) < len(NUMBER_WORDS) else m.group(), text)
    text = re.sub(r"[^a-z0-9<>\[\]]+", " ", text)
    return " ".join(text.split())


# --- compiled templates --------------------------------------------------------------------------


@dataclass
class Compiled:
    intent: str
    source: str
    tree: Seq
    regex: re.Pattern
    groups: dict[str, Slot] = field(default_factory=dict)


def compile_template(intent: str, source: str, lists: SlotLists,
                     tree: Seq | None = None) -> Compiled:
    """Compile ``source`` (or an already parsed ``tree`` of it, e.g. its spoken form)."""
    tree = parse_template(source) if tree is None else tree
    groups: dict[str, Slot | Compiled] = {}

    def rx(node, capture: bool = True) -> str:
        if isinstance(node, Seq):
            return "".join(rx(i, capture) for i in node.items)
        if isinstance(node, Word):
            return re.escape(node.text) + " "
        if isinstance(node, Alt):
            return "(?:" + "|".join(rx(o, capture) for o in node.options) + ")"
        if isinstance(node, Opt):
            return "(?:" + rx(node.body, capture) + ")?"
        if isinstance(node, Rep):
            # A repeated group keeps only its last capture: the whole run is one group,
            # read again piece by piece with the body's own pattern (``match``).
            inner = "(?:" + rx(node.body, False) + ")+"
            if not capture:
                return inner
            group = f"g{len(groups)}"
            groups[group] = compile_template(intent, source, lists, node.body)
            return f"(?P<{group}>{inner})"
        if node.list_name not in lists:
            raise TemplateError(f"{source!r}: unknown slot list {node.list_name!r}")
        if isinstance(lists[node.list_name], FreeWord):
            body = "[a-z]+ "
        else:
            spoken = sorted({s for s, _ in lists[node.list_name]}, key=len, reverse=True)
            body = "|".join(re.escape(s) + " " for s in spoken)
        if not capture:
            return f"(?:{body})"
        group = f"g{len(groups)}"
        groups[group] = node
        return f"(?P<{group}>{body})"

    pattern = re.compile(rx(tree))
    return Compiled(intent, source, tree, pattern, groups)


def match(compiled: Compiled, text: str, lists: SlotLists) -> dict[str, Any] | None:
    m = compiled.regex.fullmatch(text + " ")
    if not m:
        return None
    found = _found(compiled, m, lists)
    if found is None:
        return None
    slots: dict[str, Any] = {}
    for _, slot, value in sorted(found, key=lambda f: f[0]):   # in the sentence's order
        if slot.collect:
            slots.setdefault(slot.name, []).append(value)
        else:
            slots[slot.name] = value
    return slots


def _found(compiled: Compiled, m: re.Match, lists: SlotLists,
           offset: int = 0) -> list[tuple[int, Slot, Any]] | None:
    """(position, slot, value) for every slot ``m`` matched, a repeated group's included."""
    out: list[tuple[int, Slot, Any]] = []
    for group, what in compiled.groups.items():
        text = m.group(group)
        if text is None:
            continue
        start = offset + m.start(group)
        if isinstance(what, Compiled):          # a repeated group: each piece in turn
            pos = 0
            while pos < len(text):
                piece = what.regex.match(text, pos)
                if piece is None or piece.end() == pos:
                    return None
                inner = _found(what, piece, lists, start)
                if inner is None:
                    return None
                out += inner
                pos = piece.end()
            continue
        spoken = text.strip()
        if isinstance(lists[what.list_name], FreeWord):
            value = spoken.capitalize()
        else:
            value = next(v for s, v in lists[what.list_name] if s == spoken)
        out.append((start, what, value))
    return out


# --- spoken forms --------------------------------------------------------------------------

def spoken_tree(node, seat_or_seats: bool = True):
    """The stricter form a template takes in a recognizer's grammar: an optional lone "and"
    is required, and "seat" and "seats" may stand for each other. Typed, "seats two nine"
    is clear; spoken, two short number words with no "and" between them let the recognizer
    insert or drop a seat, so a list is said "seats two and nine"; and "seat seven" is heard
    as "seats seven" as often as not, which must not matter."""
    if isinstance(node, Seq):
        return Seq(tuple(spoken_tree(i, seat_or_seats) for i in node.items))
    if isinstance(node, Alt):
        return Alt(tuple(spoken_tree(o, seat_or_seats) for o in node.options))
    if isinstance(node, Opt):
        if node.body.items == (Word("and"),):
            return Word("and")
        return Opt(spoken_tree(node.body, seat_or_seats))
    if isinstance(node, Rep):
        return Rep(spoken_tree(node.body, seat_or_seats))
    if seat_or_seats and node in (Word("seat"), Word("seats")):
        return _SEAT_OR_SEATS
    return node


# Spoken, "seat" and "seats" are one word: the s runs into a following "six" or "seven".
_SEAT_OR_SEATS = Alt((Seq((Word("seat"),)), Seq((Word("seats"),))))


def render(node) -> str:
    """A tree back to template text (for the docs)."""
    if isinstance(node, Seq):
        return " ".join(p for p in (render(i) for i in node.items) if p)
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Alt):
        return "(" + "|".join(render(o) for o in node.options) + ")"
    if isinstance(node, Opt):
        body = node.body
        if len(body.items) == 1 and isinstance(body.items[0], Alt):
            return "[" + "|".join(render(o) for o in body.items[0].options) + "]"
        return "[" + render(body) + "]"
    if isinstance(node, Rep):
        return "(" + render(node.body) + ")+"
    name = node.name + ("*" if node.collect else "")
    return "{" + node.list_name + ("" if name == node.list_name else ":" + name) + "}"


# --- JSGF --------------------------------------------------------------------------------------

def jsgf_body(node, rule_for_list) -> str:
    if isinstance(node, Seq):
        parts = [jsgf_body(i, rule_for_list) for i in node.items]
        return " ".join(p for p in parts if p) or "<NULL>"
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Alt):
        return "( " + " | ".join(jsgf_body(o, rule_for_list) for o in node.options) + " )"
    if isinstance(node, Opt):
        return "[ " + jsgf_body(node.body, rule_for_list) + " ]"
    if isinstance(node, Rep):
        return "( " + jsgf_body(node.body, rule_for_list) + " )+"
    return f"<{rule_for_list(node.list_name)}>"


# --- expansion -------------------------------------------------------------------------------

def expand(node, lists: SlotLists, rng: random.Random | None = None,
           _used: dict | None = None) -> str:
    """One phrase from a template: without ``rng`` the first alternative, no optional words
    and a different value for each slot (for examples); with it, a random phrase."""
    used = {} if _used is None else _used
    if isinstance(node, Seq):
        return " ".join(p for p in (expand(i, lists, rng, used) for i in node.items) if p)
    if isinstance(node, Word):
        return node.text
    if isinstance(node, Alt):
        option = rng.choice(node.options) if rng else node.options[0]
        return expand(option, lists, rng, used)
    if isinstance(node, Opt):
        return expand(node.body, lists, rng, used) if rng and rng.random() < 0.5 else ""
    if isinstance(node, Rep):
        times = rng.randint(1, EXAMPLE_REPEATS) if rng else 1
        return " ".join(expand(node.body, lists, rng, used) for _ in range(times))
    choices = lists[node.list_name]
    if rng:
        return rng.choice(choices)[0]
    k = used.get(node.list_name, 0)
    used[node.list_name] = k + 1
    return choices[(min(len(choices) - 1, 2) + 3 * k) % len(choices)][0]


def count_phrases(node, lists: SlotLists) -> int:
    if isinstance(node, Seq):
        return _product(count_phrases(i, lists) for i in node.items)
    if isinstance(node, Word):
        return 1
    if isinstance(node, Alt):
        return sum(count_phrases(o, lists) for o in node.options)
    if isinstance(node, Opt):
        return 1 + count_phrases(node.body, lists)
    if isinstance(node, Rep):
        once = count_phrases(node.body, lists)
        return sum(once ** k for k in range(1, EXAMPLE_REPEATS + 1))
    return len(lists[node.list_name])


def all_phrases(node, lists: SlotLists) -> list[str]:
    """Every phrase of a (small) template."""
    if isinstance(node, Seq):
        parts = [all_phrases(i, lists) for i in node.items]
        return [" ".join(w for w in combo if w) for combo in itertools.product(*parts)]
    if isinstance(node, Word):
        return [node.text]
    if isinstance(node, Alt):
        return [p for o in node.options for p in all_phrases(o, lists)]
    if isinstance(node, Opt):
        return [""] + all_phrases(node.body, lists)
    if isinstance(node, Rep):
        once = all_phrases(node.body, lists)
        return [" ".join(w for w in combo if w) for k in range(1, EXAMPLE_REPEATS + 1)
                for combo in itertools.product(*[once] * k)]
    return [s for s, _ in lists[node.list_name]]


def words_of(node, lists: SlotLists) -> set[str]:
    if isinstance(node, Seq):
        return set().union(*(words_of(i, lists) for i in node.items)) if node.items else set()
    if isinstance(node, Word):
        return {node.text}
    if isinstance(node, Alt):
        return set().union(*(words_of(o, lists) for o in node.options))
    if isinstance(node, (Opt, Rep)):
        return words_of(node.body, lists)
    return {w for s, _ in lists[node.list_name] for w in s.split()}


def _product(values) -> int:
    total = 1
    for v in values:
        total *= v
    return total
