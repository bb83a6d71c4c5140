"""What each seat's token carries and what is written beside it, from the read model.

A drunk or poisoned player gets a mark on their token (a disc with the kind's letter) and,
beside it, who did it and until when. When one source made three or more players the same
(a Minstrel's whole town drunk), each of them gets the mark with a key letter, and the
source is named once: beside the source's own token, or in the sheet when the source has no
seat (the Storyteller).
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from statemachine.view.grimoire import GrimoireView, Mark, SeatView

GROUPED = 3          # this many of one mark from one source are drawn once


@dataclass(frozen=True)
class Disc:
    kind: str          # "drunk" | "poisoned"
    key: str = ""      # the group's letter, "" when the mark stands alone


@dataclass
class SeatLabels:
    discs: list[Disc] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)


@dataclass
class Labels:
    seats: dict[int, SeatLabels]
    legends: list[str]             # groups whose source has no seat: for the sheet


def _source_seat(source: str) -> int | None:
    """'seat 3, Cat, the Minstrel' -> 3; 'the Storyteller' -> None."""
    head = source.split(",")[0]
    if head.startswith("seat ") and head[5:].isdigit():
        return int(head[5:])
    return None


def _mark_text(m: Mark) -> str:
    return f"{m.kind} by {m.source}, {m.until}"


def _count(n: int) -> str:
    return "1 player" if n == 1 else f"{n} players"


def seat_labels(view: GrimoireView) -> Labels:
    groups: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for s in view.seats:
        for m in dict.fromkeys(s.marks):
            groups[(m.kind, m.source, m.until)].append(s.seat)
    keys = {}
    for group, seats in groups.items():
        if len(seats) >= GROUPED:
            keys[group] = chr(ord("A") + len(keys))
    out = {s.seat: SeatLabels() for s in view.seats}
    legends: list[str] = []
    for (kind, source, until), key in keys.items():
        seats = groups[(kind, source, until)]
        where = _source_seat(source)
        if where is not None and where in out:
            name = source.split(", the ")[-1] if ", the " in source else source
            out[where].texts.append(f"{kind[0].upper()}{key}: the {name} made {_count(len(seats))} {kind}, "
                                    f"{until}")
        else:
            legends.append(f"{kind[0].upper()}{key}: {_count(len(seats))} {kind} by {source}, {until}")
    for s in view.seats:
        out[s.seat].texts += _own_texts(s, keys)
        for m in dict.fromkeys(s.marks):
            out[s.seat].discs.append(Disc(m.kind, keys.get((m.kind, m.source, m.until), "")))
    return Labels(out, legends)


def _own_texts(s: SeatView, keys) -> list[str]:
    texts = []
    if s.believes != s.character:
        texts.append(f"shown {s.believes_name}")
    if s.alignment_changed:
        texts.append(f"now {s.alignment}")
    if s.death:
        texts.append(s.death)
    texts += list(s.reminders) + list(s.effects)
    for m in dict.fromkeys(s.marks):
        if (m.kind, m.source, m.until) in keys or m.source == f"the {s.character_name}":
            continue                        # named once elsewhere, or the token says it
        texts.append(_mark_text(m))
    return list(dict.fromkeys(texts))
