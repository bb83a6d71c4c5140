"""Characters created mid-game (the Pit-Hag): the change itself goes through the game's
``change_character``, then the new character says what it needs of the Storyteller
(Character.on_created: its setup choices proposed afresh; a setup effect does not apply). A
first-night ability so gained acts that night (the engine's GAINED_FIRST_NIGHT_STEP). And
"deaths tonight are arbitrary": after a Demon is made, a Demon's attack kills nobody by itself
tonight; the Storyteller says who dies.

A part of the game (``game.creation``). It owns the night whose deaths are arbitrary; it
reads the grimoire and the phase, and changes a character only through ``change_character``."""
from __future__ import annotations

from statemachine.model import Player


class Creation:
    """Owns ``arbitrary_night``: the night whose deaths the Storyteller decides (0: none)."""

    def __init__(self, game) -> None:
        self.game = game
        self.arbitrary_night = 0

    def in_play(self, character: str) -> bool:
        """A player has this character now (a Drunk's believed Townsfolk is not in play)."""
        return any(p.character == character for p in self.game.grim.players)

    def create(self, player: Player, character: str) -> list[str]:
        """``player`` becomes ``character`` (alignment stays); returns the Storyteller's lines
        about what the new character needs."""
        self.game.change_character(player, character)
        return list(self.game.unit(character).on_created(self.game, player))

    def make_deaths_arbitrary(self) -> None:
        """Tonight's deaths are the Storyteller's to decide: a Demon's attack kills nobody by
        itself (``kill`` answers 'arbitrary'); 'seat N dies' kills."""
        self.arbitrary_night = self.game.grim.night

    def deaths_arbitrary(self) -> bool:
        return self.game.phase.at_night and self.arbitrary_night == self.game.grim.night
