"""The geometry of the town square: how wide a line of text is, how a label wraps (at
spaces, never inside a word), boxes and whether they meet, and where a seat's labels go:
outside the ring on the line from the centre through the seat, as close as they fit.

Widths are estimated, not measured (no font on the Pi is known in advance): the estimate is
set a little wide for DejaVu Sans, the widest of the usual sans-serif fonts, so a phone's
narrower font only leaves more room (its bold is about 1.17 times as wide as its book, not
1.1: "Undertaker" and "WWWW" measured wider than that estimate). The browser test measures
what Chromium really drew.

A player's name goes under their token when it fits there, clear of every token (a circle,
not its square: the neighbours are round), mark and label, moved a little sideways, or on
two lines broken at a space; else outside the ring on the line through the seat, where the
reminders go; else the ring grows (place_names).
"""
from __future__ import annotations

import math
from dataclasses import dataclass

_NARROW = set("iljtfrI.,:;'!|()[] -")
_WIDE = set("mwMW@%")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An upper estimate of ``text``'s width in pixels at ``size`` px."""
    em = 0.0
    for ch in text:
        if ch in _NARROW:
            em += 0.36
        elif ch in _WIDE:
            em += 0.95
        elif ch.isupper():
            em += 0.76
        elif ch.isdigit():
            em += 0.66
        else:
            em += 0.62
    return em * size * (1.17 if bold else 1.0)


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``width``, broken at spaces only; a word wider than
    the width alone stays whole on its own line (the caller picks a smaller size then)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def fit(text: str, width: float, sizes, max_lines: int, bold: bool = False):
    """The largest of ``sizes`` at which ``text`` wraps into at most ``max_lines`` lines
    each within ``width``: (size, lines). The smallest size if none fits."""
    for size in sizes:
        lines = wrap(text, width, size, bold)
        if len(lines) <= max_lines and all(text_width(ln, size, bold) <= width for ln in lines):
            return size, lines
    size = sizes[-1]
    return size, wrap(text, width, size, bold)


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    def meets(self, other: Box, gap: float = 0.0) -> bool:
        return not (self.x1 + gap <= other.x0 or other.x1 + gap <= self.x0
                    or self.y1 + gap <= other.y0 or other.y1 + gap <= self.y0)

    def moved(self, dx: float, dy: float) -> Box:
        return Box(self.x0 + dx, self.y0 + dy, self.x1 + dx, self.y1 + dy)


def around(x: float, y: float, w: float, h: float) -> Box:
    return Box(x - w / 2, y - h / 2, x + w / 2, y + h / 2)


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float

    def gap(self, box: Box) -> float:
        """How far ``box`` is from this circle (0 when they meet)."""
        nx, ny = min(max(self.x, box.x0), box.x1), min(max(self.y, box.y0), box.y1)
        return max(0.0, math.hypot(nx - self.x, ny - self.y) - self.r)


def box_gap(a: Box, b: Box) -> float:
    return math.hypot(max(a.x0 - b.x1, b.x0 - a.x1, 0.0), max(a.y0 - b.y1, b.y0 - a.y1, 0.0))


def union(boxes) -> Box:
    boxes = list(boxes)
    return Box(min(b.x0 for b in boxes), min(b.y0 for b in boxes),
               max(b.x1 for b in boxes), max(b.y1 for b in boxes))


def ring_position(index: int, count: int, radius: float) -> tuple[float, float, float]:
    """(x, y, angle) of seat ``index`` of ``count`` about (0, 0): clockwise from the top."""
    angle = -math.pi / 2 + 2 * math.pi * index / count
    return radius * math.cos(angle), radius * math.sin(angle), angle


def nearest(x: float, y: float, centres: dict[int, tuple[float, float]]) -> int:
    return min(centres, key=lambda s: math.hypot(centres[s][0] - x, centres[s][1] - y))


def place_card(seat: int, angle: float, start: float, parts: list[Box], taken: list[Box],
               centres: dict[int, tuple[float, float]], rings: list[Circle] = (),
               gap: float = 6.0, step: float = 4.0, limit: float = 2000.0) -> float:
    """How far from (0, 0), along ``angle``, the card made of ``parts`` (boxes about the
    card's own centre) goes: the first distance from ``start`` where no part meets a box in
    ``taken`` or a circle in ``rings`` and every part is nearer its own seat's centre than
    any other seat's."""
    ux, uy = math.cos(angle), math.sin(angle)
    d = start
    while d < limit:
        cx, cy = ux * d, uy * d
        moved = [p.moved(cx, cy) for p in parts]
        if (all(not m.meets(t, gap) for m in moved for t in taken)
                and all(c.gap(m) >= gap for m in moved for c in rings)
                and all(nearest(m.cx, m.cy, centres) == seat for m in moved)):
            return d
        d += step
    return d


