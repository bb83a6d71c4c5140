"""The Artist: once per game, during the day, privately ask the Storyteller any yes/no
question."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

ASKED = "Artist: {day} question asked"   # the number, the day, is not said
ANSWERED = "Artist: answered "      # + yes / no / not known


class Artist(Character):
    id = "artist"
    name = "Artist"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ("No Ability",)
    commands = {
        "artist_asks": ("the artist asks [a question]",),
        "artist_answered": ("the artist is answered {yesno:value}",
                            "the artist asks and is answered {yesno:value}"),
        "artist_not_known": ("the artist is answered (not known|i do not know)",
                             "the artist asks and is answered (not known|i do not know)"),
    }

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        asked = self.id in player.spent
        if intent == "artist_asks" or not asked:
            self._ask(game, player)
        if intent == "artist_asks":
            return True
        if any(r.startswith(ANSWERED) for r in player.reminders):
            raise Rejected("The Artist's question has already been answered.")
        answer = "not known" if intent == "artist_not_known" else (
            "yes" if slots.get("value") else "no")
        player.reminders.append(f"{ANSWERED}{answer}")
        if answer != "not known" and game.info_rules.must_be_false(player, self.id):
            # False by rule (the Vortox): an abnormal working the Mathematician counts.
            game.info_rules.note_false(player, self.id, game.info_rules.false_reason(player, self.id))
        game.say_private(f"Noted: the Artist was answered {answer}.")
        return True

    def _ask(self, game, player) -> None:
        if not game.phase.in_day:
            raise game.not_now("the Artist asks during the day")
        if not player.alive:
            raise Rejected("The Artist is dead and has no ability.")
        if self.id in player.spent:
            raise Rejected("The Artist has already asked their question.")
        # Used up once asked, even drunk or poisoned.
        player.spent.add(self.id)
        player.reminders += [ASKED.format(day=game.grim.day), "No Ability"]
        why = game.info_rules.false_reason(player, self.id)
        lines = [f"The Artist, {player.label}, asks one yes or no question in private. "
                 "Answer yes, no, or I do not know if it cannot be known yet."]
        if why and game.info_rules.must_be_false(player, self.id):
            lines.append(f"The {game.unit(why).name} is in play: answer falsely.")
        elif why:
            lines.append(f"They are {why}: you may answer falsely.")
        else:
            lines.append("Answer truly.")
        lines.append("Then say 'the artist is answered' and the answer.")
        game.say_private(" ".join(lines))
