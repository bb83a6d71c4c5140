"""Abilities held and how well they work: a character's own ability and granted or gained
ones, drunkenness and poison (with their sources), and effects that expire. Mixed into Game.
"""
from __future__ import annotations

from statemachine.model import NO_ABILITY, Effect, Player
from statemachine.registry import GAINED_FIRST_NIGHT_STEP, Character

IMPAIRING = ("drunk", "poisoned", NO_ABILITY)
REGAINED = "has_ability"     # a dead player has their abilities back (Bone Collector)


class AbilitiesMixin:
    """Mixed into Game. Expects ``grim``, ``registry`` and ``phase``."""

    # --- abilities ---------------------------------------------------------------------------
    def abilities(self, player: Player) -> list[str]:
        """Ability ids the player holds: their character's (the Drunk holds the Townsfolk
        they believe they are, always impaired) and any gained ones."""
        found = self.own_abilities(player)
        for ability, _giver, _via in self.granted(player):
            if ability not in found:
                found.append(ability)
        return found

    def _acts_as_believed(self, player: Player) -> bool:
        ids = getattr(self, "_believers", None)   # asked very often: a set, made once
        if ids is None:
            ids = self._believers = frozenset(u.id for u in self.registry if u.acts_as_believed)
        return player.character in ids

    def own_abilities(self, player: Player) -> list[str]:
        """The character's ability and gained ones, without abilities granted by others."""
        own = player.believes if self._acts_as_believed(player) else player.character
        return [own] + [a for a in player.extra_abilities if a != own]

    def granted(self, player: Player) -> list[tuple[str, Player, str]]:
        """(ability, giver, giver's ability) for each ability another player's ability gives
        this player now (Character.grants)."""
        found: list[tuple[str, Player, str]] = []
        granting = self._granting_units()
        if not granting:
            return found
        for giver in self.grim.players:
            # A cheap look first: this is asked for every player many times a command.
            if (giver.character not in granting and giver.believes not in granting
                    and granting.isdisjoint(giver.extra_abilities)):
                continue
            for via in self.own_abilities(giver):
                if via not in granting:
                    continue
                for target, ability in self.unit(via).grants(self, giver):
                    if target is player:
                        found.append((ability, giver, via))
        return found

    def _granting_units(self) -> frozenset[str]:
        """Ids of the characters that can grant abilities (override Character.grants):
        asking only them keeps abilities() cheap, as it is called for every player often."""
        cached = getattr(self, "_granting", None)
        if cached is None:
            cached = self._granting = frozenset(
                u.id for u in self.registry if type(u).grants is not Character.grants)
        return cached

    def note_gained(self) -> None:
        """Record when each player gained each ability they hold (``Player.gained``: the
        first night they hold it at night). An ability no longer held is forgotten, so
        gaining it again counts anew. Called after every command and before any question
        about it, so an ability however gained (a character change, a Philosopher's choice,
        a grant) is recorded at the moment the engine first sees it."""
        night = self._gaining_night()
        for p in self.grim.players:
            held = self.abilities(p)
            for a in held:
                p.gained.setdefault(a, night)
            for a in [a for a in p.gained if a not in held]:
                del p.gained[a]

    def tonight(self) -> int:
        """The night now, or the coming night by day (1 at setup)."""
        return self.grim.night if self.phase.at_night else self.grim.night + 1

    def _gaining_night(self) -> int:
        """The first night an ability gained now is held at night."""
        n = self.tonight()
        if (self.phase.at_night and n > 1 and self.current is not None
                and self.current.position >= GAINED_FIRST_NIGHT_STEP):
            return n + 1                 # too late for it tonight
        return n

    def gained_tonight(self, player: Player, ability: str) -> bool:
        """The player holds this ability at night for the first time tonight (the coming
        night, by day): held since setup on the first night, or gained since the last
        night ended."""
        self.note_gained()
        return player.gained.get(ability) == self.tonight()

    def unit(self, character_id: str) -> Character:
        return self.registry.get(character_id)

    def holders(self, ability: str, alive_only: bool = True) -> list[Player]:
        return [p for p in self.grim.players
                if ability in self.abilities(p) and (p.alive or not alive_only)]

    def impairment(self, player: Player, ability: str | None = None, _depth: int = 0) -> str | None:
        """'drunk', 'poisoned' or None: why this player's ability does not work."""
        if self._acts_as_believed(player):
            # Every ability the Drunk holds comes through the one they only think they have
            # (a Drunk "Philosopher" or "Cannibal" gains nothing real). A believer's own
            # step (the Marionette's) is asked of as any ability.
            own = self.unit(player.character)
            if not (own.believer_step and ability == player.character):
                return own.impaired_as
        if _depth > 3:
            return None
        if any(self.unit(a).sober_and_healthy for a in self.own_abilities(player)):
            return None
        if any(e.kind == "sober" and self.effect_active(e, _depth + 1) for e in player.effects):
            return None     # made sober and healthy for a while (the Barista)
        if ability is not None and ability not in self.own_abilities(player):
            for a, giver, via in self.granted(player):
                if a == ability:
                    return self.unit(via).grant_impairment(self, giver, player, ability)
        for e in player.effects:
            if e.kind == NO_ABILITY and (ability not in (None, e.about) or e.about not in (
                    player.character, *player.extra_abilities)):
                continue        # lost is that one ability only, while they hold it
            if e.kind in IMPAIRING and self.effect_active(e, _depth + 1):
                return e.kind
        if self.poisoners_of(player, _depth + 1):
            return "poisoned"
        return None

    def poisoners_of(self, player: Player, _depth: int = 0) -> list[tuple[Player, str]]:
        """(holder, ability) for each working ability that poisons this player by the
        state of the game rather than by an effect (Character.poisons: the No Dashii's two
        nearest Townsfolk, whoever they are now)."""
        poisoning = getattr(self, "_poisoning", None)
        if poisoning is None:
            poisoning = self._poisoning = frozenset(
                u.id for u in self.registry if type(u).poisons is not Character.poisons)
        found: list[tuple[Player, str]] = []
        if not poisoning or _depth > 3:
            return found
        for holder in self.grim.players:
            if (holder.character not in poisoning and holder.believes not in poisoning
                    and poisoning.isdisjoint(holder.extra_abilities)):
                continue      # a cheap look first: asked whenever an impairment is
            for a in self.own_abilities(holder):
                unit = self.unit(a)
                if (a in poisoning and (holder.alive or unit.works_when_dead)
                        and self.impairment(holder, a, _depth + 1) is None
                        and unit.poisons(self, holder, player)):
                    found.append((holder, a))
        return found

    def impaired(self, player: Player, ability: str | None = None) -> bool:
        return self.impairment(player, ability) is not None

    def working(self, player: Player, ability: str) -> bool:
        """The player holds this ability and it works now (alive or works when dead)."""
        if ability not in self.abilities(player) or self.impaired(player, ability):
            return False
        return (player.alive or self.unit(ability).works_when_dead
                or self.works_dead(player, ability))

    def works_dead(self, player: Player, ability: str) -> bool:
        """The dead player's ability works as if they were alive because another ability in
        play keeps it (Character.keeps_ability: the Vigormortis's killed Minions, the Bone
        Collector's chosen player). The one question for every "a dead player's ability
        works"; ``regained`` only says where such an ability acts tonight. A rule
        that comes back to the same question (the kept ability poisons its keeper) is
        answered no."""
        if player.alive:
            return False
        keeping = getattr(self, "_keeping", None)
        if keeping is None:
            keeping = self._keeping = frozenset(
                u.id for u in self.registry if type(u).keeps_ability is not Character.keeps_ability)
        if not keeping:
            return False
        asking = self.__dict__.setdefault("_keeps_asked", set())
        key = (player.seat, ability)
        if key in asking:
            return False
        asking.add(key)
        try:
            return any(a in keeping and self.unit(a).keeps_ability(self, holder, player, ability)
                       for holder in self.grim.players for a in self.own_abilities(holder))
        finally:
            asking.discard(key)

    def use_once(self, player: Player, ability: str) -> bool:
        """A once-per-game ability is used now: True, and the use recorded, if it may be
        (not used yet; or used once while the holder's abilities work twice, the Barista's,
        which gives one use more until it ends); False if it is spent. A drunk or
        poisoned use still spends it: the unit asks ``working`` after this."""
        if ability not in player.spent:
            player.spent.add(ability)
            return True
        again = f"{ability}: used again, night {self.grim.night}"   # one more per Barista
        if self.acts_twice(player) and again not in player.spent:
            player.spent.add(again)
            return True
        return False

    def regained(self, player: Player) -> bool:
        """A dead player was given their abilities back anew for now (the Bone Collector's
        choice: an effect 'has_ability' until dusk), so in the night queue they act in their
        place as if alive, a first-night ability again before dawn. Whether the ability
        works is ``works_dead``'s question (the Bone Collector's ``keeps_ability``)."""
        return any(e.kind == REGAINED and self.effect_active(e) for e in player.effects)

    def regained_place(self, player: Player, unit: Character, first: bool) -> int | None:
        """Where a dead player's kept ability (``works_dead``) acts tonight, as if they were
        alive: its place; one given back anew (``regained``) also before dawn for a
        first-night-only one (it may be used again)."""
        anew = self.regained(player)
        alive, player.alive = player.alive, True
        try:
            pos = unit.night_position(self, player, first)
            if pos is None and anew and not first and unit.first_night is not None:
                pos = GAINED_FIRST_NIGHT_STEP
            return pos if pos is not None and unit.wakes(self, player, first) else None
        finally:
            player.alive = alive

    def effect_active(self, effect: Effect, _depth: int = 0) -> bool:
        """One rule for every effect an ability made: it holds while its source still has
        that ability, and (``needs_source``) while the ability works."""
        if effect.source is None:
            return True
        src = self.grim.seat(effect.source)
        if effect.ability and effect.ability not in self.abilities(src):
            return False
        if not effect.needs_source:
            return True
        alive = src.alive or self.works_dead(src, effect.ability)   # a kept dead Poisoner
        return alive and self.impairment(src, _depth=_depth) is None

    def drop_lost_effects(self, player: Player) -> None:
        """End for good the effects ``player``'s abilities made that they no longer have
        (after a character change or a swap)."""
        held = set(self.abilities(player))
        for p in self.grim.players:
            p.effects = [e for e in p.effects if not (
                e.source == player.seat and e.ability and e.ability not in held)]

    def expire_effects(self, moment: str) -> None:
        """End the effects that last until this moment. ``until`` may also name a later
        one: "dusk:N" ends at the dusk of day N ("until dusk tomorrow"), "dawn:N" at the
        dawn after night N."""
        now = self.grim.day if moment == "dusk" else self.grim.night
        for p in self.grim.players:
            p.effects = [e for e in p.effects if not _expires(e.until, moment, now)]


def _expires(until: str, moment: str, now: int) -> bool:
    if until == moment:
        return True
    head, _, number = until.partition(":")
    return head == moment and number.isdigit() and now >= int(number)
