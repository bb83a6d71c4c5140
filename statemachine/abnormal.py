"""The record of abilities that worked abnormally because of another ability (false
information given, read from info_rules' record; a kill stopped by a protection; a
protection that failed because its holder was poisoned), kept since the game began and read
per window "since dawn" (the Mathematician). Mixed into Game."""
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


class AbnormalMixin:
    """Mixed into Game. Expects ``grim``, ``abilities``, ``impairment``, ``unit`` and
    ``false_info_since_dawn`` (InfoRulesMixin)."""

    def note_abnormal(self, player: Player, ability: str, what: str) -> None:
        """Record that ``player``'s ``ability`` worked abnormally because of another ability
        (``what``: a few words the Storyteller hears, "false information while poisoned")."""
        # Only this window is ever read: older records are dropped, so the record (and a
        # snapshot of the game) does not grow with the game.
        record = [a for a in self.__dict__.get("abnormal", []) if a.window == self.grim.day]
        record.append(Abnormal(self.grim.day, player.seat, ability, what))
        self.__dict__["abnormal"] = record

    def abnormal_since_dawn(self) -> list[Abnormal]:
        """What worked abnormally since the latest dawn (on the first night: since setup):
        the false information recorded (``false_info``, statemachine/info_rules.py), then
        what ``note_abnormal`` recorded."""
        false = [Abnormal(self.grim.day, f.seat, f.ability, self._false_what(f.why))
                 for f in self.false_info_since_dawn()]
        return false + [a for a in self.__dict__.get("abnormal", [])
                        if a.window == self.grim.day]

    def abnormal_players_since_dawn(self) -> list[int]:
        """The seats whose abilities worked abnormally since dawn, each once, in order."""
        return list(dict.fromkeys(a.seat for a in self.abnormal_since_dawn()))

    def failed_protections(self, target: Player, cause: str) -> list[tuple[Player, str]]:
        """(holder, ability) for each protection of ``target`` that would stop this death
        but fails because its holder is drunk or poisoned (a poisoned Soldier, a
        protection whose source is poisoned)."""
        found: list[tuple[Player, str]] = []
        if cause not in ("demon", "ability"):
            return found
        kinds = ("safe", "protected") if cause == "demon" else ("safe",)
        for e in target.effects:
            if e.kind not in kinds or e.source is None or not e.needs_source:
                continue
            src = self.grim.seat(e.source)
            if (src.alive and (not e.ability or e.ability in self.abilities(src))
                    and self.impairment(src)):
                found.append((src, e.ability))
        if cause == "demon":
            for a in self.abilities(target):
                unit = self.unit(a)
                if (self.impairment(target, a) and (target.alive or unit.works_when_dead)
                        and unit.safe_from_demon(self, target)):
                    found.append((target, a))
        return found

    def note_stopped_kill(self, target: Player, by: Player | None, why: str) -> None:
        """A kill by ``by``'s ability did not happen because of another ability."""
        if by is not None and by is not target and why in ("safe", "protected", "prevented"):
            self.note_abnormal(by, by.character, f"a kill stopped: {target.label} was {why}")

    def _false_what(self, why: str) -> str:
        if why in ("drunk", "poisoned") or why not in self.registry:
            return f"false information while {why}"
        return f"false information because of the {self.unit(why).name}"
