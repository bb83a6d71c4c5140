"""The Summoner: you get 3 bluffs. On the 3rd night, choose a player: they become an evil Demon
of your choice. [No Demon]

Setup: the bag holds no Demon and one more Townsfolk (``adjust_counts``; the draw takes the
drawn Demon out). On the first night the Summoner is shown the three bluffs. Until a Demon
is made the game does not end for want of one (``postpones_end``), while the Summoner lives
and night three has not passed; a Summoner dead, or drunk or poisoned on night three, makes
no Demon, and good wins. On night three the Summoner is woken to choose a Demon on the
script and a player, even themself: that player becomes that Demon, evil, through the
engine's character creation, and acts later tonight. Jinxes: to the Clockmaker the Summoner
counts as the Demon (characters/townsfolk/clockmaker.py); a Summoner made drunk by the
Courtier, or chosen by the Preacher (characters/townsfolk/preacher.py), passes the ability
to the Storyteller, who makes both choices; a Marionette starts next to the Summoner, who
is shown them; with a living Poppy Grower on night three the Storyteller picks the player;
a Pukka may be made on night two; a dead player made the Zombuul has used up its first
death; a second living Demon (the Pit-Hag's, the Hatter's, a Kazali's companion) makes
tonight's deaths the Storyteller's; a summoned Legion makes every evil player Legion; a
summoned Lord of Typhon sits next to a Minion, and their other neighbour becomes an evil
Minion; a living Summoner the Engineer removes from play leaves the ability to the
Storyteller (characters/townsfolk/engineer.py), even should that player die; an Alchemist
with this ability (characters/townsfolk/alchemist.py: no Demon) gets no bluffs, picks the
Demon while the Storyteller picks the player, and dying before that, evil wins.
"""
from __future__ import annotations

from characters.common import free_minions, make_minion, minion_check
from characters.demon.lordoftyphon import line_outward
from characters.jinxes import active_jinxes
from statemachine.model import DEMON, EVIL, GOOD, MINION, STORYTELLER_HOLDS
from statemachine.registry import Character, Win
from statemachine.rules.seeming import seem_to_die
from statemachine.waits import ChooseCharacter, ChooseSeats, Next, YesNo
from statemachine.wording import spoken_list

SECOND_DEMON = ("pithag", "hatter", "kazali")   # jinxes: a second living Demon made


def _neighbours(game, player):
    """The seated players either side of ``player`` (Travellers skipped, the dead too)."""
    return line_outward(game, player)[:2]


def _minions_beside(game, player):
    return [p for p in _neighbours(game, player) if game.team_of(p) == MINION]


