"""How sure pocketsphinx is of a grammar result, word by word: a phone loop's agreement mixed
with an acoustic likelihood ratio.

Confidence: a second decoder runs an unconstrained phone loop (``allphone`` with the bundled
phonetic language model) on the same audio, and each word of the grammar result is scored
against it twice.

- Phone agreement: the phones the phone loop heard during the word's time span against the
  word's dictionary pronunciation (edit distance, a substitution inside a broad phone class
  counts half): 1 - distance / length.
- Acoustic likelihood ratio: the word's acoustic score in the grammar decoder
  (``Segment.ascore``, exponentiated: its natural log is taken, an underflow counts as the
  worst) less the phone loop's score over the same frames, per frame. The phone loop is the
  best match the audio allows, so a word really said lies a little below it, chatter forced
  onto a grammar word far below. Mapped to 0..1 by ``acoustic_scale``.

Word confidence = (1 - ``acoustic_weight``) x phone agreement + ``acoustic_weight`` x acoustic
confidence; the utterance's is the same mix of the totals. A grammar forces *some* phrase out
of any noise; the phone loop tells the difference. (The lattice posterior of a small grammar
is near-constant, so it is no use.)
"""
from __future__ import annotations

import math
from typing import Callable

from hardware.recognizer import WordResult

FRAME_RATE = 100  # pocketsphinx frames per second
DEFAULT_MIN_CONFIDENCE = 0.3
# A one-word phrase has few phones, so one phone the phone loop hears differently moves its
# confidence a lot: right one-word commands (undo, status) land at 0.25. Measured on the
# benchmark (216 clean commands in state, 109 chatter lines, whole grammar): a 0.24 floor for
# one-word results gains 2 right commands and accepts no more chatter (no one-word result from
# chatter scored between 0.24 and 0.3); the same floor for two-word results would accept 8 more.
# (Measured again with the acoustic likelihood ratio in the confidence: any one-word floor from
# 0.22 to 0.3 gives the same figures there.)
DEFAULT_MIN_CONFIDENCE_ONE_WORD = 0.24
# ...and only when the phone loop hears no more than this outside the word: chatter forced
# onto one word ("hold on a second" heard as "nobody", 0.25) runs on around it.
ONE_WORD_MAX_EXTRA_PHONES = 2
# Acoustic evidence (a likelihood ratio): for each word, its acoustic score in the grammar
# decoder per frame, less the phone loop's score over the same frames. The phone loop is the
# best unconstrained match, so the difference says how far the forced grammar word lies below
# what the audio sounded like. ``Segment.ascore`` is that score exponentiated in the decoder's
# log base; the phone loop (allphone search) reports its scores 2**10 coarser than the grammar
# search (pocketsphinx's SENSCR_SHIFT): measured, the phone loop's hyp score is the sum of its
# segments' scores, while the grammar's segments sum to about a thousand times its hyp score.
PHONE_LOOP_SCORE_SCALE = 1024.0
# A word whose likelihood ratio is ACOUSTIC_SCALE nats per frame or worse gets acoustic
# confidence 0, one level with the phone loop 1 (measured on the benchmark's clean commands: right
# words -1 to -5, median -3; table chatter forced onto grammar words -4 to -8, median -5.8).
# Scale, weight and the 0.3 floor were chosen on five of the nine benchmark command voices and
# half the chatter lines, then checked on the rest (docs/performance.md).
ACOUSTIC_SCALE = 7.0
# A word's confidence mixes its phone agreement (1 - weight) with its acoustic confidence.
ACOUSTIC_WEIGHT = 0.5
_PHONE_LOOP_SKIP = {"SIL", "+NSN+", "+SPN+", "+BREATH+", "+COUGH+", "+NOISE+", "+UM+", "+UH+"}

# Broad ARPAbet classes: a substitution within a class costs half.
_PHONE_CLASSES: dict[str, str] = {}
for _cls, _phones in {
    "vowel": "AA AE AH AO AW AY EH ER EY IH IY OW OY UH UW",
    "stop": "B D G K P T",
    "fricative": "DH F HH S SH TH V Z ZH",
    "affricate": "CH JH",
    "nasal": "M N NG",
    "liquid": "L R W Y",
}.items():
    for _p in _phones.split():
        _PHONE_CLASSES[_p] = _cls



