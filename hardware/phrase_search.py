"""The phrases of a grammar nearest to some words: a word-level edit distance over its graph.

A free transcript ("c eight to nominate c three") is matched against every phrase the
grammar's word graph (:class:`hardware.phrase_end.PhraseEnds`) can produce, without listing
them: a search over (graph state, words consumed) with the usual edits - a grammar word
matched or substituted, a heard word left out (insertion), a grammar word not heard
(deletion). A substitution costs less between words that are spelt alike ("ape" / "eight"),
so ties between many one-word-off phrases are broken towards the likely ones. Up to
``per_state`` paths are kept per state and layer and only those within ``beam`` of the
layer's best, so the search stays small (milliseconds on the game's grammars).

The grammar comes in as JSGF; pocketsphinx builds its finite-state form (``Jsgf``,
``build_fsg``), which needs no acoustic model.
"""
from __future__ import annotations

import heapq
import tempfile
from difflib import SequenceMatcher
from functools import lru_cache
from pathlib import Path

from hardware.phrase_end import PhraseEnds

INSERT = 1.0   # a heard word that is in no phrase here
DELETE = 1.0   # a grammar word that was not heard


def graph_from_jsgf(jsgf: str, rule: str = "") -> PhraseEnds:
    """The word graph of a JSGF grammar's public rule (its first public rule by default)."""
    import pocketsphinx

    with tempfile.TemporaryDirectory(prefix="narrator-jsgf-") as scratch:
        source = Path(scratch) / "grammar.jsgf"
        source.write_text(jsgf, encoding="utf-8")
        grammar = pocketsphinx.Jsgf(str(source))
        if not rule:
            name = next((line.split("grammar", 1)[1].strip(" ;") for line in jsgf.splitlines()
                         if line.startswith("grammar ")), "")
            public = next(line.split("<", 1)[1].split(">", 1)[0] for line in jsgf.splitlines()
                          if line.startswith("public <"))
            rule = f"{name}.{public}" if name else public
        found = grammar.get_rule(rule)
        if found is None:
            raise ValueError(f"no rule {rule!r} in the grammar")
        fsg = grammar.build_fsg(found, pocketsphinx.LogMath(), 1.0)
        target = Path(scratch) / "grammar.fsg"
        fsg.writefile(str(target))
        return PhraseEnds.from_fsg_text(target.read_text(encoding="utf-8"))


@lru_cache(maxsize=65536)
def substitution(heard: str, said: str) -> float:
    """0 for the same word, between 0.5 and 1 otherwise (less for words spelt alike)."""
    if heard == said:
        return 0.0
    return 1.0 - 0.5 * SequenceMatcher(None, heard, said).ratio()


def nearest(graph: PhraseEnds, words: list[str], *, limit: int = 16, slack: float = 1.0,
            per_state: int = 12, beam: float = 2.0) -> list[tuple[float, str]]:
    """(cost, phrase) for the phrases nearest to ``words``, cheapest first: those within
    ``slack`` of the best, at most ``limit``."""
    layer: list[tuple[float, int, tuple[str, ...]]] = [(0.0, graph.start, ())]
    settled: dict[int, list[tuple[float, tuple[str, ...]]]] = {}
    for position in range(len(words) + 1):
        settled = _settle(graph, layer, per_state, beam)
        if position == len(words):
            break
        heard = words[position]
        steps = {state: [(substitution(heard, word), word, targets)
                         for word, targets in graph.arcs.get(state, {}).items()] for state in settled}
        # the next layer's cheapest path, worked out first: what costs more than ``beam`` over it
        # is never settled, so it is never made (the search's answer is the same, sooner). A
        # state's entries are settled cheapest first.
        floor = min(entries[0][0] + min([INSERT] + [step for step, _, _ in steps[state]])
                    for state, entries in settled.items()) if settled else 0.0
        bound = floor + beam
        layer = []
        for state, entries in settled.items():
            for cost, path in entries:
                if cost + INSERT <= bound:
                    layer.append((cost + INSERT, state, path))
                for step, word, targets in steps[state]:
                    if cost + step <= bound:
                        layer.extend((cost + step, target, path + (word,)) for target in targets)
    found: dict[tuple[str, ...], float] = {}
    for state in graph.finals:
        for cost, path in settled.get(state, ()):
            if path and cost < found.get(path, float("inf")):
                found[path] = cost
    ranked = sorted((cost, " ".join(path)) for path, cost in found.items())
    if not ranked:
        return []
    best = ranked[0][0]
    return [(cost, text) for cost, text in ranked if cost <= best + slack][:limit]


def _settle(graph: PhraseEnds, layer: list[tuple[float, int, tuple[str, ...]]], per_state: int,
            beam: float) -> dict[int, list[tuple[float, tuple[str, ...]]]]:
    """Close one layer over null arcs (free) and deletions (a grammar word not heard)."""
    heapq.heapify(layer)
    settled: dict[int, list[tuple[float, tuple[str, ...]]]] = {}
    if not layer:
        return settled
    pop, push, nulls, arcs, full = heapq.heappop, heapq.heappush, graph.nulls, graph.arcs, settled.get
    seen: set[tuple[int, tuple[str, ...]]] = set()   # each state's settled paths, to skip a repeat
    limit = layer[0][0] + beam   # the cheapest path's cost, plus the beam
    while layer:
        cost, state, path = pop(layer)
        if cost > limit:
            break
        entries = settled.setdefault(state, [])
        if len(entries) >= per_state or (state, path) in seen:
            continue
        entries.append((cost, path))
        seen.add((state, path))
        # a path beyond the beam, or to a state already full, would never be settled: not made
        for target in nulls.get(state, ()):
            if len(full(target, ())) < per_state:
                push(layer, (cost, target, path))
        deleted = cost + DELETE
        if deleted > limit:
            continue
        for word, targets in arcs.get(state, {}).items():
            longer = path + (word,)
            for target in targets:
                if len(full(target, ())) < per_state:
                    push(layer, (deleted, target, longer))
    return settled
