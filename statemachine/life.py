"""Shared mechanisms of life and death: protection and kills, deaths recorded, revivals,
character changes, alignment, registration and win checks. Mixed into Game.
"""
from __future__ import annotations

from dataclasses import dataclass

from statemachine.view.grimoire import build_view
from statemachine.model import DEMON, EVIL, GOOD, MINION, Death, Player
from statemachine.view.questions import reveal_text
from statemachine.registry import HELD, Win
from statemachine.rules.seeming import SEEMS_DEAD, end_seeming, seem_to_die, seems_dead, truly_alive
from statemachine.rules import fabled
from statemachine.rules import babysat
from statemachine.rules.madness import broke_madness
from statemachine.rules.registering import registration_notes
from statemachine.rules.spared import demon_spared, spared_by


@dataclass(frozen=True)
class Kill:
    """What ``Game.kill`` did. True when the player died; otherwise ``why``: 'dead'
    (already), 'over' (the game is over), 'safe' (from all night deaths), 'protected' (from
    the Demon), 'prevented' (an ability stopped it), 'held' (an ability holds the death
    for a decision made later: the Mayor) or 'arbitrary' (a Demon's attack on a night whose
    deaths the Storyteller decides: the Pit-Hag made a Demon), 'spared' (the Demon kills
    nobody tonight: rules/spared.py)."""

    died: bool
    why: str = ""

    def __bool__(self) -> bool:
        return self.died

    @property
    def held(self) -> bool:
        return self.why == HELD


