"""The record of abilities that worked abnormally because of another ability (false
information given, read from the information part's record; a kill stopped by a protection;
a protection that failed because its holder was poisoned), kept since the game began and read
per window "since dawn" (the Mathematician).

A part of the game (``game.abnormal``). It owns its record of abnormal workings; it reads the
grimoire, the false information recorded (``game.info_rules``), and asks the game a player's
abilities, units and impairment; it writes nothing else."""
from __future__ import annotations

from dataclasses import dataclass

from statemachine.model import Player


@dataclass(frozen=True)
class Abnormal:
    """One ability that worked abnormally: ``window`` is the day whose dawn opened the
    window it falls in (0 for the first night; day D and the night after it share D)."""
    window: int
    seat: int
    ability: str
    what: str


class AbnormalRecord:
    """Owns ``noted``: what worked abnormally, other than false information, in order."""

    def __init__(self, game) -> None:
        self.game = game
        self.noted: list[Abnormal] = []

    def note(self, player: Player, ability: str, what: str) -> None:
        """Record that ``player``'s ``ability`` worked abnormally because of another ability
        (``what``: a few words the Storyteller hears, "false information while poisoned")."""
        day = self.game.grim.day   # only this window is ever read: older ones are dropped,
        self.noted = [a for a in self.noted if a.window == day]   # or snapshots would grow
        self.noted.append(Abnormal(day, player.seat, ability, what))

    def since_dawn(self) -> list[Abnormal]:
        """What worked abnormally since the latest dawn (on the first night: since setup):
        the false information recorded, then what ``note`` recorded."""
        day = self.game.grim.day
        false = [Abnormal(day, f.seat, f.ability, self._false_what(f.why))
                 for f in self.game.info_rules.false_since_dawn()]
        return false + [a for a in self.noted if a.window == day]

    def players_since_dawn(self) -> list[int]:
        """The seats whose abilities worked abnormally since dawn, each once, in order."""
        return list(dict.fromkeys(a.seat for a in self.since_dawn()))

    def failed_protections(self, target: Player, cause: str) -> list[tuple[Player, str]]:
        """(holder, ability) for each protection of ``target`` that would stop this death
        but fails because its holder is drunk or poisoned (a poisoned Soldier, a
        protection whose source is poisoned)."""
        game = self.game
        found: list[tuple[Player, str]] = []
        if cause not in ("demon", "ability"):
            return found
        kinds = ("safe", "protected") if cause == "demon" else ("safe",)
        for e in target.effects:
            if e.kind not in kinds or e.source is None or not e.needs_source:
                continue
            src = game.grim.seat(e.source)
            if (src.alive and (not e.ability or e.ability in game.abilities(src))
                    and game.impairment(src)):
                found.append((src, e.ability))
        if cause == "demon":
            for a in game.abilities(target):
                unit = game.unit(a)
                if (game.impairment(target, a) and (target.alive or unit.works_when_dead)
                        and unit.safe_from_demon(game, target)):
                    found.append((target, a))
        return found

    def note_stopped_kill(self, target: Player, by: Player | None, why: str) -> None:
        """A kill by ``by``'s ability did not happen because of another ability."""
        if by is not None and by is not target and why in ("safe", "protected", "prevented"):
            self.note(by, by.character, f"a kill stopped: {target.label} was {why}")

    def _false_what(self, why: str) -> str:
        if why in ("drunk", "poisoned"):
            return f"false information while {why}"
        if why not in self.game.registry:
            return f"false information as {why}"      # a believer's word: the Marionette
        return f"false information because of the {self.game.unit(why).name}"

    def renumber(self, follow) -> None:
        """Players changed seats: every seat recorded follows its player."""
        self.noted = [Abnormal(a.window, follow(a.seat), a.ability, a.what) for a in self.noted]
