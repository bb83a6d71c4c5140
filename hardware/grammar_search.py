"""The grammar's best phrases for an utterance, found by moonshine itself: a search over the
grammar's word graph, token by token, best first.

The fused recognizer's candidates come from what was heard: the phrases nearest the free
transcript, and pocketsphinx's hypothesis. In table babble the transcript goes astray ("I've
been asking all of my friends." for "next"), pocketsphinx too, and the right phrase is never
scored though it scores far above every phrase that is ("Next." -6.1 nats, the best phrase
near the transcript -35.6). Here the decoder itself walks the grammar: each phrase is grown a
token at a time from the start, always the best-scoring prefix first, only by the tokens the
grammar allows next (its words as the model writes them: the first with a capital, a number
also as digits, the last with its full stop or question mark, then the end token). A
log-probability only falls as tokens are added, so the first whole phrases reached are the
best ones; the search stops there, or at a budget of decoder runs, or below a floor.

Each run is one token of one prefix against the key/value cache, as every phrase is scored
(``MoonshineModel._after``): a run made here is reused by the scoring, and one made there (the
transcript, a phrase near it) costs nothing here.
"""
from __future__ import annotations

import heapq
import itertools
from typing import Any

import numpy as np

from hardware.moonshine_model import END
from hardware.moonshine_text import NUMBER_WORDS, QUESTION_WORDS
from hardware.utterance_length import syllables

# decoder runs a search may make (about 4 ms each on this machine)
SEARCH_RUNS = 20


def search(model: Any, states: np.ndarray, graph: Any, *, keep: int = 4, span: float = 4.0,
           floor: float | None = None, runs: int = SEARCH_RUNS,
           skip: frozenset[str] = frozenset(), shortest: int = 1) -> list[tuple[float, str]]:
    """(score, phrase) for the best whole phrases of ``graph`` on the encoded audio, best first:
    at most ``keep``, those within ``span`` nats of the best. A prefix below ``floor`` is not
    grown, nor any once ``runs`` new decoder runs are spent (what was found by then is given).
    ``skip``: whole phrases never given (nor counted), the answers table talk is full of;
    nor any of fewer words than ``shortest``."""
    start = model._start(states, fresh=not model.keep_runs)
    encode = model.tokenizer.encode
    order = itertools.count()
    root = frozenset(graph.states_after([]))
    # (-score, order, tokens, words, states, tokens still to come of this word, the phrase ends)
    queue: list[tuple] = [(-0.0, next(order), (), (), root, (), False)]
    found: dict[tuple[str, ...], float] = {}
    spent = 0
    while queue:
        value, _, tokens, words, at, pending, last = heapq.heappop(queue)
        value = -value
        best = max(found.values(), default=-np.inf)
        if value < best - span or len(found) >= keep and value < sorted(found.values())[-keep]:
            break
        if floor is not None and value < floor:
            break
        if tokens and tokens not in start["runs"]:
            if spent >= runs:
                break
            spent += 1
        logprobs = model._after(start, tokens)
        if pending:
            score = value + float(logprobs[pending[0]])
            if last and len(pending) == 1:
                found[words] = max(score, found.get(words, -np.inf))
            else:
                heapq.heappush(queue, (-score, next(order), tokens + pending[:1], words, at, pending[1:], last))
            continue
        end = "?" if (words[0] if words else "") in QUESTION_WORDS else "."
        for word, after in graph.next_words(at).items():
            mark = end if words else ("?" if word in QUESTION_WORDS else ".")
            goes_on = any(graph.arcs.get(state) for state in after)
            for form in _forms(word, first=not words):
                ways = ([(encode(form), False)] if goes_on else []) + \
                       ([(encode(form + mark) + [END], True)] if after & graph.finals else [])
                for sequence, ends in ways:
                    score = value + float(logprobs[sequence[0]])
                    if floor is not None and score < floor:
                        continue
                    rest = tuple(sequence[1:])
                    if ends and (len(words) + 1 < shortest or " ".join(words + (word,)) in skip):
                        continue
                    if ends and not rest:
                        found[words + (word,)] = max(score, found.get(words + (word,), -np.inf))
                        continue
                    heapq.heappush(queue, (-score, next(order), tokens + (sequence[0],), words + (word,),
                                           after, rest, ends))
    ranked = sorted(((score, " ".join(words)) for words, score in found.items()), reverse=True)
    return [(score, text) for score, text in ranked if score >= ranked[0][0] - span][:keep]


def _forms(word: str, first: bool) -> list[str]:
    """A grammar word as the model may write it: as itself (a capital first), and a number as
    digits too."""
    forms = [word[:1].upper() + word[1:] if first else word]
    if word in NUMBER_WORDS:
        forms.append(str(NUMBER_WORDS[word]))
    return forms


# nats: the search is made where the best phrase scored so far is further than this below the
# free transcript (on clean speech the phrases near the transcript hold the best one)
SEARCH_BELOW = 2.0
# words: a one-word command is short enough to be found in any stretch of table talk ("pause"
# in "the bluffs are soldier and the undertaker and the thief"), so the search proposes none
SHORTEST = 2
# seconds of loud audio (within LOUD_DB of the utterance's loud level) a syllable of a phrase the
# search found may account for: more, and the phrase is too short for what was said ("where are
# we" for "override seat one becomes the scarlet woman"). On both splits' searched readings at
# 20, 15 and 10 dB, above 0.3: 3 of the 71 right ones, 33 of the 60 wrong ones (the others
# mostly "where are we" for a one-word command, which the search cannot propose). Loud audio
# is about 0.6 of the speech here, at every SNR from 20 to 10 dB (docs/performance.md).
LOUD_PER_SYLLABLE = 0.3


def widened(done: Any, graph: Any, best_of: dict[str, float], *, floor_below: float, within: float,
            runs: int = SEARCH_RUNS, skip: frozenset[str] = frozenset()) -> dict[str, float]:
    """``best_of`` (phrase: score on ``done``, a ``moonshine_ahead.Heard``) with the search's
    phrases scored too (those long enough for the loud audio, ``LOUD_PER_SYLLABLE``), where
    the best of it is ``SEARCH_BELOW`` nats or more below the free transcript (or there is
    none); nothing below ``floor_below`` nats under it is grown."""
    free = done.free.logprob if done.free is not None else None
    if runs <= 0 or (free is not None and best_of and free - max(best_of.values()) <= SEARCH_BELOW):
        return best_of
    found = search(done.model, done.states, graph, floor=None if free is None else free - floor_below,
                   runs=runs, skip=skip, shortest=SHORTEST)
    fits = [p for _, p in found if p not in best_of and done.loud <= LOUD_PER_SYLLABLE * syllables(p)]
    return best_of | done.score(fits, within)
