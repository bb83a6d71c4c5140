"""The Philosopher: Once per game, at night, choose a good character: gain that ability. If
this character is in play, they are drunk."""
from __future__ import annotations

from statemachine.model import OUTSIDER, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter


class Philosopher(Character):
    id = "philosopher"
    name = "Philosopher"
    team = TOWNSFOLK
    first_night = 13
    other_night = 10
    reminders = ('Drunk',)

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def night(self, game, player):
        def check(cid):
            if cid not in game.setup.script or game.unit(cid).team not in (TOWNSFOLK, OUTSIDER):
                return "The Philosopher chooses a good character on the script."
            if cid == self.id:
                return "The Philosopher chooses another character."
            return None

        cid = yield ChooseCharacter(
            prompt="The Philosopher may point to a good character on their sheet. Say the "
                   "character, or next if they shake their head.", check=check)
        if not cid:
            game.say_private("The Philosopher waits.")
            return
        player.spent.add(self.id)
        name = game.unit(cid).name
        if cid not in player.extra_abilities:
            player.extra_abilities.append(cid)
        player.reminders.append(f"{CHOSE}{name}")
        why = game.impairment(player, self.id)
        if why:
            # They believe they have it; it never works (``about``: the ability only
            # believed, which the grimoire's view and the reveal name so). A Philosopher
            # drunk or poisoned by another ability worked abnormally: the Mathematician
            # counts it; the Drunk who thinks they are the Philosopher has no ability to.
            player.add_effect(Effect("drunk", until="game", note=NOT_GAINED, about=cid))
            if not game.unit(player.character).acts_as_believed:
                game.abnormal.note(player, self.id, f"chose the {name} while {why}, and "
                                                    "gained nothing")
            game.say_private(f"The Philosopher is {why}: they only think they have the {name} "
                             "ability. Nobody is made drunk.")
            return
        game.say_private(f"The Philosopher now has the {name} ability and wakes when it would.")
        for p in game.grim.players:
            if p is not player and p.character == cid:
                self._make_drunk(game, player, p, f"The {name} is in play")

    def chosen(self, game, holder) -> str | None:
        """The character whose ability this Philosopher chose, if they have chosen."""
        names = {r[len(CHOSE):] for r in holder.reminders if r.startswith(CHOSE)}
        return next((c for c in game.setup.script if game.unit(c).name in names), None)

    def _make_drunk(self, game, holder, p, why: str) -> None:
        if any(e.note == NOTE and e.source == holder.seat for e in p.effects):
            return
        p.add_effect(Effect("drunk", source=holder.seat, until="game", needs_source=True,
                            note=NOTE, ability=self.id))
        game.say_private(f"{why}: {p.label} is drunk while the Philosopher lives and is "
                         "sober. Mark them with the Drunk reminder.")

    def on_character_change(self, game, holder, player, old, new):
        # "If this character is in play, they are drunk": also when it comes into play later
        # (a Barber swap, the Storyteller's change); a player who stops being it sobers.
        cid = self.chosen(game, holder)
        if cid is None or player is holder or NOT_GAINED in (e.note for e in holder.effects):
            return
        if old == cid:
            p_effects = [e for e in player.effects
                         if not (e.note == NOTE and e.source == holder.seat)]
            player.effects = p_effects
        if new == cid:
            self._make_drunk(game, holder, player,
                             f"The {game.unit(cid).name} comes into play")


CHOSE = "Philosopher: is the "
NOTE = "Philosopher"
NOT_GAINED = "Philosopher: ability not gained"
