"""What information an ability gives must be: true, false, or the Storyteller's choice. Other
abilities in play impose it (Character.info_rule: the Vortox makes Townsfolk information
false, the Barista makes a player's true); every false answer given is recorded, so an
ability counting what worked abnormally (the Mathematician) can read it.

A part of the game (``game.info_rules``). It owns the record of false information given; it reads
the grimoire's players, the phase and the night and day numbers, and asks the game which
abilities a player has (``abilities``), their units (``unit``) and whether a player is drunk
or poisoned (``impairment``); it writes nothing else."""
from __future__ import annotations

from dataclasses import dataclass

from statemachine.model import Player

MUST_BE_TRUE, MUST_BE_FALSE = "true", "false"


@dataclass(frozen=True)
class FalseInfo:
    """Information given that was not the truth: to whom, by which ability, when (phase
    "night" or "day" and its number) and why ("drunk", "poisoned", or the id of the
    ability that made it false, e.g. "vortox")."""
    seat: int
    ability: str
    phase: str
    number: int
    why: str


class Information:
    """Owns ``false_given``: every false answer given, in order."""

    def __init__(self, game) -> None:
        self.game = game
        self.false_given: list[FalseInfo] = []

    def rule(self, player: Player, ability: str) -> tuple[str, Player, str] | None:
        """(MUST_BE_TRUE or MUST_BE_FALSE, the rule's holder, the rule's ability) for the
        information ``player``'s ``ability`` gives now, or None (true unless drunk or
        poisoned). Asked of every ability in play; a rule that it be true wins over one
        that it be false (the Barista's chosen player hears the truth in a Vortox game)."""
        game, found = self.game, None
        for holder in game.grim.players:
            for a in game.abilities(holder):
                rule = game.unit(a).info_rule(game, holder, player, ability)
                if rule == MUST_BE_TRUE:
                    return rule, holder, a
                if rule == MUST_BE_FALSE and found is None:
                    found = (rule, holder, a)
        return found

    def false_reason(self, player: Player, ability: str) -> str | None:
        """Why the information this ability gives now is not (surely) true: the id of the
        ability that makes it false, 'drunk' or 'poisoned'; None when it must be true."""
        rule = self.rule(player, ability)
        if rule:
            return rule[2] if rule[0] == MUST_BE_FALSE else None
        return self.game.impairment(player, ability)

    def true_info(self, player: Player, ability: str) -> bool:
        """The information this ability gives now must be the truth (sober and healthy, and
        nothing in play makes it false, or something makes it true)."""
        return self.false_reason(player, ability) is None

    def must_be_false(self, player: Player, ability: str) -> bool:
        rule = self.rule(player, ability)
        return bool(rule) and rule[0] == MUST_BE_FALSE

    def note_false(self, player: Player, ability: str, why: str) -> None:
        """Record information given that was not the truth."""
        at_night = self.game.phase.at_night
        number = self.game.grim.night if at_night else self.game.grim.day
        self.false_given.append(FalseInfo(player.seat, ability, "night" if at_night else "day",
                                          number, why))

    def false_since_dawn(self) -> list[FalseInfo]:
        """False information given since the last dawn: by day, today's; at night, today's
        and tonight's."""
        day = self.game.grim.day
        return [f for f in self.false_given
                if (f.phase == "day" and f.number == day)
                or (f.phase == "night" and f.number > day)]

    def renumber(self, follow) -> None:
        """Players changed seats: every seat recorded follows its player."""
        self.false_given = [FalseInfo(follow(f.seat), f.ability, f.phase, f.number, f.why)
                            for f in self.false_given]
