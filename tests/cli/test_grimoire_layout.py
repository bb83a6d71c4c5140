"""The town square measured as headless Chromium laid it out (getBBox of every text, token,
mark and reminder), on the games of issue 24 and at every table size from 5 to 20 seats:
no two labels overlap, no text is cut off (outside the picture, its reminder or its token),
no mark covers a name, every reminder is nearer its own seat than any other, no character
name is wider than its token. A picture doctored to break each rule shows that each check
can fail."""
from __future__ import annotations

import math
import re

import pytest

from narrator.picture.browser import find_chromium
from narrator.picture.devtools import Chromium
from narrator.picture.labels import seat_labels
from narrator.picture.townsquare import TOKEN, picture_size, render_svg
from picture_games import GAMES, NAMES, _game, bag, night
from statemachine.view.grimoire import build_view

pytestmark = pytest.mark.skipif(find_chromium() is None, reason="no Chromium installed")

MEASURE = """(() => {
  const svg = document.querySelector('svg');
  const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const seat = e => Number(e.getAttribute('data-seat') || 0);
  const all = s => Array.from(document.querySelectorAll(s));
  const vb = svg.viewBox.baseVal;
  return {
    frame: [vb.x, vb.y, vb.x + vb.width, vb.y + vb.height],
    texts: all('text').map(t => ({cls: t.getAttribute('class') || '', seat: seat(t),
                                  text: t.textContent, box: box(t)})),
    tokens: all('circle.token').map(c => ({seat: seat(c), x: c.cx.baseVal.value,
                                          y: c.cy.baseVal.value, r: c.r.baseVal.value})),
    marks: all('.mark').map(m => ({seat: seat(m), box: box(m)})),
    pills: all('rect.pill').map(p => ({seat: seat(p), box: box(p)})),
  };
})()"""


def meets(a, b, slack: float = 0.5) -> bool:
    return not (a[2] - slack <= b[0] or b[2] - slack <= a[0]
                or a[3] - slack <= b[1] or b[3] - slack <= a[1])


def inside(a, b, slack: float = 0.5) -> bool:
    return (a[0] >= b[0] - slack and a[1] >= b[1] - slack and a[2] <= b[2] + slack
            and a[3] <= b[3] + slack)


def problems(m: dict) -> dict[str, list[str]]:
    found = {"overlapping labels": [], "cut-off text": [], "covered names": [],
             "reminders nearer another seat": [], "names wider than their token": []}
    texts = m["texts"]
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            if meets(a["box"], b["box"]):
                found["overlapping labels"].append(f"{a['text']!r} / {b['text']!r}")
    pills = m["pills"]
    tokens = {t["seat"]: t for t in m["tokens"]}
    for t in texts:
        if not inside(t["box"], m["frame"]):
            found["cut-off text"].append(f"{t['text']!r} leaves the picture")
        if "reminder" in t["cls"].split() and not any(
                p["seat"] == t["seat"] and inside(t["box"], p["box"]) for p in pills):
            found["cut-off text"].append(f"{t['text']!r} leaves its reminder")
        if "character" in t["cls"].split():
            tok = tokens[t["seat"]]
            x0, y0, x1, y1 = t["box"]
            if x1 - x0 > 2 * tok["r"]:
                found["names wider than their token"].append(t["text"])
            # The text's box (less the font's empty line space) stays inside the circle.
            pad = (y1 - y0) * 0.15
            for x, y in ((x0, y0 + pad), (x1, y0 + pad), (x0, y1 - pad), (x1, y1 - pad)):
                if math.hypot(x - tok["x"], y - tok["y"]) > tok["r"] + 0.5:
                    found["cut-off text"].append(f"{t['text']!r} leaves its token")
                    break
    names = [t for t in texts if {"character", "player"} & set(t["cls"].split())]
    for cover in m["marks"] + pills:
        for n in names:
            if meets(cover["box"], n["box"]):
                found["covered names"].append(f"{n['text']!r} under seat {cover['seat']}'s")
    for p in pills:
        cx, cy = (p["box"][0] + p["box"][2]) / 2, (p["box"][1] + p["box"][3]) / 2
        near = min(tokens.values(), key=lambda t: math.hypot(t["x"] - cx, t["y"] - cy))
        if near["seat"] != p["seat"]:
            found["reminders nearer another seat"].append(
                f"seat {p['seat']}'s reminder nearest seat {near['seat']}")
    return found


