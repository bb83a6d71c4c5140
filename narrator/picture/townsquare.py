"""The town square as an SVG picture, drawn from the grimoire's read model.

Seats sit in a circle, clockwise from seat 1 at the top; each token shows the character's
name in its team's colour and the player's name under it, a shroud when dead, the ghost
vote, drunk and poisoned marks and the reminders; beside the circle: the script, the night
or day, the bluffs and the Fabled. SVG is written directly: the picture is circles, lines
and text, and a drawing library would add a dependency to the Pi for none of that.
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from statemachine.view.grimoire import GrimoireView, SeatView

TEAM_COLOURS = {"townsfolk": "#1f5fd1", "outsider": "#1aa0c9", "minion": "#e07000",
                "demon": "#c40000", "traveller": "#7a3fb8", "fabled": "#b08a00",
                "loric": "#3d7a3a"}
SQUARE, PANEL = 1000, 320
CENTRE, RADIUS = SQUARE / 2, 360


def _text(x: float, y: float, text: str, size: int = 16, fill: str = "#222",
          weight: str = "normal", cls: str = "", anchor: str = "middle") -> str:
    css = f' class="{cls}"' if cls else ""
    return (f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}" '
            f'font-weight="{weight}" text-anchor="{anchor}"{css}>{escape(text)}</text>')


def _short(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def seat_position(index: int, count: int) -> tuple[float, float]:
    """Clockwise from the top: seat 1 (index 0) straight above the centre."""
    angle = -math.pi / 2 + 2 * math.pi * index / count
    return CENTRE + RADIUS * math.cos(angle), CENTRE + RADIUS * math.sin(angle)


def _seat(s: SeatView, index: int, count: int, r: float) -> list[str]:
    x, y = seat_position(index, count)
    colour = TEAM_COLOURS.get(s.team, "#444")
    out = [f'<g class="seat" id="seat-{s.seat}">']
    dash = ' stroke-dasharray="8 5"' if s.traveller else ""
    out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="#f6efdc" '
               f'stroke="{colour}" stroke-width="6"{dash}/>')
    name = s.character_name
    out.append(_text(x, y - 4, _short(name, 14), 17 if len(name) < 12 else 14, colour, "bold",
                     "character"))
    if s.believes != s.character:
        out.append(_text(x, y + 16, _short(f"shown {s.believes_name}", 18), 12, "#555"))
    if s.traveller:
        out.append(_text(x, y + 32, "traveller", 12, TEAM_COLOURS["traveller"]))
    if s.alignment_changed:
        out.append(_text(x, y - 26, f"now {s.alignment}", 12,
                         "#c40000" if s.alignment == "evil" else "#1f5fd1", "bold"))
    if not s.alive:
        # The shroud: a dark veil over the token, and the ghost vote beside it.
        out.append(f'<path d="M {x - r * 0.55:.0f} {y - r:.0f} L {x + r * 0.55:.0f} '
                   f'{y - r:.0f} L {x:.0f} {y - r * 0.2:.0f} Z" fill="#111" opacity="0.85"/>')
        out.append(f'<circle cx="{x:.0f}" cy="{y:.0f}" r="{r:.0f}" fill="#000" '
                   'opacity="0.35"/>')
        word = "left" if s.left else "dead"
        out.append(_text(x, y - r * 0.55, word, 12, "#fff", "bold"))
        if s.ghost_vote and not s.left:
            out.append(f'<circle cx="{x + r * 0.8:.0f}" cy="{y - r * 0.8:.0f}" r="13" '
                       'fill="#fff" stroke="#111" stroke-width="2"/>')
            out.append(_text(x + r * 0.8, y - r * 0.8 + 4, "vote", 9, "#111", "bold"))
    marks = [m.kind for m in s.marks]
    for k, kind in enumerate(dict.fromkeys(marks)):
        fill = "#2e8b2e" if kind == "poisoned" else "#8b5a2b"
        mx = x - r * 0.8 + k * 30
        out.append(f'<circle cx="{mx:.0f}" cy="{y + r * 0.8:.0f}" r="14" fill="{fill}"/>')
        out.append(_text(mx, y + r * 0.8 + 4, kind[0].upper(), 13, "#fff", "bold", "mark"))
    out.append(_text(x, y + r + 22, f"{s.seat}. {s.name}", 18, "#111", "bold", "player"))
    # Reminder tokens: small discs on the way to the centre.
    dx, dy = CENTRE - x, CENTRE - y
    dist = math.hypot(dx, dy) or 1
    sources = tuple(f"{m.kind} by {m.source.split(', the ')[0]}" for m in s.marks
                    if m.source != f"the {s.character_name}")
    for k, text in enumerate((s.reminders + s.effects + sources)[:4]):
        # Towards the centre, stacked downwards (pills side by side would overlap), and
        # moved sideways by half their width so a long one clears the token.
        text = _short(text, 26)
        w = 6.2 * len(text) + 14
        rx = x + dx / dist * (r + 44) + dx / dist * w / 2
        ry = y + dy / dist * (r + 44) + 26 * k + (24 if dy / dist > 0.3 else 0)  # the name
        out.append(f'<rect x="{rx - w / 2:.0f}" y="{ry - 11:.0f}" width="{w:.0f}" height="22" '
                   'rx="11" fill="#fff" stroke="#999" stroke-width="1.5"/>')
        out.append(_text(rx, ry + 4, text, 11, "#333", cls="reminder"))
    out.append("</g>")
    return out


def _panel(view: GrimoireView) -> list[str]:
    x = SQUARE + 20
    if view.winner:
        when = f"game over: {view.winner} won"
    elif view.phase == "setup":
        when = "setup"
    elif view.phase in ("first_night", "night"):
        when = f"night {view.night}"
    else:
        when = f"day {view.day}"
    out = [_text(x, 50, view.script, 22, "#111", "bold", anchor="start"),
           _text(x, 82, when, 20, "#111", cls="when", anchor="start")]
    y = 130
    for title, names, colour in (("Bluffs", view.bluffs, TEAM_COLOURS["townsfolk"]),
                                 ("Fabled", view.fabled, TEAM_COLOURS["fabled"])):
        if not names:
            continue
        out.append(_text(x, y, title, 18, "#111", "bold", anchor="start"))
        y += 26
        for n in names:
            out.append(_text(x + 10, y, n, 16, colour, anchor="start"))
            y += 22
        y += 14
    living = sum(1 for s in view.seats if s.alive and not s.traveller)
    out.append(_text(x, y, f"{living} alive of {sum(1 for s in view.seats if not s.traveller)}",
                     16, "#111", anchor="start"))
    return out


def render_svg(view: GrimoireView) -> str:
    count = max(1, len(view.seats))
    r = max(38.0, min(72.0, math.pi * RADIUS / count * 0.62))
    width = SQUARE + PANEL
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{SQUARE}" '
             f'viewBox="0 0 {width} {SQUARE}" font-family="sans-serif">',
             f"<title>{escape(view.script)}: the town square</title>",
             f'<rect width="{width}" height="{SQUARE}" fill="#e9e3d3"/>',
             f'<circle cx="{CENTRE}" cy="{CENTRE}" r="{RADIUS}" fill="none" stroke="#c8bfa8" '
             'stroke-width="2"/>']
    for i, s in enumerate(view.seats):
        parts += _seat(s, i, count, r)
    parts += _panel(view)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
