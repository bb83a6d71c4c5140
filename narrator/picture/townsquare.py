"""The town square as an SVG picture, drawn from the grimoire's read model.

Seats sit in a circle, clockwise from seat 1 at the top. Each token shows the character's
name in its team's colour (wrapped or made smaller to fit inside the ring with room to
spare), the player's name under it (on two lines, or beside the token outward, when a long
name has no room there; the ring grows when it has none), a dark band across its top when
dead (the name stays clear), the ghost vote, and a disc for each drunk or poisoned mark on
its rim. The reminders and effects stand outside the ring on the line from the centre
through their seat, as on a real grimoire, in full words wrapped at spaces; a card that
had to stand off from its token is joined to it by a dashed line. In the middle: the script, the phase and what comes next.
SVG is written directly: the picture is circles, rectangles and text, and a drawing
library would add a dependency to the Pi for none of that.
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from narrator.picture.labels import SeatLabels, seat_labels
from narrator.picture.layout import (Box, Circle, around, place_card,
                                     place_names, ring_position, text_width, union, wrap)
from narrator.picture.sheet import lay_out, sheet_lines
from statemachine.view.grimoire import GrimoireView, SeatView

TEAM_COLOURS = {"townsfolk": "#1f5fd1", "outsider": "#1aa0c9", "minion": "#e07000",
                "demon": "#c40000", "traveller": "#7a3fb8", "fabled": "#b08a00",
                "loric": "#3d7a3a"}
MARK_COLOURS = {"poisoned": "#2e7d32", "drunk": "#8b5a2b"}
TOKEN = 54                     # a token's radius, px
PILL_WIDTH = 168               # a reminder's widest line, px
PILL_SIZE, PILL_LINE = 12, 15
MARGIN = 16
TALL_CARD = 240                # px: a taller card beside a seat on the side is split
RING = TOKEN + 2.5             # a token's outer edge (its stroke is 5px)
INSIDE = TOKEN - 2.5 - 4       # the character's name keeps 4px inside the ring
TIED = 12                      # px: a card farther than this from its seat gets a leader


def _text(x: float, y: float, text: str, size: float, fill: str = "#222",
          bold: bool = False, cls: str = "", anchor: str = "middle", seat: int = 0) -> str:
    css = f' class="{cls}"' if cls else ""
    data = f' data-seat="{seat}"' if seat else ""
    weight = ' font-weight="bold"' if bold else ""
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size:g}" fill="{fill}"{weight} '
            f'text-anchor="{anchor}"{css}{data}>{escape(text)}</text>')


def ring_radius(count: int, sheet_w: float, sheet_h: float) -> float:
    """Room for every token side by side with its name, and for the sheet inside."""
    pitch = count * (2 * TOKEN + 34) / (2 * math.pi)
    inside = math.hypot(sheet_w / 2, sheet_h / 2) + TOKEN + 40
    return max(300.0, pitch, inside)


def _inside(lines: tuple[str, ...], size: float, top: float) -> bool:
    """Whether ``lines`` at ``size``, the first's baseline ``top`` below the token's centre,
    stay INSIDE of its centre: each line's glyphs within the chord of that circle at their
    farthest from the middle."""
    step = round(size * 1.2)
    for k, line in enumerate(lines):
        base = top + k * step
        dy = max(abs(base - 0.76 * size), abs(base + 0.24 * size))
        if dy >= INSIDE or text_width(line, size, True) > 2 * math.sqrt(INSIDE ** 2 - dy ** 2):
            return False
    return True


def _character(s: SeatView, x: float, y: float, colour: str) -> list[str]:
    """The character's name inside the token, between the dead band and the marks, clear
    of the ring: on one line at 14px or more, else on two broken at a space, else smaller."""
    sizes = (16, 15, 14, 13, 12, 11, 10)
    name = s.character_name
    words = name.split()
    two = min(([" ".join(words[:k]), " ".join(words[k:])] for k in range(1, len(words))),
              key=lambda f: max(text_width(ln, 1, True) for ln in f), default=None)
    tries = [(size, (name,)) for size in sizes if size >= 14]
    for size in sizes:
        tries += [(size, tuple(two))] if two else []
        tries.append((size, (name,)))
    size, lines = sizes[-1], (name,)
    for size_, lines_ in tries:
        if _inside(lines_, size_, 5 - (len(lines_) - 1) * round(size_ * 1.2) / 2):
            size, lines = size_, lines_
            break
    step = round(size * 1.2)          # the font's box is about 1.16 em tall
    top = y + 5 - (len(lines) - 1) * step / 2
    return [_text(x, top + k * step, line, size, colour, True, "character", seat=s.seat)
            for k, line in enumerate(lines)]


def _mark_spots(s: SeatView, x: float, y: float, labels: SeatLabels):
    """Where the token's marks go: the ghost vote (x, y, r) or None, and each disc's."""
    ghost = None
    if not s.alive and s.ghost_vote and not s.left:
        ghost = (x + TOKEN * 0.78, y - TOKEN * 0.78, 12)
    discs = []
    for k, disc in enumerate(labels.discs[:4]):
        angle = math.radians((122, 58, 148, 32)[k])
        discs.append((x + TOKEN * math.cos(angle), y + TOKEN * math.sin(angle), 10, disc))
    return ghost, discs


def _token(s: SeatView, x: float, y: float, labels: SeatLabels) -> list[str]:
    r = TOKEN
    colour = TEAM_COLOURS.get(s.team, "#444")
    fill = "#f6efdc" if s.alive else "#cfc6b2"
    dash = ' stroke-dasharray="8 5"' if s.traveller else ""
    out = [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{fill}" stroke="{colour}" '
           f'stroke-width="5"{dash} class="token" data-seat="{s.seat}"/>']
    if not s.alive:
        # The shroud: a dark band over the top of the token, above the character's name.
        h = r * 0.48
        half = math.sqrt(r * r - (r - h) ** 2)
        out.append(f'<path d="M {x - half:.1f} {y - r + h:.1f} A {r} {r} 0 0 1 '
                   f'{x + half:.1f} {y - r + h:.1f} Z" fill="#1b1b1b" class="mark shroud" '
                   f'data-seat="{s.seat}"/>')
        out.append(_text(x, y - r + h - 6, "left" if s.left else "dead", 11, "#fff", True,
                         "mark-label", seat=s.seat))
    ghost, discs = _mark_spots(s, x, y, labels)
    if ghost:
        gx, gy, _r = ghost
        out.append(f'<circle cx="{gx:.1f}" cy="{gy:.1f}" r="12" fill="#fff" '
                   f'stroke="#111" stroke-width="2" class="mark ghost" data-seat="{s.seat}"/>')
        out.append(_text(gx, gy + 3, "vote", 8, "#111", True, "mark-label", seat=s.seat))
    out += _character(s, x, y, colour)
    if s.traveller and s.alive:
        out.append(_text(x, y - TOKEN * 0.62, "traveller", 10, TEAM_COLOURS["traveller"],
                         cls="token-label", seat=s.seat))
    # Marks on the lower rim, under the character's name, never over it.
    for mx, my, _r, disc in discs:
        out.append(f'<circle cx="{mx:.1f}" cy="{my:.1f}" r="10" '
                   f'fill="{MARK_COLOURS.get(disc.kind, "#555")}" stroke="#fff" '
                   f'stroke-width="1.5" class="mark disc" data-seat="{s.seat}"/>')
        letter = disc.kind[0].upper() + disc.key
        out.append(_text(mx, my + 4, letter, 10 if disc.key else 11, "#fff", True,
                         "mark-label", seat=s.seat))
    return out


def _card(texts: list[str], angle: float) -> tuple[list[tuple[Box, list[str]]], float, float]:
    """The reminder pills of one seat as a card: (pill box about the card's centre, its
    lines) each, and the card's width and height. Stacked in one column; beside a seat on
    the left or right of the ring, a card taller than TALL_CARD goes into columns side by
    side, the first nearest the token, so it grows outward rather than along the ring."""
    pills = []
    for text in texts:
        lines = wrap(text, PILL_WIDTH, PILL_SIZE)
        w = max(text_width(ln, PILL_SIZE) for ln in lines) + 16
        pills.append((w, len(lines) * PILL_LINE + 8, lines))
    per_column = len(pills)
    tall = sum(h for _w, h, _l in pills) + 4 * (len(pills) - 1)
    if abs(math.cos(angle)) > 0.6 and tall > TALL_CARD:
        per_column = math.ceil(len(pills) / math.ceil(tall / TALL_CARD))
    columns = [pills[k:k + per_column] for k in range(0, len(pills), per_column)]
    if math.cos(angle) < 0:
        columns.reverse()                       # outward is to the left
    widths = [max(w for w, _h, _l in c) for c in columns]
    heights = [sum(h for _w, h, _l in c) + 4 * (len(c) - 1) for c in columns]
    width, height = sum(widths) + 8 * (len(columns) - 1), max(heights, default=0)
    out, x = [], -width / 2
    for column, cw, ch in zip(columns, widths, heights):
        y = -ch / 2
        for w, h, lines in column:
            out.append((Box(x + cw / 2 - w / 2, y, x + cw / 2 + w / 2, y + h), lines))
            y += h + 4
        x += cw + 8
    return out, width, height


def _leader(seat: int, x: float, y: float, angle: float, name: Box,
            pills: list[Box]) -> list[str]:
    """A thin line from the token to its card, along the line through the seat, begun past
    the seat's name when the name stands on that line (none when the card touches the
    name there: the name leads to it)."""
    ux, uy = math.cos(angle), math.sin(angle)

    def inside(box: Box, t: float) -> bool:
        return box.x0 <= x + ux * t <= box.x1 and box.y0 <= y + uy * t <= box.y1

    far = max(math.hypot(p.cx - x, p.cy - y) for p in pills)
    end = RING + 1
    while end < far and not any(inside(p, end) for p in pills):
        end += 1
    begin = RING + 1
    for t in range(int(begin), int(end)):
        if inside(name, t):
            begin = t + 1
    if end - begin < 6:
        return []
    return [f'<line x1="{x + ux * begin:.1f}" y1="{y + uy * begin:.1f}" '
            f'x2="{x + ux * end:.1f}" y2="{y + uy * end:.1f}" stroke="#9a9080" '
            f'stroke-width="1.5" stroke-dasharray="4 3" class="leader" data-seat="{seat}"/>']


def _tied(seat: int, pills: list[Box], rings: dict[int, Circle]) -> bool:
    """Whether a card reads as its seat's without a line: by its token, and nearer it than
    any other seat's token."""
    def gap(s: int) -> float:
        return min(rings[s].gap(p) for p in pills)
    own = gap(seat)
    return own <= TIED and all(own < gap(s) for s in rings if s != seat)


