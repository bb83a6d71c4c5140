"""Characters as plugins: the base class every character unit extends, and the registry the
app fills. The engine finds characters only through a Registry; it never imports one.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from statemachine.game import Game
    from statemachine.model import Player
    from statemachine.setup import Counts


@dataclass(frozen=True)
class Win:
    winner: str  # "good" | "evil"
    reason: str


class Character:
    """One character: its data (class attributes) and its behaviour (hooks).

    Night positions are indexes into the official first-night and other-night orders
    (``None`` = does not wake that night). Every hook has a harmless default, so a unit
    overrides only what its ability does.
    """

    id: str = ""
    name: str = ""
    team: str = ""
    ability: str = ""
    first_night: int | None = None
    other_night: int | None = None
    reminders: tuple[str, ...] = ()
    setup: bool = False            # the ability has a [bracketed] setup effect
    works_when_dead: bool = False
    # Extra phrases this character adds to the command language: intent -> templates.
    commands: dict[str, tuple[str, ...]] = {}
    # What a misregistering character may register as, e.g. {"evil", "minion", "demon"}.
    may_register_as: frozenset[str] = frozenset()
    jinxes: dict[str, str] = {}    # other character id -> the jinx text

    # --- setup -------------------------------------------------------------------------
    def adjust_counts(self, counts: "Counts") -> None:
        """Change the setup counts before the bag is filled (Baron: +2 Outsiders)."""

    def in_bag(self) -> bool:
        """False for a character whose token never goes in the bag (the Drunk)."""
        return True

    def prepare(self, game: "Game", player: "Player") -> None:
        """Storyteller choices made at setup, proposed with the game's seeded RNG."""

    def setup_lines(self, game: "Game", player: "Player") -> list[str]:
        """Private lines telling the Storyteller the setup choices this character needs."""
        return []

    # --- night ---------------------------------------------------------------------------
    def wakes(self, game: "Game", player: "Player", first_night: bool) -> bool:
        """Whether this ability acts tonight at its place in the order."""
        if not player.alive and not self.works_when_dead:
            return False
        return (self.first_night if first_night else self.other_night) is not None

    def night(self, game: "Game", player: "Player") -> Iterator[Any]:
        """The night step, a generator yielding waits (see statemachine.waits)."""
        yield from ()

    # --- deaths, day, win -------------------------------------------------------------------
    def safe_from_demon(self, game: "Game", player: "Player") -> bool:
        return False

    def on_death(self, game: "Game", player: "Player", cause: str) -> None:
        """Called after this character's player died (cause: demon, execution, ability...)."""

    def before_death(self, game: "Game", player: "Player", cause: str) -> bool:
        """Return False to prevent the death (the Mayor's bounce decides elsewhere)."""
        return True

    def on_nominated(self, game: "Game", nominee: "Player", nominator: "Player") -> None:
        pass

    def on_executed(self, game: "Game", player: "Player") -> None:
        pass

    def on_any_death(self, game: "Game", holder: "Player", dead: "Player", cause: str) -> None:
        """Called on every living holder of this ability when anybody dies."""

    def check_win(self, game: "Game", player: "Player", moment: str) -> Win | None:
        """moment: 'death', 'execution', 'dusk', 'dawn'."""
        return None

    def handle(self, game: "Game", player: "Player", intent: str, slots: dict) -> bool:
        """Handle one of this character's own commands; True if handled."""
        return False

    def vote_weight(self, game: "Game", player: "Player") -> int:
        return 1

    def may_vote(self, game: "Game", player: "Player") -> str | None:
        """None if this player may vote now, else the reason they may not."""
        return None


class Registry:
    """All characters the app knows, by id."""

    def __init__(self) -> None:
        self._by_id: dict[str, Character] = {}

    def add(self, character: Character) -> None:
        if not character.id or character.id in self._by_id:
            raise ValueError(f"bad or duplicate character id {character.id!r}")
        self._by_id[character.id] = character

    def get(self, character_id: str) -> Character:
        return self._by_id[character_id]

    def __contains__(self, character_id: str) -> bool:
        return character_id in self._by_id

    def __iter__(self):
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)
