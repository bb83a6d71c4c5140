"""Small helpers the character units share: how answers are said aloud, and legal
random proposals drawn from the game's seeded RNG."""
from __future__ import annotations

from statemachine.model import EVIL, MINION, Player
from statemachine import wording
from statemachine.night import spoken_list


def say_number(n: int) -> str:
    return f"the number {n}"


def say_yesno(value: bool) -> str:
    return "yes, nod" if value else "no, shake your head"


def say_seats(game, seats: list[int]) -> str:
    """'seat 3, Cat and seat 5, Eve'; more than three players by their seats alone ('seats
    1, 4, 6 and 9'): a long list of names is not heard."""
    if not seats:
        return "nobody"
    return wording.seat_list([game.grim.seat(s).label for s in seats], seats)


def say_character(game, cid: str | None) -> str:
    return "no character" if not cid else f"the {game.unit(cid).name}"


def others(game, player: Player, alive_only: bool = False,
           travellers: bool = False) -> list[Player]:
    """The other players (living ones only if asked), Travellers only if asked."""
    return [p for p in game.grim.players if p is not player
            and (p.alive or not alive_only) and (travellers or not p.traveller)]


def wrong_number(game, truth: int, top: int) -> int:
    """A number from 0..top that is not the truth (the truth if nothing else fits)."""
    choices = [n for n in range(top + 1) if n != truth]
    return game.rng.choice(choices) if choices else truth


def team_ids(game, team: str, in_play: bool | None = None) -> list[str]:
    """Character ids of a team on the script; in_play filters by the grimoire."""
    playing = {p.character for p in game.grim.players}
    ids = [i for i in game.setup.script if game.unit(i).team == team]
    if in_play is None:
        return ids
    return [i for i in ids if (i in playing) == in_play]


def nearest_of_team(game, player: Player, team: str) -> list[Player]:
    """The nearest player of ``team`` clockwise and the nearest anticlockwise, dead or
    alive, skipping everyone else (Travellers too): one player if both are the same, none
    if there is no other (the No Dashii's and the Vigormortis's Townsfolk neighbours)."""
    seats = game.grim.players
    n, found = len(seats), []
    for direction in (1, -1):
        for step in range(1, n):
            p = seats[(player.seat - 1 + direction * step) % n]
            if not p.traveller and game.team_of(p) == team:
                if p not in found:
                    found.append(p)
                break
    return found


def fails_line(game, player: Player, ability: str, why: str, chosen: str, outcome: str) -> str:
    """What the Storyteller hears when ``player``'s ``ability`` does nothing to ``chosen``
    (spoken seats): "The Po is drunk: seat 3, Cat does not die." A believer (the Lunatic,
    the Drunk) is not drunk by any ability and holds none: their unit says what is true of
    the grimoire (``Believer.nothing_happens``)."""
    unit = game.unit(player.character)
    if unit.acts_as_believed and ability == player.believes:
        return unit.nothing_happens(game, player, chosen)
    return f"The {game.unit(ability).name} is {why}: {chosen} {outcome}."


def attack_fails(game, player: Player, ability: str, target: Player) -> bool:
    """The attacker's ability is drunk or poisoned: says so ("The Vortox is drunk: seat 3,
    Cat does not die.") and returns True; False when the attack goes ahead."""
    why = game.impairment(player, ability)
    if why:
        game.say_private(fails_line(game, player, ability, why, target.label, "does not die"))
    return bool(why)


def attack(game, player: Player, target: Player, cause: str = "demon"):
    """The kill, and the Storyteller's line about it ("Seat 3, Cat dies."); the Kill."""
    result = game.kill(target, cause, by=player)
    line = game.kill_report(target, result)
    if line:
        game.say_private(line)
    return result


def kill_in_public(game, player: Player | None, ability: str, target: Player) -> bool:
    """A kill by day the table has just heard called (the Gunslinger's shot, the Gangster's,
    the Gnome's, the Doomsayer's): with the ability not working it fails, the Storyteller
    hearing why; the table hears whether the target dies. True if they died."""
    if player is not None and attack_fails(game, player, ability, target):
        game.say_public(f"{target.Label} does not die.")
        return False
    died = bool(game.kill(target, "ability", by=player))
    if not game.winner:
        game.say_public(f"{target.Label} {'dies' if died else 'does not die'}.")
    return died


# --- Minions made in play (the Kazali's choice, the Lord of Typhon's neighbours) ------------
def minions_wanted(game, extra: int = 0, less_in_play: bool = True) -> int:
    """How many Minions a Demon that makes them in play still makes: the standard count for
    the players (``extra`` more), less the Minions already in play (if asked)."""
    from statemachine.bag.draw import base_counts
    want = base_counts(len(game.grim.non_travellers)).minion + extra
    have = sum(1 for p in game.grim.players if game.is_minion(p) and not p.traveller
               and less_in_play)
    return max(0, want - have)


def free_minions(game, taken=()) -> list[str]:
    """The Minions on the script not in play and not ``taken`` yet tonight."""
    return [c for c in team_ids(game, MINION, in_play=False) if c not in taken]


def minion_check(game, taken, in_play_ok: bool = False):
    """A ChooseCharacter check: a Minion on the script, not in play (unless ``in_play_ok``),
    not chosen twice."""
    def check(cid):
        if game.unit(cid).team != MINION:
            return f"The {game.unit(cid).name} is not a Minion."
        if cid not in game.setup.script:
            return f"The {game.unit(cid).name} is not on the script."
        if cid in taken or (not in_play_ok
                            and any(p.character == cid for p in game.grim.players)):
            return f"The {game.unit(cid).name} is in play already."
        return None
    return check


def make_minion(game, target: Player, cid: str) -> str:
    """``target`` becomes the evil Minion ``cid``; the Storyteller's line to show them."""
    old = target.believes
    lines = game.creation.create(target, cid)
    game.set_alignment(target, EVIL)
    name = game.unit(cid).name
    if game.unit(cid).acts_as_believed:      # the Marionette: they still think they are good
        target.believes = old
        return " ".join([f"{target.Label} is now the {name}, evil, and still thinks they are "
                         f"the {game.unit(old).name}: do not wake them.", *lines])
    return " ".join([f"Wake {target.label}: show them the You Are token, the {name} token "
                     "and a thumbs down. Put them to sleep.", *lines])
