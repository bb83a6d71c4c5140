"""The day: nominations, votes with ghost votes, the block, executions and exiles. It is
one piece because the day's records are written here only (docs/architecture.md's table of
who owns the game's state): every rule that changes a vote, the block or an execution, the
Organ Grinder's secret tally too, is carried out where those records live."""
from __future__ import annotations

from dataclasses import dataclass, field

from statemachine import wording
from statemachine.rules import day_rules
from statemachine.rules.day_rules import STORYTELLER
from statemachine.rules.fabled import holderless
from statemachine.errors import Rejected
from statemachine.model import Player
from statemachine.night import spoken_list
from statemachine.wording import votes as _votes


@dataclass
class Vote:
    nominee: int
    nominator: int
    exile: bool = False
    voters: list[int] = field(default_factory=list)
    total: int | None = None      # the tally, once the vote is counted
    # The block and the tied seats as they were when the vote opened (the Judge's "fails").
    before: tuple = (None, ())


class DayMixin:
    """The day: nominations, votes, the block, executions and exiles. It owns the day's
    records (set afresh by ``new_day_records``); every other module reads them, and a seat
    change renumbers them through ``renumber_day``."""

    def new_day_records(self) -> None:
        """The day's records, empty: at the game's start and at each dawn."""
        self.nominated_today: set[int] = set()
        self.nominators_today: dict[int, int] = {}
        self.block: tuple[int, int] | None = None   # (seat about to die, votes)
        self.tied: list[int] = []     # with the block (0, votes): the seats tied at it
        self.executed_today: int | None = None
        self.held_execution: tuple[int, bool] | None = None  # (seat, announce) awaiting a word
        self.day_reopened = False     # the day goes on after its execution (day_goes_on)
        self.held_spare: int | None = None   # executed seat: does the player die? (Pacifist)
        self.vote: Vote | None = None
        self.votes_today: list[Vote] = []           # tallied votes, in order
        self.ghost_votes_at_dusk: set[int] = set()  # dead voters' tokens spent at dusk

    def renumber_day(self, follow) -> None:
        """Players changed seats: every seat in the day's records follows its player."""
        self.nominated_today = {follow(s) for s in self.nominated_today}
        self.nominators_today = {follow(s): n for s, n in self.nominators_today.items()}
        if self.block:
            self.block = (follow(self.block[0]) if self.block[0] else 0, self.block[1])
            self.tied = [follow(s) for s in self.tied]
        if self.executed_today is not None:
            self.executed_today = follow(self.executed_today)
        if self.held_execution:
            self.held_execution = (follow(self.held_execution[0]), self.held_execution[1])
        if self.held_spare:
            self.held_spare = follow(self.held_spare)
        for v in [self.vote] + list(self.votes_today):
            if v is None:
                continue
            # The open vote and today's tallied ones: who, and the block each opened on.
            v.nominee, v.nominator = follow(v.nominee), follow(v.nominator)
            v.voters = [follow(s) for s in v.voters]
            block, tied = v.before
            if block:
                block = (follow(block[0]) if block[0] else 0, block[1])
            v.before = (block, tuple(follow(s) for s in tied))
        self.ghost_votes_at_dusk = {follow(s) for s in self.ghost_votes_at_dusk}

    def drop_vote(self) -> None:
        """The vote under way ends uncounted (an execution or a ruling decided it)."""
        self.vote = None
        self.phase.close_vote()

    def set_block(self, block: tuple[int, int] | None, tied: list[int] | tuple = ()) -> None:
        """Who is about to die, and the seats tied at it (a ruling puts it back, the
        Scapegoat takes it)."""
        self.block, self.tied = block, list(tied)

    def start_day(self) -> None:
        self.phase.begin_day()
        self.grim.day += 1
        self.new_day_records()
        self.say_public(wording.day_opens(self.grim.day))

    # --- thresholds ---------------------------------------------------------------------------
    def execution_threshold(self) -> int:
        living = len(self.grim.living_non_travellers()) + sum(
            1 for p in self.grim.players if p.traveller and p.alive)
        need = (living + 1) // 2
        for holder, unit in self.working_units():
            need = unit.adjust_threshold(self, holder, need)
        return need

    def working_units(self):
        """(holder, unit) for every ability in play that works now."""
        return [(p, self.unit(a)) for p in self.grim.players for a in self.abilities(p)
                if self.working(p, a)] + holderless(self)   # the Fabled and Loric: always work

    def free_ghost_votes(self) -> bool:
        return any(unit.free_ghost_votes(self, holder) for holder, unit in self.working_units())

    def exile_threshold(self) -> int:
        return (len(self.grim.players) + 1) // 2

    # --- nominations --------------------------------------------------------------------------
    def nominations_allowed(self, player: Player) -> int:
        return max([1] + [self.unit(a).nominations_per_day(self, player)
                          for a in self.abilities(player)
                          if hasattr(self.unit(a), "nominations_per_day")])

    def do_nominate(self, nominator: Player | None, nominee: Player, exile: bool = False) -> None:
        """A nomination (or a call for an exile). ``nominator`` None: the Storyteller
        nominates, where an ability lets them (the Bishop); the vote records seat 0."""
        exile = exile or nominee.traveller
        if not exile:
            refusal = day_rules.nomination_refusal(self, nominator, nominee)
            if refusal:
                raise Rejected(refusal.message)
            if nominator is not None:
                self.nominators_today[nominator.seat] = self.nominators_today.get(
                    nominator.seat, 0) + 1
            self.nominated_today.add(nominee.seat)
        self.phase.nominate()
        verb = "calls for the exile of" if exile else "nominates"
        who = nominator.Label if nominator is not None else "The Storyteller"
        if exile and nominator is None:
            self.say_public(f"An exile of {nominee.label} is called for.")
        else:
            self.say_public(f"{who} {verb} {nominee.label}.")
        self.vote = Vote(nominee.seat, nominator.seat if nominator else STORYTELLER, exile,
                         before=(self.block, tuple(self.tied)))
        if not exile:
            for p in list(self.grim.players) if nominator is not None else ():
                for a in self.abilities(p):      # a player nominated (not the Storyteller)
                    self.unit(a).on_nomination(self, p, nominator, nominee)
            for _none, unit in holderless(self) if nominator is not None else ():
                unit.on_nomination(self, None, nominator, nominee)     # the Big Wig
            if self.winner:
                self.vote = None
                return
            for a in self.abilities(nominee):
                self.unit(a).on_nominated(self, nominee, nominator)
        if self.phase.state != "nomination":   # an ability executed someone (Virgin)
            self.vote = None
            return
        self.phase.open_vote()
        need = self.exile_threshold() if exile else self.execution_threshold()
        secret = not exile and self.votes_secret()
        say_block = self.say_private if secret else self.say_public
        if self.block and not exile:
            top = self.block[1]
            need = max(need, top + 1)
            held = (f"{self.grim.seat(self.block[0]).name} is about to die with "
                    f"{_votes(top)}" if self.block[0]
                    else f"{self._tied_names()} are tied with {_votes(top)}")
            say_block(f"{held[0].upper()}{held[1:]}: {nominee.name} needs {need} to replace "
                      f"that, and {top} would be a tie.")
        who = None if exile else next((w for holder, unit in self.working_units()
                                       if (w := unit.who_votes(self, holder))), None)
        self.say_public(wording.vote_call(nominee.label, need, who, secret=secret))
        if secret:
            self.say_private(f"The tally is secret: {wording.votes(need)} needed.")
        self.notify_vote("on_vote_open", self.vote)
        self.say_private(wording.VOTE_HELP)

    def _tied_names(self) -> str:
        return spoken_list(self.grim.seat(s).name for s in self.tied)

    # --- votes --------------------------------------------------------------------------------
    def add_voters(self, voters: list[Player]) -> None:
        """The hands named in one command go up together: a voter refused only because of
        who has not voted yet (a Butler named before the master) is tried after the others."""
        if len(voters) > len(self.grim.players):
            raise Rejected(f"{len(voters)} voters, but {len(self.grim.players)} seats.")
        while voters:
            refused: list[tuple[Player, Rejected]] = []
            for p in voters:
                try:
                    self.add_voter(p)
                except Rejected as exc:
                    refused.append((p, exc))
            if len(refused) == len(voters):
                raise refused[0][1]
            voters = [p for p, _ in refused]

    def add_voter(self, voter: Player) -> None:
        v = self.vote
        if voter.seat in v.voters:   # named once; vote_weight applies at the count
            raise Rejected(f"{voter.label} has already voted.")
        if not v.exile:
            if not voter.alive and not voter.ghost_vote and not self.votes_free(voter):
                raise Rejected(f"{voter.label} is dead and has no ghost vote left.")
            for holder, unit in self.working_units():
                reason = unit.vote_rule(self, holder, voter)
                if reason:
                    raise Rejected(reason)
            for a in self.abilities(voter):
                if self.working(voter, a) or a == voter.character:
                    reason = self.unit(a).may_vote(self, voter)
                    if reason:
                        raise Rejected(reason)
        v.voters.append(voter.seat)
        self.say_private(wording.votes_for(voter.Label))

    def votes_secret(self) -> bool:
        """Votes on nominations are cast with eyes closed and counted in secret
        (Character.secret_votes: the Organ Grinder)."""
        return any(unit.secret_votes(self, holder) for holder, unit in self.working_units())

    def votes_free(self, player: Player) -> bool:
        """A dead player whose ability lets them vote without spending a vote token."""
        return self.free_ghost_votes() or any(self.unit(a).free_vote(self, player)
                                              for a in self.abilities(player))

    def hands_possible(self, vote) -> int:
        """The most hands a vote can have: every player on an exile; on a nomination the
        living, and the dead with a vote token or a free vote."""
        return sum(1 for p in self.grim.players
                   if vote.exile or p.alive or p.ghost_vote or self.votes_free(p))

    def vote_weight(self, player: Player) -> int:
        """How many votes this player's vote is worth: their own abilities' weight times
        every factor other abilities put on it (Bureaucrat 3, Thief -1)."""
        weight = max(self.unit(a).vote_weight(self, player) for a in self.abilities(player))
        for holder in self.grim.players:
            for a in self.abilities(holder):
                weight *= self.unit(a).vote_factor(self, holder, player)
        for _none, unit in holderless(self):       # a Loric's rule (the God of Ug's hat)
            weight *= unit.vote_factor(self, None, player)
        return weight

    def notify_vote(self, hook: str, vote: Vote) -> None:
        """Tell every ability in play about a vote (on_vote_open / on_vote_tallied)."""
        for p in list(self.grim.players):
            for a in self.abilities(p):
                getattr(self.unit(a), hook)(self, p, vote)
        for _none, unit in holderless(self):       # a Loric's rule (the God of Ug's hat)
            getattr(unit, hook)(self, None, vote)

    def finish_vote(self, total: int | None) -> None:
        v = self.vote
        named = len(v.voters)
        if total is not None and total < named:
            raise Rejected(f"{wording.count(named, 'voter')} {'was' if named == 1 else 'were'} "
                           f"named, so the count cannot be {total}.")
        most = self.hands_possible(v)
        if total is not None and total > most:      # "five" heard as "fifteen"
            raise Rejected(f"Only {wording.count(most, 'player')} can vote, so the count cannot "
                           f"be {total}.")
        # A spoken count is the hands raised. Named voters whose vote is worth other than
        # one (Bureaucrat, Thief) change it; abilities do not affect exiles.
        if not v.exile:
            void = set().union(*[unit.discounted_voters(self, holder, v)
                                 for holder, unit in self.working_units()])
            gone = void & set(v.voters)
            if gone:
                v.voters = [s for s in v.voters if s not in gone]
                if total is not None:
                    total -= len(gone)      # their raised hands were in the spoken count
                self.say_private(" ".join(f"{self.grim.seat(s).Label}'s hand does not count."
                                          for s in sorted(gone)))
                named = len(v.voters)
        hands = named if total is None else total
        weights = [] if v.exile else [self.vote_weight(self.grim.seat(s))
                                      for s in dict.fromkeys(v.voters)]
        total = hands + sum(w - 1 for w in weights)
        if any(w != 1 for w in weights):
            self.say_private(f"{wording.count(hands, 'hand')}; the weighted votes of named "
                             f"voters make {total}.")
        v.total = total
        secret = not v.exile and self.votes_secret()
        if not v.exile:
            for seat in set(v.voters):
                p = self.grim.seat(seat)
                if not p.alive and not self.votes_free(p):
                    if secret:      # with eyes closed, the token goes at dusk
                        self.ghost_votes_at_dusk.add(seat)
                    else:
                        p.ghost_vote = False
        nominee = self.grim.seat(v.nominee)
        self.vote = None
        self.phase.close_vote()
        say = self.say_private if secret else self.say_public    # the Organ Grinder's tally
        if secret:
            self.say_public("The votes are in. Everyone, open your eyes.")
        if v.exile:
            need = self.exile_threshold()
            if total >= need:
                self.say_public(f"{_votes(total)}. {nominee.Label} is exiled.")
                self.exile(nominee)
            else:
                self.say_public(f"{_votes(total)}, {need} needed. {nominee.Name} is not exiled.")
            self.votes_today.append(v)
            if not self.winner:
                self.notify_vote("on_vote_tallied", v)
            return
        need = self.execution_threshold()
        if total < need:
            say(f"{_votes(total)}. Not enough: {nominee.name} is not on the block.")
        elif self.block and total == self.block[1]:
            # A tie with the player about to die, or with everyone already tied at this
            # count (a tie after a tie): nobody is about to die.
            self.tied = [self.block[0]] if self.block[0] else list(self.tied)
            say(f"{_votes(total)}, a tie with {self._tied_names()}. Nobody is about to die.")
            self.tied.append(nominee.seat)
            self.block = (0, total)
        elif self.block and total < self.block[1]:
            say(f"{_votes(total)}. Not enough to replace the player on the block.")
        else:
            self.block = (nominee.seat, total)
            self.tied = []
            say(f"{_votes(total)}. {nominee.Label} is about to die.")
        self.votes_today.append(v)
        self.notify_vote("on_vote_tallied", v)

    # --- executions and exiles -------------------------------------------------------------------
    def do_execute(self, player: Player, announce: bool = True) -> None:
        """Execute ``player``, however the execution came about (the block, the Virgin, the
        Storyteller). If an ability may take their place (the Scapegoat), the execution
        waits for the Storyteller's word: next carries it out (``carry_on_execution``)."""
        if ((self.executed_today is not None and not self.may_execute_again())
                or self.held_execution):
            raise Rejected("There has already been an execution today.")
        self.phase.execute()
        offers = [line for holder, unit in self.working_units()
                  if (line := unit.may_take_execution(self, holder, player))]
        if offers:
            self.held_execution = (player.seat, announce)
            self.say_private(" ".join([f"{player.Label} is to be executed.", *offers,
                                       f"Or say next to execute {player.label}."]))
            return
        self._execute(player, announce)

    def carry_on_execution(self) -> None:
        """The held execution goes ahead as it was (the Storyteller said next)."""
        seat, announce = self.held_execution
        self.held_execution = None
        self._execute(self.grim.seat(seat), announce)

    def execute_instead(self, player: Player) -> Player:
        """The held execution falls on ``player`` instead (the Scapegoat): returns the one
        who was to be executed."""
        seat, _ = self.held_execution
        self.held_execution = None
        self._execute(player, announce=False)
        return self.grim.seat(seat)

    def _execute(self, player: Player, announce: bool) -> None:
        self.executed_today = player.seat
        self.day_reopened = False
        self.vote = None
        if announce:
            self.say_public(wording.executed(player.Label))
        for a in self.abilities(player):
            self.unit(a).on_executed(self, player)
        if self.winner:
            return
        spare = [line for holder, unit in self.working_units()
                 if (line := unit.may_spare_execution(self, holder, player))]
        if spare and player.alive and not self.protected_by(player, "execution"):
            self.held_spare = player.seat
            self.say_private(" ".join([*spare, f"Does {player.label} die? Say yes or no."]))
            return
        self._execution_death(player)

    def spare_waiting(self) -> bool:
        """An executed player waits for the Storyteller's word: do they die (the Pacifist)?"""
        return self.phase.state == "execution" and self.held_spare is not None

    def answer_spare(self, dies: bool) -> bool:
        """The yes or no to that question, if it waits; False if nothing waits for it."""
        if not self.spare_waiting():
            return False
        self.spare_decided(dies)
        return True

    def spare_decided(self, dies: bool) -> None:
        """The Storyteller's word on a held execution death (the Pacifist): yes, they die;
        no, the executed player lives (it was still the day's execution)."""
        player = self.grim.seat(self.held_spare)
        self.held_spare = None
        self._execution_death(player, dies)

    def _execution_death(self, player: Player, dies: bool = True) -> None:
        registered_dead = not player.alive      # a seemingly dead Zombuul dies unheard
        died = self.kill(player, "execution") if dies else False
        if died and not self.winner and not registered_dead:
            self.say_public(wording.is_dead(player.Name))
        elif not died and player.alive and not self.winner:
            self.say_public(f"{player.Name} does not die.")
        if not self.winner:
            self.check_wins("execution")
        if not self.winner and not self.day_goes_on(player):
            self.go_to_dusk()

    def exile(self, player: Player) -> None:
        self.phase.execute()
        guard = self.protected_by(player, "exile")
        if guard:   # the Tea Lady's neighbour is exiled but does not die (the almanac)
            self.say_private(guard)
        if guard or day_rules.exile_prevented(self, player):
            self.say_public(f"{player.Name} does not die.")
            self.phase.after_exile()
            return
        player.alive = False
        self.record_death(player, "exile")
        self.check_wins("exile")
        if not self.winner:
            self.phase.after_exile()

    def end_the_day(self) -> None:
        refusal = day_rules.day_end_refusal(self)
        if refusal:
            raise Rejected(refusal)
        if self.block and self.block[0]:
            self.do_execute(self.grim.seat(self.block[0]))
            return
        if self.executed_today is None:
            self.say_public(wording.NOBODY_EXECUTED)
        self.go_to_dusk()

    def go_to_dusk(self) -> None:
        for seat in sorted(self.ghost_votes_at_dusk):
            self.grim.seat(seat).ghost_vote = False     # spent with eyes closed today
        self.ghost_votes_at_dusk = set()
        self.check_wins("dusk")
        if self.winner:
            return
        self.phase.end_day()
        self.expire_effects("dusk")
        self.phase.begin_night()
        self.start_night()

    # --- a day that goes on after its execution ----------------------------------------------
    def day_goes_on(self, executed: Player) -> bool:
        """After an execution (the game not over): if a working ability lets the day go on
        (the Butcher's nomination), the day reopens with nobody on the block and one more
        execution allowed; its lines go to the Storyteller. False: the day ends."""
        lines = day_rules.after_execution(self, executed)
        if not lines:
            return False
        self.phase.reopen_day()
        self.block, self.tied = None, []
        self.day_reopened = True
        for line in lines:
            self.say_private(line)
        return True

    def may_execute_again(self) -> bool:
        """An execution today already, but the day reopened for one more."""
        return self.day_reopened
