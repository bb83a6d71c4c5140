"""The Godfather: you start knowing which Outsiders are in play. If one died today, choose
a player tonight: they die. [one Outsider more or fewer]

The setup's direction is the Storyteller's: proposed with the bag's seeded generator (or
read from an explicit setup), said at setup, changed like any other setup ("seat 3 is the
..."). The first night shows the Outsider characters in play (a false set proposed when the
Godfather is drunk or poisoned). On other nights the Godfather wakes only if an Outsider
died during the day just ended, however they died; a night death does not count. The kill
is an ability's, not the Demon's: the Monk and the Soldier do not stop it.
"""
from __future__ import annotations

from characters.common import team_ids
from statemachine.view.examples import change_said
from statemachine.model import MINION, OUTSIDER
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.bag.draw import base_counts
from statemachine.waits import ChooseSeats
from statemachine.wording import count


class Godfather(Character):
    id = "godfather"
    name = "Godfather"
    team = MINION
    first_night = 37
    other_night = 56
    reminders = ("Died Today", "Dead")
    setup = True

    def adjust_counts(self, counts):
        options = [d for d in (-1, 1) if counts.outsider + d >= 0 and counts.townsfolk - d >= 0]
        given = counts.given_outsiders
        if given is not None and given - counts.outsider in options:
            shift = given - counts.outsider
        elif counts.rng is not None and len(options) > 1:
            shift = counts.rng.choice(options)
        else:
            shift = options[-1]
        counts.shift_outsiders(shift)

    def setup_lines(self, game, player):
        usual = base_counts(len(game.grim.non_travellers)).outsider
        have = game.grim.setup_outsiders
        if have == usual:   # a bag named by the Storyteller, the Godfather's change not in it
            return [f"The Godfather, {player.label}, adds or removes an Outsider, but "
                    f"{count(have, 'Outsider')} {'is' if have == 1 else 'are'} in play, as "
                    "without a Godfather." + change_said(game)]
        return [f"The Godfather, {player.label}, changes the setup: "
                f"{count(have, 'Outsider')} in play, where the usual is {usual}."
                + change_said(game, have <= usual)]

    def outsiders(self, game):
        return sorted({p.character for p in game.grim.players
                       if not p.traveller and game.team_of(p) == OUTSIDER})

    def wakes(self, game, player, first_night):
        if not player.alive:
            return False
        return first_night or self.outsider_died_today(game)

    def outsider_died_today(self, game):
        return any(game.team_of(p) == OUTSIDER for p in game.deaths_today())

    def night(self, game, player):
        if game.phase.state == "first_night":
            yield from self.first_info(game, player)
            return
        died = [p for p in game.deaths_today() if game.team_of(p) == OUTSIDER]
        who = spoken_list(p.label for p in died)
        seats = yield ChooseSeats(prompt=f"An Outsider died by day: {who}. The Godfather "
                                         "chooses a player, who dies.", count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Godfather is {why}: {target.label} does not die.")
            return
        line = game.kill_report(target, game.kill(target, "ability", by=player))
        if line:
            game.say_private(line)

    def first_info(self, game, player):
        truth = self.outsiders(game)

        def render(ids):
            if not ids:
                return "no Outsiders, show no token"
            return spoken_list(f"the {game.unit(i).name}" for i in ids)

        def false():
            pool = [i for i in team_ids(game, OUTSIDER) if i not in truth]
            n = min(len(pool), max(1, len(truth)))
            return sorted(game.rng.sample(pool, n)) if pool else truth

        def check(ids):
            known = set(game.setup.script) | {p.character for p in game.grim.players}
            if any(game.unit(i).team != OUTSIDER or i not in known for i in ids):
                return "Show the Godfather Outsiders on the script."
            return None

        # "answer the tinker", "answer the tinker and the klutz" or "nobody" gives another.
        yield game.info(player, self.id, "characters", truth, false, render,
                        "Show the Godfather the Outsiders in play.", check=check,
                        optional=True)
