"""The night: a queue built from the characters in play and the official order, walked one
step at a time. The queue is recomputed from the grimoire at each step, so an ability gained
tonight or a Ravenkeeper killed tonight is woken in its place.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from statemachine import wording
from statemachine.model import NO_ABILITY, STORYTELLER_HOLDS, Player
from statemachine.registry import Character
from statemachine.rules import fabled
from statemachine.rules import babysat
from statemachine.telling.evil_info import EvilInfoMixin
from statemachine.telling.info import InfoMixin, differs
from statemachine.wording import spoken_list  # noqa: F401 - said from here by many units
from statemachine.waits import Info, Next, Wait

# Places of the engine's own steps in the official orders.
# Evil Travellers learn who the Demon is right after the Minions do (at any player count).
FIRST_NIGHT_STEPS = {"dusk": 0, "minioninfo": 19, "travellerinfo": 20, "demoninfo": 23,
                     "dawn": 77}
OTHER_NIGHT_STEPS = {"dusk": 0, "dawn": 97}
MIN_PLAYERS_FOR_EVIL_INFO = 7


@dataclass(frozen=True, order=True)
class NightEntry:
    position: int
    seat: int          # 0 for the engine's own steps
    ability: str       # character id, or dusk / minioninfo / demoninfo / dawn
    repeat: int = 0    # 1 for the second time an ability that works twice acts

    @property
    def key(self) -> tuple[int, int, int]:
        return (self.position, self.seat, self.repeat)


class NightMixin(EvilInfoMixin, InfoMixin):
    # --- the queue -------------------------------------------------------------------------
    def night_queue(self, first: bool | None = None) -> list[NightEntry]:
        """Every step that would act tonight, in order, from the current grimoire."""
        first = self.phase.state == "first_night" if first is None else first
        steps = FIRST_NIGHT_STEPS if first else OTHER_NIGHT_STEPS
        entries = [NightEntry(pos, 0, name) for name, pos in steps.items()]
        if (first and len(self.grim.non_travellers) < MIN_PLAYERS_FOR_EVIL_INFO
                and not any(fabled.ask(self, "shows_evil_info"))):   # the Toymaker's
            entries = [e for e in entries if e.ability not in ("minioninfo", "demoninfo")]
        if first and self.evil_info_hidden():
            entries = [e for e in entries if e.ability != "minioninfo"]
        if first and any(u.hides_demon_info(self, h) for h, u in self.working_units()):
            entries = [e for e in entries if e.ability != "demoninfo"]
        if first and not any(p.traveller and self.is_evil(p) for p in self.grim.players):
            entries = [e for e in entries if e.ability != "travellerinfo"]   # nobody to tell
        for f in self.grim.fabled:   # a Fabled's or Loric's night step, the Storyteller's
            unit = self.unit(f)
            pos = unit.first_night if first else unit.other_night
            has_step = not unit.automated or (type(unit).night is not Character.night
                                              and unit.wakes(self, None, first))
            if pos is not None and has_step:
                entries.append(NightEntry(pos, 0, f))
        for pos, cid in babysat.steps(self, first):   # a Demon no player is (Lil' Monsta)
            entries.append(NightEntry(pos, 0, cid))
        for p in self.grim.players:
            own = self.unit(p.character)
            if own.believer_step and self._acts_as_believed(p):
                # A believer's own step besides the believed one's (the Marionette's: the
                # Demon learns them), waking nobody.
                pos = own.night_position(self, p, first)
                if pos is not None and own.wakes(self, p, first):
                    entries.append(NightEntry(pos, p.seat, p.character))
            for ability in self.abilities(p):
                unit = self.unit(ability)
                believer = self._believer(p, ability)
                pos = (believer.believed_position(self, p, ability, first) if believer
                       else unit.night_position(self, p, first))
                if not p.alive and self.works_dead(p, ability):
                    # Kept working (the Vigormortis's Minion) or given back (the Bone
                    # Collector's choice): it acts in its place as if its holder lived.
                    pos = self.regained_place(p, unit, first)
                    if pos is not None:
                        entries.append(NightEntry(pos, p.seat, ability))
                    continue
                if pos is None or self.ability_lost(p, ability):
                    continue
                if unit.wakes(self, p, first):
                    entries.append(NightEntry(pos, p.seat, ability))
                    if self.acts_twice(p):
                        entries.append(NightEntry(pos, p.seat, ability, 1))
                elif (self.acts_twice(p) and self.phase.at_night
                      and getattr(self, "_cursor", None) == (pos, p.seat, 0)):
                    # the first time just used a once-per-game ability up: the second
                    # time still comes (twice before dusk)
                    entries.append(NightEntry(pos, p.seat, ability, 1))
        return sorted(entries)

    def ability_lost(self, player: Player, ability: str) -> bool:
        """An ability taken away for now (a NO_ABILITY effect about it: the Preacher's
        Minion): its step is not in the queue; everything else sees it impaired."""
        return any(e.kind == NO_ABILITY and e.about == ability and self.effect_active(e)
                   for e in player.effects)

    def acts_twice(self, player: Player) -> bool:
        """Their abilities work twice for now (a "twice" effect: the Barista): each night
        step of theirs runs a second time, just after the first."""
        return any(e.kind == "twice" and self.effect_active(e) for e in player.effects)

    def night_order_ids(self, first: bool) -> list[str]:
        return [e.ability for e in self.night_queue(first)]

    def wakes_later_tonight(self, player: Player) -> bool:
        """A step still to come tonight will wake this player for an ability of theirs (as
        the queue stands now)."""
        cursor = getattr(self, "_cursor", (-1, 0))
        for entry in self.night_queue():
            if entry.key <= cursor or entry.seat != player.seat:
                continue
            if (self.unit(entry.ability).wakes_holder(self, player)
                    and not self.wakes.kept_asleep_why(player, entry.ability)):
                return True
        return False

    # --- walking it --------------------------------------------------------------------------
    def start_night(self) -> None:
        self.grim.night += 1
        self.begin_night_deaths()
        self.wakes.reset()
        self._interjections: list[Iterator[Any]] = []
        self._cursor: tuple[int, int] = (-1, 0)
        self.advance()

    def advance(self) -> None:
        """Move to the next step that acts and run it until it waits."""
        while not self.winner and self.phase.at_night:
            pending = getattr(self, "_interjections", None)
            if pending:
                self._gen = pending.pop(0)
                if self._resume(None):
                    return
                continue
            nxt = next((e for e in self.night_queue() if e.key > self._cursor), None)
            if nxt is None:
                return
            self._cursor = nxt.key
            self.current = nxt
            if nxt.seat == 0 and (nxt.ability in self.grim.fabled or (
                    nxt.ability in self.registry and self.unit(nxt.ability).babysat)):
                gen = self._storyteller_step(nxt.ability)
            elif nxt.seat == 0:
                gen = getattr(self, f"_step_{nxt.ability}")()
            else:
                player = self.grim.seat(nxt.seat)
                gen = self._character_step(player, nxt.ability)
            self._gen = gen
            if self._resume(None):
                return

    def step_names(self, player: Player, ability: str) -> tuple[str, str]:
        """(the name a step wakes its holder by, the borrowed ability's name or ""): a
        player is woken as the character they think they are, and an ability that is not
        that character's (a Pixie's, Philosopher's or Cannibal's gain, the Boffin's gift)
        is named as theirs to use: "Wake the Pixie, ..., with the Oracle's ability"."""
        own = player.believes or player.character
        if ability in (own, player.character) or self.unit(ability).wakes_by_own_name:
            return self.unit(ability).name, ""
        return self.unit(own).name, self.unit(ability).name

    def _believer(self, player: Player, ability: str):
        """The unit of a player's character when this ability is the one they only believe
        they have (acts_as_believed: the Drunk, the Lunatic), else None."""
        if self._acts_as_believed(player) and ability == player.believes:
            return self.unit(player.character)
        return None

    def _character_step(self, player: Player, ability: str) -> Iterator[Any]:
        unit = self.unit(ability)
        who = player.label
        name, borrowed = self.step_names(player, ability)
        why = self.impairment(player, ability)
        note = f" They are {why}." if why else ""
        believer = self._believer(player, ability)
        if believer and believer.believer_note:
            note = f" {believer.believer_note}"
        if self.current is not None and self.current.repeat:
            note += " Their ability works twice tonight: this is the second time."
        step = (believer.believed_night(self, player, ability) if believer
                else unit.night(self, player))
        asleep = self.wakes.kept_asleep_why(player, ability)
        if asleep:
            # Another ability keeps this step from waking its holder tonight (the
            # Exorcist): only what the ability does without waking them happens.
            self._sleep_line = None
            self.say_private(wording.kept_asleep(name, who, asleep, borrowed))
            return (yield from unit.kept_asleep(self, player))
        if any(e.kind == STORYTELLER_HOLDS and e.about == ability and self.effect_active(e)
               for e in player.effects):
            # The Storyteller's own ability, kept on this token: nobody wakes for it.
            self._sleep_line = None
            self.say_private(wording.storyteller_holds(unit.name, name, who, note))
            return (yield from step)
        if not unit.wakes_holder(self, player):
            # The step acts for this ability without waking its holder (a dead Farmer,
            # the King's Demon learning who the King is).
            self._sleep_line = None
            self.say_private(wording.not_woken(name, who, note, borrowed))
            return (yield from step)
        self.say_private(wording.wake(name, who, note, borrowed))
        if (believer or unit).wake_counts(self, player, ability):
            self.wakes.note(player, ability)
        for line in self.wake_notes([player]):
            self.say_private(line)
        self._sleep_line = wording.put_to_sleep(name)
        result = yield from step
        self.put_holder_to_sleep()
        return result

    def _storyteller_step(self, ability: str) -> Iterator[Any]:
        """A Fabled's or Loric's night step: the Storyteller's own, nobody is woken for it."""
        self.say_private(f"The {self.unit(ability).name}.")
        return (yield from self.unit(ability).night(self, None))

    def put_holder_to_sleep(self, then: str = "") -> None:
        """Say the step's "Put ... to sleep" now (``then``: what follows in the same line),
        once: a step that goes on after its holder sleeps (the Al-Hadikhia wakes the
        players it chose) calls this, and the step's end says nothing more."""
        line, self._sleep_line = getattr(self, "_sleep_line", None), None
        if line:
            self.say_private(f"{line} {then}".strip())
        elif then:
            self.say_private(then)

    def wake_notes(self, woken: list[Player]) -> list[str]:
        """What other abilities add when these players are woken (Character.on_wake)."""
        lines = []
        for p in self.grim.players:
            for a in self.abilities(p):
                lines += self.unit(a).on_wake(self, p, woken)
        return lines

    def stop_waiting(self) -> None:
        """Nothing waits for the Storyteller any more (the game is over)."""
        self.wait = None

    def _resume(self, value: Any) -> bool:
        """Send a value into the current step. True if it now waits for the Storyteller."""
        try:
            wait = self._gen.send(value)
        except StopIteration:
            self.wait = None
            return False
        self.wait = wait
        if wait.prompt:
            self.say_private(wait.prompt)
        return True

    def interject(self, steps: Iterator[Any]) -> None:
        """Run an extra step (a generator of waits) as soon as the current night step ends:
        a Storyteller decision triggered by something that just happened, e.g. a death
        another player may take instead (the Mayor). Steps run in the order added."""
        if not hasattr(self, "_interjections"):
            self._interjections = []
        self._interjections.append(steps)

    def answer(self, value: Any) -> None:
        """Give the current wait its answer and walk on to the next wait. Information given
        other than the truth, for a reason, is recorded (``note_false_info``)."""
        w = self.wait
        if isinstance(w, Info) and w.why and w.seat and _untrue(w, value):
            self.info_rules.note_false(self.grim.seat(w.seat), w.ability, w.why)
        elif (isinstance(w, Info) and not w.why and w.seat and w.render
              and self.info_rules.true_info(self.grim.seat(w.seat), w.ability)
              and _untrue(w, value)):
            # The Storyteller may mean it, so it stands; but never in silence (unless a
            # Fabled allows it: the Fibbin's once).
            allowed = next((line for line in fabled.ask(
                self, "allows_false_info", self.grim.seat(w.seat), w.ability) if line), None)
            self.say_private(allowed or f"{self.grim.seat(w.seat).Label} is sober and healthy: "
                             f"they were given false information. The true answer was "
                             f"{w.render(w.truth)}.")
        if self._resume(value):
            return
        if self.phase.at_night:
            self.advance()

    # --- the engine's own steps --------------------------------------------------------------
    def _step_dusk(self) -> Iterator[Wait]:
        first = self.phase.state == "first_night"
        self.say_public(wording.dusk(self.grim.night, first), at_once=True)
        return
        yield  # pragma: no cover

    def _step_travellerinfo(self) -> Iterator[Wait]:
        evil = [p for p in self.grim.players if p.traveller and self.is_evil(p)]
        lines = [self.demon_shown_to(p) for p in evil]
        lines = [x for x in lines if x]
        if lines:
            yield Next(prompt=" ".join(lines) + " Then put them to sleep. Say next.")

    def demon_shown_to(self, traveller: Player) -> str:
        """The line that shows an evil Traveller who the Demon is ("" with no Demon)."""
        demons = [p for p in self.grim.players if self.is_demon(p)]
        if not demons:
            return ""
        return wording.show_the_demon(traveller.label, spoken_list(d.label for d in demons),
                                      by_day=self.phase.in_day)

    def traveller_learns_the_demon(self, player: Player) -> None:
        """A Traveller turned evil (or joined and made evil) after setup learns who the
        Demon is now; before the first night's Traveller info, that step shows them."""
        if self.phase.state == "setup" or (
                self.phase.state == "first_night" and self.current is not None
                and self.current.key < (FIRST_NIGHT_STEPS["travellerinfo"], 0)):
            return
        line = self.demon_shown_to(player)
        if line:
            self.say_private(line)

    def _step_dawn(self) -> Iterator[Wait]:
        for p in list(self.grim.players):       # still the night: its deaths are the night's
            for a in self.abilities(p):
                self.unit(a).at_night_end(self, p)
        self.phase.break_dawn()
        self.expire_effects("dawn")
        dead = [self.grim.seat(s) for s in dict.fromkeys(self.night_deaths)
                if not self.grim.seat(s).alive]   # not those brought back tonight
        self.say_public(wording.DAWN)
        if dead:
            names = spoken_list([dead[0].Label] + [p.label for p in dead[1:]])
            self.say_public(wording.died_in_the_night(names))
        elif self.grim.night > 1:
            self.say_public(wording.NOBODY_DIED)
        self.flush_public()
        for p in list(self.grim.players):
            for a in self.abilities(p):
                self.unit(a).on_dawn(self, p)
        fabled.at_dawn(self)      # the Revolutionary's pair announced
        self.check_wins("dawn")
        if not self.winner:
            self.start_day()
            fabled.day_begins(self)
        return
        yield  # pragma: no cover


def _untrue(w: Info, given: Any) -> bool:
    """The answer given to this Info is not true (``true_if`` where several are true)."""
    return not w.true_if(given) if w.true_if else differs(given, w.truth)
