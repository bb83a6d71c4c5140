"""The town square measured as headless Chromium laid it out (getBBox of every text, token,
mark and reminder), on the games of issue 24 and at every table size from 5 to 20 seats:
no two labels overlap, no text is cut off (outside the picture, its reminder or its token),
no mark covers a name, every reminder is nearer its own seat than any other, no character
name is wider than its token; with long names and Travellers (issue 60) no player's name
under a token, a mark or another label, every card of reminders tied to its seat, every
character name clear of its ring (seat_problems). A picture doctored to break each rule
shows that each check can fail."""
from __future__ import annotations

import math
import re

import pytest

from narrator.picture.browser import find_chromium
from narrator.picture.devtools import Chromium
from narrator.picture.labels import seat_labels
from narrator.picture.townsquare import TOKEN, picture_size, render_svg
from picture_games import GAMES, NAMES, _game, bag, day, night
from statemachine.view.grimoire import build_view


MEASURE = """(() => {
  const svg = document.querySelector('svg');
  const box = e => { const b = e.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
  const seat = e => Number(e.getAttribute('data-seat') || 0);
  const all = s => Array.from(document.querySelectorAll(s));
  const vb = svg.viewBox.baseVal;
  return {
    frame: [vb.x, vb.y, vb.x + vb.width, vb.y + vb.height],
    texts: all('text').map(t => ({cls: t.getAttribute('class') || '', seat: seat(t),
                                  text: t.textContent, box: box(t),
                                  size: Number(t.getAttribute('font-size'))})),
    tokens: all('circle.token').map(c => ({seat: seat(c), x: c.cx.baseVal.value,
                                          y: c.cy.baseVal.value, r: c.r.baseVal.value})),
    marks: all('.mark').map(m => ({seat: seat(m), box: box(m)})),
    pills: all('rect.pill').map(p => ({seat: seat(p), box: box(p)})),
    leaders: all('line.leader').map(l => ({seat: seat(l), ends: [l.x1.baseVal.value,
      l.y1.baseVal.value, l.x2.baseVal.value, l.y2.baseVal.value]})),
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
    found.update(seat_problems(
        texts, {t["seat"]: (t["x"], t["y"], t["r"]) for t in m["tokens"]},
        [(k["seat"], k["box"]) for k in m["marks"]], [(p["seat"], p["box"]) for p in pills],
        [(ln["seat"], tuple(ln["ends"])) for ln in m["leaders"]]))
    return found


@pytest.fixture(scope="module")
def chromium():
    if find_chromium() is None:
        pytest.skip("no Chromium installed")
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


# --- Long names and Travellers at every table size (the tester's issue 60). A seat's number
# and name clear of every token (its ring, not its square), mark, reminder and other label,
# nearer its own token than any other, never smaller than 12px; each card of reminders by its own token or name, nearer them
# than any other seat's, or joined to them by a leader line; the character's name inside its
# ring with room to spare. Checked on the boxes Chromium measured (problems, above) and on
# the SVG's own geometry with the layout's upper estimate of text widths (no browser).

LONGEST = 30                    # narrator/cli/play.py's LONGEST_NAME
LONG_NAMES = ["Alexandria Whitmore-Fairweath", "Bartholomew Featherstonehaugh",
              "Catherine Zeta-Jones Douglas", "Dominic Fairweather-Smythe",
              "Evangeline-Rosalind Lilly-Ros", "Fay", "Gwendolyn Brooksbank",
              "Horatio Hornblower", "Isadora Duncan-Smith", "Jonathan Smythe-Whittington",
              "Katharina Schwarzkopfenberger", "Leopold-Ferdinand", "Maximiliana Wolfeschlegel",
              "Nathaniel Hawthorne", "Octavia Butterworth", "Persephone Abernathy",
              "Quentin Tarantino-Lee", "Wolfgang Amadeus Mozart",
              "Sebastian-Vettelson-Hohenzoll", "Theodora Roosevelt"]
RIM = 2.5                       # half a token's stroke
ROOM = 4.0                      # px: clear space inside the ring round the character's name
TIED = 16.0                     # px: a card this near its token or name needs no leader
SMALLEST_NAME = 12              # px


def _box_gap(a, b) -> float:
    return math.hypot(max(a[0] - b[2], b[0] - a[2], 0.0), max(a[1] - b[3], b[1] - a[3], 0.0))


def _ring_gap(box, ring) -> float:
    """How far the box is from the circle (x, y, r) (0 when they meet)."""
    x, y, r = ring
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return max(0.0, math.hypot(nx - x, ny - y) - r)


def _union(boxes):
    boxes = list(boxes)
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes),
            max(b[3] for b in boxes))


def seat_problems(texts, tokens, marks, pills, leaders) -> dict[str, list[str]]:
    """``texts`` as problems() has them (cls, seat, text, box, size); ``tokens`` {seat:
    (x, y, r)}; ``marks`` and ``pills`` (seat, box); ``leaders`` (seat, (x1, y1, x2, y2))."""
    found = {"names under a token": [], "names under a label": [], "names under a reminder": [],
             "names too small": [], "names nearer another seat": [],
             "reminders not tied to their seat": [],
             "character names touching the ring": []}
    rings = {seat: (x, y, r + RIM) for seat, (x, y, r) in tokens.items()}
    players = [t for t in texts if "player" in t["cls"].split()]
    for n in players:
        if n["size"] < SMALLEST_NAME:
            found["names too small"].append(f"{n['text']!r} at {n['size']}px")
        for seat, ring in rings.items():
            if _ring_gap(n["box"], ring) <= 0.5:
                found["names under a token"].append(f"{n['text']!r} under seat {seat}'s token")
        for seat, mark in marks:
            if _box_gap(n["box"], mark) <= 0.5:
                found["names under a token"].append(f"{n['text']!r} under seat {seat}'s mark")
        for other in texts:
            one = "player" in other["cls"].split() and other["seat"] == n["seat"]  # its line
            if not one and _box_gap(n["box"], other["box"]) <= 0.5:
                found["names under a label"].append(f"{n['text']!r} / {other['text']!r}")
        for seat, pill in pills:
            if _box_gap(n["box"], pill) <= 0.5:
                found["names under a reminder"].append(f"{n['text']!r} under seat {seat}'s")
    for t in texts:
        if "character" not in t["cls"].split():
            continue
        x, y, r = tokens[t["seat"]]
        x0, y0, x1, y1 = t["box"]
        pad = (y1 - y0) * 0.15                 # the font's empty line space
        if max(math.hypot(px - x, py - y) for px in (x0, x1) for py in (y0 + pad, y1 - pad)) \
                > r - RIM - ROOM:
            found["character names touching the ring"].append(f"seat {t['seat']} {t['text']!r}")
    names = {seat: _union(n["box"] for n in players if n["seat"] == seat) for seat in rings}
    for seat, box in names.items():
        own = _ring_gap(box, rings[seat])
        near = [o for o in rings if o != seat and _ring_gap(box, rings[o]) <= own]
        if near:
            found["names nearer another seat"].append(f"seat {seat}'s name by seat {near[0]}")
    cards: dict[int, list] = {}
    for seat, pill in pills:
        cards.setdefault(seat, []).append(pill)

    def gap(boxes, seat):
        return min(min(_ring_gap(b, rings[seat]), _box_gap(b, names[seat])) for b in boxes)

    for seat, boxes in cards.items():
        own = gap(boxes, seat)
        others = min(gap(boxes, o) for o in rings if o != seat)
        if own <= TIED and own < others:
            continue
        x, y, r = rings[seat]
        joined = any(
            s == seat and math.hypot(x2 - x1, y2 - y1) >= 8
            and min(abs(math.hypot(x1 - x, y1 - y) - r), _box_gap((x1, y1, x1, y1), names[seat])) <= 8
            and min(_box_gap((x2, y2, x2, y2), b) for b in boxes) <= 8
            for s, (x1, y1, x2, y2) in leaders)
        if not joined:
            found["reminders not tied to their seat"].append(
                f"seat {seat}'s card {own:.0f}px from its seat, {others:.0f}px from another's")
    return found


def svg_problems(svg: str) -> dict[str, list[str]]:
    """seat_problems on the SVG's own numbers: circles, rectangles, lines, and each text's
    box from its anchor, its size and the layout's (upper) estimate of its width."""
    from xml.etree import ElementTree
    from narrator.picture.layout import text_width
    texts, tokens, marks, pills, leaders = [], {}, [], [], []
    for e in ElementTree.fromstring(svg).iter():
        tag, cls = e.tag.split("}")[-1], e.get("class") or ""
        seat = int(e.get("data-seat") or 0)
        num = {k: float(v) for k, v in e.attrib.items()
               if k in ("cx", "cy", "r", "x", "y", "width", "height", "x1", "y1", "x2", "y2")}
        if tag == "circle" and "token" in cls.split():
            tokens[seat] = (num["cx"], num["cy"], num["r"])
        elif tag == "circle" and "mark" in cls.split():
            marks.append((seat, (num["cx"] - num["r"], num["cy"] - num["r"],
                                 num["cx"] + num["r"], num["cy"] + num["r"])))
        elif tag == "rect" and "pill" in cls.split():
            pills.append((seat, (num["x"], num["y"], num["x"] + num["width"],
                                 num["y"] + num["height"])))
        elif tag == "line" and "leader" in cls.split():
            leaders.append((seat, (num["x1"], num["y1"], num["x2"], num["y2"])))
        elif tag == "text":
            size = float(e.get("font-size"))
            w = text_width(e.text or "", size, e.get("font-weight") == "bold")
            x0 = {"middle": num["x"] - w / 2, "end": num["x"] - w}.get(e.get("text-anchor"),
                                                                        num["x"])
            texts.append({"cls": cls, "seat": seat, "text": e.text or "", "size": size,
                          # DejaVu Sans's em box about the baseline, as getBBox has it
                          "box": (x0, num["y"] - 0.93 * size, x0 + w, num["y"] + 0.24 * size)})
    return seat_problems(texts, tokens, marks, pills, leaders)


