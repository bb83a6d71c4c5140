"""The Al-Hadikhia: each night*, may choose 3 players (all players learn who): each silently
chooses to live or die, but if all live, all die.

The choice is public: each chosen player is named aloud, in the Demon's order, and asked
"do you choose to live?". The Storyteller reports the nod or shake with "seat three chooses
to live" / "seat three chooses to die" (or yes / no). A dead player who chooses to live comes
back to life; a player who chose to die but did not die counts as alive when the three are
counted. At dawn the Storyteller declares which chosen players are alive and which dead.
"""
from __future__ import annotations

from dataclasses import dataclass

from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import DEMON
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, YesNo

MARKS = ("Al-Hadikhia 1", "Al-Hadikhia 2", "Al-Hadikhia 3")
WAS_SCARLET_WOMAN = "Al-Hadikhia: was the Scarlet Woman"
SPOKEN = {1: "one", 2: "two", 3: "three"}


@dataclass
class LiveOrDie(YesNo):
    """A chosen player nods (lives) or shakes their head (dies)."""

    seat: int = 0

    def accepts(self) -> tuple[str, ...]:
        return ("yes", "no", "alhadikhia_live", "alhadikhia_die")

    def describe(self) -> str:
        return (f"Say 'seat {self.seat} chooses to live' or 'seat {self.seat} chooses to die'.")


class AlHadikhia(Character):
    id = "alhadikhia"
    name = "Al-Hadikhia"
    team = DEMON
    first_night = None
    other_night = 50
    reminders = ("1", "2", "3")
    commands = {
        "alhadikhia_live": ("seat {seat} chooses to live", "seat {seat} nods"),
        "alhadikhia_die": ("seat {seat} chooses to die", "seat {seat} shakes"),
    }

    # --- the night ---------------------------------------------------------------------------
    def night(self, game, player):
        for p in game.grim.players:
            p.reminders = [r for r in p.reminders if r not in MARKS]
        seats = yield ChooseSeats(
            prompt="The Al-Hadikhia may point at three players, in order, or shake their head. "
                   "Say the three seats, or nobody.",
            count=3, actor=self.id, optional=True)
        if not seats:
            game.say_private("The Al-Hadikhia chose nobody: say nothing to the table; nobody "
                             "dies to the Al-Hadikhia tonight.")
            return
        chosen = [game.grim.seat(s) for s in seats]
        for n, p in enumerate(chosen):
            p.reminders.append(MARKS[n])
        impaired = game.impairment(player, self.id)
        game.put_holder_to_sleep(f"Mark {_list(chosen)} with the reminders one, two and "
                                 "three.")
        if impaired:
            game.say_private(f"The Al-Hadikhia is {impaired}: ask each chosen player anyway, "
                             "but nobody dies or comes back to life.")
        # The choice is public in the night itself: these lines are spoken at once.
        game.say_public("Everyone stay silent, with no sound or signal, until I say the "
                        "silence has ended.", at_once=True)
        for p in chosen:
            game.say_private(f"Wake {p.label}.")
            game.say_public(f"The Al-Hadikhia has chosen {p.label}. {p.name}, do you choose "
                            "to live? Nod for yes, shake your head for no.", at_once=True)
            lives = yield LiveOrDie(
                prompt=f"A nod is live, a shake is die. Say 'seat {p.seat} chooses to live' "
                       f"or 'seat {p.seat} chooses to die'.", seat=p.seat)
            self._apply(game, player, p, lives, impaired)
            if game.winner:
                return
            game.say_private(f"Put {p.label} to sleep.")
        if all(p.alive for p in chosen) and not impaired:
            died, safe = [], []
            for p in chosen:
                result = game.kill(p, "demon", by=player)
                if game.winner:
                    return
                if not result.held:      # a held death: the holding ability asks next
                    (died if result else safe).append(p)
            if not safe:
                game.say_private("All three are alive, so all three die.")
            else:
                line = "All three are alive, so all three would die."
                if died:
                    line += f" {_sentence(died)} {'dies' if len(died) == 1 else 'die'}."
                verb = "does not die" if len(safe) == 1 else "do not die"
                game.say_private(f"{line} {_sentence(safe)} {verb}.")
        game.say_public("The silence has ended.", at_once=True)

    def _apply(self, game, demon, p, lives, impaired) -> None:
        if lives:
            if not p.alive and not impaired:
                game.revive(p)
                game.say_private(f"{p.Label} chose to live and comes back to life: remove "
                                 "their shroud.")
                self._scarlet_woman_jinx(game)
            else:
                game.say_private(f"{p.Label} chose to live.")
            return
        if impaired or not p.alive:
            game.say_private(f"{p.Label} chose to die." + ("" if p.alive else
                                                           " They are already dead."))
            return
        result = game.kill(p, "demon", by=demon)
        if result:
            game.say_private(f"{p.Label} chose to die, and dies: add a shroud.")
        elif result.held:
            game.say_private(f"{p.Label} chose to die.")   # the holding ability asks next
        else:
            game.say_private(f"{p.Label} chose to die but does not die, so they count as "
                             "alive.")

    def handle(self, game, player, intent, slots):
        if intent not in ("alhadikhia_live", "alhadikhia_die"):
            return False
        w = game.wait
        if not game.phase.at_night or not isinstance(w, LiveOrDie):
            raise Rejected("Not now: nobody has been chosen by the Al-Hadikhia.")
        seat = game.player(slots["seat"]).seat
        if seat != w.seat:
            raise Rejected(f"Now asking seat {w.seat}, not seat {seat}.")
        game.answer(intent == "alhadikhia_live")
        return True

    # --- dawn: the report ------------------------------------------------------------------
    def on_dawn(self, game, holder):
        marked = []
        for n, mark in enumerate(MARKS):
            for p in game.grim.players:
                if mark in p.reminders:
                    marked.append(p)
                    p.reminders.remove(mark)
        if not marked:
            return
        parts = [f"{p.label}, {'alive' if p.alive else 'dead'}" for p in marked]
        game.say_public("The Al-Hadikhia's choices: " + "; ".join(parts) + ".")

    # --- the Scarlet Woman jinx --------------------------------------------------------------
    def before_death(self, game, player, cause):
        if ("scarletwoman", "alhadikhia") in active_jinxes(game.setup.script):
            for p in game.grim.players:
                if p.character == "scarletwoman" and WAS_SCARLET_WOMAN not in p.reminders:
                    p.reminders.append(WAS_SCARLET_WOMAN)
        return True

    def _scarlet_woman_jinx(self, game) -> None:
        if ("scarletwoman", "alhadikhia") not in active_jinxes(game.setup.script):
            return
        demons = game.demons_alive()
        if len(demons) < 2:
            return
        for p in demons:
            if WAS_SCARLET_WOMAN in p.reminders:
                p.reminders.remove(WAS_SCARLET_WOMAN)
                game.change_character(p, "scarletwoman")
                game.say_private(f"There would be two Demons: {p.label} becomes the Scarlet "
                                 "Woman again. Wake them, show the You Are token and the "
                                 "Scarlet Woman.")


def _list(players) -> str:
    return spoken_list(p.label for p in players)


def _sentence(players) -> str:
    """The list at the start of a sentence: 'Seat 5, Eve and seat 6, Fay'."""
    text = _list(players)
    return text[0].upper() + text[1:]
