"""A babysat Demon (Character.babysat: Lil' Monsta): a Demon no player is. It is in play
when it is on the script and no player started the game as a Demon, or once a player keeps
its token (``in_play``: the Hatter's jinx brings it into play mid-game). Its token
is kept by one player at a time, as an extra ability (``pass_token``): that player is the
Demon (``minds``: ``Game.is_demon`` asks it) while they keep it, and if they die keeping
it, the Demon is dead. Before anyone first keeps it (the first night, until the Minions
choose), the Demon is alive all the same (``unheld``: the win check asks it).

Its steps belong to no player: the night queue holds one in its place with no seat
(``steps``), run as the Storyteller's, with no holder (``night(game, None)``). Pure: it
reads the grimoire and writes only the keeper's extra abilities."""
from __future__ import annotations

from statemachine.model import DEMON, Player


def in_play(game) -> str | None:
    """The id of the babysat Demon in play, or None: a player keeps its token (it came into
    play mid-game too: the Hatter's), or none started the game as a Demon."""
    cid = next((c for c in game.setup.script if game.unit(c).babysat), None)
    if cid is None or keeper(game, cid) is not None:
        return cid
    if any(game.unit(p.held[0]).team == DEMON for p in game.grim.players):
        return None
    return cid


def minds(game, player: Player) -> bool:
    """This player keeps a babysat Demon's token (alive or dead)."""
    return any(game.unit(a).babysat for a in player.extra_abilities)


def keeper(game, cid: str) -> Player | None:
    return next((p for p in game.grim.players if cid in p.extra_abilities), None)


def unheld(game) -> bool:
    """A babysat Demon is in play and nobody has kept its token yet: it lives."""
    cid = in_play(game)
    return cid is not None and keeper(game, cid) is None


def pass_token(game, cid: str, to: Player) -> Player | None:
    """``to`` keeps the token from now on; returns who kept it before (None: nobody)."""
    old = keeper(game, cid)
    if old is not None:
        old.extra_abilities.remove(cid)
    to.extra_abilities.append(cid)
    return old


def steps(game, first: bool) -> list[tuple[int, str]]:
    """(place, id) of tonight's step of a babysat Demon in play that lives."""
    cid = in_play(game)
    if cid is None:
        return []
    holder = keeper(game, cid)
    if holder is not None and not holder.alive:
        return []
    unit = game.unit(cid)
    pos = unit.first_night if first else unit.other_night
    return [] if pos is None else [(pos, cid)]
