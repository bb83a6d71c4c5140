"""The geometry of the town square: how wide a line of text is, how a label wraps (at
spaces, never inside a word), boxes and whether they meet, and where a seat's labels go:
outside the ring on the line from the centre through the seat, as close as they fit.

Widths are estimated, not measured (no font on the Pi is known in advance): the estimate is
set a little wide for DejaVu Sans, the widest of the usual sans-serif fonts, so a phone's
narrower font only leaves more room. The browser test measures what Chromium really drew.
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
    return em * size * (1.1 if bold else 1.0)


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
               centres: dict[int, tuple[float, float]], gap: float = 6.0,
               step: float = 4.0, limit: float = 2000.0) -> float:
    """How far from (0, 0), along ``angle``, the card made of ``parts`` (boxes about the
    card's own centre) goes: the first distance from ``start`` where no part meets a box in
    ``taken`` and every part is nearer its own seat's centre than any other seat's."""
    ux, uy = math.cos(angle), math.sin(angle)
    d = start
    while d < limit:
        cx, cy = ux * d, uy * d
        moved = [p.moved(cx, cy) for p in parts]
        if (all(not m.meets(t, gap) for m in moved for t in taken)
                and all(nearest(m.cx, m.cy, centres) == seat for m in moved)):
            return d
        d += step
    return d