def _long_table(players: int, travellers: int, seed: int, names: list[str] | None = None):
    """A drawn Trouble Brewing bag with long names (one of them a single word as long as a
    name may be) and Travellers, through a night, a day with a nomination, into night 2."""
    from statemachine.game import Game, GameSetup
    from characters.scripts import load_script, registry_for
    loaded = load_script("Trouble Brewing")
    names = names or LONG_NAMES[:1] + ["Bartholomew-Featherstonehaughs"] + LONG_NAMES[2:]
    names = names[:players + travellers]
    assert max(len(n) for n in names) <= LONGEST
    kinds = ["scapegoat", "gunslinger", "beggar", "thief", "bureaucrat"][:travellers]
    setup = GameSetup(loaded.name, loaded.ids, names[:players],
                      bag("Trouble Brewing", players, seed) + kinds, seed, names[players:])
    game = Game(setup, registry_for(loaded))
    game.start()
    game.handle("next")
    night(game, [2, 4, 1])
    day(game, [(1, 2, players)])
    night(game, [3, 5, 2], until_seat=players)
    return game


def _tester_table_of_20():
    """The tester's table of 20 on day 2: 15 players and 5 Travellers, three long names,
    seat 8 holding two reminders (drawn beside seat 9 with no line to seat 8), two dead."""
    from dataclasses import replace
    view = build_view(_long_table(15, 5, 9))
    names = NAMES[:20]
    names[1], names[11], names[15], names[19] = ("Christopher Montgomery", "Leopold-Ferdinand",
                                                 "Persephone Abernathy", "Wolfgang Amadeus Mozart")
    reminders = {2: ("negative vote by seat 16, Persephone Abernathy, the Thief until dusk "
                     "tomorrow",),
                 7: ("Butler: Master",),
                 8: ("Fortune Teller: Red herring",
                     "3 votes by seat 17, Quin, the Bureaucrat until dusk tomorrow")}
    seats = []
    for s in view.seats:
        dead = {9: "died on night 2", 12: "executed on day 1"}.get(s.seat, "")
        seats.append(replace(s, name=names[s.seat - 1], reminders=reminders.get(s.seat, ()),
                             effects=(), marks=(), death=dead, alive=not dead,
                             ghost_vote=bool(dead)))
    return replace(view, seats=tuple(seats))


