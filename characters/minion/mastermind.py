"""The Mastermind: if the Demon is executed and dies, ending the game, the game goes on one
more day; whoever is executed then makes their team lose.

When the engine would end the game because the Demon is dead (``postpones_end``) and the
Demon just died by execution while the Mastermind's ability works, the game goes on: the
Storyteller is told privately, the table hears nothing but the death. From then on the
engine's own endings (the Demon dead, two players alive) wait. On the next day the
executed player's team loses, whether or not they die; if the day ends with nobody
executed, good wins.

The Al-Hadikhia jinx: if the Al-Hadikhia is executed while the Mastermind lives, the game
goes on to that night only, where the dead Al-Hadikhia chooses three good players (at the
Al-Hadikhia's place, the Mastermind not woken): if all three choose to live, evil wins;
otherwise good wins.
"""
from __future__ import annotations

import re

from characters.demon.alhadikhia import LiveOrDie
from characters.jinxes import active_jinxes
from statemachine import wording
from statemachine.model import DEMON, EVIL, GOOD, MINION
from statemachine.registry import Character, Win
from statemachine.waits import ChooseSeats

MARK = "Mastermind: one more day, day {day}"
_MARK = re.compile(r"^Mastermind: one more day, day (\d+)$")
JINX = "Mastermind: the Al-Hadikhia chooses, night {night}"
_JINX = re.compile(r"^Mastermind: the Al-Hadikhia chooses, night (\d+)$")
RESULT = "Mastermind: the Al-Hadikhia's three chose, {winner} wins"


class Mastermind(Character):
    id = "mastermind"
    name = "Mastermind"
    team = MINION
    first_night = None
    other_night = None
    reminders = ()

    def extra_day(self, holder):
        """The day the game goes on to, once the ability has been triggered."""
        for r in holder.reminders:
            m = _MARK.match(r)
            if m:
                return int(m.group(1))
        return None

    def demon_executed_now(self, game):
        seat = game.executed_today
        if seat is None or game.phase.at_night or not game.last_kill:
            return False
        dead = game.grim.seat(seat)
        return (not dead.alive and game.team_of(dead) == DEMON
                and game.last_kill[:2] == (seat, "execution"))

    def jinx_night(self, holder):
        """The night the executed Al-Hadikhia chooses, under the jinx."""
        for r in holder.reminders:
            m = _JINX.match(r)
            if m:
                return int(m.group(1))
        return None

    def postpones_end(self, game, holder, win):
        if self.extra_day(holder) is not None or self.jinx_night(holder) is not None:
            return ""
        alive = holder.alive or game.works_dead(holder, self.id)   # kept by a Vigormortis
        if not (win.winner == GOOD and alive and self.demon_executed_now(game)):
            return None
        demon = game.grim.seat(game.executed_today)
        if (demon.character == "alhadikhia"
                and ("alhadikhia", "mastermind") in active_jinxes(game.setup.script)):
            holder.reminders.append(JINX.format(night=game.grim.night + 1))
            return (f"A jinx: the Al-Hadikhia was executed while the Mastermind, {holder.label}, "
                    "lives. Do not say that the game is over. Tonight the Al-Hadikhia "
                    "chooses three good players: if all three choose to live, evil wins; "
                    "otherwise good wins.")
        if not game.working(holder, self.id):
            return None
        holder.reminders.append(MARK.format(day=game.grim.day + 1))
        return (f"The Demon died by execution, but the Mastermind, {holder.label}, plays on. "
                "The game goes on for one more day: do not say that it is over. "
                "Tomorrow, whoever is executed makes their team lose; if nobody is, good wins.")

    def check_win(self, game, player, moment):
        for r in player.reminders:
            if r in (RESULT.format(winner=EVIL), RESULT.format(winner=GOOD)):
                winner = EVIL if r == RESULT.format(winner=EVIL) else GOOD
                return Win(winner, "The Al-Hadikhia's three chose " + (
                    "to live, all of them." if winner == EVIL else "and not all to live."))
        day = self.extra_day(player)
        if day is None or game.grim.day != day or game.phase.at_night:
            return None
        if game.executed_today is not None:
            executed = game.grim.seat(game.executed_today)
            loser = executed.alignment
            winner = EVIL if loser == GOOD else GOOD
            return Win(winner, f"On the Mastermind's extra day, {executed.label}, "
                               f"{wording.a(loser)} player, was executed.")
        if moment == "dusk":
            return Win(GOOD, "On the Mastermind's extra day, nobody was executed.")
        return None

    # --- the Al-Hadikhia jinx: the executed Al-Hadikhia's last choice ---------------------
    def night_position(self, game, player, first_night):
        night = self.jinx_night(player)
        return game.unit("alhadikhia").other_night if night == game.grim.night else None

    def wakes(self, game, player, first_night):
        return True

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        demon = next(p for p in game.grim.players if p.character == "alhadikhia")

        def good(seats):
            bad = [game.grim.seat(s) for s in seats if game.grim.seat(s).alignment != GOOD]
            return (f"{bad[0].Label} is not good: the Al-Hadikhia chooses three good players."
                    if bad else None)

        seats = yield ChooseSeats(prompt=f"Wake the Al-Hadikhia, {demon.label}: they choose "
                                         "three good players. Say the three seats.",
                                  count=3, actor="alhadikhia", check=good, by_holder=False)
        chosen = [game.grim.seat(s) for s in seats]
        game.say_private("Put the Al-Hadikhia to sleep.")
        game.say_public("Everyone stay silent, with no sound or signal, until I say the "
                        "silence has ended.", at_once=True)
        lives = []
        for p in chosen:
            game.say_private(f"Wake {p.label}.")
            game.say_public(f"The Al-Hadikhia has chosen {p.label}. {p.name}, do you choose "
                            "to live? Nod for yes, shake your head for no.", at_once=True)
            lives.append((yield LiveOrDie(
                prompt=f"A nod is live, a shake is die. Say 'seat {p.seat} chooses to live' "
                       f"or 'seat {p.seat} chooses to die'.", seat=p.seat)))
            game.say_private(f"Put {p.label} to sleep.")
        game.say_public("The silence has ended.", at_once=True)
        player.reminders.append(RESULT.format(winner=EVIL if all(lives) else GOOD))
        game.check_wins("dawn")
