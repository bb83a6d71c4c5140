"""What a player may register as, said to the Storyteller: "Seat 1, Ann is the Recluse and may
register as a Minion or a Demon: if so, say answer and what to give." It reads the game's
``misregisters`` and ``unit``; it writes nothing. Also whether a player counts as a type
(``counts_as``: their own, or one they always register as too)."""
from __future__ import annotations

from statemachine.line_rules import LEAD_WORDS
from statemachine.model import Player

_REGISTERS = {"townsfolk": "a Townsfolk", "outsider": "an Outsider", "minion": "a Minion",
              "demon": "a Demon"}


def counts_as(game, player: Player, team: str) -> bool:
    """True if ``player`` is of ``team`` (minion, demon...) or always counts as one too
    (``Character.registers_too``: Legion is a Minion too)."""
    unit = game.unit(player.character)
    return unit.team == team or team in unit.registers_too


def registration_notes(game, players: list[Player] | None = None,
                       relevant: set[str] | frozenset[str] | None = None) -> list[str]:
    """'Seat 1, Ann is the Recluse and may register as ...' for each player who may
    register as something else. ``relevant``: only the registrations that can change
    this answer (an Empath's count: good or evil), so a note never names one that
    cannot; a player with none of them gets no note."""
    notes = []
    for p in players if players is not None else game.grim.players:
        can = game.misregisters(p)
        if relevant is not None:
            can = can & frozenset(relevant)
        if can:
            order = ("good", "evil", "townsfolk", "outsider", "minion", "demon")
            words = [_REGISTERS.get(w, w) for w in sorted(can, key=lambda w: (
                order.index(w) if w in order else len(order), w))]
            what = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]
            note = (f"{p.Label} is the {game.unit(p.character).name} and may register as "
                    f"{what}: if so, say answer and what to give.")
            if len(note.split()) > LEAD_WORDS:     # a long list: two sentences
                note = note.replace(": if so,", ". If so,")
            notes.append(note)
    return notes
