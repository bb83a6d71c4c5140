"""The Yaggababble: you start knowing a secret phrase. For each time you said it publicly
today, a player might die.

At setup the narrator proposes a phrase (the Storyteller may give another; the narrator only
counts). On the first night the Yaggababble is woken and told it. By day the Storyteller
says "the yaggababble said the phrase" each time it is said in public; at its place each
night after (it is not woken) up to that many players die, the Storyteller's choice, while
the ability works. A jinx: the Exorcist who chooses the Yaggababble stops its kills tonight.
"""
from __future__ import annotations

from characters.common import attack
from characters.jinxes import active_jinxes
from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next
from statemachine.wording import count

PHRASES = ("what a lovely day", "trust me on this", "let us think it through",
           "that is very interesting", "mark my words", "the plot thickens")
PHRASE = "Yaggababble: phrase "
SAID = "Yaggababble: said on day "       # + day number, one reminder per time said


class Yaggababble(Character):
    id = "yaggababble"
    name = "Yaggababble"
    team = DEMON
    first_night = 16
    other_night = 53
    reminders = ("Dead", "Dead", "Dead")
    commands = {"yaggababble_said": ("the yaggababble said the phrase",
                                     "the yaggababble says the phrase")}

    def phrase(self, player) -> str:
        return next((r[len(PHRASE):] for r in player.reminders if r.startswith(PHRASE)),
                    PHRASES[0])

    def prepare(self, game, player):
        if not any(r.startswith(PHRASE) for r in player.reminders):
            player.reminders.append(PHRASE + game.rng.choice(PHRASES))

    def setup_lines(self, game, player):
        return [f"The Yaggababble's secret phrase, proposed: {self.phrase(player)}. You may "
                "give another; then say each time it is said aloud."]

    def wakes_holder(self, game, player):
        return game.phase.state == "first_night"

    def said_today(self, game, player) -> int:
        return player.reminders.count(f"{SAID}{game.grim.day}")

    def handle(self, game, player, intent, slots):
        if intent != "yaggababble_said":
            return False
        if not game.phase.in_day:
            raise game.not_now("the phrase counts when said aloud by day")
        player.reminders.append(f"{SAID}{game.grim.day}")
        n = self.said_today(game, player)
        game.say_private(f"The Yaggababble said the phrase: {count(n, 'time')} today, so up "
                         f"to {count(n, 'player')} may die tonight.")
        return True

    def night(self, game, player):
        if game.phase.state == "first_night":
            yield Next(prompt=f"Tell them their secret phrase: {self.phrase(player)}. Say "
                              "next when done.")
            return
        yield from self._kills(game, player)

    def kept_asleep(self, game, player):
        if ("yaggababble", "exorcist") in active_jinxes(game.setup.script):
            game.say_private("A jinx: the Exorcist chose the Yaggababble, so nobody dies for "
                             "its phrase tonight.")
            return
        yield from self._kills(game, player)

    def _kills(self, game, player):
        n = self.said_today(game, player)
        if not n:
            yield Next(prompt="The Yaggababble did not say its phrase by day: nobody dies "
                              "for it. Say next.")
            return
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Yaggababble is {why}: nobody dies for its phrase.")
            return
        seats = yield ChooseSeats(
            prompt=(f"The Yaggababble said its phrase {count(n, 'time')} by day: up to "
                    f"{count(n, 'player')} may die, your choice. Say the seats, or nobody."),
            count=n, exact=False, optional=True, actor=self.id, by_holder=False)
        for s in seats or []:
            attack(game, player, game.grim.seat(s))
