"""Whisper's byte-level BPE tokens (GPT-2's), both ways, without a tokenizer library.

Text from tokens (:func:`detokenize`) is a table of 256 characters. Tokens from text
(:class:`WordTokens`) needs the model's merges: 50,000 pairs in ``tokenizer.json``, which held
as Python objects cost about 39 MB resident (14 MB of objects), more than the whole third
recognizer's budget allows. So the file is kept as it is, its 2 MB of bytes, read where a word
is first met: each candidate pair's rank is its entry's place in the merges list, found by
search (the list is in rank order, so an earlier place is a better rank). Each word's tokens
are kept (the grammar's few hundred). Read again at each new word, the file's copies left
the process 9 MB larger after a hundred commands.
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
        self._file: bytes | None = None
        self._sections: tuple[int, int, bool] | None = None   # merges, vocab, merges as pairs

    def encode(self, text: str) -> list[int]:
        """The ids of ``text`` (" Seat 7 nominates seat 2.": each word with the space before it)."""
        pieces = PIECES.findall(text)
        for piece in dict.fromkeys(pieces):
            if piece not in self._known:
                self._known[piece] = self._bpe(piece)
        return [token for piece in pieces for token in self._known[piece]]

    def special(self, token: str) -> int:
        """A special token's id ("<|startoftranscript|>")."""
        for quoted in _quoted(token):
            match = re.search(rb'"id"\s*:\s*(\d+)\s*,\s*"content"\s*:\s*' + re.escape(quoted), self._data())
            if match is not None:
                return int(match.group(1))
        raise ValueError(f"no {token} in the tokenizer")

    def _data(self) -> bytes:
        """The file as it is (its bytes, read once and kept: 2 MB)."""
        if self._file is None:
            self._file = self.path.read_bytes()
        return self._file

    def _bpe(self, piece: str) -> tuple[int, ...]:
        """One piece's tokens: its bytes merged pair by pair, the best-ranked pair first."""
        data = self._data()
        if self._sections is None:   # found once: where the merges and the vocabulary begin
            merges = _section(data, b'"merges"')
            pairs = re.compile(rb'"merges"\s*:\s*\[\s*\[').match(data, merges) is not None   # newer: ["a", "b"]
            self._sections = merges, _section(data, b'"vocab"'), pairs
        merges, vocab, pairs = self._sections
        parts = [CHAR_OF[b] for b in piece.encode("utf-8")]
        while len(parts) > 1:
            rank, at = min((_rank(data, merges, a, b, pairs), i) for i, (a, b) in enumerate(zip(parts, parts[1:])))
            if rank == _NONE:
                break
            parts[at: at + 2] = [parts[at] + parts[at + 1]]
        return tuple(_id(data, vocab, part) for part in parts)


_NONE = 1 << 62


def _section(data: bytes, key: bytes) -> int:
    """Where the model's ``key`` begins in the file (its list of merges, its vocabulary)."""
    model = data.find(b'"model"')
    start = data.find(key, model)
    if model < 0 or start < 0:
        raise ValueError(f"no {key.decode()} in the tokenizer")
    return start


def _quoted(token: str) -> tuple[bytes, ...]:
    """The token as a JSON string: as it is, and with its other characters escaped."""
    return tuple(dict.fromkeys(json.dumps(token, ensure_ascii=ascii).encode("utf-8") for ascii in (False, True)))


def _rank(data: bytes, merges: int, a: str, b: str, pairs: bool = False) -> int:
    """The pair's place in the merges list (earlier is better), or _NONE. ``pairs``: the list
    writes each merge as a pair of strings (newer tokenizers), not as one "a b"."""
    if not pairs:
        places = [at for quoted in _quoted(f"{a} {b}") if (at := data.find(quoted, merges)) >= 0]
    else:
        places = [match.start() for first in _quoted(a) for second in _quoted(b)
                  if (match := re.compile(rb"\[\s*" + re.escape(first) + rb"\s*,\s*" + re.escape(second)
                                          + rb"\s*\]").search(data, merges))]
    return min(places, default=_NONE)


def _id(data: bytes, vocab: int, token: str) -> int:
    for quoted in _quoted(token):
        match = re.compile(re.escape(quoted) + rb"\s*:\s*(\d+)").search(data, vocab)
        if match is not None:
            return int(match.group(1))
    raise ValueError(f"the token {token!r} is not in the vocabulary")
