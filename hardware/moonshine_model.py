"""Moonshine tiny English on onnxruntime: encode an utterance once, transcribe it, score phrases.

The model is the one bundled in the ``moonshine-voice`` 0.0.49 wheel (``assets/tiny-en``:
``encoder_model.ort``, ``decoder_model_merged.ort``, ``tokenizer.bin``; MIT). Later versions
of that package download their weights at run time, so the project pins this one. The
package's own ``Transcriber`` is not used: it grows by about 2 MB per call; these two
onnxruntime sessions are made once and their memory stays flat.

* The encoder takes 16 kHz float samples (-1..1) and gives one 288-wide state per ~23 ms.
* The decoder is a merged decoder: ``use_cache_branch`` false runs a whole token sequence
  at once, true runs new tokens against the key/value cache. Its attention is causal and
  its batch rows are independent, but its matrix products are int8, each input quantized
  as it comes with one scale for the whole tensor: every position and every row of a run
  shares that scale, so a token's log-probabilities move with the tokens decoded beside
  or after it in the same run. Only one token of one sequence a run is scored whatever its
  company: the free transcript is decoded so, greedily, and the candidate phrases too, as
  a prefix tree (``score_tokens``).
* ``tokenizer.bin`` is a SentencePiece BPE vocabulary (32768 pieces, ``▁`` marks a word
  start): each entry is a length byte (two bytes, low 7 bits first, when the first is
  >= 128) and the piece's UTF-8 bytes. A piece's id is its merge rank, so a text is encoded
  by merging, again and again, the adjacent pair whose joined piece has the lowest id.
  Token 1 starts a transcript, token 2 ends it.
"""
from __future__ import annotations

import heapq
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

import numpy as np

START, END = 1, 2
WORD = "\u2581"
LAYERS, HEADS, HEAD_SIZE = 6, 8, 36
# the longest transcript decoded, per second of audio (a command is 2-3 words a second)
TOKENS_PER_SECOND = 8.0


class MoonshineError(Exception):
    """The model cannot be found or loaded."""


def bundled_model_dir() -> Path | None:
    """The ``tiny-en`` folder of the installed moonshine-voice wheel, or None."""
    try:
        import importlib.util
        spec = importlib.util.find_spec("moonshine_voice")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(list(spec.submodule_search_locations)[0]) / "assets" / "tiny-en"
    return folder if (folder / "encoder_model.ort").is_file() else None


# moonshine-voice 0.0.49's aarch64 wheel is manylinux_2_34: Debian and Raspberry Pi OS
# bookworm (glibc 2.36) have it, bullseye (2.31) does not.
NEURAL_GLIBC = (2, 34)


def neural_unavailable(libc: tuple[str, str] | None = None) -> str | None:
    """Why moonshine (the neural half of "fused") cannot run on this machine, or None.

    The reason names what is missing and, on a glibc older than 2.34, that the neural extra
    has no wheel for it. ``libc`` is ``platform.libc_ver()`` (given by tests).
    """
    import importlib
    import platform

    try:
        importlib.import_module("onnxruntime")
    except Exception as exc:  # ImportError, or a wheel built for a newer glibc
        missing = f"onnxruntime cannot be imported ({exc})"
    else:
        if bundled_model_dir() is not None:
            return None
        missing = "moonshine-voice 0.0.49 (the bundled tiny English model) is not installed"
    name, version = libc if libc is not None else platform.libc_ver()
    try:
        have = tuple(int(part) for part in version.split(".")[:2])
    except ValueError:
        have = ()
    if name == "glibc" and have and have < NEURAL_GLIBC:
        need = ".".join(map(str, NEURAL_GLIBC))
        return (f"{missing}: this system has glibc {version}, and the neural extra's wheels "
                f"need glibc {need} or later (Raspberry Pi OS bookworm)")
    return f"{missing}: install the neural extra (script/install-pi does on glibc 2.34 or later)"


