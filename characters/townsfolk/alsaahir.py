"""The Alsaahir: Each day, if you publicly guess which players are Minion(s) and which are
Demon(s), good wins."""
from __future__ import annotations

from characters.common import say_seats
from statemachine.errors import Rejected
from statemachine.model import DEMON, GOOD, MINION, TOWNSFOLK
from statemachine.registry import Character, Win

_MORE = "[and [seat] {seat:%s*} [and [seat] {seat:%s*} [and [seat] {seat:%s*}]]]"


def _group(slot: str) -> str:
    return "{seat:%s*} " % slot + _MORE % (slot, slot, slot)


class Alsaahir(Character):
    id = "alsaahir"
    name = "Alsaahir"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ()
    # The guess names the seat that makes it: only the Alsaahir's own guess can win.
    commands = {"alsaahir_guess": (
        "seat {seat:guesser} guesses [seat|seats] " + _group("minions")
        + " as (minion|minions|a minion) and [seat|seats] " + _group("demons")
        + " as (demon|demons|the demon)",
        "seat {seat:guesser} guesses [seat|seats] " + _group("demons")
        + " as (demon|demons|the demon) and no minions",
    )}

    def handle(self, game, player, intent, slots):
        if intent != "alsaahir_guess":
            return False
        if not game.phase.in_day or game.phase.state == "execution":
            raise game.not_now("the Alsaahir guesses during the day")
        guesser = game.player(slots.get("guesser"))
        tag = f"Alsaahir: guessed day {game.grim.day}"
        holds = self.id in game.abilities(guesser)
        if holds and tag in guesser.reminders:
            raise Rejected(f"{guesser.Label} has already guessed today and cannot change "
                           "their mind.")
        minions = sorted({game.player(s).seat for s in slots.get("minions", [])})
        demons = sorted({game.player(s).seat for s in slots.get("demons", [])})
        if set(minions) & set(demons):
            raise Rejected("A player is guessed as both a Minion and a Demon.")
        as_minions = "a Minion" if len(minions) == 1 else "Minions"
        game.say_public(f"{guesser.Label} guesses "
                        f"{say_seats(game, minions) if minions else 'no one'}"
                        f" as {as_minions} and {say_seats(game, demons)} as the Demon.")
        if not holds:
            game.say_private(f"{guesser.Label} does not have the Alsaahir's ability: "
                             "nothing happens.")
            return True
        if not guesser.alive:
            game.say_private(f"{guesser.Label} is dead and has no ability: nothing happens.")
            return True
        guesser.reminders.append(tag)
        # All Minions and all Demons, dead ones included; Travellers are never guessed.
        true_m = {p.seat for p in game.grim.non_travellers if game.team_of(p) == MINION}
        true_d = {p.seat for p in game.grim.non_travellers if game.team_of(p) == DEMON}
        right = set(minions) == true_m and set(demons) == true_d
        working = game.working(guesser, self.id)
        if right and working:
            game.end_game(Win(GOOD, "The Alsaahir guessed every Minion and the Demon."))
            return True
        if right:
            game.say_private(f"The guess is right, but the Alsaahir is "
                             f"{game.impairment(guesser, self.id)}: nothing happens.")
            return True
        game.say_private("The guess is wrong: nothing happens.")
        doubtful = [game.grim.seat(s) for s in (set(minions) ^ true_m) | (set(demons) ^ true_d)]
        if doubtful and all(game.misregisters(p) for p in doubtful) and working:
            game.say_private("It is right only if " + " and ".join(
                f"{p.label}, the {game.unit(p.character).name}, registers otherwise"
                for p in doubtful) + ". To rule so, say 'good wins'.")
        return True
