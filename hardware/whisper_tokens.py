"""Whisper's byte-level BPE tokens (GPT-2's), both ways, without a tokenizer library.

Text from tokens (:func:`detokenize`) is a table of 256 characters. Tokens from text
(:class:`WordTokens`) needs the model's merges: 50,000 pairs in ``tokenizer.json``, which held
as Python objects cost about 39 MB resident (14 MB of objects), more than the whole third
recognizer's budget allows. So nothing of the file is kept: where a word is met for the first
time, the file is read again (2 MB, a few milliseconds) and each candidate pair's rank is its
entry's place in the merges list, found by text search (the list is in rank order, so an
earlier place is a better rank). Each word's tokens are kept (the grammar's few hundred).
"""
from __future__ import annotations

import json
import re
from pathlib import Path


def _byte_of() -> dict[str, int]:
    """Byte-level BPE (GPT-2's, Whisper's) writes each byte as a printable character: the
    printable Latin-1 ones as themselves, the other bytes as the characters from U+0100 on, in
    byte order. This maps each such character back to its byte."""
    kept = [*range(ord("!"), ord("~") + 1), *range(ord("\u00a1"), ord("\u00ac") + 1),
            *range(ord("\u00ae"), ord("\u00ff") + 1)]
    rest = [b for b in range(256) if b not in kept]
    return {**{chr(b): b for b in kept}, **{chr(256 + n): b for n, b in enumerate(rest)}}


BYTE_OF = _byte_of()
CHAR_OF = {byte: char for char, byte in BYTE_OF.items()}
# GPT-2's pieces (its pattern, for ASCII text): a contraction, a word, a number or a run of
# marks, each with the space before it
PIECES = re.compile(r"'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^\sA-Za-z0-9]+|\s+(?!\S)|\s+")


def detokenize(tokens: list[str]) -> str:
    """The text of Whisper's byte-level tokens (special ones, ``<|...|>``, left out)."""
    data = bytes(BYTE_OF.get(ch, 32) for token in tokens if not token.startswith("<|") for ch in token)
    return data.decode("utf-8", errors="replace").strip()


class WordTokens:
    """Token ids for text, as the model's tokenizer gives them (``tokenizer.json``'s BPE)."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._known: dict[str, tuple[int, ...]] = {}

    def encode(self, text: str) -> list[int]:
        """The ids of ``text`` (" Seat 7 nominates seat 2.": each word with the space before it)."""
        pieces = PIECES.findall(text)
        new = [piece for piece in dict.fromkeys(pieces) if piece not in self._known]
        if new:
            whole = self.path.read_text(encoding="utf-8")
            merges, vocab = _section(whole, '"merges"'), _section(whole, '"vocab"')
            pairs = re.match(r'"merges"\s*:\s*\[\s*\[', merges) is not None   # newer: ["a", "b"]
            for piece in new:
                self._known[piece] = _bpe(piece, merges, vocab, pairs)
        return [token for piece in pieces for token in self._known[piece]]

    def special(self, token: str) -> int:
        """A special token's id ("<|startoftranscript|>")."""
        text = self.path.read_text(encoding="utf-8")
        for quoted in _quoted(token):
            match = re.search(r'"id"\s*:\s*(\d+)\s*,\s*"content"\s*:\s*' + re.escape(quoted), text)
            if match is not None:
                return int(match.group(1))
        raise ValueError(f"no {token} in the tokenizer")


def _bpe(piece: str, merges: str, vocab: str, pairs: bool = False) -> tuple[int, ...]:
    """One piece's tokens: its bytes merged pair by pair, the best-ranked pair first."""
    parts = [CHAR_OF[b] for b in piece.encode("utf-8")]
    while len(parts) > 1:
        rank, at = min((_rank(merges, a, b, pairs), i) for i, (a, b) in enumerate(zip(parts, parts[1:])))
        if rank == _NONE:
            break
        parts[at: at + 2] = [parts[at] + parts[at + 1]]
    return tuple(_id(vocab, part) for part in parts)


_NONE = 1 << 62


def _section(text: str, key: str) -> str:
    """The JSON text of the model's ``key`` (its list of merges, its vocabulary object)."""
    model = text.find('"model"')
    start = text.find(key, model)
    if model < 0 or start < 0:
        raise ValueError(f"no {key} in the tokenizer")
    return text[start:]


def _quoted(token: str) -> tuple[str, ...]:
    """The token as a JSON string: as it is, and with its other characters escaped."""
    return tuple(dict.fromkeys((json.dumps(token, ensure_ascii=False), json.dumps(token))))


def _rank(merges: str, a: str, b: str, pairs: bool = False) -> int:
    """The pair's place in the merges list (earlier is better), or _NONE. ``pairs``: the list
    writes each merge as a pair of strings (newer tokenizers), not as one "a b"."""
    if not pairs:
        places = [at for quoted in _quoted(f"{a} {b}") if (at := merges.find(quoted)) >= 0]
    else:
        places = [match.start() for first in _quoted(a) for second in _quoted(b)
                  if (match := re.search(r"\[\s*" + re.escape(first) + r"\s*,\s*" + re.escape(second) + r"\s*\]",
                                         merges))]
    return min(places, default=_NONE)


def _id(vocab: str, token: str) -> int:
    for quoted in _quoted(token):
        match = re.search(re.escape(quoted) + r"\s*:\s*(\d+)", vocab)
        if match is not None:
            return int(match.group(1))
    raise ValueError(f"the token {token!r} is not in the vocabulary")
