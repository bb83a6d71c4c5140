"""A character whose player believes they are another one (the Drunk, the Lunatic): the
token they are shown is proposed at setup and changed with "the drunk thinks they are the
..."; the engine runs the believed ability, which never works (``acts_as_believed``)."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.registry import Character


class Believer(Character):
    """Subclasses set ``commands`` to ``{"<id>_believes": ...}``, ``believed_word`` (what
    the Storyteller names: "Townsfolk", "Demon"), ``believed_rule`` (the refusal) and
    ``chosen_what`` (what is chosen at setup), and say which characters may be believed."""

    acts_as_believed = True
    believed_word = ""
    believed_rule = ""
    chosen_what = "token"

    def may_believe(self, game, player, cid: str) -> bool:
        return False

    def setup_lines(self, game, player):
        return [f"{player.Label} is the {self.name} and is shown the "
                f"{game.unit(player.believes).name}. To change it, say 'the "
                f"{self.name.lower()} thinks they are the' and a {self.believed_word}."]

    def handle(self, game, player, intent, slots):
        if intent != f"{self.id}_believes":
            return False
        if game.phase.state != "setup":
            raise game.not_now(f"the {self.name}'s {self.chosen_what} is chosen at setup")
        cid = slots["character"]
        if not self.may_believe(game, player, cid):
            raise Rejected(self.believed_rule)
        player.believes = cid
        game.say_private(f"The {self.name} thinks they are the {game.unit(cid).name}.")
        self.believed(game)
        return True

    def nothing_happens(self, game, player, chosen: str) -> str:
        """The line when the believed ability's choice lands (``chosen``: the seats said):
        true of the grimoire, never "drunk"."""
        return f"The {self.name} chooses {chosen}: nothing happens."

    def believed(self, game) -> None:
        """After the Storyteller changed the believed character (the Drunk: bluff checks)."""