class LifeMixin:
    """Mixed into Game. Expects ``grim``, ``registry``, ``phase``, ``say_public``..."""

    # --- death ---------------------------------------------------------------------------------
    def kill(self, target: Player, cause: str, by: Player | None = None,
             unstoppable: bool = False) -> Kill:
        """Try to kill ``target``. cause: 'demon', 'execution', 'ability', 'storyteller'.
        Returns a Kill, true if they died. Protection and 'safe' effects are honoured here;
        an ``unstoppable`` kill (the Assassin's) passes every one of them and every
        ``before_death`` veto: nothing an ability does can stop it."""
        if self.winner:
            return Kill(False, "over")
        if unstoppable:
            if not target.alive and not seems_dead(target):
                return Kill(False, "dead")
            return self._dies(target, cause, by)
        result = self._kill(target, cause, by)
        if not result:
            self.abnormal.note_stopped_kill(target, by, result.why)
        return result

    def _kill(self, target: Player, cause: str, by: Player | None) -> Kill:
        blocked = self.death_blocked(target, cause)
        if blocked == "arbitrary":
            self.say_private(f"Deaths tonight are yours to decide: the Demon's attack on "
                             f"{target.label} kills nobody by itself. Say 'seat "
                             f"{target.seat} dies' if they die.")
        if blocked:
            return Kill(False, blocked)
        guard = self.protected_by(target, cause)
        if guard:
            self.say_private(guard)
            return Kill(False, "prevented")
        seeming = None
        for a in self.abilities(target):
            verdict = self.unit(a).before_death(self, target, cause)
            if verdict == HELD:
                return Kill(False, HELD)
            if verdict == SEEMS_DEAD:
                seeming = self.unit(a).name
            elif not verdict:
                return Kill(False, "prevented")
        return self._dies(target, cause, by, seeming)

    def _dies(self, target: Player, cause: str, by: Player | None,
              seeming: str | None = None) -> Kill:
        """The death itself, once nothing stopped it: recorded, then every ability told
        (``seeming``: the ability that makes it a death to the table only)."""
        registered_dead = seems_dead(target)     # the table heard of this death already
        end_seeming(target)
        failed = self.abnormal.failed_protections(target, cause)
        target.alive = False
        for holder, ability in failed:
            self.abnormal.note(holder, ability, f"did not save {target.label}")
        self.record_death(target, cause)
        if self.phase.at_night and not registered_dead:
            self.night_deaths.append(target.seat)
        self.last_kill = (target.seat, cause, by.seat if by else None)
        if seeming:
            # Dead to the table, alive in secret: no death hooks, as nobody died.
            seem_to_die(target, seeming)
            self.say_private(f"{target.Label} seems to die but lives on, in secret: the "
                             f"{seeming} now registers as dead.")
            self.check_wins("death")
            return Kill(True, SEEMS_DEAD)
        # Others react first (the Scarlet Woman takes over), then the dead player's own
        # abilities (the Imp passes the Demon on only if nobody already has).
        for p in self.grim.players:
            for a in self.abilities(p):
                if p is not target and p.alive:
                    self.unit(a).on_any_death(self, p, target, cause)
        for _none, unit in fabled.holderless(self):       # a Loric's rule (the Hindu)
            unit.on_any_death(self, None, target, cause)
        for a in self.abilities(target):
            self.unit(a).on_death(self, target, cause)
        self.check_wins("death")
        return Kill(True)

    def death_blocked(self, target: Player, cause: str) -> str | None:
        """Why ``target`` would not die of this cause now, asking nothing and changing
        nothing: 'dead', 'safe' or 'protected'; None if only a before_death hook could stop
        it (the Fang Gu's jump happens only if its Outsider would die)."""
        if not target.alive and not seems_dead(target):
            return "dead"
        if self.phase.at_night and cause in ("demon", "ability"):
            if any(e.kind == "safe" and self.effect_active(e) for e in target.effects):
                return "safe"
        if cause == "execution" and any(e.kind == "survives execution" and self.effect_active(e)
                                        for e in target.effects):
            return "protected"    # the Devil's Advocate's choice
        if cause == "demon":
            if self.creation.deaths_arbitrary():
                return "arbitrary"
            if demon_spared(self):
                return "spared"      # the Princess: the Demon kills nobody tonight
            if any(e.kind == "protected" and self.effect_active(e) for e in target.effects):
                return "protected"
            for a in self.abilities(target):
                if self.working(target, a) and self.unit(a).safe_from_demon(self, target):
                    return "safe"
        return None

    def protected_by(self, target: Player, cause: str) -> str | None:
        """The line of a working ability that keeps ``target`` from dying now
        (Character.protects: the Tea Lady's neighbours), or None."""
        for holder, unit in self.working_units():
            line = unit.protects(self, holder, target, cause)
            if line:
                return line
        return None

    def kill_report(self, target: Player, result: Kill) -> str | None:
        """The Storyteller's line after an ability's kill: dies, does not die, or nothing
        when the death is held (the holding ability says what happens next)."""
        if result.held or result.why == "arbitrary":
            return None
        if result.why == "spared":
            return (f"{target.Label} does not die: {spared_by(self)} stops the Demon's "
                    "kills tonight.")
        return f"{target.Label} dies." if result else f"{target.Label} does not die."

    def record_death(self, player: Player, cause: str) -> None:
        """Add a death to ``self.deaths`` with the night or day it happened in."""
        if self.phase.at_night or self.phase.state == "dawn":
            self.deaths.append(Death(player.seat, cause, "night", self.grim.night))
        else:
            self.deaths.append(Death(player.seat, cause, "day", self.grim.day))

    def deaths_today(self, cause: str | None = None) -> list[Player]:
        """Players who died during the latest day (today; at night, the day just ended),
        in order, optionally only by ``cause`` ("who died by execution today")."""
        return [self.grim.seat(d.seat) for d in self.deaths
                if d.phase == "day" and d.number == self.grim.day
                and (cause is None or d.cause == cause)]

    def revive(self, player: Player, fresh: bool = False) -> None:
        """Bring a dead player back to life. ``fresh``: with their abilities afresh (the
        Shabaloth's regurgitation): once-per-game ones unused again, and first-night ones
        acting again tonight (or the coming night), as if just gained."""
        if not player.alive:
            end_seeming(player)
            player.alive = True
            player.ghost_vote = True
            if fresh:
                player.spent.clear()
                for ability in self.abilities(player):
                    player.gained[ability] = self._gaining_night()

    # --- character changes and swaps ---------------------------------------------------------
    def change_character(self, player: Player, character: str,
                         believes: str | None = None) -> None:
        """The one way a player's character changes: sets it (and what they believe they
        are: the same, unless given, as for a Drunk), then tells every ability in play
        (Character.on_character_change). Alignment stays."""
        old = player.character
        player.character = character
        player.believes = believes or character
        if old == character:
            return
        player.held.append(character)
        self.drop_lost_effects(player)
        for p in list(self.grim.players):
            for a in self.abilities(p):
                self.unit(a).on_character_change(self, p, player, old, character)

    def swap_characters(self, a: Player, b: Player) -> None:
        """Two players swap characters (Barber). Alignment stays with each player; each gains
        the new ability afresh, even one the other player had used up."""
        (ac, ab), (bc, bb) = (a.character, a.believes), (b.character, b.believes)
        a.spent.discard(bc)
        b.spent.discard(ac)
        self.change_character(a, bc, bb)
        self.change_character(b, ac, ab)

    # --- alignment and registration ------------------------------------------------------------
    def set_alignment(self, player: Player, alignment: str) -> bool:
        """Change a player's alignment unless an ability in play forbids it (the Spirit of
        Ivory); the reason is said privately. True if the alignment changed."""
        if player.alignment == alignment:
            return False
        vetoes = [self.unit(f).alignment_veto(self, None, player, alignment)
                  for f in self.grim.fabled]
        for p in self.grim.players:
            for a in self.abilities(p):
                if self.working(p, a):
                    vetoes.append(self.unit(a).alignment_veto(self, p, player, alignment))
        reason = next((v for v in vetoes if v), None)
        if reason:
            self.say_private(reason)
            return False
        player.alignment = alignment
        if player.traveller and alignment == EVIL:
            self.traveller_learns_the_demon(player)
        return True

    def is_evil(self, player: Player) -> bool:
        return player.alignment == EVIL

    def team_of(self, player: Player) -> str:
        return self.unit(player.character).team

    def is_demon(self, player: Player) -> bool:
        """A Demon character, or the keeper of a babysat Demon's token (Lil' Monsta)."""
        return self.team_of(player) == DEMON or babysat.minds(self, player)

    def is_minion(self, player: Player) -> bool:
        return self.team_of(player) == MINION

    def misregisters(self, player: Player) -> frozenset[str]:
        """What they may register as now (Recluse, Spy, held as the character or gained:
        the Hermit's; a 'registers as' effect's ``about``)."""
        found = frozenset(e.about for e in player.effects   # the Lycanthrope's Faux Paw
                          if e.kind == "registers as" and self.effect_active(e))
        for ability in dict.fromkeys([player.character, *self.abilities(player)]):
            unit = self.unit(ability)
            if (unit.may_register_as and not self.impaired(player, ability)
                    and (player.alive or unit.works_when_dead)):
                found |= unit.may_register_as
        return found.union(*fabled.ask(self, "registration", player))   # the Revolutionary

    def registration_notes(self, players: list[Player] | None = None,
                           relevant: set[str] | frozenset[str] | None = None) -> list[str]:
        """rules/registering.py: a note for each player who may register as something else."""
        return registration_notes(self, players, relevant)

    # --- winning ---------------------------------------------------------------------------------
    def babysat_ids(self) -> list[str]:
        """The babysat Demon in play, no player's character (Lil' Monsta): [its id] or []."""
        cid = babysat.in_play(self)
        return [cid] if cid else []

    def demons_alive(self) -> list[Player]:
        return [p for p in self.grim.players if truly_alive(p) and self.is_demon(p)]

    def check_wins(self, moment: str) -> Win | None:
        if self.winner:
            return self.winner
        for p in self.grim.players:
            for a in self.abilities(p):
                win = self.unit(a).check_win(self, p, moment)
                if win and not self.win_vetoed(win):
                    return self.end_game(win)
        if (not self.demons_alive() and not babysat.unheld(self)
                and self.phase.state != "setup"):
            return self.end_by_rule(Win(GOOD, "The Demon is dead."))
        living = [p for p in self.grim.non_travellers if truly_alive(p)]
        if len(living) <= 2 and self.phase.state != "setup":
            return self.end_by_rule(Win(EVIL, "Only two players are alive."))
        return None

    def win_due(self, moment: str) -> Win | None:
        """The win an ability would declare now (``check_win`` at ``moment``) that no working
        ability vetoes, without ending the game or saying anything: an ability reacting to
        a death asks it, so as not to act on a game this death ends (the Minstrel when the
        Mastermind's extra day is decided). The engine's own rules are not asked."""
        if self.winner:
            return self.winner
        for p in self.grim.players:
            for a in self.abilities(p):
                win = self.unit(a).check_win(self, p, moment)
                if win and not any(unit.win_veto(self, holder, win)
                                   for holder, unit in self.working_units()):
                    return win
        return None

    def end_by_rule(self, win: Win) -> Win | None:
        """End the game by the game's own rule (the Demon is dead, two players live),
        unless an ability in play stops the win (``win_veto``: the Evil Twin) or postpones
        it (``postpones_end``: the Mastermind)."""
        if self.win_vetoed(win):
            return None
        for p in self.grim.players:
            for a in self.abilities(p):
                line = self.unit(a).postpones_end(self, p, win)
                if line is not None:
                    if line:
                        self.say_private(line)
                    return None
        return self.end_game(win)

    def win_vetoed(self, win: Win) -> bool:
        """True when a working ability stops this win (Character.win_veto); its reason is
        said privately, once while it stays the same."""
        for holder, unit in self.working_units():
            reason = unit.win_veto(self, holder, win)
            if reason:
                if reason != getattr(self, "_last_veto", None):
                    self._last_veto = reason
                    self.say_private(reason)
                return True
        return False

    def end_game(self, win: Win, final: bool = False) -> Win | None:
        """End the game with this win; an ability may hold the end for the Storyteller's
        word (``holds_end``: the Politician; None is returned, the game goes on) or turn it
        (``turns_win``: the Heretic), unless it is ``final`` (the Storyteller's own word)."""
        if not final:
            held = next((line for holder, unit in self.working_units()
                         if (line := unit.holds_end(self, holder, win))), None)
            if held:
                self.held_win = win           # the win that waits for the Storyteller's word
                self.say_private(held)
                return None
            for holder, unit in self.working_units():
                win = unit.turns_win(self, holder, win) or win
        self.winner = win
        self.stop_waiting()
        if self.phase.at_night:
            # The table hears the night's deaths and news before the result, as at dawn.
            self.say_public("Dawn. Everyone, open your eyes.", at_once=True)
            dead = [self.grim.seat(s) for s in dict.fromkeys(self.night_deaths)]
            for p in dead:
                self.say_public(f"{p.Label} died in the night.", at_once=True)
        self.flush_public()
        self.phase.finish()
        self.say_public(f"The game is over. {win.reason} {win.winner.capitalize()} wins.")
        self.say_public(self.reveal())
        self.all_said = True      # the result and the grimoire are the last lines
        return win

    def reveal(self) -> str:
        """The grimoire told at game over, from the same read model as every question."""
        return reveal_text(build_view(self))

    def begin_night_deaths(self) -> None:
        """Dusk: nobody has died tonight yet."""
        self.night_deaths = []

    def renumber_deaths(self, follow) -> None:
        """Players changed seats: every seat in the records of deaths follows its player."""
        self.deaths = [d._replace(seat=follow(d.seat)) for d in self.deaths]
        self.night_deaths = [follow(s) for s in self.night_deaths]
        if self.last_kill:
            s, cause, by = self.last_kill
            self.last_kill = (follow(s), cause, follow(by) if by is not None else None)

    # --- madness broken (statemachine/rules/madness.py) ----------------------------------
    def _cmd_broke_madness(self, slots: dict) -> None:
        broke_madness(self, slots)

    def executed_for_madness_at_night(self, p: Player, reasons: list[str]) -> None:
        """At night the execution is at once, whatever happened today; the table hears it
        at dawn, and the night goes on."""
        self.say_private(" ".join(reasons))
        died = self.kill(p, "execution")
        if p.seat in self.night_deaths:
            self.night_deaths.remove(p.seat)     # said as an execution, not a night death
        self.say_public(f"{p.Label} broke madness and was executed in the night.")
        if not self.winner:
            self.say_private(f"{p.Label} is executed{'' if died else ' and does not die'}. "
                             "The night goes on.")
