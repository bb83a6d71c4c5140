"""Where a phrase of a grammar can end, and whether it can go on.

An utterance can be ended early, a short silence after its last word, when what has been
heard so far is a whole phrase of the grammar that no longer phrase extends ("undo", "seat
two nominates seat six" in the day's grammar). When the words heard so far are a whole phrase
that can still continue ("seats nine" ... "and fourteen"), a pause may be the middle of a
command, so the recognizer waits for the endpointer's longer silence; unless every longer
phrase means the same command ("undo" / "undo that", "resume" / "resume the game"): then
nothing the Storyteller could add changes what is carried out, and it ends as soon as a
phrase that cannot go on would (:meth:`PhraseEnds.settled`, with the grammar's ``meaning``:
text to the command it says, given by the command language).

The grammar is read from pocketsphinx's finite-state grammar in its text form (``FSG_BEGIN``
... ``TRANSITION from to prob [word]`` ... ``FSG_END``): a transition without a word is a null
transition, filler words (``<sil>``, ``[NOISE]``, ``++...++``) are skipped.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

_FILLER = re.compile(r"^(<.*>|\[.*\]|\+.*\+)$")
_ALT = re.compile(r"\(\d+\)$")


@dataclass
class PhraseEnds:
    """A word graph: ``start`` state, ``finals``, word arcs and null arcs between states."""

    start: int = 0
    finals: set[int] = field(default_factory=set)
    arcs: dict[int, dict[str, set[int]]] = field(default_factory=dict)
    nulls: dict[int, set[int]] = field(default_factory=dict)

    @classmethod
    def from_fsg_text(cls, text: str) -> "PhraseEnds":
        graph = cls()
        for line in text.splitlines():
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "START_STATE":
                graph.start = int(parts[1])
            elif parts[0] == "FINAL_STATE":
                graph.finals.add(int(parts[1]))
            elif parts[0] in ("TRANSITION", "T"):
                source, target = int(parts[1]), int(parts[2])
                if len(parts) < 5:
                    graph.nulls.setdefault(source, set()).add(target)
                elif not _FILLER.match(parts[4]):
                    word = _ALT.sub("", parts[4].lower())
                    graph.arcs.setdefault(source, {}).setdefault(word, set()).add(target)
        return graph

    @classmethod
    def from_decoder(cls, decoder, search: str, scratch: str) -> "PhraseEnds | None":
        """The graph of a pocketsphinx decoder's FSG search (written through ``scratch``, a
        file path), or None when the search has no FSG."""
        fsg = decoder.get_fsg(search)
        if fsg is None:
            return None
        fsg.writefile(scratch)
        with open(scratch, encoding="utf-8") as handle:
            return cls.from_fsg_text(handle.read())

    def _closure(self, states: set[int]) -> set[int]:
        todo, seen = list(states), set(states)
        while todo:
            for target in self.nulls.get(todo.pop(), ()):
                if target not in seen:
                    seen.add(target)
                    todo.append(target)
        return seen

    def states_after(self, words: list[str] | str) -> set[int]:
        """The states the words lead to from the start (empty: not a prefix of any phrase)."""
        if isinstance(words, str):
            words = words.split()
        states = self._closure({self.start})
        for word in words:
            if _FILLER.match(word):
                continue
            word = _ALT.sub("", word.lower())
            states = self._closure({t for s in states for t in self.arcs.get(s, {}).get(word, ())})
            if not states:
                break
        return states

    def next_words(self, states: set[int] | frozenset[int]) -> dict[str, set[int]]:
        """Each word some phrase goes on with from ``states``, and the states after it (null
        arcs followed)."""
        nexts: dict[str, set[int]] = {}
        for state in states:
            for word, targets in self.arcs.get(state, {}).items():
                nexts.setdefault(word, set()).update(targets)
        return {word: self._closure(targets) for word, targets in nexts.items()}

    def ending(self, words: list[str] | str) -> tuple[bool, bool]:
        """(the words are a whole phrase of the grammar, some longer phrase begins with them)."""
        states = self.states_after(words)
        return bool(states & self.finals), any(self.arcs.get(state) for state in states)

    def complete(self, words: list[str] | str) -> bool:
        """The words are a whole phrase of the grammar."""
        return self.ending(words)[0]

    def can_continue(self, words: list[str] | str) -> bool:
        """Some longer phrase of the grammar begins with these words."""
        return self.ending(words)[1]

    def final(self, words: list[str] | str) -> bool:
        """A whole phrase that no longer phrase extends: nothing more can be said after it."""
        whole, goes_on = self.ending(words)
        return whole and not goes_on

    def endings(self, words: list[str] | str, depth: int = 4, limit: int = 32) -> list[str] | None:
        """Every way the phrase can go on to a longer whole phrase ("that" after "undo"), or
        None when there are more than ``limit`` or one is longer than ``depth`` words (a
        seat list: "and eleven and twelve ...")."""
        found: list[str] = []
        todo = [(self.states_after(words), ())]
        while todo:
            states, said = todo.pop()
            if said and states & self.finals:
                found.append(" ".join(said))
            nexts = self.next_words(states)
            if nexts and len(said) >= depth:
                return None
            todo += [(after, said + (word,)) for word, after in nexts.items()]
            if len(found) + len(todo) > limit:
                return None
        return found

    def settled(self, words: list[str] | str, meaning: Callable[[str], Any] | None) -> bool:
        """A whole phrase whose every longer phrase means the same command (``meaning``: a
        phrase's command, None for none): what could still be said changes nothing."""
        text = " ".join(_ALT.sub("", w.lower()) for w in (words.split() if isinstance(words, str) else words)
                        if not _FILLER.match(w))
        if meaning is None or not self.complete(text):
            return False
        endings = self.endings(text)
        if endings is None:
            return False
        said = meaning(text)
        return said is not None and all(meaning(f"{text} {more}") == said for more in endings)


class EarlyEnd:
    """The silence after the last speech frame of an utterance, and whether the utterance
    may end there: the grammar decoder's partial hypothesis is a whole phrase that cannot go
    on (:meth:`PhraseEnds.final`), or can go on only to the same command
    (:meth:`PhraseEnds.settled`).

    A per-frame VAD (pocketsphinx's WebRTC VAD, in its strictest mode: the looser ones keep
    calling the 0.15 s after a word speech) counts the silent frames since the last speech
    frame; the hypothesis is asked for only once that silence is long enough. Frames beyond
    ``hold`` seconds of silence are held back from the decoders, and given to them only if
    speech comes back: an utterance the endpointer ends is decoded with the same short
    silence after it as before the decoders were fed directly.
    """

    def __init__(self, pocketsphinx, vad_mode: int = 3, sample_rate: int = 16000,
                 hold: float = 0.15, cache_size: int = 16) -> None:
        self._make_vad = lambda: pocketsphinx.Vad(vad_mode, sample_rate)
        self._vad = self._make_vad()
        self.frame_length = self._vad.frame_length
        self.hold = hold
        self._held: list[tuple[float, bytes]] = []
        self.graph: PhraseEnds | None = None
        self._graphs: dict[str, PhraseEnds | None] = {}
        self.meaning: Callable[[str], Any] | None = None
        self._settled: dict[str, bool] = {}  # the current grammar's answers, by hypothesis
        self.settle = True  # False: only a phrase that cannot go on ends early (the benchmark's baseline)
        self._cache_size = cache_size
        self.silent_frames = 0
        self.ended = False   # ended early; the speech region it was cut from has not closed yet

    def set_graph(self, graph: PhraseEnds | None, meaning: Callable[[str], Any] | None = None) -> None:
        self.graph, self.meaning = graph, meaning
        self._settled = {}

    def set_grammar(self, decoder, search: str, key: str, meaning: Callable[[str], Any] | None = None) -> None:
        """The graph of ``decoder``'s FSG ``search``; ``key`` (the JSGF text) caches it, since
        the Listener switches between a few grammars as the game goes. ``meaning``: the
        grammar's phrase to command (see :meth:`PhraseEnds.settled`; None: never settled)."""
        if key not in self._graphs:
            import tempfile

            with tempfile.TemporaryDirectory(prefix="narrator-fsg-") as scratch:
                graph = PhraseEnds.from_decoder(decoder, search, f"{scratch}/grammar.fsg")
            if len(self._graphs) >= self._cache_size:
                self._graphs.pop(next(iter(self._graphs)))
            self._graphs[key] = graph
        self.set_graph(self._graphs[key], meaning)

    def new_stream(self) -> None:
        """A new recording: the VAD's noise model starts again (it adapts as it hears)."""
        self._vad = self._make_vad()
        self.start()

    def start(self) -> None:
        self.silent_frames = 0
        self._held.clear()

    def hear(self, frame: bytes, at: float) -> bytes:
        """Note one frame of the utterance (``at``: its start, in stream seconds); returns the
        audio to decode now: the frame, after any held back, or nothing while the silence is
        longer than ``hold``."""
        if len(frame) != self._vad.frame_bytes:
            return frame
        if self._vad.is_speech(frame):
            self.silent_frames = 0
        else:
            self.silent_frames += 1
            if self.silent_frames * self.frame_length > self.hold + 1e-6:
                self._held.append((at, frame))
                return b""
        return self.held_until(float("inf")) + frame

    def held_until(self, until: float) -> bytes:
        """The held frames that start before ``until`` (the rest is dropped)."""
        audio = b"".join(frame for at, frame in self._held if at < until - 1e-6)
        self._held.clear()
        return audio

    def due(self, silence: float, decoder, silence_open: float | None = None) -> bool:
        """Enough silence after the decoder's hypothesis: ``silence`` after a whole phrase
        that cannot go on, or can only to the same command; ``silence_open`` (None: never)
        after one that can go on to another."""
        heard = self.silent_frames * self.frame_length + 1e-6
        if self.graph is None or heard < silence:
            return False
        hyp = decoder.hyp()
        if hyp is None or not hyp.hypstr:
            return False
        whole, goes_on = self.graph.ending(hyp.hypstr)
        if not whole:
            return False
        if not goes_on or (silence_open is not None and heard >= silence_open):
            return True
        if not self.settle:
            return False
        if hyp.hypstr not in self._settled:
            if len(self._settled) >= 256:  # a long session on one grammar: memory stays flat
                self._settled.clear()
            self._settled[hyp.hypstr] = self.graph.settled(hyp.hypstr, self.meaning)
        return self._settled[hyp.hypstr]