def test_the_tester_table_of_20_keeps_names_clear_and_cards_tied(chromium, tmp_path):
    view = _tester_table_of_20()
    svg = render_svg(view)
    found = svg_problems(svg)
    assert clean(found), found
    found = problems(measure(chromium, svg, tmp_path, "tester20"))
    assert clean(found), found


@pytest.mark.parametrize("players,travellers", [(5, 0), (5, 1), (10, 2), (15, 5)])
def test_long_names_and_travellers_are_laid_out_cleanly(chromium, tmp_path, players,
                                                        travellers):
    """5, 6, 12 and 20 seats, the longest names the narrator accepts: measured in Chromium
    and on the SVG's own geometry."""
    view = build_view(_long_table(players, travellers, players))
    assert len(view.seats) == players + travellers
    svg = render_svg(view)
    found = svg_problems(svg)
    assert clean(found), found
    found = problems(measure(chromium, svg, tmp_path, f"long{players}"))
    assert clean(found), found
    drawn = " ".join(t["text"] for t in measure(chromium, svg, tmp_path, "again")["texts"]
                     if t["cls"] == "player")
    for s in view.seats:                        # every name whole, in order, on its lines
        assert f"{s.seat}. {s.name}" in drawn


@pytest.mark.parametrize("seats", range(5, 21))
def test_names_of_thirty_letters_on_every_seat_at_every_size(seats):
    """Every table size from 5 to 20, every name 30 characters long (every third one word of
    wide letters), Travellers past 15 players: the SVG's own geometry."""
    from dataclasses import replace
    players = min(seats, 15)
    view = build_view(_long_table(players, seats - players, seats))
    long = ["WWW" + "m" * (LONGEST - 3) if k % 3 == 0 else
            LONG_NAMES[(k * 7) % len(LONG_NAMES)].ljust(LONGEST, "e")[:LONGEST]
            for k in range(seats)]
    view = replace(view, seats=tuple(replace(s, name=long[s.seat - 1]) for s in view.seats))
    found = svg_problems(render_svg(view))
    assert clean(found), found


