"""The Pixie: You start knowing 1 in-play Townsfolk. If you were mad that you were this
character, you gain their ability when they die."""
from __future__ import annotations

from characters.common import say_character, team_ids
from characters.storyteller import StartKnowing
from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK

LEARNS = "Pixie: learns "
WAS_MAD = "Pixie: was mad"
HAS = "Pixie: Has Ability"
DIED = "Pixie: their Townsfolk died"


class Pixie(StartKnowing):
    id = "pixie"
    name = "Pixie"
    team = TOWNSFOLK
    first_night = 47
    other_night = None
    reminders = ('Mad', 'Has Ability')
    seat_reminders = (r"Pixie (\d+): Mad",)
    commands = {
        "pixie_learns": ("the pixie (learns|is shown) the {character}",),
        "pixie_mad": ("the pixie (was|is) mad",),
        "pixie_not_mad": ("the pixie (was|is) not mad",),
    }

    def tag(self, player) -> str:
        return f"Pixie {player.seat}: Mad"

    def learnt_character(self, player) -> str | None:
        return next((r[len(LEARNS):] for r in player.reminders if r.startswith(LEARNS)), None)

    def marked(self, game, player):
        return next((p for p in game.grim.players if self.tag(player) in p.reminders), None)

    def _set(self, game, player, target, cid) -> None:
        old = self.marked(game, player)
        if old:
            old.reminders.remove(self.tag(player))
        player.reminders[:] = [r for r in player.reminders if not r.startswith(LEARNS)]
        player.reminders.append(LEARNS + cid)
        if target is not None:
            target.reminders.append(self.tag(player))

    def candidates(self, game, player):
        return [p for p in game.grim.players if p is not player
                and game.team_of(p) == TOWNSFOLK and p.character != self.id]

    def propose(self, game, player):
        if self.learnt_character(player) is None:
            pool = self.candidates(game, player)
            if pool:
                target = game.rng.choice(pool)
                self._set(game, player, target, target.character)
        return self.learnt_character(player)

    def prepare(self, game, player):
        self.propose(game, player)

    def setup_lines(self, game, player):
        cid = self.learnt_character(player)
        target = self.marked(game, player)
        if not cid or not target:
            return []
        return [f"The Pixie, {player.label}, will learn the {game.unit(cid).name}, "
                f"{target.label}. To change it, say 'the pixie learns the' and a Townsfolk."]

    def handle(self, game, player, intent, slots):
        if intent == "pixie_learns":
            if self.learnt(player):
                raise Rejected("The Pixie has already learnt their Townsfolk.")
            cid = slots["character"]
            target = next((p for p in self.candidates(game, player) if p.character == cid), None)
            if target is None:
                raise Rejected(f"The {game.unit(cid).name} is not an in-play Townsfolk.")
            self._set(game, player, target, cid)
            game.say_private(f"The Pixie will learn the {game.unit(cid).name}.")
            return True
        if intent == "pixie_not_mad":
            if WAS_MAD in player.reminders:
                player.reminders.remove(WAS_MAD)
            game.say_private("The Pixie was not mad enough.")
            return True
        if intent != "pixie_mad":
            return False
        cid = self.learnt_character(player)
        if cid is None or not self.learnt(player):
            raise Rejected("The Pixie has not learnt a Townsfolk yet.")
        if HAS in player.reminders:
            raise Rejected("The Pixie already has the ability.")
        if WAS_MAD not in player.reminders:
            player.reminders.append(WAS_MAD)
        if DIED in player.reminders:
            self.gain(game, player)
        else:
            game.say_private(f"The Pixie was mad that they were the {game.unit(cid).name}: "
                             "they gain the ability when that player dies.")
        return True

    def on_any_death(self, game, holder, dead, cause):
        if self.tag(holder) not in dead.reminders or DIED in holder.reminders:
            return
        holder.reminders.append(DIED)
        cid = self.learnt_character(holder)
        if WAS_MAD in holder.reminders:
            self.gain(game, holder)
        else:
            game.say_private(f"The Pixie's Townsfolk, {dead.label}, died. If the Pixie was mad "
                             f"that they were the {game.unit(cid).name}, say 'the pixie was "
                             "mad' to give them the ability.")

    def gain(self, game, player) -> None:
        cid = self.learnt_character(player)
        if game.impaired(player, self.id) or not player.alive:
            game.say_private(f"The Pixie is {game.impairment(player, self.id) or 'dead'}: "
                             f"they do not gain the {game.unit(cid).name} ability.")
            return
        if cid not in player.extra_abilities:
            player.extra_abilities.append(cid)
        player.reminders.append(HAS)
        game.say_private(f"The Pixie, {player.label}, now has the {game.unit(cid).name} "
                         "ability. Do not tell them; they wake when it would.")

    def night(self, game, player):
        self.mark_learnt(player)
        truth = self.propose(game, player)
        if truth is None:
            game.say_private("There is no other Townsfolk in play to show the Pixie.")
            return
        sober = game.info_rules.true_info(player, self.id)
        absent = [c for c in team_ids(game, TOWNSFOLK, in_play=False) if c != self.id]

        def check(cid):
            if sober and not any(p.character == cid for p in self.candidates(game, player)):
                return "The Pixie is sober: show an in-play Townsfolk."
            return None

        answer = yield game.info(
            player, self.id, "character", truth,
            lambda: game.rng.choice(absent) if absent else truth,
            lambda c: say_character(game, c),
            "Show the Townsfolk token marked Mad.", check=check)
        if answer and answer != truth:
            target = next((p for p in self.candidates(game, player) if p.character == answer),
                          None)
            self._set(game, player, target, answer)
