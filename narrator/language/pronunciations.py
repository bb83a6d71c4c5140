"""Extra pronunciations for the command language: words the recognizer's dictionary lacks.

The data lives in ``narrator/data/pronunciations.dict`` (CMU style). The app passes them to
a recognizer inside a :class:`hardware.recognizer.GrammarSpec`; :func:`missing_words` is
the checker that says which words of a vocabulary still have no pronunciation anywhere.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterable

from hardware.sphinx import dictionary_path, read_dictionary

PRONUNCIATIONS_FILE = "pronunciations.dict"


def pronunciations_path() -> Path:
    return Path(str(resources.files("narrator") / "data" / PRONUNCIATIONS_FILE))


@lru_cache(maxsize=None)
def _variants(path: str) -> dict[str, tuple[str, ...]]:
    return {word: tuple(phones) for word, phones in read_dictionary(path).items()}


def load_variants(path: str | Path | None = None) -> dict[str, list[str]]:
    """Every pronunciation of every word in the file (first = preferred)."""
    return {w: list(p) for w, p in _variants(str(path or pronunciations_path())).items()}


def load_pronunciations(path: str | Path | None = None) -> dict[str, str]:
    """Ready for ``GrammarSpec.pronunciations``: word -> ARPAbet for a word the recognizer's
    dictionary lacks (its first pronunciation), and ``word(+n)`` -> ARPAbet for every other
    pronunciation: a variant the recognizer adds next to its own (e.g. a British "answer",
    AA N S ER, which the American model hears as "pause" without it)."""
    bundled = _variants(str(dictionary_path()))
    out: dict[str, str] = {}
    for word, phones in _variants(str(path or pronunciations_path())).items():
        first = 0 if word in bundled else 1
        if first:
            out[word] = phones[0]
        for n, variant in enumerate(phones[first:], 1):
            if variant not in bundled.get(word, ()):
                out[f"{word}(+{n})"] = variant
    return out


def missing_words(
    words: Iterable[str],
    *,
    dictionary: str | Path | None = None,
    extra: str | Path | None = None,
    include_extra: bool = True,
) -> list[str]:
    """Words (lower-cased, sorted) found neither in the recognizer's dictionary nor in ours.

    Multi-word names ("fortune teller") are split into words. With ``include_extra=False``
    only the recognizer's own dictionary counts: that is the list our file must cover.
    """
    wanted = {token.lower() for word in words for token in word.replace("-", " ").split()}
    known = set(_variants(str(dictionary or dictionary_path())))
    if include_extra:
        known |= set(_variants(str(extra or pronunciations_path())))
    return sorted(wanted - known)
