"""The Gnome: all players start knowing a player of your alignment. You may choose to kill
anyone who nominates them.

The amigo is a player of the Gnome's alignment, announced to the table. The narrator
proposes one as the Gnome is seated (at setup or on joining) and the Storyteller announces
it with "the gnome's amigo is seat 4" once the Gnome's alignment is settled: said at once, a
Traveller made evil after joining would have a good amigo. From the almanac: the Gnome
speaks up when their amigo is nominated (the Storyteller does not prompt them; the
earpiece says it may happen); any number of times a game; confirmed, the nominator dies at
once and the vote still happens; an amigo who changes alignment leaves the Gnome's as it is.
"the gnome kills seat 2" is that kill, asked back for a yes; a drunk or poisoned Gnome
kills nobody.
"""
from __future__ import annotations

from characters.common import kill_in_public
from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected

AMIGO = "Gnome: Amigo"
PROPOSED = "Gnome: proposed amigo"
KILLED = "Gnome: killed on day {day}"


def amigo(game):
    return next((p for p in game.grim.players if AMIGO in p.reminders), None)


class Gnome(Traveller):
    id = "gnome"
    name = "Gnome"
    first_night = None
    other_night = None
    reminders = ("Amigo",)
    commands = {
        "gnome_amigo": ("the gnomes amigo is seat {seat}", "the amigo is seat {seat}"),
        "gnome_kills": ("the gnome kills seat {seat}",),
    }
    destructive = frozenset({"gnome_kills"})

    def prepare(self, game, player):
        for p in game.grim.players:
            if PROPOSED in p.reminders:
                p.reminders.remove(PROPOSED)
        team = [p for p in game.grim.players if p is not player
                and p.alignment == player.alignment and not p.traveller]
        if team:
            game.rng.choice(team).reminders.append(PROPOSED)

    def setup_lines(self, game, player):
        lines = super().setup_lines(game, player)
        proposed = next((p for p in game.grim.players if PROPOSED in p.reminders), None)
        example = f"seat {proposed.seat}" if proposed else "a seat"
        offer = (f"Proposed: {proposed.label}, {proposed.alignment}. " if proposed else "")
        lines.append(f"The Gnome's amigo is a player of the Gnome's team, told to everyone. "
                     f"{offer}Once the Gnome's alignment is settled, say 'the gnome's amigo "
                     f"is {example}'.")
        return lines

    def handle(self, game, player, intent, slots):
        if intent == "gnome_amigo":
            return self._announce(game, player, game.player(slots["seat"]))
        if intent == "gnome_kills":
            return self._kill(game, player, game.player(slots["seat"]))
        return False

    def _announce(self, game, player, chosen):
        if game.phase.state not in ("setup", "day"):
            raise game.not_now("the Gnome's amigo is told at setup or by day")
        if amigo(game) is not None:
            raise Rejected(f"The Gnome's amigo is already {amigo(game).label}.")
        if chosen is player:
            raise Rejected("The Gnome's amigo is another player.")
        if chosen.alignment != player.alignment:
            other = next((p for p in game.grim.players if p is not player
                          and p.alignment == player.alignment), None)
            hint = f" For example {other.label}." if other else ""
            raise Rejected(f"{chosen.Label} is {chosen.alignment} and the Gnome is "
                           f"{player.alignment}: the amigo is on the Gnome's team.{hint}")
        for p in game.grim.players:
            if PROPOSED in p.reminders:
                p.reminders.remove(PROPOSED)
        chosen.reminders.append(AMIGO)
        game.say_public(f"The Gnome's amigo is {chosen.label}. They are on the Gnome's "
                        "team.")
        return True

    def on_nomination(self, game, holder, nominator, nominee):
        if AMIGO not in nominee.reminders or not holder.alive:
            return
        game.say_private(f"{nominator.Label} nominated the Gnome's amigo. If the Gnome, "
                         f"{holder.label}, chooses to kill them, say 'the gnome kills seat "
                         f"{nominator.seat}'.")

    def _kill(self, game, player, target):
        if not game.phase.in_day:
            raise game.not_now("the Gnome kills by day, when their amigo is nominated")
        if not player.alive:
            raise Rejected(f"The Gnome, {player.label}, is dead.")
        friend = amigo(game)
        if friend is None:
            raise Rejected("The Gnome has no amigo yet.")
        votes = list(game.votes_today) + ([game.vote] if game.vote else [])
        if not any(v.nominee == friend.seat and v.nominator == target.seat and not v.exile
                   for v in votes):
            raise Rejected(f"{target.Label} has not nominated the Gnome's amigo today.")
        tag = KILLED.format(day=game.grim.day)
        if tag in player.reminders:
            raise Rejected("The Gnome has already killed today's nominator of their amigo.")
        if not target.alive:
            raise Rejected(f"{target.Label} is already dead.")
        player.reminders.append(tag)
        game.say_public(f"The Gnome, {player.label}, kills {target.label}.")
        kill_in_public(game, player, self.id, target)
        return True
