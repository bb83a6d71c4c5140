"""What must never be read aloud: file paths, file names, log references, exception names.

Every line is heard, not read: a path spoken at the table ("slash var slash lib ...") helps
nobody and tells the room about the machine; "see the log" means nothing to a Storyteller
without a screen. :func:`unfit_to_say` says why a line must not be spoken (None when it
may be); table mode checks every line with it before the narration gets it, and the tests
check every line table mode can say.
"""
from __future__ import annotations

import re

_CHECKS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("a file path", re.compile(r"(?:^|[\s'\"(\[=:])(?:~|\.{1,2})?/\w|\w/\w|\\\w|\b[A-Za-z]:\\")),
    ("a file name", re.compile(
        r"\w\.(?:toml|json|jsonl|sqlite|db|wav|log|txt|py|onnx|zip|conf|service)\b", re.I)),
    ("a log reference", re.compile(
        r"\b(?:logs?|logged|logfile|journalctl|journald|traceback|stack trace|stderr|stdout)\b",
        re.I)),
    ("an exception name", re.compile(r"\b[A-Z]\w*(?:Error|Exception)\b|\bErrno\b")),
)


def unfit_to_say(text: str) -> str | None:
    """Why ``text`` must not be spoken ("a file path: /var/lib"), or None if it may be."""
    for what, pattern in _CHECKS:
        match = pattern.search(text)
        if match:  # name the whole word it is in
            start = max(text.rfind(" ", 0, match.start() + 1) + 1, 0)
            end = text.find(" ", match.end())
            return f"{what}: {text[start:end if end >= 0 else None].strip()}"
    return None
