"""The rules every line the narrator says keeps, as a checker other tests can call.

Every line is spoken by a speech engine to the Storyteller or to the table, so it must read
aloud well: numbers agree with their nouns, no words in capitals, a sentence starts with a
capital, no markup or ids, nothing that says "today" at night, nothing after the game is
over, and nobody is put to sleep who was not woken.

``line_problems(text, night)`` checks one line; ``said_problems(lines)`` checks what was
said in order, [(text, at_night)], with the rules that need what came before.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

# Nouns that counts are said with ("1 vote", "3 players"). Townsfolk is the same either way.
NOUNS = ("player", "vote", "outsider", "minion", "demon", "seat", "night", "day",
         "character", "time", "finger", "neighbour", "death", "traveller", "token", "ghost vote",
         "execution", "nomination", "voter", "hand", "step", "guess")
_NUMBER = r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_BETWEEN = (r"(?:(?:good|evil|alive|dead|living|other|more|fewer|true|false|extra|correct) "
            r")?")
_NOUN = "(?:" + "|".join(NOUNS) + ")"
_ONE_PLURAL = re.compile(rf"(?<![\w,.-])(?:1|one) {_BETWEEN}{_NOUN}s\b", re.I)
_MANY_SINGULAR = re.compile(rf"(?<![\w,.-])(?!1 |one )({_NUMBER}) {_BETWEEN}{_NOUN}\b(?!s)",
                            re.I)
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")
# A day word right before "reminder" or "token" is a token's name (the Died Today reminder).
_DAY_WORDS = re.compile(r"\b(today|this afternoon|this morning)\b(?! (?:reminder|token)\b)",
                        re.I)
# Python's None, True and False leak in mid-sentence ("the number None"); a sentence may
# still begin with the word ("False: among seats 1, 3 and 6..."), and a token's name in title
# case may hold it (the Duchess's False Info reminder).
_MARKUP = re.compile(r"[{}\[\]<>_\\|*#]|(?<=[a-z,:] )(?:None|True|False)\b(?! [A-Z])|\s{2,}|"
                     r"\s[.,;:!?]|"
                     r"\.\.")
_WAKE = re.compile(r"\bWake the ([A-Z][\w' -]*?)(?:,| with |\.|:)")
_SLEEP = re.compile(r"\bPut the ([A-Z][\w' -]*?) to sleep\b")
_MAY_OPEN = re.compile(r"\b(?<!not )(?:may )?open their eyes", re.I)
GAME_OVER = "The game is over."


def line_problems(text: str, night: bool = False) -> list[str]:
    """What is wrong with one line; ``night``: said while it is night."""
    found = []
    if not text.strip():
        found.append("an empty line")
        return found
    if text[0].islower():
        found.append("starts in lower case")
    if text.rstrip()[-1] not in ".?!:'\"":
        found.append("does not end a sentence")
    for m in _ONE_PLURAL.finditer(text):
        found.append(f"one with a plural: {m.group()!r}")
    for m in _MANY_SINGULAR.finditer(text):
        found.append(f"a number with a singular: {m.group()!r}")
    for m in _CAPITALS.finditer(text):
        found.append(f"a word in capitals: {m.group()!r}")
    if _MARKUP.search(text):
        found.append(f"markup or spacing: {_MARKUP.search(text).group()!r}")
    if night:
        for m in _DAY_WORDS.finditer(text):
            found.append(f"a day word at night: {m.group()!r}")
    if "do not wake" in text.lower() and _MAY_OPEN.search(text):
        found.append("says both do not wake them and they may open their eyes")
    return found


def said_problems(lines: Iterable[tuple[str, bool]]) -> list[str]:
    """The rules on a whole game's lines, in order: [(text, at_night)]. The game's last
    lines are the result and the grimoire; a "Put the X to sleep" follows a "Wake the X"
    (since X was last put to sleep)."""
    found, awake, over, before = [], set(), 0, ""
    for text, night in lines:
        found += [f"{p}: {text!r}" for p in line_problems(text, night)]
        if "do not wake them" in before.lower() and _MAY_OPEN.search(text):
            found.append(f"do not wake them, then they may open their eyes: {text!r}")
        before = text
        if over:
            over += 1
            if over > 2:       # the result, then the grimoire revealed
                found.append(f"said after the game was over: {text!r}")
        if text.startswith(GAME_OVER):
            over = 1
        # In order within the line: "Put the Nightwatchman to sleep. Wake seat 3..."
        events = sorted([(m.start(), "wake", m.group(1)) for m in _WAKE.finditer(text)] +
                        [(m.start(), "sleep", m.group(1)) for m in _SLEEP.finditer(text)])
        for _, kind, who in events:
            if kind == "wake":
                awake.add(who)
            elif who in awake:
                awake.discard(who)
            else:
                found.append(f"puts the {who} to sleep, who was not woken: {text!r}")
    return found


def assert_fit_to_say(lines: Iterable[tuple[str, bool]]) -> None:
    """For other tests: fail with every problem found."""
    problems = said_problems(lines)
    assert not problems, "\n".join(problems)
