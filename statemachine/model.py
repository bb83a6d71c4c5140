"""The grimoire: players, their characters, life, votes, reminders and status effects.

Plain data with small helpers. Rules live in the modules that use it (night, day, deaths).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

TOWNSFOLK, OUTSIDER, MINION, DEMON, TRAVELLER, FABLED, LORIC = (
    "townsfolk", "outsider", "minion", "demon", "traveller", "fabled", "loric",
)
GOOD, EVIL = "good", "evil"
TEAMS = (TOWNSFOLK, OUTSIDER, MINION, DEMON, TRAVELLER, FABLED, LORIC)


def team_alignment(team: str) -> str:
    return EVIL if team in (MINION, DEMON) else GOOD


class Death(NamedTuple):
    """One death, in ``Game.deaths``: who, how (demon, execution, ability, storyteller,
    exile) and when: during night ``number`` (dawn included) or day ``number``."""

    seat: int
    cause: str
    phase: str    # "night" | "day"
    number: int


# An effect: the ability ``about`` names is lost while it holds (the Preacher's Minions). It
# impairs like drunkenness ("The Poisoner is without ability"), and its step does not wake.
NO_ABILITY = "without ability"
# An ability the Storyteller holds, kept on a player's token (an effect about that ability:
# the Plague Doctor's Minion ability): its night step wakes nobody.
STORYTELLER_HOLDS = "storyteller holds"


@dataclass
class Effect:
    """A status on a player: drunk, poisoned, protected (from the Demon), safe (from all
    night deaths), or a marker a character uses.

    ``until`` names when it ends: "dusk", "dawn", "game" (never), or "night:N" / "day:N".
    ``source`` is the seat whose ability made it and ``ability`` that ability's id: the
    effect holds only while that player still has it (a Poisoner who becomes the Imp, or
    whose character a Barber swaps, poisons nobody). With ``needs_source`` it holds only
    while that ability also works (a dead or poisoned Poisoner poisons nobody).
    """

    kind: str
    source: int | None = None
    until: str = "game"
    needs_source: bool = False
    note: str = ""
    ability: str = ""
    about: str = ""      # what the effect is about: the character a "mad" player must be


@dataclass
class Player:
    seat: int
    given: str          # the name the player was given; "" for a seat with no name
    character: str
    believes: str = ""
    alignment: str = GOOD
    alive: bool = True
    ghost_vote: bool = True
    traveller: bool = False
    effects: list[Effect] = field(default_factory=list)
    reminders: list[str] = field(default_factory=list)
    # Abilities gained on top of the character's own (Philosopher, Pixie, Cannibal, Boffin...).
    extra_abilities: list[str] = field(default_factory=list)
    # Character ids whose ability this player has lost for good (used once, Virgin, Slayer).
    spent: set[str] = field(default_factory=set)
    # Ability id -> the first night this player holds it at night: 1 for one held at setup
    # or gained on the first night, N for one gained during night N, N + 1 for one gained
    # during the day after night N. Kept by the engine (Game.note_gained), never by units.
    gained: dict[str, int] = field(default_factory=dict)
    # Every character this player has held, in order (the reveal tells the whole story);
    # kept by Game.change_character. And the alignment they started with.
    held: list[str] = field(default_factory=list)
    first_alignment: str = ""

    def __post_init__(self) -> None:
        if not self.believes:
            self.believes = self.character
        if not self.held:
            self.held = [self.character]
        if not self.first_alignment:
            self.first_alignment = self.alignment

    @property
    def name(self) -> str:
        """What to call the player: their name, or their seat when they have none ('seat 3';
        it follows the player when seats move)."""
        return self.given or f"seat {self.seat}"

    @property
    def Name(self) -> str:  # noqa: N802 - the name at the start of a sentence ('Seat 3')
        return self.name[0].upper() + self.name[1:]

    @property
    def label(self) -> str:
        """How the narrator names a player aloud: 'seat four, Dan' (just 'seat four' for a
        player with no name)."""
        return f"seat {self.seat}, {self.given}" if self.given else f"seat {self.seat}"

    @property
    def Label(self) -> str:  # noqa: N802 - the label at the start of a sentence
        return self.label[0].upper() + self.label[1:]

    def has_effect(self, kind: str) -> bool:
        return any(e.kind == kind for e in self.effects)

    def add_effect(self, effect: Effect) -> None:
        self.effects.append(effect)

    def remove_effects(self, kind: str | None = None, source: int | None = None,
                       until: str | None = None) -> None:
        self.effects = [
            e for e in self.effects
            if not ((kind is None or e.kind == kind)
                    and (source is None or e.source == source)
                    and (until is None or e.until == until))
        ]


@dataclass
class Grimoire:
    players: list[Player]
    script_name: str = ""
    bluffs: list[str] = field(default_factory=list)
    fabled: list[str] = field(default_factory=list)
    # Reminders by a Fabled's or Loric's token, no player's ("Fibbin: No Ability"):
    # statemachine/rules/fabled.py.
    fabled_marks: list[str] = field(default_factory=list)
    # A Fabled's or Loric's setup choice, by its id: no player holds it (rules/fabled.py).
    storyteller_notes: dict[str, str] = field(default_factory=dict)
    night: int = 0          # 1 on the first night
    day: int = 0            # 1 on the first day
    setup_outsiders: int = 0

    def seat(self, number: int) -> Player:
        if number < 1:   # seat 0 (the Storyteller on a vote) must not wrap to the last seat
            raise IndexError(f"no seat {number}")
        return self.players[number - 1]

    def has_seat(self, number: int) -> bool:
        return 1 <= number <= len(self.players)

    @property
    def living(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    @property
    def non_travellers(self) -> list[Player]:
        return [p for p in self.players if not p.traveller]

    def living_non_travellers(self) -> list[Player]:
        return [p for p in self.players if p.alive and not p.traveller]

    def with_character(self, character: str) -> list[Player]:
        return [p for p in self.players if p.character == character]

    def neighbours(self, player: Player, alive_only: bool = True, step: int = 1) -> list[Player]:
        """The nearest players clockwise and anticlockwise (skipping dead ones if asked)."""
        found = []
        for direction in (-1, 1):
            n = len(self.players)
            i = player.seat - 1
            for _ in range(n - 1):
                i = (i + direction * step) % n
                other = self.players[i]
                if other is player:
                    break
                if not alive_only or other.alive:
                    found.append(other)
                    break
        # With one other living player both directions find the same person.
        unique = []
        for p in found:
            if p not in unique:
                unique.append(p)
        return unique
