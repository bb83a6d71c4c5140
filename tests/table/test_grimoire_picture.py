"""The town square picture: `narrator grimoire` draws a saved game at any step without
changing its journal (byte for byte), a real browser renders it (headless Chromium: a PNG
that is not blank, the DOM holding every name), table mode rewrites it after every accepted
command, and a finished game leaves its last picture beside the log."""
from __future__ import annotations

import hashlib
import struct
import subprocess
import sys
import zlib
from pathlib import Path
from xml.etree import ElementTree

import pytest

from narrator.picture.browser import dump_dom, find_chromium
from test_table import GAME_FILE, Running, wait_until
from gpio_helpers import factory  # noqa: F401 (fixture)

PLAYERS = "Ann,Ben,Cat,Dan,Eve,Fay,Gus,Hal,Ivy"
CHARS = "recluse,poisoner,investigator,drunk,virgin,empath,fortuneteller,librarian,imp"
NAMES = ["Recluse", "Poisoner", "Investigator", "Drunk", "Virgin", "Empath", "Fortune Teller",
         "Librarian", "Imp"]
MID_GAME = ["next"] * 3 + ["the poisoner chooses seat 6"] + ["next"] * 7 + [
    "the fortune teller chooses seats 1 and 5", "next",                  # dawn, day 1
    "seat 1 nominates seat 7", "5 votes", "end the day", "yes",          # Gus executed
    "the poisoner chooses seat 3", "the demon kills seat 8"]              # night 2, waiting
needs_chromium = pytest.mark.skipif(find_chromium() is None, reason="no Chromium installed")


def narrator(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "narrator", *args], capture_output=True,
                          text=True, timeout=300)


def digest(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in folder.iterdir()}


@pytest.fixture
def saved_game(tmp_path) -> Path:
    """A journal in the middle of the second night (a death, a poison, a Drunk)."""
    games = tmp_path / "games"
    games.mkdir()
    commands = tmp_path / "mid.txt"
    commands.write_text("\n".join(MID_GAME) + "\n")
    path = games / "mid.sqlite"
    r = narrator("play", "--players", PLAYERS, "--characters", CHARS, "--seed", "2",
                 "--game", str(path), "--commands", str(commands))
    assert r.returncode == 0 and "rejected" not in r.stdout.lower(), r.stdout + r.stderr
    assert "[public] Seat 7, Gus is executed." in r.stdout
    assert "Not now" not in r.stdout
    return path


def test_the_picture_holds_every_name_and_leaves_the_journal_as_it_was(saved_game, tmp_path):
    before = digest(saved_game.parent)
    out = tmp_path / "x.svg"
    r = narrator("grimoire", "--game", str(saved_game), "--out", str(out))
    assert r.returncode == 0, r.stderr
    assert digest(saved_game.parent) == before          # not a byte, not a new file
    root = ElementTree.fromstring(out.read_text())
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    for n, name in enumerate(PLAYERS.split(","), start=1):
        assert f"{n}. {name}" in texts
    for character in NAMES:
        assert character in texts
    assert "night 2" in texts
    assert any(t and t.startswith("shown ") for t in texts)      # the Drunk's token
    seats = {g.get("id"): g for g in root.iter("{http://www.w3.org/2000/svg}g")}
    gus = "".join(seats["seat-7"].itertext())
    assert "dead" in gus and "vote" in gus                # the shroud and the ghost vote
    assert "P" in "".join(seats["seat-3"].itertext())     # poisoned tonight
    # The printed table is the same grimoire.
    assert "Gus   Fortune Teller" in r.stdout and "dead, has a ghost vote" in r.stdout
    # With no --out: beside the journal; the journal still untouched.
    r = narrator("grimoire", "--game", str(saved_game))
    assert r.returncode == 0, r.stderr
    assert saved_game.with_suffix(".svg").exists()
    after = digest(saved_game.parent)
    assert {k: v for k, v in after.items() if k != "mid.svg"} == before