NAME_SIZES = (16, 15, 14, 13, 12)      # a player's name is never drawn smaller
ASCENT, DESCENT = 0.93, 0.24           # DejaVu Sans's em box about the baseline, in em
NEAR = 14                              # px: a name this near its token (and nearer it than
                                       # any other) reads as its seat's


@dataclass(frozen=True)
class NameLabel:
    """A player's name as drawn: its size, its lines (centred on the box) and their box."""
    size: float
    lines: tuple[str, ...]
    box: Box

    @property
    def baselines(self) -> list[float]:
        step = round(self.size * 1.2)
        return [self.box.y0 + ASCENT * self.size + k * step for k in range(len(self.lines))]


def _forms(seat: int, name: str) -> list[tuple[str, ...]]:
    """'12. Wolfgang Amadeus Mozart' on one line, then on two broken at the space in the
    name that makes the wider line narrowest (never after the number alone)."""
    words = name.split()
    forms: list[tuple[str, ...]] = [(f"{seat}. {' '.join(words)}",)]
    splits = [(f"{seat}. {' '.join(words[:k])}", " ".join(words[k:]))
              for k in range(1, len(words))]
    if splits:
        forms.append(min(splits, key=lambda f: max(text_width(ln, 1, True) for ln in f)))
    return forms


def _label(size: float, lines: tuple[str, ...], cx: float, top: float) -> NameLabel:
    w = max(text_width(ln, size, True) for ln in lines)
    h = (ASCENT + DESCENT) * size + (len(lines) - 1) * round(size * 1.2)
    return NameLabel(size, lines, Box(cx - w / 2, top, cx + w / 2, top + h))


def _candidates(seat: int, name: str, x: float, y: float, angle: float, token: float):
    """Where seat's name may go, best first: under the token (the usual place), on one line
    then two, centred then moved sideways (outward first); else outside the ring on the
    line through the seat; at 16px, 15 and 14 first, then at 13 and 12."""
    ux, uy = math.cos(angle), math.sin(angle)
    out = 1 if ux >= 0 else -1
    shifts = [0.0] + [k * sign for k in (6, 12, 18, 24, 30, 36) for sign in (out, -out)]
    forms = _forms(seat, name)

    def under(size):
        for lines in forms:
            for dx in shifts:
                yield _label(size, lines, x + dx, y + token + 4)

    def outside(size):
        for lines in forms:
            first = _label(size, lines, 0, 0).box
            w, h = first.x1 - first.x0, first.y1 - first.y0
            if abs(ux) > 0.35:                  # beside the token, on the outer side
                down = 1 if uy >= 0 else -1
                for dy in (0, 10 * down, 20 * down, -10 * down):
                    yield _label(size, lines, x + out * (token + 6 + w / 2), y + dy - h / 2)
            for extra in (0, 6):                # on the line through the seat
                d = token + 5 + abs(ux) * w / 2 + abs(uy) * h / 2 + extra
                yield _label(size, lines, x + ux * d, y + uy * d - h / 2)

    for sizes in (NAME_SIZES[:3], NAME_SIZES[3:]):
        for size in sizes:
            yield from under(size)
        for size in sizes:
            yield from outside(size)


def place_names(seats, token: float, rings: dict[int, Circle], marks: list[Circle],
                blocked: list[Box], force: bool = False) -> dict[int, NameLabel] | None:
    """Each seat's name label, ``seats`` being (seat, name, x, y, angle): the first place
    from _candidates that keeps clear of every token's ring (``rings``, by seat), every mark,
    each box in ``blocked`` (the sheet) and the names placed before it, and reads as its
    seat's: within NEAR px of its own ring and nearer it than any other. None when a name
    has no such place (the ring must grow), unless ``force``: then under its token at the
    smallest size, wherever that falls."""
    placed: dict[int, NameLabel] = {}
    for seat, name, x, y, angle in seats:
        chosen = None
        for label in _candidates(seat, name, x, y, angle, token):
            b = label.box
            own = rings[seat].gap(b)
            if (own <= NEAR and all(c.gap(b) >= max(3, own + 1) for s, c in rings.items()
                                    if s != seat) and own >= 1
                    and all(m.gap(b) >= 2 for m in marks)
                    and all(box_gap(b, t) >= 6 for t in blocked)
                    and all(box_gap(b, p.box) >= 4 for p in placed.values())):
                chosen = label
                break
        if chosen is None:
            if not force:
                return None
            chosen = _label(NAME_SIZES[-1], _forms(seat, name)[-1], x, y + token + 4)
        placed[seat] = chosen
    return placed