class Summoner(Character):
    id = "summoner"
    name = "Summoner"
    team = MINION
    first_night = 22
    other_night = 33
    reminders = ("Night 1", "Night 2", "Night 3")
    setup = True

    def _jinx(self, game, other) -> bool:
        active = active_jinxes(game.setup.script)
        return ("summoner", other) in active or (other, "summoner") in active

    # --- setup ----------------------------------------------------------------------------
    def adjust_counts(self, counts):
        counts.townsfolk += counts.demon
        counts.demon = 0

    def place(self, bag, teams, rng):
        """A jinx: the Marionette starts next to the Summoner (there is no Demon yet)."""
        if "marionette" not in self.jinxes or "marionette" not in bag or self.id not in bag:
            return
        me, mar = bag.index(self.id), bag.index("marionette")
        if abs(me - mar) in (1, len(bag) - 1):
            return
        seat = (me + 1) % len(bag)
        bag[mar], bag[seat] = bag[seat], bag[mar]

    def setup_lines(self, game, player):
        if self._alchemist(game, player):
            return [f"A jinx: the Alchemist, {player.label}, has the Summoner's ability. There "
                    "is no Demon until they make one on night three. If they die before, evil "
                    "wins."]
        return [f"The Summoner, {player.label}: there is no Demon until the Summoner makes one "
                "on night three."]

    def _alchemist(self, game, player) -> bool:
        """A jinx: an Alchemist holding the Summoner's ability."""
        return player.character == "alchemist" and self._jinx(game, "alchemist")

    # --- the night ------------------------------------------------------------------------
    def removed_held(self, game, player) -> bool:
        """A jinx: a living Summoner the Engineer removed from play left the ability to the
        Storyteller, kept on that player's token (characters/townsfolk/engineer.py), whether
        that player lives or not."""
        return player.character != self.id and any(
            e.kind == STORYTELLER_HOLDS and e.about == self.id and game.effect_active(e)
            for e in player.effects)

    def _storyteller_has(self, game, player) -> bool:
        """Jinxes: drunk by the Courtier, or chosen by the Preacher (whose unit marks it),
        the living Summoner's ability is the Storyteller's; so is a Summoner's the Engineer
        removed from play."""
        return self.removed_held(game, player) or player.alive and any(
            ((e.kind == "drunk" and e.ability == "courtier" and self._jinx(game, "courtier"))
             or (e.kind == STORYTELLER_HOLDS and e.about == self.id))
            and game.effect_active(e) for e in player.effects)

    def _night_of(self, game) -> bool:
        night = game.grim.night
        return night == 3 or (night == 2 and self._jinx(game, "pukka"))

    def wakes(self, game, player, first_night):
        if first_night:                  # a jinx: the Alchemist-Summoner gets no bluffs
            return player.alive and not self._alchemist(game, player)
        return ((player.alive or self.removed_held(game, player))
                and self.id not in player.spent and self._night_of(game))

    def wakes_holder(self, game, player):
        return not self._storyteller_has(game, player)

    def night(self, game, player):
        if game.phase.state == "first_night":
            yield from self._bluffs(game, player)
            return
        if game.grim.night == 2:
            early = yield YesNo(prompt="A jinx: a Pukka may be summoned tonight, a night "
                                       "early. Do they summon the Pukka now? Say yes or no.")
            if not early:
                return
        yield from self._summon(game, player, pukka_only=game.grim.night == 2)

    def _bluffs(self, game, player):
        bluffs = [f"the {game.unit(b).name}" for b in game.grim.bluffs]
        shown = ", ".join(bluffs) if bluffs else "no bluffs: say 'the bluffs are' first"
        marionette = ""
        if self._jinx(game, "marionette"):
            mar = [p for p in game.grim.players if p.character == "marionette"]
            if mar:
                marionette = (f" A jinx: point at the Marionette, {mar[0].label}, and show "
                              "the Marionette token.")
        yield Next(prompt=f"Show them the These Characters Are Not In Play token and three "
                          f"good characters: {shown}.{marionette} Say next.")

    def _summon(self, game, player, pukka_only=False):
        storyteller = self._storyteller_has(game, player)
        why = None if storyteller else game.impairment(player, self.id)
        poppy = self._jinx(game, "poppygrower") and any(
            p.character == "poppygrower" and p.alive for p in game.grim.players)

        def a_demon(cid):
            if game.unit(cid).team != DEMON:
                return "The Summoner chooses a Demon."
            if cid not in game.setup.script:
                return f"The {game.unit(cid).name} is not on the script."
            if pukka_only and cid != "pukka":
                return "Only the Pukka may be summoned on night two."
            return None

        alchemist = self._alchemist(game, player) and not storyteller
        who = ("You choose" if storyteller else
               "The Alchemist chooses" if alchemist else "The Summoner chooses")
        cid = yield ChooseCharacter(prompt=f"{who} a Demon on the script. Say the character.",
                                    check=a_demon)
        while cid is None:           # the choice is the ability's: there is no passing it
            cid = yield ChooseCharacter(prompt="A Demon must be chosen tonight. Say the "
                                               "character.", check=a_demon)
        by_st = storyteller or poppy or alchemist
        note = (" A jinx: the Poppy Grower lives, so you pick the player." if poppy
                and not storyteller else
                " A jinx: the Alchemist picks the Demon, you pick the player." if alchemist
                else "")
        typhon = cid == "lordoftyphon" and self._jinx(game, cid)
        if typhon:
            note += " A jinx: they must sit next to a Minion."

        def beside_a_minion(chosen):
            if typhon and not _minions_beside(game, game.grim.seat(chosen[0])):
                return ("A jinx: a summoned Lord of Typhon must sit next to a Minion. Choose "
                        "another player.")
            return None

        seats = yield ChooseSeats(prompt=f"Who becomes the {game.unit(cid).name}?{note} Say "
                                         "the seat.", count=1, actor=self.id,
                                  by_holder=not by_st, check=beside_a_minion)
        player.spent.add(self.id)
        if why:
            game.say_private(f"The Summoner is {why}: no Demon is made.")
            game.check_wins("dawn")
            return
        yield from self._make(game, game.grim.seat(seats[0]), cid)

    def _make(self, game, target, cid):
        name = game.unit(cid).name
        second = any(game.demons_alive())
        lines = []
        if cid == "zombuul" and not target.alive and self._jinx(game, "zombuul"):
            game.revive(target)
            seem_to_die(target, name)
            target.spent.add("zombuul")
            lines.append("A jinx: this Zombuul was dead, so it has used up its first death: "
                         "it stays dead to the table.")
        old = game.unit(target.character).name
        lines += game.creation.create(target, cid)
        if target.alignment != EVIL:
            game.set_alignment(target, EVIL)
        if cid == "legion" and self._jinx(game, "legion"):
            lines += self._all_evil_legion(game, target)
        if second and any(self._jinx(game, o) for o in SECOND_DEMON):
            game.creation.make_deaths_arbitrary()
            lines.append("A jinx: a second living Demon, so tonight's deaths are yours to "
                         "decide. A Demon's attack kills nobody by itself tonight; say 'seat' "
                         "and a number 'dies' for each player who dies.")
        game.put_holder_to_sleep()
        yield Next(prompt=" ".join([
            f"{target.Label}, the {old}, is now the {name}, evil.",
            f"Wake {target.label}. Show them the You Are token, then the {name} token, then "
            "the You Are token and a thumbs down. Put them to sleep.", *lines, "Say next."]))
        if cid == "lordoftyphon" and self._jinx(game, cid):
            yield from self._typhon_minion(game, target)

    @staticmethod
    def _typhon_minion(game, target):
        """A jinx: the summoned Lord of Typhon's neighbour who is not the Minion beside them
        becomes an evil Minion (the Storyteller picks which; one not in play is proposed)."""
        beside = _neighbours(game, target)
        minions = _minions_beside(game, target)
        other = next((p for p in beside if p not in minions[:1]), None)
        if other is None or game.team_of(other) in (MINION, DEMON):
            return
        free = free_minions(game)
        if not free:
            yield Next(prompt=f"A jinx: {other.label} should become a Minion, but no Minion on "
                              "the script is free. Say next.")
            return
        proposal = game.rng.choice([c for c in free if c != "marionette"] or free)
        made = yield ChooseCharacter(
            prompt=(f"A jinx: the Lord of Typhon's other neighbour, {other.label}, becomes an "
                    f"evil Minion. Proposed: the {game.unit(proposal).name}. Say next for it, "
                    "or say another Minion."), check=minion_check(game, ()))
        yield Next(prompt=make_minion(game, other, made or proposal) + " Say next.")

    @staticmethod
    def _all_evil_legion(game, target):
        """A jinx: a summoned Legion makes every other evil player Legion too (Travellers
        keep their characters)."""
        made = [p for p in game.grim.players if p is not target and not p.traveller
                and p.alignment == EVIL and p.character != "legion"]
        if not made:
            return []
        for p in made:
            game.creation.create(p, "legion")
        return [f"A jinx: every evil player becomes Legion. Now Legion too: "
                f"{spoken_list([p.label for p in made])}. Wake "
                f"{'each' if len(made) > 1 else 'them'}: show the You Are token, then the "
                "Legion token. Put them to sleep."]

    # --- no Demon yet ---------------------------------------------------------------------
    def postpones_end(self, game, holder, win):
        held = self.removed_held(game, holder)
        if (win.winner != GOOD or game.demons_alive() or not (holder.alive or held)
                or not (holder.character == self.id or held or self._alchemist(game, holder))
                or self.id in holder.spent
                or game.tonight() > 3):
            return None
        return ""

    def on_death(self, game, player, cause):
        """A jinx: the Alchemist-Summoner dying before a Demon is made, evil wins."""
        if self._alchemist(game, player) and self.id not in player.spent:
            game.end_game(Win(EVIL, f"The Alchemist, {player.label}, had the Summoner's "
                                    "ability and died before a Demon was made."))

    def keeps_ability(self, game, holder, player, ability):
        return player is holder and ability == self.id and self.removed_held(game, holder)
