"""The Knight: You start knowing 2 players that are not the Demon.

The two are other players (Travellers too), neither of them the Demon; a player who might
register as the Demon (the Recluse) may be shown or not, as the Storyteller decides. Drunk or
poisoned, the Knight may be shown anyone, the Demon included. The two get the Knight's "Know"
reminder."""
from __future__ import annotations

from characters.common import others
from characters.storyteller import StartKnowing, registers_surely, seats_render
from statemachine.model import DEMON, TOWNSFOLK


class Knight(StartKnowing):
    id = "knight"
    name = "Knight"
    team = TOWNSFOLK
    first_night = 63
    other_night = None
    reminders = ('Know', 'Know')
    seat_reminders = (r"Knight (\d+): Know",)

    def tag(self, player) -> str:
        return f"Knight {player.seat}: Know"

    def night(self, game, player):
        self.mark_learnt(player)
        pool = others(game, player, travellers=True)
        safe = [p.seat for p in pool if not registers_surely(game, p, DEMON)]
        truth = sorted(game.rng.sample(safe, 2)) if len(safe) >= 2 else sorted(safe)
        demons = [p.seat for p in pool if registers_surely(game, p, DEMON)]
        sober = game.info_rules.true_info(player, self.id)

        def false_two():
            if demons and len(pool) >= 2:
                rest = [p.seat for p in pool if p.seat != demons[0]]
                return sorted([demons[0], game.rng.choice(rest)])
            return truth

        def check(seats):
            if len(seats) != 2 or len(set(seats)) != 2 or player.seat in seats:
                return "The Knight learns two other players."
            if sober and any(s in demons for s in seats):
                return "Neither of the Knight's two players may be the Demon."
            return None

        answer = yield game.info(
            player, self.id, "seats", truth, false_two, seats_render(game),
            "Point to two players, neither of them the Demon.",
            game.registration_notes([game.grim.seat(s) for s in truth]), check=check)
        for s in (answer or truth):
            game.grim.seat(s).reminders.append(self.tag(player))