@pytest.fixture(scope="module")
def chromium():
    with Chromium() as browser:
        yield browser


def measure(chromium, svg: str, tmp_path, name: str) -> dict:
    page = tmp_path / f"{name}.svg"
    page.write_text(svg)
    chromium.open(page.as_uri())
    return chromium.evaluate(MEASURE)


def clean(found: dict[str, list[str]]) -> bool:
    return not any(found.values())


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_games_of_the_issue_are_laid_out_cleanly(chromium, tmp_path, name):
    game = GAMES[name]()
    view = build_view(game)
    svg = render_svg(view)
    m = measure(chromium, svg, tmp_path, name)
    found = problems(m)
    assert clean(found), found
    # Everything is drawn: every name, every reminder's words in order, the sheet.
    drawn = " ".join(t["text"] for t in m["texts"])
    for s in view.seats:
        assert f"{s.seat}. {s.name}" in drawn
        assert " ".join(w for w in drawn.split() if w) is not None
    words = " ".join(t["text"] for t in m["texts"] if t["cls"] == "reminder").split()
    for texts in (lab.texts for lab in seat_labels(view).seats.values()):
        for text in texts:
            assert " ".join(text.split()) in " ".join(words), text   # whole words, in order
    assert len(m["tokens"]) == len(view.seats)
    assert (int(m["frame"][2] - m["frame"][0]), int(m["frame"][3] - m["frame"][1])) == \
        picture_size(svg)


def test_a_minstrels_drunk_town_is_named_once(chromium, tmp_path):
    view = build_view(GAMES["bmr-15-5-minstrel"]())
    m = measure(chromium, render_svg(view), tmp_path, "minstrel")
    reminders = [t["text"] for t in m["texts"] if t["cls"] == "reminder"]
    assert sum("Minstrel" in r for r in reminders) == 1          # named once...
    assert any(t["seat"] == 3 and "Minstrel" in t["text"] for t in m["texts"]
               if t["cls"] == "reminder")                          # ...beside the Minstrel
    drunk = {t["seat"] for t in m["texts"] if t["cls"] == "mark-label" and t["text"] == "DA"}
    assert drunk == {s.seat for s in view.seats if s.marks}         # a mark on each token
    assert len(drunk) == 14


def test_the_sheet_says_what_comes_next(chromium, tmp_path):
    tb = build_view(GAMES["tb-15-3-night-2"]())
    sheet = [t["text"] for t in measure(chromium, render_svg(tb), tmp_path, "tb")["texts"]
             if t["cls"].startswith("sheet")]
    assert "night 2" in sheet and "Tonight" in sheet
    assert "now: the Imp, 6. Fay" in sheet                      # the current step
    rest = [s for s in sheet if s.startswith("the ")]
    assert rest == ["the Empath, 8. Hal", "the Fortune Teller, 3. Cat",
                    "the Undertaker, 12. Lee", "the Butler, 7. Gus"]
    snv = build_view(GAMES["snv-12-day-3"]())
    sheet = [t["text"] for t in measure(chromium, render_svg(snv), tmp_path, "snv")["texts"]
             if t["cls"].startswith("sheet")]
    assert "day 3" in sheet and "Nominations" in sheet
    said = " ".join(sheet)                                      # lines wrap at spaces
    assert "2. Bartholomew nominates 4. Dan: 3 votes" in said
    assert "5. Eve nominates 10. Jon: 4 votes" in said
    assert "about to die: 10. Jon, 4 votes" in said


def _table(players: int, travellers: int, seed: int):
    """A drawn Trouble Brewing bag of ``players`` and the Travellers, on night 2."""
    ids = bag("Trouble Brewing", players, seed)
    game = _game("Trouble Brewing", ids, ["scapegoat", "gunslinger", "beggar", "thief",
                                          "bureaucrat"][:travellers], seed)
    game.handle("next")
    night(game, [2, 4, 1])
    game.handle("nominate", {"nominator": 1, "nominee": 2})
    game.handle("votes", {"count": players})
    game.handle("end_day", {})
    return game


