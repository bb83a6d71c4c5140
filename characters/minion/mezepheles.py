"""The Mezepheles: you start knowing a secret word. The 1st good player to say this word
becomes evil that night.

The Storyteller picks the word at setup (one is proposed from a word list; "another secret
word" proposes the next). When the Storyteller hears the first good player say it, they say
"mezepheles word heard by seat four"; that night, at the Mezepheles's place, the player turns
evil if the Mezepheles is sober and healthy then. A drunk or poisoned Mezepheles at that
moment uses the ability up and the player stays good. Only once a game.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, MINION
from statemachine.registry import GAINED_FIRST_NIGHT_STEP, Character
from statemachine.waits import Next

WORDS = ("marmalade", "lighthouse", "periwinkle", "quasar", "thimble", "gargoyle",
         "kumquat", "zeppelin", "accordion", "narwhal", "pumpernickel", "sarsaparilla")
WORD = "Mezepheles word: "
TURNS_EVIL = "Mezepheles: Turns evil"
NO_ABILITY = "Mezepheles: No ability"


class Mezepheles(Character):
    id = "mezepheles"
    name = "Mezepheles"
    team = MINION
    first_night = 45
    other_night = 31
    reminders = ("Turns Evil", "No Ability")
    commands = {
        "mezepheles_heard": ("mezepheles word heard by seat {seat}",
                             "seat {seat} said the secret word"),
        "mezepheles_new_word": ("another secret word",),
    }

    # --- setup -------------------------------------------------------------------------------
    def prepare(self, game, player):
        player.reminders.append(WORD + game.rng.choice(WORDS))

    def word(self, player) -> str:
        return next((r[len(WORD):] for r in player.reminders if r.startswith(WORD)), "")

    def setup_lines(self, game, player):
        return [f"The Mezepheles, {player.label}. Proposed secret word: {self.word(player)}. "
                "Say 'another secret word' for a different one."]

    # --- commands --------------------------------------------------------------------------
    def handle(self, game, player, intent, slots):
        if intent == "mezepheles_new_word":
            if game.phase.state != "setup":
                raise game.not_now("the secret word is chosen at setup")
            old = self.word(player)
            player.reminders = [r for r in player.reminders if not r.startswith(WORD)]
            choices = [w for w in WORDS if w != old]
            player.reminders.append(WORD + game.rng.choice(choices))
            game.say_private(f"The secret word is now {self.word(player)}.")
            return True
        if intent != "mezepheles_heard":
            return False
        if game.phase.state == "setup":
            raise game.not_now("the game has not started")
        speaker = game.player(slots["seat"])
        if NO_ABILITY in player.reminders:
            raise Rejected("The Mezepheles has already used their ability.")
        marked = next((p for p in game.grim.players if TURNS_EVIL in p.reminders), None)
        if marked:
            raise Rejected(f"{marked.label} already said the word first; only the first good "
                           "player counts.")
        if speaker.alignment != GOOD:
            raise Rejected(f"{speaker.label} is not good: only the first good player to say the "
                           "word turns evil.")
        speaker.reminders.append(TURNS_EVIL)
        game.say_private(f"{speaker.Label} said the secret word: marked turns evil. They turn "
                         "evil tonight if the Mezepheles is sober and healthy then.")
        return True

    # --- the night -------------------------------------------------------------------------
    def wakes(self, game, player, first_night):
        if not player.alive:
            return False
        if game.gained_tonight(player, self.id):
            return True                  # learns the word (first night, or gained mid-game)
        return NO_ABILITY not in player.reminders and any(
            TURNS_EVIL in p.reminders for p in game.grim.players)

    def night_position(self, game, player, first_night):
        if not first_night and game.gained_tonight(player, self.id):
            return GAINED_FIRST_NIGHT_STEP   # gained mid-game: learns the word before dawn
        return super().night_position(game, player, first_night)

    def wakes_holder(self, game, player):
        # Other nights the step wakes the player who said the word, not the Mezepheles.
        return game.gained_tonight(player, self.id)

    def night(self, game, player):
        if game.gained_tonight(player, self.id):
            if not self.word(player):
                self.prepare(game, player)   # a Mezepheles made mid-game gets a word now
            yield Next(prompt=f"Show the Mezepheles the secret word, {self.word(player)}, "
                              "written down. Say next.")
            return
        target = next(p for p in game.grim.players if TURNS_EVIL in p.reminders)
        target.reminders.remove(TURNS_EVIL)
        player.reminders.append(NO_ABILITY)
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Mezepheles is {why}: {target.label} stays good, and the "
                             "Mezepheles has used their ability. Mark them no ability.")
            return
        if target.alignment != GOOD:
            game.say_private(f"{target.Label} is no longer good: nothing happens. The "
                             "Mezepheles has used their ability.")
            return
        if not game.set_alignment(target, EVIL):
            game.say_private(f"{target.Label} stays good. The Mezepheles has used their "
                             "ability.")
            return
        for line in game.wake_notes([target]):
            game.say_private(line)
        yield Next(prompt=f"{target.Label} turns evil. Wake them, show the You Are token and "
                          "give a thumbs down. Put them to sleep and turn their token upside "
                          "down. The Mezepheles has used their ability. Say next.")
        game.check_wins("alignment")