class Tokenizer:
    """SentencePiece BPE over the pieces of ``tokenizer.bin`` (see the module docstring)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        data = Path(path).read_bytes()
        pieces: list[bytes] = []
        i = 0
        while i < len(data):
            n = data[i]
            i += 1
            if n >= 128:
                n = (n & 127) | (data[i] << 7)
                i += 1
            pieces.append(data[i:i + n])
            i += n
        self.pieces = pieces
        self.ids = {piece: n for n, piece in enumerate(pieces)}
        self._cache: dict[str, list[int]] = {}

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text`` (words split on spaces, each with its leading ``▁``)."""
        out: list[int] = []
        for word in text.split():
            ids = self._cache.get(word)
            if ids is None:
                ids = self._cache[word] = self._encode_word(WORD + word)
            out += ids
        return out

    def _encode_word(self, word: str) -> list[int]:
        parts = [ch.encode("utf-8") for ch in word]
        while len(parts) > 1:
            best, at = None, -1
            for k in range(len(parts) - 1):
                rank = self.ids.get(parts[k] + parts[k + 1])
                if rank is not None and (best is None or rank < best):
                    best, at = rank, k
            if best is None:
                break
            parts[at:at + 2] = [parts[at] + parts[at + 1]]
        out: list[int] = []
        for part in parts:
            if part in self.ids:
                out.append(self.ids[part])
            else:  # byte fallback: pieces 3..258 are the bytes 0..255
                out += [3 + b for b in part]
        return out

    def decode(self, ids: Sequence[int]) -> str:
        raw = bytearray()
        for n in ids:
            if n > END and n < len(self.pieces) and not self.pieces[n].startswith(b"<<"):
                raw += self.pieces[n]
        return raw.decode("utf-8", errors="replace").replace(WORD, " ").strip()


@dataclass(frozen=True)
class Transcript:
    text: str
    tokens: tuple[int, ...]
    logprob: float  # natural log of the decoder's probability of the tokens and the end


