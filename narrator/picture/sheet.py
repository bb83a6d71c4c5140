"""The sheet in the middle of the square: the script and the phase, then what comes next
(by night the rest of tonight's order with the current step marked, as the night sheet; by
day the nominations and their votes, and who is about to die), the bluffs, the Fabled and
the marks whose source has no seat. Lines are wrapped at spaces; a long night order goes
into two columns."""
from __future__ import annotations

from dataclasses import dataclass

from narrator.picture.layout import text_width, wrap
from statemachine.view.grimoire import GrimoireView

COLUMN = 290          # px, one column's width
TWO_COLUMNS = 14      # more lines than this: two columns


@dataclass(frozen=True)
class Line:
    text: str
    size: int = 15
    bold: bool = False
    colour: str = "#222"
    cls: str = "sheet"
    indent: int = 0


def _when(view: GrimoireView) -> str:
    if view.winner:
        return f"game over: {view.winner} won"
    if view.phase == "setup":
        return "setup"
    if view.phase in ("first_night", "night"):
        return f"night {view.night}"
    return f"day {view.day}"


def _who(view: GrimoireView, seat: int) -> str:
    return f"{seat}. {view.seat(seat).name}" if 0 < seat <= len(view.seats) else "nobody"


def _night(view: GrimoireView) -> list[Line]:
    at_night = view.phase in ("first_night", "night")
    title = "Tonight" if at_night else "Next night"
    if not view.night_steps:
        return []
    out = [Line(title, 17, True)]
    for step in view.night_steps:
        who = f", {step.seat}. {step.name}" if step.seat else ""
        text = f"{step.what}{who}"
        if step.current:
            out.append(Line(f"now: {text}", 16, True, "#b3261e", "sheet current"))
        else:
            out.append(Line(text, 16, indent=10))
    return out


def _day(view: GrimoireView) -> list[Line]:
    if view.phase not in ("day", "nomination", "vote", "execution", "dusk"):
        return []
    out = [Line("Nominations", 17, True)]
    if not view.nominations:
        out.append(Line("none yet", 16, indent=10))
    for n in view.nominations:
        verb = "calls for the exile of" if n.exile else "nominates"
        votes = "voting now" if n.votes is None else (
            "1 vote" if n.votes == 1 else f"{n.votes} votes")
        out.append(Line(f"{_who(view, n.nominator)} {verb} {_who(view, n.nominee)}: {votes}",
                        15, indent=10))
    if view.threshold:
        out.append(Line(f"{view.threshold} votes to execute", 16, indent=10))
    if view.block:
        seat, votes = view.block
        out.append(Line(f"about to die: {_who(view, seat)}, {votes} votes" if seat else
                        f"a tie at {votes} votes: nobody is about to die", 16, True,
                        "#b3261e", indent=10))
    return out


def sheet_lines(view: GrimoireView, legends: list[str]) -> list[Line]:
    lines = [Line(view.script, 24, True, "#111", "sheet title"),
             Line(_when(view), 20, True, "#111", "sheet when")]
    living = sum(1 for s in view.seats if s.alive and not s.traveller)
    players = sum(1 for s in view.seats if not s.traveller)
    travellers = [s for s in view.seats if s.traveller]
    # the votes to execute count the living Travellers too: said beside the players
    more = (f", {sum(1 for s in travellers if s.alive)} of {len(travellers)} Travellers"
            if travellers else "")
    lines.append(Line(f"{living} of {players} players alive{more}", 16))
    lines += _night(view) if view.phase in ("setup", "first_night", "night") else _day(view)
    for title, names, colour in (("Bluffs", view.bluffs, "#1f5fd1"),
                                 ("Fabled", view.fabled, "#b08a00")):
        if names:
            lines.append(Line(f"{title}: {', '.join(names)}", 16, False, colour))
    lines += [Line(text, 14) for text in legends]
    return lines


@dataclass(frozen=True)
class Placed:
    line: Line
    x: float          # left edge
    y: float          # baseline


def lay_out(lines: list[Line]) -> tuple[list[Placed], float, float]:
    """The wrapped lines placed about (0, 0): (placed, width, height)."""
    wrapped = []
    for ln in lines:
        for k, part in enumerate(wrap(ln.text, COLUMN - ln.indent, ln.size, ln.bold)):
            wrapped.append(Line(part, ln.size, ln.bold, ln.colour, ln.cls,
                                ln.indent + (10 if k else 0)))
    head = 3 if len(wrapped) > TWO_COLUMNS else len(wrapped)
    body = wrapped[head:]
    half = (len(body) + 1) // 2 if len(wrapped) > TWO_COLUMNS else len(body)
    columns = [wrapped[:head] + body[:half]] + ([body[half:]] if body[half:] else [])
    width = COLUMN * len(columns) + 20 * (len(columns) - 1)
    width = max(width, max(text_width(w.text, w.size, w.bold) + w.indent for w in wrapped))
    # Each line as tall as the font's box (1.2 em), so no two lines' boxes meet.
    tall = [sum(round(ln.size * 1.3) for ln in c) for c in columns]
    top = sum(round(ln.size * 1.3) for ln in wrapped[:head])
    height = max(tall[0], top + (tall[1] if len(tall) > 1 else 0))
    placed = []
    for c, column in enumerate(columns):
        y = -height / 2 + (top if c else 0)
        for ln in column:
            y += round(ln.size * 1.3)
            placed.append(Placed(ln, -width / 2 + c * (COLUMN + 20) + ln.indent,
                                 y - ln.size * 0.3))
    return placed, width, height
