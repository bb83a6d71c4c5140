"""The rules every line the narrator says keeps: one module, run by the narrator on every
line it says (``narrator.speech`` and the typed console: a line that breaks a rule is
logged, and one that must never be heard is not said) and imported by the tests.

Every line is heard, not read. Two kinds of rule:

- :func:`unfit_to_say`: what must never be read aloud (a file path, a file name, a log
  reference, an exception name). A path spoken at the table tells the room about the
  machine and helps nobody; "see the log" means nothing without a screen.
- :func:`line_problems`: how a line must read aloud: it starts with a capital and ends a
  sentence; numbers agree with their nouns; no words in capitals, markup or ids; a seat is
  said once ("seat 6, seat 6"); "an" before a vowel ("a evil player"); no word said twice
  ("Night, night 2", "the day ends from the day"); no sentence ending on a word that needs
  more ("their vote counts against."); at night, nothing that says "today"; and on the
  earpiece, the action first: a first sentence of at most :data:`LEAD_WORDS` words and at
  most :data:`BEFORE_PAUSE_WORDS` before a pause (``statemachine.speech.PAUSE``).

:func:`said_problems` checks what was said in order, [(text, at_night[, channel])], with the
rules that need what came before (nobody put to sleep who was not woken; nothing after the
game is over). :func:`checked` is what the narrator runs on a line it is given;
:func:`paced` puts the pauses in a long earpiece line (``Game.say_private`` calls it).
The module is pure (the engine paces its lines with it) and imports nothing but the
engine's ``speech``.
"""
from __future__ import annotations

import re
from collections.abc import Iterable

from statemachine.speech import PAUSE, PRIVATE, parts

LEAD_WORDS = 20            # the earpiece's first sentence, at most
BEFORE_PAUSE_WORDS = 40    # the earpiece before its first pause, at most

