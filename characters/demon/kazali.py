"""The Kazali: each night except the first, choose a player: they die. [You choose which
players are which Minions. The Outsider count may change.]

A drawn bag holds no Minion: Townsfolk take their places (``adjust_counts``). On the first
night, at the Kazali's place (before the Minion info), the Kazali points at a player and a
Minion on the script, as many times as the setup has Minions: each chosen player becomes
that Minion, evil, and once the Kazali sleeps each is woken and shown it with a thumb down.
A chosen Outsider is an Outsider no more, so the Outsider count changes as the Kazali
chooses; a Minion's own setup effect does not apply (it came into play after setup). Its
first-night choices stand even were it drunk or poisoned (nothing acts before it to impair
them). Each night after, the Kazali kills as the Imp does (no star-pass). A jinx: a
Marionette the Kazali makes must sit next to the Kazali; if it makes the Bounty Hunter a
Minion, no Townsfolk turns evil (the Bounty Hunter's unit undoes its setup choice).
"""
from __future__ import annotations

from characters.common import (attack, attack_fails, free_minions, make_minion, minion_check,
                               minions_wanted)
from characters.jinxes import active_jinxes
from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.view.examples import change_said
from statemachine.waits import ChooseCharacter, ChooseSeats, Next
from statemachine.wording import count


class Kazali(Character):
    id = "kazali"
    name = "Kazali"
    team = DEMON
    first_night = 7
    other_night = 54
    reminders = ("Dead",)
    setup = True

    def adjust_counts(self, counts):
        counts.minions_made_in_play()

    def setup_lines(self, game, player):
        need = minions_wanted(game)
        if not need:
            return []
        return [f"The Kazali, {player.label}, changes the setup. On the first night they make "
                f"{count(need, 'Minion')}, choosing the players and the Minions. The "
                "Outsider count may change." + change_said(game, True)]

    def night(self, game, player):
        if game.phase.state == "first_night":
            yield from self._choose_minions(game, player)
            return
        seats = yield ChooseSeats(prompt="The Kazali chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if not attack_fails(game, player, self.id, target):
            attack(game, player, target)

    def _choose_minions(self, game, player):
        # A player who only thinks they are the Kazali (the Lunatic) chooses as many, and
        # nothing changes: their unit tells the real Demon what they chose.
        real = player.character == self.id
        need = minions_wanted(game, less_in_play=real)
        if not need:
            yield Next(prompt="The Minions are in play already: the Kazali chooses none. "
                              "Say next.")
            return
        taken: list[str] = []
        shown: list[str] = []

        def good_player(seats):
            p = game.grim.seat(seats[0])
            if p is player or p.traveller or (real and game.is_evil(p)):
                return f"{p.Label} cannot become a Minion: choose a good player."
            return None

        jinxes = active_jinxes(game.setup.script)
        marionette = ("marionette", "kazali") in jinxes
        for n in range(need):
            if real and not free_minions(game, taken):
                shown.append("No Minion on the script is free: the Kazali chooses no more.")
                break
            seats = yield ChooseSeats(
                prompt=(f"The Kazali points at a player to become a Minion, "
                        f"choice {n + 1} of {need}. Say the seat."),
                count=1, actor=self.id, check=good_player)
            target = game.grim.seat(seats[0])
            legal = minion_check(game, taken if real else [], in_play_ok=not real)

            def check(cid, target=target, legal=legal):
                problem = legal(cid)
                if (not problem and cid == "marionette" and marionette
                        and target not in game.grim.neighbours(player, alive_only=False)):
                    return ("A jinx: the Marionette the Kazali makes must sit next to the "
                            "Kazali.")
                return problem

            cid = yield ChooseCharacter(prompt=f"Which Minion is {target.label} to become? "
                                               "Say the character.", check=check)
            if cid is None:
                shown.append(f"No Minion was named for {target.label}: they stay as they are.")
                continue
            taken.append(cid)
            if real:
                old = target.character
                shown.append(make_minion(game, target, cid))
                if old == "bountyhunter" and ("bountyhunter", "kazali") in jinxes:
                    shown.extend(game.unit("bountyhunter").kazali_took(game))
        if not real:
            shown.append("They are not the Kazali: nobody becomes a Minion.")
        game.put_holder_to_sleep()
        yield Next(prompt=" ".join(shown) + " Say next.")