def test_bad_arguments_are_clear(tmp_path, saved_game):
    r = narrator("grimoire", "--game", str(tmp_path / "none.sqlite"))
    assert r.returncode == 2 and "no such game file" in r.stderr
    r = narrator("grimoire", "--game", str(saved_game), "--out", str(tmp_path / "x.jpg"))
    assert r.returncode == 2 and ".svg or .png" in r.stderr


def png_pixels(path: Path) -> tuple[int, int, list[bytes]]:
    """Width, height and the unfiltered rows of an 8-bit RGB or RGBA PNG."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6)
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, rows, prev = zlib.decompress(idat), [], bytearray(width * bpp)
    stride = width * bpp + 1
    for y in range(height):
        kind, line = raw[y * stride], bytearray(raw[y * stride + 1:(y + 1) * stride])
        for i in range(len(line)):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, height, [bytes(r) for r in rows]


@needs_chromium
def test_a_real_browser_renders_it(saved_game, tmp_path):
    svg = tmp_path / "x.svg"
    assert narrator("grimoire", "--game", str(saved_game), "--out", str(svg)).returncode == 0
    dom = dump_dom(svg)
    for name in PLAYERS.split(",") + NAMES:
        assert name in dom, name
    png = tmp_path / "x.png"
    r = narrator("grimoire", "--game", str(saved_game), "--out", str(png))
    assert r.returncode == 0, r.stderr
    width, height, rows = png_pixels(png)
    assert (width, height) == (1320, 1000)
    bpp = len(rows[0]) // width
    colours = {row[i:i + 3] for row in rows[::7] for i in range(0, len(row), bpp * 7)}
    assert len(colours) > 20                             # not blank, not one colour
    red = sum(1 for c in colours if c[0] > 150 and c[1] < 60 and c[2] < 60)
    assert red                                           # the Demon's colour is drawn


def test_table_mode_redraws_after_every_accepted_command(factory, tmp_path):  # noqa: F811
    game_file = tmp_path / "game.toml"
    game_file.write_text(GAME_FILE)
    run = Running(tmp_path, game_file)
    try:
        picture = run.journal().with_suffix(".svg")
        wait_until(picture.exists, "the first picture")
        assert ">setup<" in picture.read_text()
        run.type("next")
        run.wait_events(1)
        wait_until(lambda: ">night 1<" in picture.read_text(), "the night drawn")
        run.type("good wins", "yes")
        wait_until(lambda: run.table.session is None, "game over")
        assert ">game over: good won<" in picture.read_text()
    finally:
        run.stop()


def test_a_finished_typed_game_leaves_its_picture_and_a_log_with_the_whole_story(tmp_path):
    commands = tmp_path / "end.txt"
    commands.write_text("next\nseat 3 becomes the imp\nyes\n"
                        "seat 5 is evil\nyes\ngood wins\nyes\n")
    path = tmp_path / "end.sqlite"
    r = narrator("play", "--players", PLAYERS, "--characters", CHARS, "--seed", "2",
                 "--game", str(path), "--commands", str(commands))
    assert r.returncode == 0, r.stderr
    assert "[public] The game is over." in r.stdout
    picture = path.with_suffix(".svg").read_text()
    assert ">game over: good won<" in picture and ">3. Cat<" in picture
    import json
    log = json.loads(path.with_suffix(".log.json").read_text())
    cat = log["grimoire"][2]
    assert cat["held"] == ["investigator", "imp"] and cat["character"] == "imp"
    assert log["grimoire"][4]["first_alignment"] == "good"
    assert log["grimoire"][4]["alignment"] == "evil"
    assert log["red_herring"] == [1] and len(log["bluffs"]) == 3
    assert "Seat 3, Cat: Imp (was the Investigator)" in log["reveal"]
    assert "Seat 5, Eve: Virgin, evil, was good" in log["reveal"]
    assert "The red herring: seat 1, Ann." in log["reveal"]
