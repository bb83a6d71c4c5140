"""The game log: setup, every accepted command, the final grimoire and the winner, as one
JSON document made from the journal (the same source as the end-of-game reveal)."""
from __future__ import annotations

from statemachine.session import Session


def grimoire_state(game) -> list[dict]:
    rows = []
    for p in game.grim.players:
        rows.append({
            "seat": p.seat, "name": p.name, "character": p.character,
            "believes": p.believes, "alignment": p.alignment, "alive": p.alive,
            "ghost_vote": p.ghost_vote, "traveller": p.traveller,
            "reminders": list(p.reminders),
            "effects": [e.kind for e in p.effects if game.effect_active(e)],
            "abilities": game.abilities(p),
        })
    return rows


def export_game_log(session: Session) -> dict:
    game = session.game
    return {
        "script": game.setup.script_name,
        "setup": game.setup.to_dict(),
        "bluffs": list(game.grim.bluffs),
        "events": [{"intent": i, "slots": s, "text": t} for i, s, t in session.journal.events()],
        "grimoire": grimoire_state(game),
        "night": game.grim.night,
        "day": game.grim.day,
        "winner": game.winner.winner if game.winner else None,
        "reason": game.winner.reason if game.winner else None,
    }
