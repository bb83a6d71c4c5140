"""For tests: every phrase the narrator asks the Storyteller to say is one it understands.
"Say 'the doomsayer kills seat 7'" must parse as it is; "say 'the twin is seat' and a
number" must parse with a number after it. A quote followed by anything else ("and three
characters") is not checked."""
from __future__ import annotations

import re
from functools import lru_cache

import pytest

from characters.catalogue import build_registry
from narrator.language.commands import CommandLanguage
from statemachine.game import Game
from statemachine.line_rules import line_problems, paced

QUOTE = re.compile(r"\b(?:[Ss]ay|for example),? (?:for example,? )?'([^']+)'")


@lru_cache(maxsize=1)
def _language() -> CommandLanguage:
    return CommandLanguage(build_registry(), None, 20)


def unparsed(lines) -> list[str]:
    """The asked-for phrases in ``lines`` the command language does not parse."""
    bad = []
    for line in lines:
        for m in QUOTE.finditer(line):
            phrase = m.group(1).replace(" X", " 1")
            following = line[m.end():]
            if following.startswith(" and"):
                if not re.match(r" and (a|the) (number|seat)\b", following):
                    continue
                phrase += " 3"
            if _language().parse(phrase) is None:
                bad.append(f"{phrase!r} in {line!r}")
    return bad


@pytest.fixture(autouse=True)
def asked_phrases_are_understood(monkeypatch):
    """Autouse where a conftest imports it: each phrase a test's games asked for parses."""
    said: list[str] = []
    ruled: list[str] = []
    for name, channel in (("say_private", "private"), ("say_public", "public"),
                          ("answer_privately", "private")):
        original = getattr(Game, name)

        def keep(self, text, *args, _original=original, _channel=channel, **kwargs):
            said.append(text)
            heard = paced(text) if _channel == "private" else text     # as the game says it
            ruled.extend(f"{p}: {heard!r}" for p in line_problems(heard, self.phase.at_night, _channel))
            return _original(self, text, *args, **kwargs)
        monkeypatch.setattr(Game, name, keep)
    yield
    bad = unparsed(said)
    assert not bad, "asked for words the narrator does not understand: " + "; ".join(bad)
    assert not ruled, "said breaking the line rules: " + "; ".join(ruled)
