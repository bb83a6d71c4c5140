"""The grimoire as the Storyteller looks at it: one read model of the rebuilt game, built
without changing it, that serves the spoken answers, the console table, the town-square
picture and the game-over reveal alike (so the four cannot disagree).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from statemachine import wording
from statemachine.model import DEMON, MINION, Player

IMPAIRING = ("drunk", "poisoned")


def label(seat: int, name: str) -> str:
    """How a player is named aloud from the read model: 'seat 3, Cat', or 'seat 3' for a
    player with no name (whose name is their seat)."""
    return f"seat {seat}" if not name or name == f"seat {seat}" else f"seat {seat}, {name}"


@dataclass(frozen=True)
class Mark:
    """Why a player's ability does not work: drunk or poisoned, by whom, until when."""

    kind: str                 # "drunk" | "poisoned"
    source: str               # "seat 3, Cat, the Poisoner", "the Storyteller", "the Drunk"
    until: str                # "until dusk", "for the whole game", ...


@dataclass(frozen=True)
class SeatView:
    seat: int
    name: str
    character: str            # id
    character_name: str
    team: str
    believes: str             # id; differs from character for the Drunk, Lunatic...
    believes_name: str
    alignment: str
    alignment_changed: bool
    first_alignment: str
    alive: bool
    ghost_vote: bool
    traveller: bool
    left: bool                # a Traveller who left (not died)
    death: str                # "" or "executed on day 2", "died on night 3", ...
    marks: tuple[Mark, ...]
    reminders: tuple[str, ...]
    effects: tuple[str, ...]  # other active effects: "protected by seat 4, the Monk"
    held: tuple[str, ...]     # every character name held, in order
    gained: tuple[str, ...]   # names of abilities held besides the character's own
    # names of abilities the player only thinks they gained (a drunk or poisoned
    # Philosopher's choice): held, never working; not in ``gained``
    believed_gained: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """'seat 3, Cat'; a player with no name is their seat, said once: 'seat 3'."""
        return label(self.seat, self.name)

    @property
    def Label(self) -> str:  # noqa: N802 - at the start of a sentence
        return "S" + self.label[1:]


@dataclass(frozen=True)
class Step:
    """One step of the night queue: who it wakes."""

    what: str                 # "the Poisoner", "Minion info"
    seat: int                 # 0 for the engine's own steps
    name: str                 # the player's name, or ""
    current: bool = False


@dataclass(frozen=True)
class Nomination:
    nominator: int
    nominee: int
    exile: bool
    votes: int | None         # None while the vote is open
    voters: tuple[int, ...]


@dataclass(frozen=True)
class GrimoireView:
    script: str
    phase: str                # the engine's phase name
    phase_spoken: str
    night: int
    day: int
    seats: tuple[SeatView, ...]
    bluffs: tuple[str, ...]   # character names
    fabled: tuple[str, ...]
    night_steps: tuple[Step, ...]   # tonight's rest (by night) or the coming night's queue
    nominations: tuple[Nomination, ...]
    block: tuple[int, int] | None   # (seat about to die or 0 for a tie, votes)
    threshold: int | None           # votes needed to execute, by day
    red_herring: tuple[int, ...]
    winner: str
    reason: str
    exile_threshold: int | None = None   # votes needed to exile a Traveller, by day
    fabled_marks: tuple[str, ...] = ()   # reminders by a Fabled's token ("Fibbin: No Ability")

    def seat(self, number: int) -> SeatView:
        return self.seats[number - 1]

    @property
    def evil(self) -> tuple[SeatView, ...]:
        return tuple(s for s in self.seats if s.alignment == "evil")

    @property
    def demons(self) -> tuple[SeatView, ...]:
        return tuple(s for s in self.seats if s.team == DEMON)

    @property
    def minions(self) -> tuple[SeatView, ...]:
        return tuple(s for s in self.seats if s.team == MINION and not s.traveller)

    @property
    def vote(self) -> Nomination | None:
        """The vote open now, if any."""
        return next((n for n in self.nominations if n.votes is None), None)


def build_view(game: Any) -> GrimoireView:
    """The read model of ``game`` now. Reads only: nothing in the game changes."""
    g = game.grim
    seats = tuple(_seat(game, p) for p in g.players)
    return GrimoireView(
        script=g.script_name, phase=game.phase.state, phase_spoken=game.phase.spoken(),
        night=g.night, day=g.day, seats=seats,
        bluffs=tuple(game.unit(b).name for b in g.bluffs),
        fabled=tuple(game.unit(f).name for f in g.fabled),
        fabled_marks=tuple(getattr(g, "fabled_marks", ())),
        night_steps=_night_steps(game), nominations=_nominations(game),
        block=tuple(game.block) if getattr(game, "block", None) and game.phase.in_day
        else None,
        threshold=game.execution_threshold() if game.phase.in_day else None,
        red_herring=tuple(p.seat for p in g.players
                          if any(r.lower().endswith("red herring") for r in p.reminders)),
        winner=game.winner.winner if game.winner else "",
        reason=game.winner.reason if game.winner else "",
        exile_threshold=game.exile_threshold() if game.phase.in_day else None,
    )


def _seat(game: Any, p: Player) -> SeatView:
    unit = game.unit(p.character)
    gained = [a for a in game.abilities(p) if a not in (p.character, p.believes)]
    only_believed = {e.about for e in p.effects if e.kind == "drunk" and e.until == "game"
                     and e.about and e.source is None}
    return SeatView(
        seat=p.seat, name=p.name, character=p.character, character_name=unit.name,
        team=unit.team, believes=p.believes, believes_name=game.unit(p.believes).name,
        alignment=p.alignment, alignment_changed=p.alignment != p.first_alignment,
        first_alignment=p.first_alignment,
        alive=p.alive, ghost_vote=p.ghost_vote, traveller=p.traveller,
        left="Left the game" in p.reminders, death=_death(game, p),
        marks=_marks(game, p), reminders=tuple(_reminder(r) for r in p.reminders
                                               if r != "Left the game"),
        effects=_other_effects(game, p),
        held=tuple(game.unit(c).name for c in p.held),
        gained=tuple(game.unit(a).name for a in gained if a not in only_believed),
        believed_gained=tuple(game.unit(a).name for a in gained if a in only_believed),
    )


