"""The Lunatic: you think you are a Demon, but you are not. The Demon knows who you are and
whom you choose at night.

Like the Drunk, the Lunatic holds only the ability it believes it has (a Demon's), which
never works: it wakes as that Demon at the Lunatic's own place, before the real Demon,
chooses, and nothing happens; then the real Demon is woken and shown the Lunatic and the
choice. On the first night the Lunatic is shown fake Minions and three good bluffs."""
from __future__ import annotations

from characters.believer import Believer
from characters.common import say_seats, team_ids
from statemachine.model import DEMON, OUTSIDER, TOWNSFOLK
from statemachine.night import MIN_PLAYERS_FOR_EVIL_INFO, spoken_list
from statemachine.wording import count
from statemachine.waits import ChooseSeats, Next


class Lunatic(Believer):
    id = "lunatic"
    name = "Lunatic"
    team = OUTSIDER
    first_night = 21
    other_night = 34
    reminders = ("Chosen", "Chosen", "Chosen")
    believed_word, chosen_what = "Demon", "Demon"
    believed_rule = "The Lunatic must think they are a Demon."
    believer_note = "They are the Lunatic: nothing they choose happens."
    commands = {"lunatic_believes": ("the lunatic thinks they are the {character}",)}

    # --- setup ---------------------------------------------------------------------------
    def prepare(self, game, player):
        demons = [p.character for p in game.grim.players if game.unit(p.character).team == DEMON]
        choices = demons or team_ids(game, DEMON)
        if choices:
            player.believes = choices[0]

    def may_believe(self, game, player, cid):
        return game.unit(cid).team == DEMON

    def nothing_happens(self, game, player, chosen):
        # Nobody is drunk: the Lunatic holds no Demon ability at all.
        return (f"The Lunatic attacks {chosen}: nothing happens; the Demon learns it at its "
                "step.")

    # --- night: the believed Demon's step, at the Lunatic's place -------------------------
    def believed_position(self, game, player, ability, first_night):
        if first_night:
            return self.first_night          # the fake Demon info, and a first-night attack
        acts = game.unit(ability).night_position(game, player, False) is not None
        return self.other_night if acts else None

    def wake_counts(self, game, player, ability):
        # The first night's wake with no first-night attack is the fake Demon info only.
        if game.phase.state != "first_night" or ability == self.id:
            return True
        return game.unit(ability).night_position(game, player, True) is not None

    def believed_night(self, game, player, ability):
        first = game.phase.state == "first_night"
        if first and len(game.grim.non_travellers) >= MIN_PLAYERS_FOR_EVIL_INFO:
            yield Next(prompt=self._fake_info(game, player))
        chosen: list[list[int]] = []
        demon = game.unit(ability)
        if demon.night_position(game, player, first) is not None:
            step = demon.night(game, player)
            answer = None
            while True:
                try:
                    wait = step.send(answer)
                except StopIteration:
                    break
                answer = yield wait
                # the players the choice points at: seats, or what a Demon's own
                # ``chosen_seats`` makes of its answer (the Ojo's character: its holder)
                if hasattr(demon, "chosen_seats"):
                    seats = demon.chosen_seats(game, wait, answer)
                else:
                    seats = answer if isinstance(wait, ChooseSeats) else None
                if isinstance(seats, list) and seats:
                    chosen.append(seats)
        game.put_holder_to_sleep()
        yield Next(prompt=self._tell_the_demon(game, player, chosen, first))

    def _fake_info(self, game, player) -> str:
        minions = [p for p in game.grim.players if game.is_minion(p) and not p.traveller]
        others = [p.seat for p in game.grim.players if p is not player and not p.traveller]
        shown = sorted(game.rng.sample(others, min(len(minions), len(others))))
        good = team_ids(game, TOWNSFOLK) or team_ids(game, OUTSIDER)
        bluffs = game.rng.sample(good, min(3, len(good)))
        names = spoken_list(f"the {game.unit(b).name}" for b in bluffs)
        return (f"The Lunatic's Demon info: show the These Are Your Minions token, point at "
                f"{count(len(shown), 'player')}, any you like. Proposed: "
                f"{say_seats(game, shown)}. Then show three good characters, any, even in "
                f"play. Proposed: {names}. Say next when done.")

    def _tell_the_demon(self, game, player, chosen, first) -> str:
        demons = [p for p in game.grim.players if p.alive and game.is_demon(p)]
        who = spoken_list(f"{p.label}, the {game.unit(p.character).name}" for p in demons)
        lines = [f"Now wake the real Demon, {who}." if demons else "There is no Demon to wake."]
        if demons and first:
            lines.append("Show them the You Are token, then their Demon token. Then show the "
                         f"This Player Is token, then the Lunatic token, and point at "
                         f"{player.label}.")
        elif demons:
            lines.append(f"Show them the Lunatic token and point at {player.label}.")
        if demons and chosen:
            picks = "; then ".join(say_seats(game, seats) for seats in chosen)
            lines.append(f"Then point at what the Lunatic chose: {picks}.")
        lines.append("Put them to sleep. Say next." if demons else "Say next.")
        return " ".join(lines)
