"""The Balloonist: each night, you learn a player of a different character type than last
night. [+0 or +1 Outsider]

Setup: the Storyteller's choice, one Outsider more or none, proposed with the bag's seeded
generator (one more in about three games of four, as the designer advises; none when the
Townsfolk cannot spare one) or read from an explicit setup, and said at setup.

Night: the first night any other player is proposed; each night after, a player whose
character type (Townsfolk, Outsider, Minion, Demon, Traveller) differs from the one shown
last. The type shown is kept as a reminder ("Balloonist: last shown a minion"), so each
night reads the one before. A sober Balloonist is never shown a player who surely
registers as last night's type; the Recluse and the Spy may register either way. A drunk or
poisoned Balloonist may be shown anyone (proposed: a player of last night's type).
"""
from __future__ import annotations

from characters.common import others
from characters.storyteller import may_register, registers_surely, seats_render
from statemachine.model import OUTSIDER, TOWNSFOLK
from statemachine.registry import Character
from statemachine.bag.draw import base_counts
from statemachine.wording import count

LAST = "Balloonist: last shown a "
ADD_OUTSIDER = 0.75      # how often the proposal adds the Outsider
TYPE_WORDS = {"townsfolk": "Townsfolk", "outsider": "Outsider", "minion": "Minion",
              "demon": "Demon", "traveller": "Traveller"}


class Balloonist(Character):
    id = "balloonist"
    name = "Balloonist"
    team = TOWNSFOLK
    first_night = 65
    other_night = 84
    reminders = ("Know",)
    setup = True

    # --- setup ---------------------------------------------------------------------------
    def adjust_counts(self, counts):
        options = [d for d in (0, 1) if counts.townsfolk - d >= 0]
        given = counts.given_outsiders
        if given is not None and given - counts.outsider in options:
            shift = given - counts.outsider
        elif counts.rng is not None and len(options) > 1:
            shift = 1 if counts.rng.random() < ADD_OUTSIDER else 0
        else:
            shift = options[-1]
        counts.shift_outsiders(shift)

    def setup_lines(self, game, player):
        usual = base_counts(len(game.grim.non_travellers)).outsider
        have = game.grim.setup_outsiders
        more = "one more than" if have > usual else "as many as"
        return [f"The Balloonist, {player.label}, may add an Outsider: "
                f"{count(have, 'Outsider')} in play, {more} the usual {usual}. To change "
                "it, say 'seat 1 is the' and the character."]

    # --- night ---------------------------------------------------------------------------
    @staticmethod
    def last_type(player) -> str | None:
        return next((r[len(LAST):] for r in reversed(player.reminders) if r.startswith(LAST)),
                    None)

    def _differs(self, game, p, last) -> bool:
        """``p`` may register as a type other than ``last``."""
        if last is None:
            return True
        return not registers_surely(game, p, last)

    def night(self, game, player):
        last = self.last_type(player)
        pool = others(game, player, travellers=True)
        fits = [p for p in pool if game.team_of(p) != last] if last else pool
        truth = [game.rng.choice(fits).seat] if fits else []
        sober = game.info_rules.true_info(player, self.id)
        same = [p.seat for p in pool if last and game.team_of(p) == last]

        def check(seats):
            if len(seats) != 1:
                return "The Balloonist learns one player."
            if seats[0] == player.seat:
                return "The Balloonist learns another player."
            if sober and not self._differs(game, game.grim.seat(seats[0]), last):
                return (f"The Balloonist is sober: last night's player was a "
                        f"{TYPE_WORDS.get(last, last)}.")
            return None

        if last:
            word = TYPE_WORDS.get(last, last)
            a = "an" if word[:1] in "AEIOU" else "a"
            intro = (f"Point to a player who is not {a} {word}: last night the Balloonist "
                     f"was shown {a} {word}.")
        else:
            intro = "Point to any other player."
        notes = game.registration_notes(pool) if last else []
        answer = yield game.info(
            player, self.id, "seats", truth,
            lambda: [game.rng.choice(same)] if same else truth, seats_render(game), intro,
            notes, check=check,
            true_if=lambda seats: len(seats) == 1 and self._differs(
                game, game.grim.seat(seats[0]), last))
        shown = game.grim.seat((answer or truth or [player.seat])[0])
        player.reminders[:] = [r for r in player.reminders if not r.startswith(LAST)]
        player.reminders.append(LAST + self._shown_type(game, shown, last))

    def _shown_type(self, game, shown, last) -> str:
        # What the player shown registered as: their own type, unless they registered as
        # another to make the information fit (a Recluse shown after an Outsider: a Minion).
        own = game.team_of(shown)
        if own != last:
            return own
        other = [t for t in ("townsfolk", "outsider", "minion", "demon")
                 if t != last and may_register(game, shown, t)]
        return other[0] if other else own