def _seats(view: GrimoireView, labels, sheet: Box, floor: float):
    """The ring's radius (``floor`` or, when the names need it, larger), each seat's
    (x, y, angle) and its name's label."""
    count = max(1, len(view.seats))
    radius = floor
    for attempt in range(40):
        spots = {s.seat: ring_position(i, count, radius) for i, s in enumerate(view.seats)}
        rings = {seat: Circle(x, y, RING) for seat, (x, y, _a) in spots.items()}
        marks = []
        for s in view.seats:
            ghost, discs = _mark_spots(s, *spots[s.seat][:2], labels.seats[s.seat])
            marks += [Circle(*ghost)] if ghost else []
            marks += [Circle(mx, my, r) for mx, my, r, _d in discs]
        names = place_names([(s.seat, s.name, *spots[s.seat]) for s in view.seats], TOKEN,
                            rings, marks, [sheet], force=attempt == 39)
        if names is not None:
            return radius, spots, rings, marks, names
        radius *= 1.04


def render_svg(view: GrimoireView) -> str:
    labels = seat_labels(view)
    placed, sheet_w, sheet_h = lay_out(sheet_lines(view, labels.legends))
    count = max(1, len(view.seats))
    sheet = around(0, 0, sheet_w + 16, sheet_h + 16)
    radius, spots, rings, marks, names = _seats(view, labels, sheet,
                                                ring_radius(count, sheet_w, sheet_h))
    centres = {seat: (x, y) for seat, (x, y, _a) in spots.items()}
    body: list[str] = []
    taken: list[Box] = [sheet] + [n.box for n in names.values()]
    for s in view.seats:
        x, y, _a = spots[s.seat]
        name = names[s.seat]
        body.append(f'<g class="seat" id="seat-{s.seat}">')
        body += _token(s, x, y, labels.seats[s.seat])
        body += [_text(name.box.cx, base, line, name.size, "#111", True, "player", seat=s.seat)
                 for line, base in zip(name.lines, name.baselines)]
        body.append("</g>")
    # The fullest cards first: they get the room nearest their seats.
    for s in sorted(view.seats, key=lambda s: -len(labels.seats[s.seat].texts)):
        texts = labels.seats[s.seat].texts
        if not texts:
            continue
        x, y, angle = spots[s.seat]
        pills, w, h = _card(texts, angle)
        ux, uy = math.cos(angle), math.sin(angle)
        start = radius + TOKEN + abs(ux) * w / 2 + abs(uy) * h / 2
        d = place_card(s.seat, angle, start, [b for b, _l in pills], taken, centres,
                       list(rings.values()) + marks)
        cx, cy = ux * d, uy * d
        boxes = [b.moved(cx, cy) for b, _l in pills]
        body.append(f'<g class="reminders" data-seat="{s.seat}">')
        if not _tied(s.seat, boxes, rings):
            body += _leader(s.seat, x, y, angle, names[s.seat].box, boxes)
        for b, (_box, lines) in zip(boxes, pills):
            taken.append(b)
            body.append(f'<rect x="{b.x0:.1f}" y="{b.y0:.1f}" width="{b.x1 - b.x0:.1f}" '
                        f'height="{b.y1 - b.y0:.1f}" rx="9" fill="#fff" stroke="#9a9080" '
                        f'stroke-width="1.5" class="pill" data-seat="{s.seat}"/>')
            for k, line in enumerate(lines):
                body.append(_text(b.cx, b.y0 + 4 + (k + 1) * PILL_LINE - 3, line, PILL_SIZE,
                                  "#333", cls="reminder", seat=s.seat))
        body.append("</g>")
    body.append('<g class="sheet">')
    for p in placed:
        ln = p.line
        body.append(_text(p.x, p.y, ln.text, ln.size, ln.colour, ln.bold, ln.cls, "start"))
    body.append("</g>")
    frame = union(taken + [around(x, y, 2 * TOKEN + 12, 2 * TOKEN + 12)
                           for x, y in centres.values()])
    x0, y0 = frame.x0 - MARGIN, frame.y0 - MARGIN
    width, height = frame.x1 - frame.x0 + 2 * MARGIN, frame.y1 - frame.y0 + 2 * MARGIN
    head = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" '
            f'height="{height:.0f}" viewBox="{x0:.0f} {y0:.0f} {width:.0f} {height:.0f}" '
            'font-family="DejaVu Sans, sans-serif">',
            f"<title>{escape(view.script)}: the town square</title>",
            f'<rect x="{x0:.0f}" y="{y0:.0f}" width="{width:.0f}" height="{height:.0f}" '
            'fill="#e9e3d3"/>',
            f'<circle cx="0" cy="0" r="{radius:.0f}" fill="none" stroke="#c8bfa8" '
            'stroke-width="2"/>']
    return "\n".join(head + body + ["</svg>"]) + "\n"


def picture_size(svg: str) -> tuple[int, int]:
    """The width and height an SVG of ours asks for (for a screenshot of it)."""
    import re
    found = re.search(r'<svg [^>]*width="(\d+)" height="(\d+)"', svg)
    return (int(found.group(1)), int(found.group(2))) if found else (1000, 1000)
