"""Fused: moonshine's "Yeah." in table talk, read as the command pocketsphinx heard.

Scoring the grammar's phrases on babble, moonshine's best is most often a yes ("yeah", "yes"):
a likely thing for anyone to have said, whatever was said. Where pocketsphinx, sure of its
reading, heard another command that moonshine scored close behind that yes, the two
recognizers read the same command, and the yes is the weaker reading of the two: moonshine's
reading is that command. The confirmation policy then weighs it as any reading both heard
(or, where pocketsphinx stopped inside the phrase, as one it heard only in part: asked).
"""
from __future__ import annotations

from hardware.recognizer import INCOMPLETE, RecognitionResult, neural_reading, normalize_text

# nats below moonshine's yes (or no) within which pocketsphinx's command counts as moonshine's
# reading. 6 Dec, the fused readings of both splits (4 x 110 and 4 x 220), right first time at
# 20 / 15 / 10 dB: benchmark 73 / 51 / 22 -> 74 / 55 / 22 of 110 ("undo", "redo", "grimoire",
# "status" were asked: "Yeah" 0.4-2.3 nats ahead), calibration 147 / 93 / 42 -> 148 / 94 / 44
# of 220; no silent wrong more in either. At 4 nats one more wrong command was asked; 3 is also
# where the phrases are scored exactly (hardware.moonshine_ahead.SCORED_WITHIN_BEST).
ANSWER_GAP = 3.0


def over_an_answer(mine: RecognitionResult, source: RecognitionResult, answers: frozenset[str],
                   margin: float, gap: float | None = ANSWER_GAP) -> RecognitionResult:
    """``mine`` (moonshine's reading) with the source's command first, where ``mine`` is one
    of ``answers`` (the grammar's yes and no phrases) and the source's sure reading, not an
    answer, is among ``mine``'s phrases within ``gap`` nats of it, or a phrase its reading
    stopped inside of begins so (two words or more: "override good" of "override good wins";
    the policy asks that one); else ``mine``. Accepted as any reading is, within ``margin``
    nats of the free transcript."""
    sure, begun = source.accepted and not source.reason, source.reason == INCOMPLETE
    heard = normalize_text(source.text) if sure or begun else ""
    if gap is None or not heard or heard in answers or mine.text not in answers or not mine.alternatives:
        return mine
    best, words = mine.alternatives[0][1], heard.split()
    for text, score in mine.alternatives[1:]:
        said = text == heard if sure else len(words) >= 2 and text.split()[:len(words)] == words
        if said and best - score <= gap:
            first = ((text, score),) + tuple(a for a in mine.alternatives if a[0] != text)
            return neural_reading(text, score, mine.heard, margin, first, snr_db=mine.snr_db,
                                  second=mine.second, searched=mine.searched, loud=mine.loud)
    return mine