def _marks(game: Any, p: Player) -> tuple[Mark, ...]:
    why = game.impairment(p)
    if why is None:
        return ()
    if game._acts_as_believed(p):
        return (Mark("drunk", f"the {game.unit(p.character).name}", "for the whole game"),)
    marks = []
    for e in p.effects:
        if e.kind in IMPAIRING and game.effect_active(e):
            marks.append(Mark(e.kind, _source(game, e.source, e.note),
                              spoken_until(e.until, game.phase.at_night, _by(game, e))))
    for holder, _ability in game.poisoners_of(p):
        marks.append(Mark("poisoned", _source(game, holder.seat, ""), "while it works"))
    return tuple(marks)


def _other_effects(game: Any, p: Player) -> tuple[str, ...]:
    found = []
    for e in p.effects:
        if e.kind not in IMPAIRING and game.effect_active(e):
            found.append(f"{_effect_words(game, e)} {_source(game, e.source, e.note)} "
                         f"{spoken_until(e.until, game.phase.at_night, _by(game, e))}")
    return tuple(found)


def _by(game: Any, e) -> str:
    """The character name of the ability an effect came from ("" if none)."""
    return game.unit(e.ability).name if getattr(e, "ability", "") else ""


def _effect_words(game: Any, e) -> str:
    """'protected by', 'the twin of', 'mad about being the Savant, from'."""
    if e.kind == "twin":
        return "the twin of"
    if e.kind == "mad" and getattr(e, "about", ""):
        if e.about not in game.registry:        # the Harpy's: "seat 5 is evil"
            return f"mad that {e.about}, from"
        return f"mad about being the {game.unit(e.about).name}, from"
    if e.kind == "doomed":          # statemachine.rules.delayed's mark
        return "marked to die by"
    if e.kind == "has_ability":
        return "has their ability again, from"
    return f"{e.kind} by"


def _source(game: Any, seat: int | None, note: str) -> str:
    if seat is None or not game.grim.has_seat(seat):
        return "the Storyteller" if not note or note == "Storyteller" else f"the {note}"
    src = game.grim.seat(seat)
    return f"{src.label}, the {game.unit(src.character).name}"


def spoken_until(until: str, at_night: bool = False, by: str = "") -> str:
    """'dusk' -> 'until dusk' ('until dusk tomorrow' at night), 'night:3' -> 'until night
    3', 'game' -> 'for the whole game'; a delayed kill's mark: 'until the Pukka's next night
    step, when they die' (``by``: the ability's character name)."""
    if until == "dusk" and at_night:
        return "until dusk tomorrow"
    if until in ("dusk", "dawn"):
        return f"until {until}"
    if until == "next step":        # statemachine.rules.delayed: a mark kept until the kill
        whose = f"the {by}'s" if by else "its"
        return f"until {whose} next night step, when they die"
    head, _, number = until.partition(":")
    if number.isdigit():
        if head in ("dusk", "dawn"):
            return f"until {head} after {'day' if head == 'dusk' else 'night'} {number}"
        return f"until {head} {number}"
    return "for the whole game"


def _reminder(text: str) -> str:
    """A reminder as said: without the numbers some units keep in it for themselves, and
    the marks some tokens carry said as words (wording.token: "Wizard: question mark")."""
    split = text.split()
    # A number the reminder names ("shot on day 2") stays; one kept for the unit goes.
    words = [w for i, w in enumerate(split) if not re.fullmatch(r"\d+", w)
             or (i and split[i - 1].lower() in ("day", "night"))]
    return wording.token(" ".join(words).rstrip(":").strip())


def _death(game: Any, p: Player) -> str:
    death = next((d for d in reversed(game.deaths) if d.seat == p.seat), None)
    if p.alive or death is None:
        return ""
    how = {"execution": "executed", "exile": "exiled", "left": "left the game"}.get(
        death.cause, "died")
    return f"{how} on {death.phase} {death.number}"


def _night_steps(game: Any) -> tuple[Step, ...]:
    if game.winner:
        return ()
    at_night = game.phase.at_night
    first = game.phase.state in ("setup", "first_night")
    queue = game.night_queue(first)
    if at_night:
        cursor = getattr(game, "_cursor", (-1, 0))
        now = game.current.key if game.current and game.wait else None
        queue = [e for e in queue if e.key > cursor or e.key == now]
    steps = []
    for e in queue:
        if e.ability in ("dusk", "dawn"):
            continue
        current = at_night and game.current is not None and e.key == game.current.key
        if e.seat == 0:
            what = wording.STEP_NAMES.get(e.ability, e.ability)
            steps.append(Step(what, 0, "", current))
        else:
            steps.append(Step(f"the {game.unit(e.ability).name}", e.seat,
                              game.grim.seat(e.seat).given, current))
    return tuple(steps)


def _nominations(game: Any) -> tuple[Nomination, ...]:
    if not game.phase.in_day:
        return ()
    found = [Nomination(v.nominator, v.nominee, v.exile, v.total, tuple(v.voters))
             for v in getattr(game, "votes_today", [])]
    v = game.vote
    if v is not None:
        found.append(Nomination(v.nominator, v.nominee, v.exile, None, tuple(v.voters)))
    return tuple(found)
