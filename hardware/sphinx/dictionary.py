"""The pocketsphinx model's files and the words it can say: the bundled English model, CMU
dictionaries, the words of a JSGF grammar, and pronunciations added at run time."""
from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Iterable

from hardware.recognizer import RecognizerError

# "word(2)": a variant pronunciation in a CMU dictionary
ALTERNATE = re.compile(r"\(\d+\)$")
_ALT_KEY = re.compile(r"\(\+?\d+\)$")


def model_dir() -> Path:
    """The English model directory shipped inside the pocketsphinx package."""
    import pocketsphinx

    return Path(pocketsphinx.get_model_path()) / "en-us"


def dictionary_path() -> Path:
    return model_dir() / "cmudict-en-us.dict"


def read_dictionary(path: str | os.PathLike[str]) -> dict[str, list[str]]:
    """Read a CMU-style dictionary (``word  PH ON ES``; ``word(2)`` marks variants).

    Lines starting with ``;;;`` or ``#`` are comments. Returns word -> list of phone strings.
    """
    entries: dict[str, list[str]] = {}
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.strip()
            if not line or line.startswith((";;;", "#")):
                continue
            parts = line.split(None, 1)
            if len(parts) != 2:
                continue
            word = ALTERNATE.sub("", parts[0].lower())
            entries.setdefault(word, []).append(" ".join(parts[1].split()))
    return entries


def missing_from_dictionary(words: Iterable[str], dictionary: str | os.PathLike[str] | None = None) -> list[str]:
    """The words (lower-cased, sorted) that a CMU-style dictionary lacks.

    Defaults to the dictionary bundled with pocketsphinx.
    """
    known = read_dictionary(dictionary or dictionary_path())
    return sorted({w.lower() for w in words if w.strip()} - set(known))


def jsgf_words(jsgf: str) -> set[str]:
    """The literal words of a JSGF grammar (rule names, tags, weights and syntax removed)."""
    body = re.sub(r"/\*.*?\*/|//[^\n]*", " ", jsgf, flags=re.S)
    body = "\n".join(
        line for line in body.splitlines()
        if not line.strip().startswith(("#JSGF", "grammar ", "import "))
    )
    body = re.sub(r"<[^>]*>|\{[^}]*\}|/[^/]*/|\bpublic\b", " ", body)
    return {token.lower() for token in re.split(r"[\s|()\[\]*+;=]+", body) if token}


def add_pronunciations(decoder, pronunciations: dict[str, str]) -> list[str]:
    """Add ARPAbet pronunciations to a pocketsphinx ``decoder`` for words its dictionary lacks; a key ``word(+n)`` adds
    a variant of a word (next to the dictionary's own). Returns the entries added."""
    todo = []
    variants = []
    for key, phones in sorted(pronunciations.items()):
        key, phones = key.lower(), " ".join(phones.upper().split())
        base = _ALT_KEY.sub("", key)
        if base != key:
            variants.append((base, phones))
        elif decoder.lookup_word(key) is None:
            todo.append((key, phones))
    known = {w for w, _ in todo}
    for base, phones in variants:
        if base not in known and decoder.lookup_word(base) is None:
            continue  # a variant of a word nobody can say
        n = 2
        while (have := decoder.lookup_word(f"{base}({n})")) is not None:
            if have == phones:
                break
            n += 1
        if have is None and decoder.lookup_word(base) != phones:
            todo.append((f"{base}({n})", phones))
    for index, (word, phones) in enumerate(todo):
        try:
            # refreshing the search once, with the last word, is enough
            decoder.add_word(word, phones, index == len(todo) - 1)
        except RuntimeError as exc:
            raise RecognizerError(f"bad pronunciation for {word!r}: {phones!r} ({exc})") from exc
    return [word for word, _ in todo]