def phone_distance(heard: list[str], expected: list[str]) -> float:
    """Weighted edit distance between two phone sequences."""
    row = [float(j) for j in range(len(expected) + 1)]
    for i, a in enumerate(heard, 1):
        diagonal, row[0] = row[0], float(i)
        for j, b in enumerate(expected, 1):
            if a == b:
                cost = 0.0
            elif _PHONE_CLASSES.get(a) is not None and _PHONE_CLASSES.get(a) == _PHONE_CLASSES.get(b):
                cost = 0.5
            else:
                cost = 1.0
            diagonal, row[j] = row[j], min(row[j] + 1.0, row[j - 1] + 1.0, diagonal + cost)
    return row[-1]



def extra_phones(phones, segments: list[tuple], counts: Callable[[float], bool] | None = None) -> int:
    """Phones the phone loop (decoder ``phones``) heard before the first word or after the
    last one; only those whose middle frame ``counts`` (None: all)."""
    if phones is None or phones.hyp() is None or not segments:
        return 0
    first, last = segments[0][1], segments[-1][2]
    middles = ((s.start_frame + s.end_frame) / 2 for s in phones.seg() if s.word not in _PHONE_LOOP_SKIP)
    return sum(1 for m in middles if not first - 3 <= m <= last + 3 and (counts is None or counts(m)))


def acoustic_confidence(ratio_per_frame: float, scale: float = ACOUSTIC_SCALE) -> float:
    """0 at ``scale`` nats a frame below the phone loop (or worse), 1 level with it."""
    return min(max(1.0 + ratio_per_frame / scale, 0.0), 1.0)


def likelihood_ratio(ascore: float, sf: int, ef: int, loop: list) -> float:
    """ln(grammar word's acoustic score) - ln(the phone loop's over the same frames), nats;
    the loop's segments count in proportion to the frames they share with the word."""
    if ascore <= 0.0:  # underflowed: a long, very poor match
        return -math.inf
    heard = 0.0
    for s in loop:
        shared = min(ef, s.end_frame) - max(sf, s.start_frame) + 1
        if shared > 0 and s.ascore > 0.0:
            heard += math.log(s.ascore) * PHONE_LOOP_SCORE_SCALE * shared / (s.end_frame - s.start_frame + 1)
    return math.log(ascore) - heard


def score(segments: list[tuple[str, int, int, float]], decoder, phones, start: float,
          weight: float = ACOUSTIC_WEIGHT, scale: float = ACOUSTIC_SCALE,
          ) -> tuple[tuple[WordResult, ...], float]:
    """Word and utterance confidences of a grammar result (``segments``: word, start and end
    frame, acoustic score; ``decoder`` the grammar decoder, ``phones`` the phone loop, ``start``
    the utterance's start in seconds): phone agreement mixed with the acoustic likelihood ratio
    (``weight``)."""
    base = start

    def timing(sf: int, ef: int) -> tuple[float, float]:
        return base + sf / FRAME_RATE, base + (ef + 1) / FRAME_RATE

    if phones is None or phones.hyp() is None:
        words = tuple(WordResult(w, None, *timing(sf, ef)) for w, sf, ef, *_ in segments)
        return words, 1.0
    loop = list(phones.seg())

    def _conf(ratio: float) -> float:
        return acoustic_confidence(ratio, scale)

    heard = [(s.word, (s.start_frame + s.end_frame) / 2) for s in loop if s.word not in _PHONE_LOOP_SKIP]
    weight = min(max(weight, 0.0), 1.0)
    words = []
    total_distance = 0.0
    total_length = 0
    total_ratio = 0.0
    total_frames = 0
    for word, sf, ef, ascore in segments:
        expected = (decoder.lookup_word(word) or "").split()
        during = [phone for phone, mid in heard if sf - 2 <= mid <= ef + 2]
        length = max(len(expected), len(during), 1)
        distance = min(phone_distance(during, expected), float(length))
        total_distance += distance
        total_length += length
        confidence = 1.0 - distance / length
        if weight:
            frames = max(ef - sf + 1, 1)
            ratio = likelihood_ratio(ascore, sf, ef, loop)
            total_ratio += ratio
            total_frames += frames
            confidence = (1.0 - weight) * confidence + weight * _conf(ratio / frames)
        words.append(WordResult(word, round(confidence, 3), *timing(sf, ef)))
    utterance = 1.0 - total_distance / max(total_length, 1)
    if weight and total_frames:
        utterance = (1.0 - weight) * utterance + weight * _conf(total_ratio / total_frames)
    return tuple(words), utterance