# --- what must never be read aloud ------------------------------------------------------------
_NEVER: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a file path", re.compile(r"(?:^|[\s'\"(\[=:])(?:~|\.{1,2})?/\w|\w/\w|\\\w|\b[A-Za-z]:\\")),
    ("a file name", re.compile(
        r"\w\.(?:toml|json|jsonl|sqlite|db|wav|log|txt|py|onnx|zip|conf|service)\b", re.I)),
    ("a log reference", re.compile(
        r"\b(?:logs?|logged|logfile|journalctl|journald|traceback|stack trace|stderr|stdout)\b",
        re.I)),
    ("an exception name", re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b|\bErrno\b")),
)


def unfit_to_say(text: str) -> str | None:
    """Why ``text`` must never be spoken ("a file path: /var/lib"), or None if it may be."""
    for what, pattern in _NEVER:
        match = pattern.search(text)
        if match:  # name the whole word it is in
            start = max(text.rfind(" ", 0, match.start() + 1) + 1, 0)
            end = text.find(" ", match.end())
            return f"{what}: {text[start:end if end >= 0 else None].strip()}"
    return None


# --- how a line reads aloud --------------------------------------------------------------------
# Nouns that counts are said with ("1 vote", "3 players"). Townsfolk is the same either way.
NOUNS = ("player", "vote", "outsider", "minion", "demon", "seat", "night", "day",
         "character", "time", "finger", "neighbour", "death", "traveller", "token", "ghost vote",
         "execution", "nomination", "voter", "hand", "step", "guess")
_NUMBER = r"(?:\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_BETWEEN = (r"(?:(?:good|evil|alive|dead|living|other|more|fewer|true|false|extra|correct) "
            r")?")
_NOUN = "(?:" + "|".join(NOUNS) + ")"
# "Seat 1 votes." is a seat's number, not a count.
_ONE_PLURAL = re.compile(rf"(?<![\w,.-])(?<![Ss]eat )(?:1|one) {_BETWEEN}{_NOUN}s\b", re.I)
# (not the last of a list: in "seats 4 and 5 vote" the verb goes with "seats")
_MANY_SINGULAR = re.compile(rf"(?<![\w,.-])(?<!, )(?<!and )(?!1 |one )({_NUMBER}) {_BETWEEN}{_NOUN}\b(?!s)",
                            re.I)
_CAPITALS = re.compile(r"\b[A-Z]{2,}\b")
# A day word right before "reminder" or "token" is a token's name (the Died Today reminder).
_DAY_WORDS = re.compile(r"\b(today|this afternoon|this morning)\b(?! (?:reminder|token)\b)",
                        re.I)
# Python's None, True and False leak in mid-sentence ("the number None"); a sentence may
# still begin with the word ("False: among seats 1, 3 and 6..."), and a token's name in title
# case may hold it (the Duchess's False Info reminder).
_MARKUP = re.compile(r"[{}\[\]<>_\\|*#]|(?<=[a-z,:] )(?:None|True|False)\b(?! [A-Z])|[ \t]{2,}|"
                     r"\s[.,;:!?]|"
                     r"\.\.")
# "seat 6, seat 6": a player with no name called by their seat, then by their "name".
_SEAT_TWICE = re.compile(r"\bseat (\d+),? seat \1\b", re.I)
# "a evil player", "a Imp": "an" before a vowel sound (not "a one", "a useful", "a unique").
# A capital "A" counts only where a sentence begins: "Seat 1, A is poisoned" is a player named A.
_A_VOWEL = re.compile(r"(?:(?<![\w'-])a|(?:^|(?<=[.!?:] ))A) "
                      r"(?i:(?!one\b|once\b|use|usu|uni|eu)([aeiou]\w*))")
# "Night, night 2": a word said twice across a comma (not "no, no": none of ours).
_TWICE = re.compile(r"\b(?!you\b)([A-Za-z]{3,}), \1\b", re.I)    # "kills you, you learn"
# "the day ends from the day": the same two words again a few words on.
_CLOSE_TWICE = re.compile(r"\b(the [a-z]{3,})\b(?: \w+){1,2} \1\b")
# "tomorrow their vote counts against.": a sentence ending on a word that needs more.
_DANGLING = re.compile(r"\b(?:against|the|an|and|or|of|with|by)[.?!]", re.I)
_SENTENCE_END = re.compile(r"""[.!?]+['"’”)\]]*(?=\s|$)""")
_WAKE = re.compile(r"\bWake the ([A-Z][\w' -]*?)(?:,| with |\.|:)")
_SLEEP = re.compile(r"\bPut the ([A-Z][\w' -]*?) to sleep\b")
_MAY_OPEN = re.compile(r"\b(?<!not )(?:may )?open their eyes", re.I)
GAME_OVER = "The game is over."


def words(text: str) -> int:
    """How many words ``text`` says."""
    return len(text.split())


def sentences(text: str) -> list[str]:
    """The sentences of ``text`` in order (a sentence ends at . ! or ? and a space)."""
    found, start = [], 0
    for m in _SENTENCE_END.finditer(text):
        found.append(text[start:m.end()].strip())
        start = m.end()
    rest = text[start:].strip()
    return [s for s in found + [rest] if s]


def lead(text: str) -> str:
    """What the earpiece says before its first pause."""
    return parts(text)[0]


def line_problems(text: str, night: bool = False, channel: str = "") -> list[str]:
    """What is wrong with one line; ``night``: said while it is night; ``channel``: where
    ("private" adds the earpiece's rules: the action first, in few words)."""
    found = []
    if not text.strip():
        return ["an empty line"]
    why = unfit_to_say(text)
    if why:
        found.append(f"never to be said, {why}")
    for part in parts(text):
        if not part:
            found.append("an empty part around a pause")
            continue
        if part[0].islower():
            found.append("starts in lower case")
        if part.rstrip()[-1] not in ".?!:'\"":
            found.append("does not end a sentence")
    for m in _ONE_PLURAL.finditer(text):
        found.append(f"one with a plural: {m.group()!r}")
    for m in _MANY_SINGULAR.finditer(text):
        found.append(f"a number with a singular: {m.group()!r}")
    for m in _CAPITALS.finditer(text):
        found.append(f"a word in capitals: {m.group()!r}")
    if _MARKUP.search(text):
        found.append(f"markup or spacing: {_MARKUP.search(text).group()!r}")
    for m in _SEAT_TWICE.finditer(text):
        found.append(f"a seat said twice: {m.group()!r}")
    for m in _A_VOWEL.finditer(text):
        found.append(f"'a' before a vowel: {m.group()!r}")
    for m in _TWICE.finditer(text):
        found.append(f"a word said twice: {m.group()!r}")
    for m in _CLOSE_TWICE.finditer(text):
        found.append(f"a word said twice: {m.group()!r}")
    for m in _DANGLING.finditer(text):
        found.append(f"a sentence ending on {m.group()!r}")
    if night:
        for m in _DAY_WORDS.finditer(text):
            found.append(f"a day word at night: {m.group()!r}")
    if "do not wake" in text.lower() and _MAY_OPEN.search(text):
        found.append("says both do not wake them and they may open their eyes")
    if channel == PRIVATE:
        first = sentences(text)[0] if sentences(text) else ""
        if words(first) > LEAD_WORDS:
            found.append(f"a first sentence of {words(first)} words (at most {LEAD_WORDS})")
        if words(lead(text)) > BEFORE_PAUSE_WORDS:
            found.append(f"{words(lead(text))} words before a pause "
                         f"(at most {BEFORE_PAUSE_WORDS})")
    return found


def said_problems(lines: Iterable[tuple]) -> list[str]:
    """The rules on a whole game's lines, in order: [(text, at_night[, channel])]. The
    game's last lines are the result and the grimoire; a "Put the X to sleep" follows a
    "Wake the X" (since X was last put to sleep)."""
    found, awake, over, before = [], set(), 0, ""
    for text, night, *channel in lines:
        shown = text.replace(PAUSE, " / ")
        found += [f"{p}: {shown!r}" for p in line_problems(text, night, *channel)]
        if "do not wake them" in before.lower() and _MAY_OPEN.search(text):
            found.append(f"do not wake them, then they may open their eyes: {shown!r}")
        before = text
        if over:
            over += 1
            if over > 2:       # the result, then the grimoire revealed
                found.append(f"said after the game was over: {shown!r}")
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
                found.append(f"puts the {who} to sleep, who was not woken: {shown!r}")
    return found


def assert_fit_to_say(lines: Iterable[tuple]) -> None:
    """For tests: fail with every problem found."""
    problems = said_problems(lines)
    assert not problems, "\n".join(problems)


# --- the pause --------------------------------------------------------------------------------
def paced(text: str) -> str:
    """An earpiece line with its pauses: a line of at most :data:`BEFORE_PAUSE_WORDS`
    words is said as it is; a longer one pauses at a sentence's end every
    :data:`BEFORE_PAUSE_WORDS` words or fewer (a long list, an answer, a long instruction),
    so the Storyteller hears it in pieces. A line paced by its maker (the action, ``PAUSE``,
    the reasons) keeps its lead whole where it is short enough, and what follows is paced
    the same way; a lead over :data:`BEFORE_PAUSE_WORDS` words (the setup choices, one after
    another before the first choice's own pause) is paced too. A first sentence over
    :data:`LEAD_WORDS` words is the line's own fault (the rules above say so), not this
    function's to cut."""
    if PAUSE in text:       # the maker's pauses stay; each piece between them is paced in turn
        return PAUSE.join(paced(piece) for piece in parts(text))
    if words(text) <= BEFORE_PAUSE_WORDS:
        return text
    chunks: list[list[str]] = [[]]
    for s in sentences(text):
        if chunks[-1] and words(" ".join(chunks[-1] + [s])) > BEFORE_PAUSE_WORDS:
            chunks.append([])
        chunks[-1].append(s)
    return PAUSE.join(" ".join(c) for c in chunks)


# --- on every line said ---------------------------------------------------------------------
NOT_SAID = "Something went wrong with that line, so it is not said. Carry on, or say repeat."


def checked(channel: str, text: str, report) -> tuple[str, str]:
    """What the narration says for a line given to it: (channel, text). Every rule above
    runs on it; ``report(message)`` hears of each line that breaks one (the narrator logs
    it). A line that breaks a style rule is still said (the game needs it), never
    silently; one that must never be heard (a path, a log reference) is not said: the
    Storyteller hears :data:`NOT_SAID` instead."""
    shown_text = text.replace(PAUSE, " / ")
    why = unfit_to_say(text)
    if why:
        report(f"not said ({why}): [{channel}] {shown_text}")
        return PRIVATE, NOT_SAID
    problems = line_problems(text, channel=channel)
    if problems:
        report(f"said, breaking a line rule ({'; '.join(problems)}): [{channel}] "
               f"{shown_text}")
    return channel, text