class MoonshineModel:
    """The encoder and decoder sessions and the tokenizer, loaded once."""

    def __init__(self, model_dir: str | os.PathLike[str] | None = None, threads: int = 1) -> None:
        folder = Path(model_dir) if model_dir else bundled_model_dir()
        if folder is None:
            raise MoonshineError("moonshine-voice 0.0.49 is not installed (pip install moonshine-voice==0.0.49)")
        names = ("encoder_model.ort", "decoder_model_merged.ort", "tokenizer.bin")
        missing = [n for n in names if not (folder / n).is_file()]
        if missing:
            raise MoonshineError(f"{folder}: no {', '.join(missing)}")
        try:
            import onnxruntime as ort
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise MoonshineError(f"onnxruntime is not installed: {exc}") from exc
        options = ort.SessionOptions()
        options.intra_op_num_threads = max(1, threads)
        options.inter_op_num_threads = 1
        options.log_severity_level = 3
        options.enable_cpu_mem_arena = False  # an arena keeps every utterance's peak
        try:
            self.encoder = ort.InferenceSession(str(folder / names[0]), options,
                                                providers=["CPUExecutionProvider"])
            self.decoder = ort.InferenceSession(str(folder / names[1]), options,
                                                providers=["CPUExecutionProvider"])
        except Exception as exc:
            raise MoonshineError(f"onnxruntime cannot load {folder}: {exc}") from exc
        self.folder = folder
        self.tokenizer = Tokenizer(folder / names[2])
        self._output_names = [o.name for o in self.decoder.get_outputs()]
        self._started: dict | None = None
        # the decoder's runs on an utterance kept for all its scoring (False: each call's own,
        # as before 5 Dec; benchmarks.latency_profile --without runs)
        self.keep_runs = True

    def encode(self, samples: np.ndarray) -> np.ndarray:
        """The encoder's states for int16 (or float -1..1) samples at 16 kHz."""
        audio = np.asarray(samples)
        if audio.dtype.kind == "i":
            audio = audio.astype(np.float32) / 32768.0
        audio = audio.astype(np.float32).reshape(1, -1)
        if audio.shape[1] < 4000:  # under 0.25 s: padded, the encoder's windows need it
            audio = np.pad(audio, ((0, 0), (0, 4000 - audio.shape[1])))
        mask = np.ones(audio.shape, dtype=np.int64)
        return self.encoder.run(None, {"input_values": audio, "attention_mask": mask})[0]

    def _empty_past(self, batch: int, frames: int) -> dict[str, np.ndarray]:
        past = {}
        for layer in range(LAYERS):
            for part in ("key", "value"):
                past[f"past_key_values.{layer}.decoder.{part}"] = np.zeros((batch, HEADS, 0, HEAD_SIZE), np.float32)
                past[f"past_key_values.{layer}.encoder.{part}"] = np.zeros((batch, HEADS, frames, HEAD_SIZE),
                                                                           np.float32)
        return past

    def transcribe(self, states: np.ndarray, seconds: float, begin: Sequence[int] = (),
                   below: tuple[float, Sequence[int]] | None = None) -> Transcript:
        """The greedy transcript of the encoded audio, with its log-probability: decoded one
        token a run against the cache, as phrases are scored, and each run kept for them
        (``_after``): a phrase that begins as the transcript does costs no run for that part.
        ``begin``: tokens the transcript is made to begin with (what is known to have been
        said), counted in its log-probability as a phrase's are. ``below`` (floor, tokens):
        where the transcript has left those tokens and its log-probability has fallen under the
        floor (it only falls), it is not decoded further: its logprob is then -inf."""
        start = self._start(states, fresh=not self.keep_runs)
        limit = max(4, int(seconds * TOKENS_PER_SECOND)) + len(begin)
        logprobs = start["logprobs"]
        tokens: list[int] = []
        total = 0.0
        floor, path = below if below is not None else (-np.inf, ())
        off = below is None   # left ``path``
        for turn in range(limit):
            token = begin[turn] if turn < len(begin) else int(np.argmax(logprobs))
            total += float(logprobs[token])
            off = off or turn >= len(path) or path[turn] != token
            if off and total < floor:
                return Transcript(self.tokenizer.decode(tokens), tuple(tokens), -np.inf)
            if token == END:
                break
            tokens.append(token)
            if turn + 1 < limit:
                logprobs = self._after(start, tuple(tokens))
        return Transcript(self.tokenizer.decode(tokens), tuple(tokens), total)

    def score(self, states: np.ndarray, texts: Sequence[str], floor: float | None = None,
              within: float | None = None, best: float = -np.inf) -> list[float]:
        """The log-probability the decoder gives each text (its tokens, then the end) for the
        encoded audio. A text's score does not depend on the texts scored with it. ``floor``,
        ``within``, ``best``: see ``score_tokens``."""
        return self.score_tokens(states, [self.tokenizer.encode(t) + [END] for t in texts], floor, within, best)

    def score_tokens(self, states: np.ndarray, sequences: Sequence[Sequence[int]],
                     floor: float | None = None, within: float | None = None,
                     best: float = -np.inf) -> list[float]:
        """Each token sequence's log-probability, decoded one token a run against the cache.

        The decoder quantizes each matrix product's input to int8 as it runs, one scale for
        the whole tensor, so a whole sequence at once shares it between its positions and a
        batch between its rows (scored 8 at a time and padded, a phrase moved by up to 1.7
        nats with its companions). One token of one sequence a run, against the key/value
        cache, scores a phrase whatever else is scored, and is how the free transcript is
        decoded.

        Each run costs about as much whatever it decodes (the weights are read once a run), so
        the sequences are walked as a prefix tree, best prefix first: a shared prefix ("Seat 7
        nominates seat") is decoded once, and a log-probability only falls as tokens are
        added, so the search can stop early. Every sequence scoring at least ``floor`` and at
        least the best one's less ``within`` gets its exact score (``best``: the best score
        already known on this audio, from phrases scored before); any other gets its longest
        prefix's decoded so far, which is below ``floor`` or more than ``within`` below the
        best, as its own score is."""
        seqs = [tuple(int(t) for t in seq) for seq in sequences]
        following: dict[tuple[int, ...], set[int]] = {}
        for seq in seqs:
            for depth, token in enumerate(seq):
                following.setdefault(seq[:depth], set()).add(token)
        whole = set(seqs)
        if not seqs:
            return []
        start = self._start(states, fresh=not self.keep_runs)
        scored: dict[tuple[int, ...], float] = {}
        bounds: dict[tuple[int, ...], float] = {}  # prefixes below the floor, or left queued
        queue: list[tuple[float, tuple[int, ...]]] = [(-0.0, ())]
        while queue:
            value, prefix = heapq.heappop(queue)
            value = -value
            if within is not None and value < best - within:
                break
            logprobs = self._after(start, prefix)
            for token in following[prefix]:
                longer, total = prefix + (token,), value + float(logprobs[token])
                if longer in whole:
                    scored[longer] = total
                    best = max(best, total)
                if longer in following:  # a longer sequence goes on from here
                    bounds[longer] = total
                    if floor is None or total >= floor:
                        heapq.heappush(queue, (-total, longer))
        return [scored[seq] if seq in scored else
                next(bounds[seq[:d]] for d in range(len(seq) - 1, 0, -1) if seq[:d] in bounds) for seq in seqs]

    def _start(self, states: np.ndarray, fresh: bool = False) -> dict:
        """The start token decoded on these states (kept for the last states scored): the
        next token's log-probabilities, the decoder's and the encoder's key/value caches, and
        the runs after it decoded so far (``fresh``: none kept from before)."""
        if self._started is not None and self._started["states"] is states:
            if fresh:
                self._started["runs"] = {}
            return self._started
        frames = states.shape[1]
        inputs = {"encoder_attention_mask": np.ones((1, frames), dtype=np.int64), "encoder_hidden_states": states,
                  "input_ids": np.array([[START]], dtype=np.int64), "use_cache_branch": np.array([False]),
                  **self._empty_past(1, frames)}
        outputs = dict(zip(self._output_names, self.decoder.run(None, inputs)))
        self._started = {"states": states, "logprobs": _log_softmax(outputs["logits"][0, -1]),
                         "decoder": [outputs[f"present.{layer}.decoder.{part}"] for layer, part in _KV],
                         "encoder": [outputs[f"present.{layer}.encoder.{part}"] for layer, part in _KV],
                         "runs": {}}
        return self._started

    def _after(self, start: dict, prefix: tuple[int, ...]) -> np.ndarray:
        """The next token's log-probabilities after ``prefix`` (decoded already, but for its
        last token), decoded once per encoded utterance: the run's logits and grown cache are
        kept in ``start["runs"]`` for the transcript and every phrase scored on these states
        (the same run gives the same numbers, so a phrase scores the same whatever ran before)."""
        if not prefix:
            return start["logprobs"]
        kept = start["runs"].get(prefix)
        if kept is None:
            parent = start["runs"][prefix[:-1]][1] if len(prefix) > 1 else start["decoder"]
            kept = start["runs"][prefix] = self._step(start, parent, prefix[-1])
        return _log_softmax(kept[0])

    def _step(self, start: dict, decoder: list[np.ndarray], token: int) -> tuple:
        """One token after a prefix (its decoder cache given): the next token's logits (one
        float32 row, half its log-probabilities' memory) and the prefix's grown cache."""
        frames = start["states"].shape[1]
        inputs = {"encoder_attention_mask": np.ones((1, frames), dtype=np.int64),
                  "encoder_hidden_states": start["states"],
                  "input_ids": np.array([[token]], dtype=np.int64), "use_cache_branch": np.array([True])}
        for (layer, part), dec, enc in zip(_KV, decoder, start["encoder"]):
            inputs[f"past_key_values.{layer}.decoder.{part}"] = dec
            inputs[f"past_key_values.{layer}.encoder.{part}"] = enc
        outputs = dict(zip(self._output_names, self.decoder.run(None, inputs)))
        return (outputs["logits"][0, -1],
                [outputs[f"present.{layer}.decoder.{part}"] for layer, part in _KV])


_KV = [(layer, part) for layer in range(LAYERS) for part in ("key", "value")]


def _log_softmax(logits: np.ndarray) -> np.ndarray:
    """One row of logits as natural-log probabilities (float64)."""
    row = logits.astype(np.float64)
    return row - _logsumexp(row)


def _logsumexp(x: np.ndarray, axis: int = -1) -> np.ndarray | float:
    top = np.max(x, axis=axis, keepdims=True)
    value = top + np.log(np.sum(np.exp(x - top), axis=axis, keepdims=True))
    return np.squeeze(value, axis=axis) if np.ndim(x) > 1 else float(value.squeeze())