def test_each_seat_check_can_fail():
    """The SVG's own geometry catches each fault: a name moved onto a neighbour's token and
    made small, a card's leader taken away and the card moved off, a reminder put on a
    name, a character name too big for its ring."""
    svg = render_svg(_tester_table_of_20())
    name = re.search(r'<text x="([\d.-]+)" y="([\d.-]+)"[^>]*class="player" data-seat="5"', svg)
    token = re.search(r'<circle cx="([\d.-]+)" cy="([\d.-]+)" r="\d+"[^>]*class="token" '
                      r'data-seat="4"', svg)
    bad = re.sub(r'<text x="[\d.-]+" y="[\d.-]+" font-size="\d+"([^>]*class="player" '
                 r'data-seat="3")', f'<text x="{token.group(1)}" y="{token.group(2)}" '
                 r'font-size="10"\1', svg)
    bad = re.sub(r'<line [^>]*class="leader"[^>]*/>', "", bad)
    bad = re.sub(r'(<rect x=")([\d.-]+)("[^>]*class="pill" data-seat="8")',
                 lambda m: f"{m.group(1)}{float(m.group(2)) + 30:.1f}{m.group(3)}", bad)
    bad = re.sub(r'<rect x="[\d.-]+" y="[\d.-]+"([^>]*class="pill" data-seat="7")',
                 f'<rect x="{name.group(1)}" y="{name.group(2)}"\\1', bad)
    bad = re.sub(r'font-size="\d+"([^>]*class="character" data-seat="6")', r'font-size="30"\1',
                 bad)
    found = svg_problems(bad)
    for kind in found:
        assert found[kind], kind
    assert clean(svg_problems(svg))


def test_the_sheet_counts_the_players_and_the_travellers_apart():
    """'3 alive of 5' beside '5 votes to execute' at a table with a living Traveller: the
    threshold counts the Travellers, and the count did not say so."""
    game = _game("Trouble Brewing", bag("Trouble Brewing", 5, 1), ["scapegoat", "beggar"], 1)
    game.handle("next")
    game.handle("die", {"seat": 2})
    game.handle("die", {"seat": 7})
    text = re.sub(r"<[^>]+>", " ", render_svg(build_view(game)))
    assert "4 of 5 players alive, 1 of 2 Travellers" in " ".join(text.split())
    alone = _game("Trouble Brewing", bag("Trouble Brewing", 5, 1), [], 1)
    text = re.sub(r"<[^>]+>", " ", render_svg(build_view(alone)))
    assert "5 of 5 players alive" in " ".join(text.split()) and "Travellers" not in text
