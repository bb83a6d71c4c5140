"""The game log: setup, every accepted command, the final grimoire and the winner, as one
JSON document made from the journal (the same source as the end-of-game reveal)."""
from __future__ import annotations

from statemachine.view.grimoire import build_view
from statemachine.view.questions import reveal_text
from statemachine.journal.session import Session


def grimoire_state(game) -> list[dict]:
    rows = []
    view = build_view(game)
    for p, seen in zip(game.grim.players, view.seats):
        rows.append({
            "seat": p.seat, "name": p.name, "character": p.character,
            "believes": p.believes, "alignment": p.alignment, "alive": p.alive,
            "ghost_vote": p.ghost_vote, "traveller": p.traveller,
            "reminders": list(p.reminders),
            "effects": [e.kind for e in p.effects if game.effect_active(e)],
            "abilities": game.abilities(p),
            # The story: every character held, the alignment at the start, how it ended.
            "held": list(p.held), "first_alignment": p.first_alignment,
            "left": seen.left, "death": seen.death,
            "marks": [f"{m.kind} by {m.source}, {m.until}" for m in seen.marks],
        })
    return rows


def export_game_log(session: Session) -> dict:
    game = session.game
    return {
        "script": game.setup.script_name,
        "setup": game.setup.to_dict(),
        "bluffs": list(game.grim.bluffs),
        "fabled": list(game.grim.fabled),
        "red_herring": list(build_view(game).red_herring),
        "events": [{"intent": i, "slots": s, "text": t} for i, s, t in session.journal.events()],
        "grimoire": grimoire_state(game),
        "night": game.grim.night,
        "day": game.grim.day,
        "winner": game.winner.winner if game.winner else None,
        "reason": game.winner.reason if game.winner else None,
        "reveal": reveal_text(build_view(game)),
    }
