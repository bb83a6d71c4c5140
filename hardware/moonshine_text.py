"""Moonshine's writing and the grammar's words: a free transcript read as grammar words (lower
case, no punctuation, digits spelt out), and a grammar phrase written as the model writes it
(a capital, a full stop or a question mark, digits if asked), so that its score compares with
the transcript's; and a phrase's neighbours one number away."""
from __future__ import annotations

import re

_ONES = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen sixteen seventeen eighteen nineteen").split()
_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
         "eighty": 80, "ninety": 90}
NUMBER_WORDS = {w: n for n, w in enumerate(_ONES)} | _TENS
# a phrase that begins with one of these is a question, and the model ends it with "?": "Who is
# dead?" (written "Who is dead." it scored 5 to 7 nats below the model's own transcript of it)
QUESTION_WORDS = frozenset(("who", "what", "where", "which", "when", "why", "how"))
_WORD = re.compile(r"[a-z0-9']+")


def words_of(transcript: str) -> list[str]:
    """A free transcript as grammar words: lower case, no punctuation, digits spelt out."""
    out: list[str] = []
    for token in _WORD.findall(transcript.lower().replace("-", " ")):
        if token.isdigit():
            out += spell_number(int(token)).split()
        else:
            out.append(token.strip("'"))
    return [w for w in out if w]


def spell_number(n: int) -> str:
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens = next(w for w, v in _TENS.items() if v == n - n % 10)
        return tens if n % 10 == 0 else f"{tens} {_ONES[n % 10]}"
    return " ".join(_ONES[int(d)] for d in str(n))


def styled(phrase: str, digits: bool) -> str:
    """A phrase written as the model writes: a capital, a full stop (a question mark after a
    question word), digits if asked."""
    words = phrase.split()
    end = "?" if words and words[0] in QUESTION_WORDS else "."
    if digits:
        words = [str(NUMBER_WORDS[w]) if w in NUMBER_WORDS else w for w in words]
    text = " ".join(words)
    return (text[:1].upper() + text[1:] + end) if text else text


def number_variants(graph, phrase: str) -> list[str]:
    """The grammar's phrases (``graph``: a PhraseEnds) that are ``phrase`` with one number word
    another ("seat two nominates seat six": "seat three nominates seat six", ...)."""
    words = phrase.split()
    out = []
    for index, word in enumerate(words):
        if word not in NUMBER_WORDS:
            continue
        for other in NUMBER_WORDS:
            if other != word:
                text = " ".join(words[:index] + [other] + words[index + 1:])
                if graph.complete(text):
                    out.append(text)
    return out
