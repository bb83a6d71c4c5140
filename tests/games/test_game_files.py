"""Whole games played from command files through `narrator play`, as a Storyteller would type
them. Each file in tests/games/ says how to start the game and what must be heard:

    # args: --script "Trouble Brewing" --players "..." --characters "..." --seed 1
    # expect winner: good
    # expect public: <text that must be said to the table>
    # expect private: <text that must be said to the Storyteller>
    # expect no rejections
    # expect private order: <text> | <text> | ...   (said in this order, each after the last)

The commands themselves are the lines that are not comments. A command that ends the game
or kills (an execution, a Virgin's nominator, a winning guess, an override) is asked about
first, as at the keyboard: the next line says `yes` (anything else and it is not done, which
counts as a rejection).
"""
import json
import shlex
from pathlib import Path

import pytest

from narrator.cli import main
from asked_phrases import unparsed
from statemachine.line_rules import unfit_to_say

GAMES = sorted(Path(__file__).parent.glob("*.txt"))


def header(path: Path) -> tuple[list[str], list[tuple[str, str]]]:
    args, expects = [], []
    for line in path.read_text().splitlines():
        if line.startswith("# args:"):
            args = shlex.split(line[len("# args:"):])
        elif line.startswith("# expect "):
            key, _, value = line[len("# expect "):].partition(":")
            expects.append((key.strip(), value.strip()))
    return args, expects


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_game_file(path, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(Path(__file__).resolve().parents[2])   # script paths in args
    args, expects = header(path)
    log = tmp_path / "log.jsonl"
    code = main(["play", *args, "--game", str(tmp_path / "g.sqlite"), "--commands", str(path),
                 "--log", str(log)])
    assert code == 0
    entries = [json.loads(x) for x in log.read_text().splitlines()]
    said = {"public": "\n".join(e["text"] for e in entries
                                if e["type"] == "speech" and e["channel"] == "public"),
            "private": "\n".join(e["text"] for e in entries
                                 if e["type"] == "speech" and e["channel"] == "private")}
    rejected = [e["text"] for e in entries if e["type"] == "rejected"]
    spoken = [e["text"] for e in entries if e["type"] == "speech"] + rejected
    unfit = [(text, why) for text in spoken if (why := unfit_to_say(text))]
    assert not unfit, f"said what no one should hear: {unfit}"
    assert not unparsed(spoken), "asked for words it does not understand"
    for key, value in expects:
        if key == "winner":
            assert entries[-1]["type"] == "game_over", rejected
            assert entries[-1]["winner"] == value
            # the command that ended it was asked about, and the yes carried it out
            assert [e["type"] for e in entries if e["type"] in ("confirm", "event")][-2:] \
                == ["confirm", "event"]
        elif key in ("public", "private"):
            assert value in said[key], f"{key} never said: {value}"
        elif key in ("public order", "private order"):
            lines = [e["text"] for e in entries if e["type"] == "speech"
                     and e["channel"] == key.split()[0]]
            at, offset = 0, 0    # two parts may be in one line (the action, the pause, the rest)
            for part in (p.strip() for p in value.split("|")):
                found = next((n for n in range(at, len(lines))
                              if part in lines[n][offset if n == at else 0:]), None)
                assert found is not None, f"{key}: {part!r} not said after line {at}"
                start = offset if found == at else 0
                at, offset = found, lines[found].index(part, start) + len(part)
        elif key == "no rejections":
            assert not rejected, rejected
        else:
            raise AssertionError(f"unknown expectation {key!r} in {path.name}")
