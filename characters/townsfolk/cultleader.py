"""The Cult Leader: Each night, you take the alignment of a living neighbour. If every good
player joins your cult, your team wins.

Each night the Cult Leader takes the alignment of a living neighbour (the nearest living
player each way): the same on both sides, that one; different, the Storyteller says which
seat. If it changed, the Cult Leader is woken and shown a thumb (up good, down evil); if
not, they sleep on. Drunk or poisoned, nothing changes. By day the Cult Leader may call a
cult vote, eyes closed: the Storyteller says who raised a hand (`seats 2, 3 and 5 join the
cult`, or `nobody joins the cult`), asked back for a yes as it may end the game; if every
good player (dead ones too, Travellers not) joined, the Cult Leader's team wins. Jinxes: a
Demon holding this ability (the Boffin's) or an evil player the Pit-Hag made the Cult Leader
cannot turn good through it."""
from __future__ import annotations

from characters.common import say_seats
from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK
from statemachine.registry import Character, Win
from statemachine.waits import ChooseSeats


class CultLeader(Character):
    id = "cultleader"
    name = "Cult Leader"
    team = TOWNSFOLK
    first_night = 70
    other_night = 89
    reminders = ()
    commands = {"cult_joins": ("{seat:seats*} (join|joins) the cult",
                               "seat {seat:seats*} (join|joins) the cult",
                               "seats {seat:seats*} join the cult"),
                "cult_nobody": ("nobody joins the cult",)}
    destructive = frozenset({"cult_joins"})

    def wakes_holder(self, game, player):
        return False       # woken only if their alignment changed

    def _stays(self, game, player, alignment) -> str | None:
        """The jinx that keeps an evil Cult Leader from turning good, or None."""
        if alignment != GOOD or player.alignment != EVIL:
            return None
        jinxes = active_jinxes(game.setup.script)
        if game.is_demon(player) and ("boffin", self.id) in jinxes:
            return "The Demon holds the Cult Leader's ability and cannot turn good (a jinx)."
        if (any(r.startswith("Pit-Hag: made") for r in player.reminders)
                and ("pithag", self.id) in jinxes):
            return "The Pit-Hag made this evil Cult Leader: they cannot turn good (a jinx)."
        return None

    def night(self, game, player):
        sides = game.grim.neighbours(player)
        if not sides:
            game.say_private("The Cult Leader has no living neighbour: nothing changes.")
            return
        chosen = sides[0]
        if len({p.alignment for p in sides}) > 1:
            seats = yield ChooseSeats(
                prompt=f"The Cult Leader's living neighbours differ: {say_seats(game, [p.seat for p in sides])}. "
                       "Whose alignment do they take? Say the seat.", count=1, actor=self.id,
                by_holder=False,
                check=lambda s: None if s[0] in [p.seat for p in sides]
                else "Say one of the Cult Leader's living neighbours.")
            chosen = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Cult Leader is {why}: their alignment stays {player.alignment}.")
            return
        alignment = chosen.alignment
        if alignment == player.alignment:
            game.say_private(f"The Cult Leader takes {chosen.label}'s alignment and stays "
                             f"{alignment}: do not wake them.")
            return
        stays = self._stays(game, player, alignment)
        if stays or not game.set_alignment(player, alignment):
            if stays:
                game.say_private(stays)
            return
        thumb = "down" if alignment == EVIL else "up"
        game.say_private(f"The Cult Leader takes {chosen.label}'s alignment. Wake the Cult "
                         f"Leader, {player.label}: show the You Are token and a thumb "
                         f"{thumb}, {alignment}. Put them to sleep.")

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        if not game.phase.in_day:
            raise game.not_now("the cult votes by day")
        if not game.working(player, self.id):
            why = game.impairment(player, self.id) or "dead"
            raise Rejected(f"The Cult Leader is {why}: a cult vote does nothing.")
        joined = set(slots.get("seats", [])) if intent == "cult_joins" else set()
        for s in joined:
            game.player(s)
        good = [p for p in game.grim.players if p.alignment == GOOD and not p.traveller]
        missing = [p.seat for p in good if p.seat not in joined and p is not player]
        if missing:
            game.say_private(f"Not every good player joined: {say_seats(game, missing)} did "
                             "not. Nothing happens.")
            return True
        win = Win(player.alignment, f"Every good player joined the cult: the Cult Leader, "
                                    f"{player.label}, wins for {player.alignment}.")
        if not game.win_vetoed(win):
            game.end_game(win)
        return True
