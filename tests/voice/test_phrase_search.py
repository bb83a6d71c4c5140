"""The phrase search (hardware/phrase_search.py) against every phrase of a small grammar: the
cheapest phrase it finds costs what the cheapest alignment of any phrase costs, worked out by
a plain edit distance over the whole list. The search makes no path it could never settle (one
beyond the beam, or to a state already full); that must never lose the best phrase."""
from __future__ import annotations

import random

import pytest

from hardware.phrase_search import DELETE, INSERT, graph_from_jsgf, nearest, substitution
from narrator.cli.commands import language_for

INTENTS = ["nominate", "exile", "next", "undo", "repeat", "status", "pause", "resume"]


def distance(heard: list[str], said: list[str]) -> float:
    """The weighted edit distance the search uses: heard words left out, grammar words not
    heard, words substituted (less for words spelt alike)."""
    row = [j * DELETE for j in range(len(said) + 1)]
    for i, word in enumerate(heard, 1):
        prev, row = row, [i * INSERT] + [0.0] * len(said)
        for j, other in enumerate(said, 1):
            row[j] = min(prev[j] + INSERT, row[j - 1] + DELETE, prev[j - 1] + substitution(word, other))
    return row[-1]


@pytest.fixture(scope="module")
def grammar():
    language = language_for(None, 6)
    data = language.grammar(INTENTS)
    return graph_from_jsgf(data.jsgf), [p.split() for p in language.phrases(
        [c for c in language.spoken if c.intent in INTENTS])]


def garbled(rng: random.Random, phrases: list[list[str]]) -> list[str]:
    words = list(rng.choice(phrases))
    noise = ["c", "ape", "see", "to", "the", "a", "sex", "tree", "un", "new"]
    for _ in range(rng.randint(0, 3)):
        kind, at = rng.random(), rng.randrange(len(words) + 1)
        if kind < 0.4 and words:
            words[min(at, len(words) - 1)] = rng.choice(noise)
        elif kind < 0.7:
            words.insert(at, rng.choice(noise))
        elif words:
            del words[min(at, len(words) - 1)]
    return words or ["the"]


def test_the_cheapest_phrase_found_is_the_cheapest_there_is(grammar):
    graph, phrases = grammar
    assert len(phrases) > 100 and all(graph.complete(p) for p in phrases)
    rng = random.Random(7)
    for _ in range(150):
        heard = garbled(rng, phrases)
        found = nearest(graph, heard)
        best = min(distance(heard, p) for p in phrases)
        assert found, heard
        assert found[0][0] == pytest.approx(best), (heard, found[:3], best)
        assert distance(heard, found[0][1].split()) == pytest.approx(best), (heard, found[0])