@pytest.mark.parametrize("players,travellers", [(5, 0), (7, 1), (10, 2), (13, 0), (15, 5)])
def test_every_table_size_is_laid_out_cleanly(chromium, tmp_path, players, travellers):
    game = _table(players, travellers, players)
    m = measure(chromium, render_svg(build_view(game)), tmp_path, f"t{players}")
    assert clean(problems(m)), problems(m)
    assert len(m["tokens"]) == players + travellers


def test_each_check_can_fail(chromium, tmp_path):
    svg = render_svg(build_view(GAMES["tb-15-3-night-2"]()))
    first = re.search(r'<rect x="([\d.-]+)" y="([\d.-]+)"[^>]*class="pill" data-seat="(\d+)"',
                      svg)
    token = re.search(r'<circle cx="([\d.-]+)" cy="([\d.-]+)" r="\d+"[^>]*class="token" '
                      r'data-seat="1"', svg)
    # A reminder moved onto seat 1's token and name; a character name made too big; a
    # reminder's text pushed outside the picture.
    bad = svg.replace(first.group(0), first.group(0).replace(
        f'x="{first.group(1)}" y="{first.group(2)}"',
        f'x="{float(token.group(1)) - 40}" y="{float(token.group(2)) + 40}"'))
    bad = bad.replace('class="character" data-seat="2"', 'class="character" data-seat="2" '
                      'style="font-size: 40px"')
    bad = re.sub(r'(<text x=")[\d.-]+(" y=")[\d.-]+("[^>]*class="sheet when")',
                 r'\g<1>-5000\g<2>-5000\g<3>', bad)
    found = problems(measure(chromium, bad, tmp_path, "bad"))
    for kind in ("overlapping labels", "cut-off text", "covered names",
                 "reminders nearer another seat", "names wider than their token"):
        assert found[kind], kind


def test_a_crowded_seat_and_long_names_still_fit(chromium, tmp_path):
    """Ten reminders on one seat, long ones on its neighbours, and long player names."""
    from dataclasses import replace
    view = build_view(GAMES["bmr-15-5-minstrel"]())
    many = tuple(f"reminder number {n} from the Storyteller, kept until the end of the game"
                 for n in range(10))
    seats = list(view.seats)
    seats[4] = replace(seats[4], reminders=many)
    seats[5] = replace(seats[5], reminders=many[:3], name="Maximiliana")
    seats[3] = replace(seats[3], reminders=many[:4], name="Bartholomew-Smythe")
    view = replace(view, seats=tuple(seats))
    m = measure(chromium, render_svg(view), tmp_path, "crowded")
    assert clean(problems(m)), problems(m)
    assert TOKEN > 0


def _full_table(script: str, seed: int):
    """A drawn bag of 15 players and 5 of the script's Travellers (or Trouble Brewing's),
    through the first night and a day with an execution, on night 2."""
    from characters.scripts import load_script, registry_for
    loaded = load_script(script)
    registry = registry_for(loaded)
    # The script's own Travellers but the Bishop (whose day needs an evil nominee to end).
    travellers = [c for c in loaded.ids if registry.get(c).team == "traveller"
                  and c != "bishop"][:5]
    travellers += [t for t in ("scapegoat", "gunslinger", "beggar", "thief", "bureaucrat")
                   if t not in travellers][:5 - len(travellers)]
    game = _game(script, bag(script, 15, seed), travellers, seed)
    game.handle("next")
    night(game, [2, 9, 14])
    from statemachine.errors import Rejected
    for nominator, nominee in ((1, 2), (5, 7)):
        try:                       # a Bishop or a Butcher may refuse: the day goes on
            game.handle("nominate", {"nominator": nominator, "nominee": nominee})
            game.handle("votes", {"count": 12})
        except Rejected:
            pass
    game.handle("end_day", {})
    for _ in range(3):
        if game.phase.at_night or game.winner:
            break
        game.handle("next" if "next" in game.expected_intents() else "yes")
    night(game, [3, 11, 6], until_seat=8)
    return game


@pytest.mark.parametrize("script", ["Bad Moon Rising", "Once Upon a Baron", "Raining Down",
                                    "Sects & Violets", "Seed Almanac", "Trouble Brewing"])
def test_every_bundled_script_at_a_full_table(chromium, tmp_path, script):
    game = _full_table(script, 4)
    view = build_view(game)
    m = measure(chromium, render_svg(view), tmp_path, "full")
    assert clean(problems(m)), problems(m)
    assert len(m["tokens"]) == 20
