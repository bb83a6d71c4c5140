"""A night the Demon kills nobody (the Princess's nominee executed, the Lycanthrope's good
kill): the Demon still wakes and chooses, and the rest of its ability (a poison, an Outsider
jump's reach, false information) works as usual, but nobody dies to it tonight.

``spare_tonight`` marks each player whose character is a Demon with a ``DOESNT_KILL``
effect (the grimoire shows it by the Demon token) from the sparing ability, until dawn;
``Game.death_blocked`` answers "spared" for a kill by the Demon (cause ``demon``) while one
holds, and ``Game.kill_report`` says why. Other night kills (the Gossip's, the Assassin's)
happen as usual. A function over the game: it writes only effects on the players."""
from __future__ import annotations

from statemachine.model import DEMON, Effect, Player

DOESNT_KILL = "doesn't kill"


def spare_tonight(game, holder: Player | None, ability: str) -> list[Player]:
    """Tonight the Demon kills nobody, by ``holder``'s ``ability`` (None: a Fabled's, the
    Toymaker's): the Demons marked."""
    demons = [p for p in game.grim.players if game.unit(p.character).team == DEMON]
    source = holder.seat if holder is not None else None
    for p in demons:
        p.add_effect(Effect(DOESNT_KILL, source=source, until="dawn", ability=ability))
    return demons


def demon_spared(game) -> bool:
    """A sparing effect holds tonight: a kill by the Demon kills nobody."""
    return game.phase.at_night and any(
        e.kind == DOESNT_KILL and game.effect_active(e)
        for p in game.grim.players for e in p.effects)


def spared_by(game) -> str:
    """The name of the ability that spares tonight ("the Princess"), for the line."""
    for p in game.grim.players:
        for e in p.effects:
            if e.kind == DOESNT_KILL and game.effect_active(e):
                return f"the {game.unit(e.ability).name}"
    return "an ability"
