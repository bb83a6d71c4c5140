"""The Storyteller's commands, one ``_cmd_<intent>`` method each: answers to the waits,
the overrides (deaths, poison, alignment, characters), the day's nominations and votes, and
Travellers joining and leaving. Mixed into Game, whose ``handle`` dispatches here.
"""
from __future__ import annotations

from statemachine import wording
from statemachine.view import examples
from statemachine.telling.answers import AnswersMixin
from statemachine.rules.choices import choice_outside_step
from statemachine.rules.chosen import notify_chosen
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, OUTSIDER, TRAVELLER, Effect, Player, team_alignment
from statemachine.night import spoken_list
from statemachine.registry import Win
from statemachine.rules.seeming import seems_dead
from statemachine.bag.draw import MAX_TRAVELLERS, check_counts, storyteller_modifiers
from statemachine.waits import ChooseCharacter, ChooseSeats, Info, Wait, YesNo

# A Storyteller-set effect's end, as said by day and at night.
_ENDS = {"dusk": ("until dusk today", "until dusk tomorrow: tonight and tomorrow day"),
         "dawn": ("until dawn, through tonight", "until dawn"),
         "game": ("for the rest of the game", "for the rest of the game")}


class CommandsMixin(AnswersMixin):
    """Mixed into Game. Expects ``grim``, ``phase``, ``wait``, ``out`` and the other mixins."""

    def _need_wait(self, intent: str) -> Wait:
        if not self.phase.at_night or self.wait is None or intent not in self.wait.accepts():
            if self.phase.at_night and self.wait is not None:
                raise Rejected(f"That does not answer this step. {examples.describe_wait(self)}")
            raise Rejected("Not now: nobody is waiting for that.")
        return self.wait

    # global
    def _cmd_repeat(self, slots: dict) -> None:
        if self.last_private:
            self.answer_privately(self.last_private)

    def _cmd_help(self, slots: dict) -> None:
        self.answer_privately(self.status_line())

    def _cmd_status(self, slots: dict) -> None:
        self.answer_privately(self.status_line())

    def status_line(self) -> str:
        if self.winner:
            return f"The game is over: {self.winner.winner} won."
        if self.phase.at_night and self.current:
            when = "The first night" if self.grim.night == 1 else f"Night {self.grim.night}"
            return f"{when}: {examples.step_name(self)}. " + (
                examples.describe_wait(self) if self.wait else "")
        if self.phase.state == "execution" and self.held_execution:
            return (f"An execution waits: seat {self.held_execution[0]}. Say next to carry "
                    "it out.")
        if self.spare_waiting():
            return f"Seat {self.held_spare} was executed. Do they die? Say yes or no."
        if self.phase.state == "vote" and self.vote:
            return f"A vote on {self.grim.seat(self.vote.nominee).label}. Name voters, then say the count."
        if self.phase.state == "setup":
            return "Setup. Say next to begin the first night."
        travelling = sum(1 for p in self.grim.players if p.traveller and p.alive)
        alive = len(self.grim.living_non_travellers()) + travelling   # all vote, all count
        among = ("" if not travelling else ", 1 of them a Traveller" if travelling == 1
                 else f", {travelling} of them Travellers")
        return (f"Day {self.grim.day}. {wording.count(alive, 'player')} alive{among}; "
                f"{wording.votes(self.execution_threshold())} to execute. "
                f"{examples.say_nomination(self)}")

    def _cmd_next(self, slots: dict) -> None:
        state = self.phase.state
        if state == "setup":
            self.phase.begin_first_night()
            self.start_night()
        elif state == "vote":
            self.finish_vote(None)
        elif self.phase.at_night:
            w = self._need_wait("next")
            self.answer(w.proposal if isinstance(w, (Info, YesNo)) else None)
        elif state == "execution" and self.held_execution:
            self.carry_on_execution()
        elif self.spare_waiting():
            raise Rejected(f"Does seat {self.held_spare} die? Say yes or no.")
        elif state == "day":
            raise Rejected(f"It is day. {examples.say_nomination(self)}")
        else:
            raise self.not_now("nothing waits for next")

    def _cmd_begin_night(self, slots: dict) -> None:
        """Begin the first night from anywhere in setup (the hand-out's rest skipped)."""
        if self.phase.state != "setup":
            raise self.not_now("the first night has begun")
        self._cmd_next(slots)

    def _cmd_yes(self, slots: dict) -> None:
        if self.phase.state == "setup":
            return self._cmd_next(slots)
        if self.answer_spare(True):
            return
        w = self._need_wait("yes")
        self.answer(True if isinstance(w, YesNo) else getattr(w, "proposal", None))

    def _cmd_no(self, slots: dict) -> None:
        if not self.answer_spare(False):
            self._need_wait("no")
            self.answer(False)

    def _cmd_choose(self, slots: dict) -> None:
        seats = [self.player(s).seat for s in slots.get("seats", [])]
        if choice_outside_step(self, slots.get("actor"), seats):
            return
        w = self._need_wait("choose")
        assert isinstance(w, ChooseSeats)
        actor = slots.get("actor")
        if actor and w.actor:
            unit = self.unit(w.actor)
            if actor != w.actor and not (actor == "demon" and unit.team == "demon"):
                raise Rejected(f"Now waiting for the {unit.name}, not the "
                               f"{actor if actor == 'demon' else self.unit(actor).name}.")
        if len(seats) != w.count and (w.exact or len(seats) > w.count):
            raise Rejected(f"Say {w.count} seat{'s' if w.count > 1 else ''}, not {len(seats)}.")
        if len(set(seats)) != len(seats):
            raise Rejected("The same seat twice.")
        if w.check:
            problem = w.check(seats)
            if problem:
                raise Rejected(problem)
        if not w.in_turn:
            notify_chosen(self, w, seats)
        self.answer(seats)

    def _cmd_nobody(self, slots: dict) -> None:
        w = self._need_wait("nobody")
        if isinstance(w, Info) and w.check:
            problem = w.check([])
            if problem:
                raise Rejected(problem)
        self.answer([])

    def _cmd_character(self, slots: dict) -> None:
        w = self._need_wait("character")
        cid = slots["character"]
        if isinstance(w, ChooseCharacter) and w.check:
            problem = w.check(cid)
            if problem:
                raise Rejected(problem)
        self.answer(cid)

    # Storyteller overrides, any time in play
    def _in_play(self) -> None:
        if self.phase.state == "setup":
            raise self.not_now("the game has not started")

    def _cmd_die(self, slots: dict) -> None:
        self._in_play()
        p = self.player(slots["seat"])
        if not p.alive and not seems_dead(p):
            raise Rejected(f"{p.label} is already dead.")
        p_alive_before = p.alive
        result = self.kill(p, "storyteller")
        if p_alive_before and not p.alive and self.phase.in_day and not self.winner:
            self.say_public(f"{p.Label} has died.")
        elif self.phase.at_night and not self.winner:
            line = self.kill_report(p, result)    # the table hears it at dawn
            if line:
                self.say_private(line)

    def _cmd_revive(self, slots: dict) -> None:
        self._in_play()
        p = self.player(slots["seat"])
        if p.alive:
            raise Rejected(f"{p.label} is alive.")
        self.revive(p)
        self.say_private(f"{p.Label} is alive again.")

    def _cmd_status_effect(self, slots: dict) -> None:
        p = self.player(slots["seat"])
        kind = slots["effect"]
        if kind in ("sober", "healthy"):
            p.remove_effects("drunk")
            p.remove_effects("poisoned")
            self.say_private(f"{p.Label} is {kind}.")
            return
        # By day a bare "is drunk" is meant for the coming night; at night, like a
        # Poisoner's poison, it lasts tonight and tomorrow day.
        until = slots.get("until") or ("dusk" if self.phase.at_night else "dawn")
        until = "dawn" if until == "tonight" else until
        if until not in _ENDS:
            raise Rejected("Until dusk, tonight, until dawn, or for the rest of the game?")
        p.add_effect(Effect(kind, until=until, note="Storyteller"))
        end = _ENDS[until][1 if self.phase.at_night else 0]
        self.say_private(f"{p.Label} is {kind} {end}.")

    def _cmd_alignment(self, slots: dict) -> None:
        p = self.player(slots["seat"])
        value = slots["alignment"]
        if value not in (GOOD, EVIL):
            raise Rejected("Good or evil?")
        if p.alignment == value:
            raise Rejected(f"{p.label} is already {value}.")
        if not self.set_alignment(p, value):
            return
        self.say_private(f"{p.Label} is now {value}. Tell them.")
        self.check_wins("alignment")

    def _cmd_become(self, slots: dict) -> None:
        p = self.player(slots["seat"])
        cid = slots["character"]
        if cid not in self.registry:
            raise Rejected("Unknown character.")
        self.change_character(p, cid)
        self.say_private(f"{p.Label} is now the {self.unit(cid).name}.")
        if self.phase.state == "setup" and not p.traveller:
            self._seat_set_up(p)

    def _seat_set_up(self, p: Player) -> None:
        """A seat's character set at setup, the bag overridden (the Gardener's way): the
        alignment follows its team, its setup choices are proposed, and a count off the
        usual is said."""
        p.alignment = p.first_alignment = team_alignment(self.unit(p.character).team)
        self.unit(p.character).prepare(self, p)
        units = [self.unit(q.character) for q in self.grim.non_travellers]
        self.grim.setup_outsiders = sum(1 for u in units if u.team == OUTSIDER)
        script = [self.registry.get(i) for i in self.setup.script]
        for note in check_counts(units, len(units), storyteller_modifiers(script)):
            self.say_private(f"Note: {note}.")

    def _reminder(self, slots: dict) -> tuple[Player, str, str, str]:
        p = self.player(slots["seat"])
        cid, token = slots["reminder"]
        if cid not in self.setup.script or cid not in self.registry:
            raise Rejected("That character is not on the script.")
        unit = self.unit(cid)
        if unit.automated:
            raise Rejected(f"The narrator keeps the {unit.name}'s reminders itself.")
        if token not in unit.reminders + tuple(getattr(unit, "global_reminders", ())):
            raise Rejected(f"The {unit.name} has no {wording.token(token)} reminder.")
        return p, unit.name, token, f"{unit.name}: {token}"

    def _cmd_mark_reminder(self, slots: dict) -> None:
        """A Storyteller-run character's reminder on a player. A Poisoned or Drunk one makes
        the player so until it is removed."""
        p, name, token, tag = self._reminder(slots)
        p.reminders.append(tag)
        kind = token.lower()
        if kind in ("poisoned", "drunk"):
            p.add_effect(Effect(kind, until="game", note=tag))
        self.say_private(f"{p.Label} has the {name}'s {wording.token(kind)} reminder.")

    def _cmd_remove_reminder(self, slots: dict) -> None:
        p, name, token, tag = self._reminder(slots)
        if tag not in p.reminders:
            raise Rejected(f"{p.Label} has no {name}'s {wording.token(token.lower())} "
                           "reminder.")
        p.reminders.remove(tag)
        mark = next((e for e in p.effects if e.note == tag), None)
        if mark is not None:
            p.effects.remove(mark)
        self.say_private(f"The {name}'s {wording.token(token.lower())} reminder is off "
                         f"{p.label}.")

    def _cmd_bluffs(self, slots: dict) -> None:
        if self.phase.state != "setup":
            raise self.not_now("bluffs are chosen at setup")
        ids = list(slots["characters"])
        # A token a player was shown (the Drunk's) may be bluffed, with a warning.
        in_play = {p.character for p in self.grim.players}
        if any(self.unit(f).bluffs_in_play for f in self.grim.fabled):
            in_play = set()       # a character in play may be bluffed too (the Pope)
        bad = [i for i in ids if i in in_play or self.unit(i).team not in ("townsfolk", "outsider")]
        if len(ids) != 3 or len(set(ids)) != 3 or bad:
            raise Rejected("The bluffs are three good characters that are not in play.")
        self.grim.bluffs = ids
        self.say_private("Bluffs: " + ", ".join(f"the {self.unit(i).name}" for i in ids) + ".")
        for line in self.bluff_warnings():
            self.say_private(line)

    def _cmd_end_game(self, slots: dict) -> None:
        self._in_play()
        winner = slots["winner"]
        self.end_game(Win(winner, "The Storyteller ends the game."), final=True)

    # day
    def _by_day(self, what: str) -> None:
        """Refused unless it is the day, between votes (``what``: when it is done)."""
        if self.phase.state == "vote":
            raise Rejected("A vote is open. Say next to count it first.")
        if self.phase.state != "day":
            raise self.not_now(what)

    def _cmd_nominate(self, slots: dict) -> None:
        self._by_day("nominations happen during the day")
        nominator, nominee = self.player(slots["nominator"]), self.player(slots["nominee"])
        self.do_nominate(nominator, nominee)

    def _cmd_exile(self, slots: dict) -> None:
        self._by_day("exiles happen during the day")
        nominee = self.player(slots["seat"])
        if not nominee.traveller:
            raise Rejected(f"{nominee.label} is not a Traveller; only Travellers are exiled.")
        caller = self.player(slots["caller"]) if "caller" in slots else None  # None: seat 0
        self.do_nominate(caller, nominee, exile=True)

    # Travellers joining and leaving mid-game
    def _cmd_traveller_joins(self, slots: dict) -> None:
        if self.phase.state not in ("setup", "day"):
            raise self.not_now("a Traveller joins at setup or during the day")
        name, cid = wording.name_form(str(slots["name"])), slots["character"]
        if cid not in self.registry or self.unit(cid).team != TRAVELLER:
            raise Rejected("A Traveller joins as a Traveller character.")
        if not name or any(p.name.casefold() == name.casefold() for p in self.grim.players):
            raise Rejected(f"There is already a player called {name}.")
        if sum(1 for p in self.grim.players if p.traveller and p.alive) >= MAX_TRAVELLERS:
            raise Rejected(f"There can be at most {MAX_TRAVELLERS} Travellers in play.")
        if any(p.character == cid for p in self.grim.players):
            raise Rejected(f"The {self.unit(cid).name} is already in play.")
        player = Player(len(self.grim.players) + 1, name, cid, alignment=GOOD, traveller=True)
        where = ""
        if slots.get("after") is not None:
            after, before = self.player(slots["after"]), self.player(slots["before"])
            try:
                self.seats.between(player, after, before)
            except ValueError:
                raise Rejected(f"Seats {after.seat} and {before.seat} are not next to each "
                               "other: say two neighbouring seats.") from None
            where = self._seated_between(player)
        else:
            self.grim.players.append(player)
        self.unit(cid).prepare(self, player)
        if where:
            self.say_public(f"{name} joins the game as the {self.unit(cid).name}, in seat "
                            f"{player.seat}, {where} {self.unit(cid).ability}")
        else:
            self.say_public(f"{name} joins the game as the {self.unit(cid).name}, in "
                            f"{player.label}. {self.unit(cid).ability}")
        for line in self.unit(cid).setup_lines(self, player):
            self.say_private(line)
        if not self.unit(cid).automated:
            self.say_private(f"You run the {self.unit(cid).name} yourself: I wake them in "
                             "their place and note their choices.")

    def _seated_between(self, player: Player) -> str:
        """'between Cat and Dan. From Dan on, every seat number is one higher: Dan is now
        seat 5 and Eve seat 6.' for a player just seated (nothing moves at the last seat)."""
        players = self.grim.players
        left = players[player.seat - 2]
        right = players[player.seat % len(players)]
        text = f"between {left.name} and {right.name}."
        later = players[player.seat:]
        if later:
            moves = [f"{later[0].name} is now seat {later[0].seat}"] + [
                f"{p.name} seat {p.seat}" for p in later[1:]]
            text += (f" From {later[0].name} on, every seat number is one higher: "
                     f"{spoken_list(moves)}.")
        return text

    def _cmd_traveller_leaves(self, slots: dict) -> None:
        self._in_play()
        p = self.player(slots["seat"])
        if not p.traveller:
            raise Rejected(f"{p.label} is not a Traveller; only Travellers leave mid-game.")
        if "Left the game" in p.reminders:
            raise Rejected(f"{p.label} has already left.")
        p.reminders.append("Left the game")
        if p.alive:
            p.alive = False
            self.record_death(p, "left")
        self.say_public(f"{p.Label} leaves the game.")
        self.check_wins("exile")

    def _cmd_vote(self, slots: dict) -> None:
        if self.phase.state != "vote":
            raise self.not_now("votes follow a nomination")
        self.add_voters([self.player(s) for s in slots["seats"]])

    def _cmd_votes(self, slots: dict) -> None:
        if self.phase.state != "vote":
            raise self.not_now("votes follow a nomination")
        self.finish_vote(int(slots["count"]))

    def _cmd_execute(self, slots: dict) -> None:
        if not self.phase.in_day or self.phase.state == "execution":
            raise self.not_now("executions happen during the day")
        p = self.player(slots["seat"])
        if self.phase.state == "vote":
            self.drop_vote()
        self.do_execute(p)

    def _cmd_end_day(self, slots: dict) -> None:
        if self.phase.state != "day":
            raise self.not_now("the day ends once the vote is counted")
        self.end_the_day()
