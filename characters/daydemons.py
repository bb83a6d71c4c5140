"""The Demons that kill by day, not by night (the Leviathan, Riot), and the jinxes they
share with the good characters whose abilities hang on a night kill or an execution.

With either Demon in play (a living holder) and the jinx on the script:

- a night choice (the Banshee, the Farmer, the Ravenkeeper, the Sage): each night except the
  first, the Demon wakes at a Demon's kill place (``CHOICE_STEP``) and chooses a living good
  player not chosen before (any living player for the Leviathan when the Ravenkeeper's is the
  only such jinx).
  A Banshee chosen dies, killed by the Demon (and so gains their ability); a Farmer, a
  Ravenkeeper or a Sage chosen uses their ability that night without dying: their units ask
  ``chosen_tonight``;
- good wins when the Demon (a player with its ability) nominated a player who is then
  executed, and that player is the Soldier, the player the Monk protects, a player the
  Innkeeper protects, or the player the Exorcist chose (``good_wins_on_execution``). The
  Monk's and the Innkeeper's protection is kept on the player until dusk for it
  (``protection_until``);
- evil wins when the Grandmother's grandchild is executed (``evil_wins_on_execution``);
- the King learns a living character each night when anyone is dead (``king_wakes``).
"""
from __future__ import annotations

from characters.common import attack
from characters.jinxes import active_jinxes
from statemachine.model import EVIL, GOOD
from statemachine.registry import Win
from statemachine.waits import ChooseSeats

DAY_DEMONS = ("leviathan", "riot")
CHOOSERS = ("banshee", "farmer", "ravenkeeper", "sage")
# Where the night choice is made: a Demon's kill place (the Imp's), before the Sage, the
# Banshee, the Farmer and the Ravenkeeper act.
CHOICE_STEP = 39
CHOSE = " chose on night "        # "Leviathan chose on night 2", on the chosen player


def jinxed(game, demon: str, other: str) -> bool:
    return (demon, other) in active_jinxes(game.setup.script)


def in_play_with(game, other: str) -> str | None:
    """The day Demon with a living holder whose jinx with ``other`` is on the script."""
    return next((d for d in DAY_DEMONS if jinxed(game, d, other) and game.holders(d)), None)


# --- the night choice ---------------------------------------------------------------------------
def choosers(game, demon: str) -> list[str]:
    return [c for c in CHOOSERS if jinxed(game, demon, c)]


def chooses_tonight(game, demon: str, first_night: bool) -> bool:
    return not first_night and bool(choosers(game, demon))


def chosen_tonight(game, player) -> bool:
    """A day Demon chose ``player`` tonight (the jinx's night choice)."""
    return any(r.endswith(f"{CHOSE}{game.grim.night}") for r in player.reminders
               if r.split(CHOSE)[0] in ("Leviathan", "Riot"))


def night_choice(game, holder, demon):
    """The Demon's night choice, as waits; ``demon`` is its unit."""
    jinxes = choosers(game, demon.id)
    # The Leviathan's jinx with the Ravenkeeper alone lets it choose any living player.
    good_only = demon.id != "leviathan" or jinxes != ["ravenkeeper"]
    before = {p.seat for p in game.grim.players
              if any(r.startswith(demon.name + CHOSE) for r in p.reminders)}

    def check(seats):
        p = game.grim.seat(seats[0])
        if not p.alive:
            return f"{p.Label} is dead: choose a living player."
        if p.seat in before:
            return f"{p.Label} was chosen before: choose another player."
        if good_only and p.alignment != GOOD:
            return f"{p.Label} is not good: choose a living good player."
        return None

    who = "living good player" if good_only else "living player"
    seats = yield ChooseSeats(prompt=f"A jinx: the {demon.name} chooses a {who} not chosen "
                                     "before.", count=1, actor=demon.id, check=check)
    target = game.grim.seat(seats[0])
    target.reminders.append(f"{demon.name}{CHOSE}{game.grim.night}")
    why = game.impairment(holder, demon.id)
    if why:
        game.say_private(f"The {demon.name} is {why}: nothing happens to {target.label}.")
        target.reminders.pop()
        return
    if target.character == "banshee" and "banshee" in jinxes:
        game.say_private(f"A jinx: the {demon.name} chose the Banshee, who dies.")
        attack(game, holder, target)
    elif target.character in jinxes:
        game.say_private(f"A jinx: the {demon.name} chose the "
                         f"{game.unit(target.character).name}, {target.label}, who uses their "
                         "ability tonight without dying.")
    else:
        game.say_private(f"{target.Label}: nothing happens.")


# --- wins on an execution ------------------------------------------------------------------------
def protection_until(game, ability: str) -> str:
    """How long the Monk's or the Innkeeper's protection is kept on the player: until dusk
    while a day Demon's jinx with it is on the script, else until dawn."""
    return "dusk" if any(jinxed(game, d, ability) for d in DAY_DEMONS) else "dawn"


def _nominator(game, player):
    vote = next((v for v in reversed(game.votes_today)
                 if not v.exile and v.nominee == player.seat), None)
    if vote is None or not vote.nominator:
        return None
    return game.grim.seat(vote.nominator)


def _why_good_wins(game, demon: str, player) -> str | None:
    def protected(kind, ability):
        return any(e.kind == kind and e.ability == ability and game.effect_active(e)
                   for e in player.effects)
    if jinxed(game, demon, "soldier") and player.character == "soldier":
        return "the Soldier"
    if jinxed(game, demon, "monk") and protected("protected", "monk"):
        return "the player the Monk protects"
    if jinxed(game, demon, "innkeeper") and protected("safe", "innkeeper"):
        return "a player the Innkeeper protects"
    if jinxed(game, demon, "exorcist") and any(
            r.startswith("Exorcist ") and r.endswith(": Chosen") for r in player.reminders):
        return "the player the Exorcist chose"
    return None


def good_wins_on_execution(game, demon, player, nominator=None) -> Win | None:
    """Good wins (a jinx) if the ``demon`` unit's holder nominated ``player``, who is being
    executed, and they are the Soldier or protected by the Monk, the Innkeeper or chosen by
    the Exorcist. ``nominator``: who nominated, else today's vote on them says."""
    nominator = nominator or _nominator(game, player)
    if nominator is None or demon.id not in game.abilities(nominator):
        return None
    why = _why_good_wins(game, demon.id, player)
    if why is None:
        return None
    return Win(GOOD, f"The {demon.name} nominated {why}, {player.label}, who was executed.")


def evil_wins_on_execution(game, demon, player) -> Win | None:
    """Evil wins (a jinx) if ``player``, being executed, is the Grandmother's grandchild."""
    if not jinxed(game, demon.id, "grandmother"):
        return None
    unit = game.unit("grandmother")
    for gm in game.holders("grandmother", alive_only=False):
        if unit.grandchild(game, gm) is player:
            return Win(EVIL, f"The Grandmother's grandchild, {player.label}, was executed.")
    return None


def king_wakes(game) -> bool:
    """The King learns a living character when anyone is dead (a jinx)."""
    return in_play_with(game, "king") is not None and any(
        not p.alive for p in game.grim.non_travellers)
