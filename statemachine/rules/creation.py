"""Characters created mid-game (the Pit-Hag): the change itself goes through
``change_character``, then the new character says what it needs of the Storyteller
(Character.on_created: its setup choices proposed afresh; a setup effect does not apply). A
first-night ability so gained acts that night (the engine's GAINED_FIRST_NIGHT_STEP). And
"deaths tonight are arbitrary": after a Demon is made, a Demon's attack kills nobody by itself
tonight; the Storyteller says who dies. Mixed into Game."""
from __future__ import annotations

from statemachine.model import Player


class CreationMixin:
    """Mixed into Game. Expects ``grim``, ``phase``, ``unit`` and ``change_character``."""

    def in_play(self, character: str) -> bool:
        """A player has this character now (a Drunk's believed Townsfolk is not in play)."""
        return any(p.character == character for p in self.grim.players)

    def create_character(self, player: Player, character: str) -> list[str]:
        """``player`` becomes ``character`` (alignment stays); returns the Storyteller's lines
        about what the new character needs."""
        self.change_character(player, character)
        return list(self.unit(character).on_created(self, player))

    def make_deaths_arbitrary(self) -> None:
        """Tonight's deaths are the Storyteller's to decide: a Demon's attack kills nobody by
        itself (``kill`` answers 'arbitrary'); 'seat N dies' kills."""
        self.arbitrary_night = self.grim.night

    def deaths_arbitrary(self) -> bool:
        return self.phase.at_night and getattr(self, "arbitrary_night", 0) == self.grim.night
