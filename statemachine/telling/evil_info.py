"""The first night's evil info: the Minions shown the Demon, the Demon shown the Minions and
the bluffs, and who else is shown or woken with them (the Magician, by a working ability);
the Marionette and the Poppy Grower's hidden info. A mixin of the night (NightMixin)."""
from __future__ import annotations

from collections.abc import Iterator

from statemachine.model import Player
from statemachine.waits import Next, Wait
from statemachine.wording import spoken_list, the_minions


class EvilInfoMixin:
    def shown_minions(self) -> list[Player]:
        """The Minions the Minion info wakes and the Demon info shows (not the Marionette)."""
        return [p for p in self.grim.players if self.is_minion(p) and not p.traveller
                and self.unit(p.character).shown_as_minion]

    def shown_with_evil(self) -> list[Player]:
        """Players shown to the Minions as a Demon and to the Demon as a Minion by a working
        ability (Character.shown_in_evil_info: the Magician)."""
        return [p for p, unit in self.working_units() if unit.shown_in_evil_info(self, p)]

    def _shown_note(self, extra: list[Player], as_what: str) -> str:
        if not extra:
            return ""
        return (f" {spoken_list(p.Label if i == 0 else p.label for i, p in enumerate(extra))}"
                f" {'is' if len(extra) == 1 else 'are'} shown {as_what} too.")

    def _step_minioninfo(self) -> Iterator[Wait]:
        minions = self.shown_minions()
        demons = [p for p in self.grim.players if self.is_demon(p)]
        if not minions:
            return
        extra = [p for p in self.shown_with_evil() if p not in demons]
        names = spoken_list(m.label for m in minions)
        demon = (f"Show them the Demon: {spoken_list(d.label for d in demons + extra)}."
                 f"{self._shown_note(extra, 'as the Demon')}" if demons or extra
                 else "Show them each other: no player is the Demon.")
        notes = "".join(" " + n for n in self.wake_notes(minions))
        yield Next(prompt=f"Minion info. Wake {the_minions(len(minions))}: {names}.{notes} {demon} Then put "
                          "them to sleep. Say next.")

    def evil_info_hidden(self) -> bool:
        """A working ability keeps the Minions and the Demon from being shown each other
        (Character.hides_evil_info: the Poppy Grower)."""
        return any(unit.hides_evil_info(self, holder) for holder, unit in self.working_units())

    def _step_demoninfo(self) -> Iterator[Wait]:
        demons = [p for p in self.grim.players if self.is_demon(p)]
        if not demons:
            return      # no player is the Demon (Lil' Monsta's token is not kept yet)
        minions = self.shown_minions()
        # woken with the Demon, not shown to it (Character.woken_with_demon)
        joined = [p for p, unit in self.working_units()
                  if p not in demons and unit.woken_with_demon(self, p)]
        extra = [p for p in self.shown_with_evil() if p not in minions + demons + joined]
        minions += extra
        bluffs = spoken_list(f"the {self.unit(b).name}" for b in self.grim.bluffs) or "none"
        notes = "".join(n + " " for n in self.wake_notes(demons + joined))
        woken = spoken_list(d.label for d in demons + joined)
        shown = ("Show no Minions." if self.evil_info_hidden()      # the Poppy Grower
                 else f"Show {the_minions(len(minions))}: {spoken_list(m.label for m in minions) or 'none'}."
                 + self._shown_note(extra, "as a Minion"))
        yield Next(prompt=f"Demon info. Wake the Demon: {woken}. {notes}{shown} "
                          f"Show the three bluffs: {bluffs}. Then put them to sleep. Say next.")
