"""The Plague Doctor: if you die, the Storyteller gains a Minion ability.

When a working Plague Doctor dies (a drunk or poisoned one's death gives nothing), they are
marked; at their place that night (the night after, for a death by day) the Storyteller names
a Minion character not in play, proposed from the script. The Storyteller then holds that
ability, kept on the Plague Doctor's token: it works although the Plague Doctor is dead
(``keeps_ability``), its night step wakes nobody and takes the Storyteller's choices (the
engine's STORYTELLER_HOLDS effect), its effects are made as the ability's own. A Minion the
narrator does not automate is held the same way, and run by the Storyteller's overrides.

The jinxes (characters/data/jinxes.toml), each instead of the Storyteller holding it: the
Baron's, up to two players become Outsiders not in play; the Boomdandy's and the Evil
Twin's, a player becomes that evil Minion; the Marionette's, a good neighbour of the Demon
becomes the evil Marionette, still believing their old character; the Fearmonger's, the
Goblin's, the Scarlet Woman's, the Spy's and the Wraith's, a living Minion gains it besides
their own and is told.
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from characters.official import died_lately
from statemachine.model import EVIL, GOOD, MINION, OUTSIDER, STORYTELLER_HOLDS, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter, ChooseSeats, Next

DIED = "Plague Doctor: died"
HOLDS = "Plague Doctor: Storyteller has the "      # + the Minion's id
BECOMES = ("boomdandy", "eviltwin")                # jinxes: a player turns into it
TAKEN = ("fearmonger", "goblin", "scarletwoman", "spy", "wraith")   # a Minion takes it


class PlagueDoctor(Character):
    id = "plaguedoctor"
    name = "Plague Doctor"
    team = OUTSIDER
    first_night = None
    other_night = 61
    reminders = ("Storyteller Ability",)

    def held(self, player) -> str | None:
        return next((r[len(HOLDS):] for r in player.reminders if r.startswith(HOLDS)), None)

    def _jinx(self, game, cid) -> bool:
        return ("plaguedoctor", cid) in active_jinxes(game.setup.script)

    def on_death(self, game, player, cause):
        done = DIED in player.reminders or self.held(player)
        if not done and not game.impaired(player, self.id):
            player.reminders.append(DIED)

    def wakes(self, game, player, first_night):
        return (not first_night and not player.alive and DIED in player.reminders
                and died_lately(game, player))

    def wakes_holder(self, game, player):
        return False

    def keeps_ability(self, game, holder, player, ability):
        return player is holder and ability == self.held(holder)

    # --- the Storyteller gains a Minion ability -------------------------------------------
    def night(self, game, player):
        player.reminders.remove(DIED)
        free = [c for c in game.setup.script if c in game.registry
                and game.unit(c).team == MINION and not game.creation.in_play(c)]
        hint = f" Proposed: the {game.unit(game.rng.choice(free)).name}." if free else ""

        def minion(cid):
            if game.unit(cid).team != MINION:
                return "The Storyteller gains a Minion's ability: say a Minion."
            if game.creation.in_play(cid):
                return f"The {game.unit(cid).name} is in play: say a Minion not in play."
            return None

        cid = yield ChooseCharacter(prompt=f"The Plague Doctor died: you gain the ability of "
                                           f"a Minion not in play.{hint} Say the Minion.",
                                    check=minion)
        if cid is None:
            game.say_private("No Minion was named: you gain nothing.")
            return
        if self._jinx(game, cid) and cid == "baron":
            yield from self._baron(game)
        elif self._jinx(game, cid) and cid in BECOMES:
            yield from self._becomes(game, cid)
        elif self._jinx(game, cid) and cid == "marionette":
            yield from self._marionette(game)
        elif self._jinx(game, cid) and cid in TAKEN:
            yield from self._taken(game, cid)
        else:
            self._hold(game, player, cid)

    def _hold(self, game, player, cid):
        unit = game.unit(cid)
        player.reminders.append(HOLDS + cid)
        player.extra_abilities.append(cid)
        player.effects.append(Effect(STORYTELLER_HOLDS, about=cid, note=self.name))
        runs = ("Its night steps wake nobody and take your choices."
                if unit.first_night or unit.other_night else "It acts without waking anyone.")
        if not unit.automated:
            runs = "The narrator does not run it: do what it does yourself."
        game.say_private(f"You hold the {unit.name}'s ability, on the Plague Doctor's token. "
                         f"{runs}")

    # --- the jinxes ----------------------------------------------------------------------
    def _outsider(self, game, p):
        def fits(cid):
            if game.unit(cid).team != OUTSIDER:
                return "They become an Outsider: say an Outsider."
            if cid not in game.setup.script or game.creation.in_play(cid):
                return f"The {game.unit(cid).name} is not on the script or is in play."
            return None
        return ChooseCharacter(prompt=f"Which Outsider not in play does {p.label} become? "
                                      "Say the character.", check=fits)

    def _baron(self, game):
        seats = yield ChooseSeats(prompt="A jinx: with the Baron's ability, up to two players "
                                         "become Outsiders not in play. Say the seats, or "
                                         "nobody.", count=2, exact=False, optional=True,
                                  actor=self.id, by_holder=False)
        for s in seats or []:
            p = game.grim.seat(s)
            cid = yield self._outsider(game, p)
            if cid is None:
                continue
            lines = game.creation.create(p, cid)
            yield Next(prompt=" ".join([f"{p.Label} is now the {game.unit(cid).name}. Wake "
                                        "them, show them the You Are token and that token, "
                                        "and put them to sleep.", *lines, "Say next."]))

    def _becomes(self, game, cid):
        name = game.unit(cid).name
        seats = yield ChooseSeats(prompt=f"A jinx: a player becomes the evil {name}. Say the "
                                         "seat.", count=1, actor=self.id, by_holder=False)
        p = game.grim.seat(seats[0])
        lines = game.creation.create(p, cid)
        game.set_alignment(p, EVIL)
        yield Next(prompt=" ".join([f"{p.Label} is now the evil {name}. Wake them, show them "
                                    "the You Are token, that token and a thumbs down, and put "
                                    "them to sleep.", *lines, "Say next."]))

    def _marionette(self, game):
        demons = game.demons_alive()
        good = [q for d in demons for q in game.grim.neighbours(d, alive_only=False)
                if q.alignment == GOOD and not q.traveller]
        if not good:
            yield Next(prompt="A jinx: a good neighbour of the Demon would become the "
                              "Marionette, and there is none: nothing happens. Say next.")
            return

        def neighbour(seats):
            return (None if game.grim.seat(seats[0]) in good else
                    "Choose a good neighbour of the Demon.")
        seats = yield ChooseSeats(prompt="A jinx: a good neighbour of the Demon becomes the "
                                         "Marionette. Say the seat.", count=1, actor=self.id,
                                  by_holder=False, check=neighbour)
        p = game.grim.seat(seats[0])
        old = p.character
        game.change_character(p, "marionette", believes=old)
        game.set_alignment(p, EVIL)
        yield Next(prompt=f"{p.Label} is now the Marionette, evil, and still thinks they are "
                          f"the {game.unit(old).name}: do not tell them. Wake the Demon, show "
                          "them the Marionette token and point at them. Say next.")

    def _taken(self, game, cid):
        name = game.unit(cid).name
        minions = [p for p in game.grim.living if game.is_minion(p)]
        if not minions:
            yield Next(prompt=f"A jinx: a living Minion would take the {name}'s ability, and "
                              "there is none: nothing happens. Say next.")
            return

        def a_minion(seats):
            return None if game.grim.seat(seats[0]) in minions else "Choose a living Minion."
        seats = yield ChooseSeats(prompt=f"A jinx: a living Minion takes the {name}'s ability "
                                         "besides their own. Say the seat.", count=1,
                                  actor=self.id, by_holder=False, check=a_minion)
        p = game.grim.seat(seats[0])
        if cid not in p.extra_abilities:
            p.extra_abilities.append(cid)
        yield Next(prompt=f"{p.Label} has the {name}'s ability too. Wake them, show them the "
                          f"{name} token, and put them to sleep. Say next.")
