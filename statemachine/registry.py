"""Characters as plugins: the base class every character unit extends, and the registry the
app fills. The engine finds characters only through a Registry; it never imports one. It is
one piece because every hook a character may answer is a method of the one Character base
class, each with its default and the docstring the units are written against.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from statemachine.rules import delayed
from statemachine.bag.counts import Counts
from statemachine.game_view import GameView
from statemachine.model import TRAVELLER, Player


# What before_death returns to hold a death for a Storyteller decision made later (the Mayor).
HELD = "held"

# The other-night place of a first-night-only ability ("you start knowing") on the night its
# holder gains it mid-game: just before dawn (97), as the official order has no place for it.
GAINED_FIRST_NIGHT_STEP = 95


@dataclass(frozen=True)
class Win:
    winner: str  # "good" | "evil"
    reason: str


class Character:
    """One character: its data (class attributes) and its behaviour (hooks).

    Night positions are indexes into the official first-night and other-night orders
    (``None`` = does not wake that night). Every hook has a harmless default, so a unit
    overrides only what its ability does.
    """

    id: str = ""
    name: str = ""
    team: str = ""
    ability: str = ""
    first_night: int | None = None
    other_night: int | None = None
    reminders: tuple[str, ...] = ()
    setup: bool = False            # the ability has a [bracketed] setup effect
    works_when_dead: bool = False
    # The player holds the ability of the character they believe they are, and it never
    # works (the Drunk): the engine asks this instead of knowing any character by name.
    acts_as_believed: bool = False
    sober_and_healthy: bool = False  # the holder is never drunk or poisoned (Beggar)
    # False: a Minion the Minion info does not wake and the Demon info does not show (the
    # Marionette, shown to the Demon at its own step).
    shown_as_minion: bool = True
    # True for a Loric with which nobody is shown their own character (Tor): the hand-out
    # places the tokens in the grimoire instead of giving them out.
    hides_own_character: bool = False
    # True for a Loric with which a Demon bluff may be a character in play (the Pope's
    # duplicates): the Storyteller's 'the bluffs are' takes one.
    bluffs_in_play: bool = False
    # Extra phrases this character adds to the command language: intent -> templates.
    commands: dict[str, tuple[str, ...]] = {}
    # Those of its commands that kill or end the game: asked back for a yes before they run.
    destructive: frozenset[str] = frozenset()
    # What a misregistering character may register as, e.g. {"evil", "minion", "demon"}.
    may_register_as: frozenset[str] = frozenset()
    # Character types it always counts as besides its own, for every ability (Legion: a
    # Minion too); statemachine.rules.registering.counts_as asks it.
    registers_too: frozenset[str] = frozenset()
    jinxes: dict[str, str] = {}    # other character id -> the jinx text
    # False for a character the Storyteller runs: the narrator only wakes it and notes.
    automated: bool = True
    edition: str = ""
    # A Demon no player is: a Minion babysits its token and is the Demon while they do (Lil'
    # Monsta). It has no seat in the bag; its steps run with no holder (statemachine.rules.babysat).
    babysat: bool = False
    # Reminders whose text names a seat, as regular expressions matching a whole reminder
    # with a group for each seat number: the engine renumbers them when seats move.
    seat_reminders: tuple[str, ...] = ()

    # --- setup -------------------------------------------------------------------------
    def adjust_counts(self, counts: "Counts") -> None:
        """Change the setup counts before the bag is filled (Baron: +2 Outsiders)."""

    def in_bag(self) -> bool:
        """False for a character whose token never goes in the bag (the Drunk)."""
        return True

    def place(self, bag: list[str], teams: dict[str, str], rng) -> None:
        """Setup: move this character within a drawn bag (ids by seat; ``teams`` maps each
        id to its team) where its setup rule seats it (the Marionette beside the Demon)."""

    def prepare(self, game: "GameView", player: "Player") -> None:
        """Storyteller choices made at setup, proposed with the game's seeded RNG."""

    def setup_lines(self, game: "GameView", player: "Player") -> list[str]:
        """Private lines telling the Storyteller the setup choices this character needs: a
        Traveller's alignment, every Traveller's (the Storyteller chooses it; good unless told)."""
        if self.team != TRAVELLER or player is None:
            return []
        return [f"{player.Label} is the {self.name}, a Traveller, {player.alignment}. "
                f"Say 'seat {player.seat} is evil' or 'good' to choose their alignment; "
                "an evil Traveller learns who the Demon is."]

    # --- night ---------------------------------------------------------------------------
    def wakes(self, game: "GameView", player: "Player", first_night: bool) -> bool:
        """Whether this ability acts tonight, given it has a place (night_position). By
        default: its holder is alive, or the ability works when dead, or another ability
        keeps it working (``game.works_dead``: a Minion the Vigormortis killed). A Fabled's
        (``player`` None) acts wherever it has a place."""
        return (player is None or player.alive or self.works_when_dead
                or game.works_dead(player, self.id))

    def night_position(self, game: "GameView", player: "Player", first_night: bool) -> int | None:
        """Where this ability acts in tonight's order (None: not tonight). By default the
        official place. A first-night-only ability ("you start knowing ...") also acts on
        the night its holder gains it mid-game (``game.gained_tonight``), just before dawn."""
        if first_night:
            return self.first_night
        if (self.other_night is None and self.first_night is not None
                and game.gained_tonight(player, self.id)):
            return GAINED_FIRST_NIGHT_STEP
        return self.other_night

    # The step wakes its holder by this ability's own name, not as the character they
    # think they are (the Scarlet Woman's step tells her, still as herself, that she is
    # now the Demon). Otherwise a borrowed ability wakes as "the Pixie, ..., with the
    # Oracle's ability".
    wakes_by_own_name: bool = False

    def wake_counts(self, game: "GameView", player: "Player", ability: str) -> bool:
        """Whether tonight's wake for ``ability`` is a wake for the holder's own ability (the
        Chambermaid counts those). Asked of the unit, or of the believer of a believed
        ability: the Lunatic's first night, when their Demon has no first-night action, is
        only the fake Demon info, which does not count."""
        return True

    def wakes_holder(self, game: "GameView", player: "Player") -> bool:
        """False when the step runs without waking this player (a dead Farmer, the King
        whose step wakes the Demon)."""
        return True

    def night(self, game: "GameView", player: "Player") -> Iterator[Any]:
        """The night step, a generator yielding waits (see statemachine.waits)."""
        yield from ()

    # --- a character that acts as believed (acts_as_believed: the Drunk, the Lunatic) -----
    # The line said as its holder wakes, instead of "They are drunk." ("" keeps that).
    believer_note: str = ""
    # True: the character's own step runs too, at its own place, waking nobody (the
    # Marionette's, where the Demon learns them).
    believer_step: bool = False
    # What the engine says the believed ability's holder is ("They are drunk."): true of
    # the grimoire ("the Marionette" for the Marionette, who is not drunk).
    impaired_as: str = "drunk"

    def believed_position(self, game: "GameView", player: "Player", ability: str,
                          first_night: bool) -> int | None:
        """Where the believed ability of this character's holder acts tonight. By default
        the believed ability's own place (the Drunk's Townsfolk); the Lunatic acts at its
        own place, before the real Demon."""
        return game.unit(ability).night_position(game, player, first_night)

    def believed_night(self, game: "GameView", player: "Player", ability: str) -> Iterator[Any]:
        """The believed ability's night step for this character's holder (it never works).
        By default just that step; the Lunatic adds the fake Demon info and tells the real
        Demon what was chosen."""
        return (yield from game.unit(ability).night(game, player))

    def kept_asleep(self, game: "GameView", player: "Player") -> Iterator[Any]:
        """The night step when another ability keeps its holder from waking tonight
        (``game.keep_asleep``: the Exorcist's chosen Demon): what the ability still does
        without waking them, as waits. By default, while it works, the kills it marked on
        an earlier night for this step (statemachine.rules.delayed: the Pukka's poisoned player
        still dies)."""
        if not game.impaired(player, self.id):
            for line in delayed.carry_out(game, player, self.id):
                game.say_private(line)
        yield from ()

    # --- deaths, day, win -------------------------------------------------------------------
    def safe_from_demon(self, game: "GameView", player: "Player") -> bool:
        return False

    def on_death(self, game: "GameView", player: "Player", cause: str) -> None:
        """Called after this character's player died (cause: demon, execution, ability...)."""

    def before_death(self, game: "GameView", player: "Player", cause: str) -> bool | str:
        """True lets the death happen, False prevents it, HELD holds it: the ability will
        decide later (the Mayor's bounce, asked in an interjected step); SEEMS_DEAD
        (statemachine.rules.seeming) makes it a death to the table only (the Zombuul's first)."""
        return True

    def on_nominated(self, game: "GameView", nominee: "Player",
                     nominator: "Player | None") -> None:
        """This player was nominated; ``nominator`` None: by the Storyteller (the Bishop)."""

    def on_nomination(self, game: "GameView", holder: "Player", nominator: "Player",
                      nominee: "Player") -> None:
        """Asked of every ability in play when a player nominates (not a call for an exile),
        after the nomination is said and before the nominee's own abilities answer (the
        Witch's cursed nominator dies)."""

    def madness(self, game: "GameView", holder: "Player", player: "Player") -> str | None:
        """Asked of working abilities when the Storyteller says ``player`` broke madness: a
        line saying why this ability lets them be executed for it (the Cerenovus's madness,
        the Mutant's own), else None (statemachine/rules/madness.py)."""
        return None

    def on_choice(self, game: "GameView", holder: "Player", seats: list[int]) -> bool:
        """A choice of seats said for this character ("the klutz chooses seat 3") when no
        night step waits for it: a public choice made on learning they died (the Klutz).
        True if taken; asked of the holders of the named character's ability."""
        return False

    def turns_win(self, game: "GameView", holder: "Player", win: "Win") -> "Win | None":
        """Asked of working abilities (dead holders too, if it works when dead) as the game
        ends by the rules or an ability (not by the Storyteller's command): the win that
        stands instead, or None (the Heretic: the losing team wins)."""
        return None

    def holds_end(self, game: "GameView", holder: "Player", win: "Win") -> str | None:
        """Asked of working abilities (dead holders too, if it works when dead) as the game
        would end by the rules or an ability: a line for the Storyteller holds the end for
        their word, and the game goes on until the unit ends it (``game.end_game``): the
        Politician's blame is theirs to judge."""
        return None

    def excludes(self, other: str) -> bool:
        """Setup: True if this character and ``other`` may not both be in play (jinxes: the
        Heretic and the Baron); a drawn bag never holds both, a created one is refused."""
        return False

    def win_veto(self, game: "GameView", holder: "Player", win: "Win") -> str | None:
        """Asked of working abilities before a win is declared by the rules or by an ability
        (not by the Storyteller's command): a reason stops it, and the game goes on (the
        Evil Twin: good cannot win while both twins live)."""
        return None

    def on_created(self, game: "GameView", player: "Player") -> list[str]:
        """This character was just created mid-game (the Pit-Hag): private lines telling the
        Storyteller what it needs of them. By default its setup choices are proposed afresh
        (``prepare``, ``setup_lines``) and a [bracketed] setup effect is said not to apply."""
        self.prepare(game, player)
        lines = list(self.setup_lines(game, player))
        if self.setup:
            lines.append(f"The {self.name}'s setup effect does not apply: the game has begun.")
        return lines

    def protects(self, game: "GameView", holder: "Player", player: "Player",
                 cause: str) -> str | None:
        """Asked of working abilities before ``player`` dies (any cause, an exile too): a
        line for the Storyteller if this ability keeps them alive (the Tea Lady)."""
        return None

    def may_spare_execution(self, game: "GameView", holder: "Player",
                            player: "Player") -> str | None:
        """Asked of working abilities when ``player`` is executed: a line if they might not
        die (the Pacifist); the Storyteller is then asked yes or no, does the player die."""
        return None

    def on_nominated(self, game: "GameView", nominee: "Player", nominator: "Player") -> None:
        pass

    def on_executed(self, game: "GameView", player: "Player") -> None:
        pass

    def may_take_execution(self, game: "GameView", holder: "Player",
                           player: "Player") -> str | None:
        """Asked of working abilities before ``player`` is executed, however: a line for
        the Storyteller if this holder may be executed instead (the Scapegoat); the
        execution then waits for their word."""
        return None

    def on_any_death(self, game: "GameView", holder: "Player", dead: "Player", cause: str) -> None:
        """Called on every living holder of this ability when anybody dies."""

    def check_win(self, game: "GameView", player: "Player", moment: str) -> Win | None:
        """moment: 'death', 'execution', 'dusk', 'dawn'."""
        return None

    def postpones_end(self, game: "GameView", holder: "Player", win: Win) -> str | None:
        """Asked of every ability in play (working or not, dead holders too) before the game
        ends by its own rule (the Demon is dead, only two players live): None lets it end; a
        line (said privately, "" for nothing) keeps the game going (the Mastermind)."""
        return None

    def on_chosen(self, game: "GameView", holder: "Player", chooser: "Player",
                  ability: str) -> None:
        """Asked of every working ability at night when ``chooser``'s ability ``ability``
        chooses this holder (a player's own choice, before the ability acts on it): the
        Goon makes the first chooser drunk."""

    def handle(self, game: "GameView", player: "Player", intent: str, slots: dict) -> bool:
        """Handle one of this character's own commands; True if handled. ``player`` is None
        for a Fabled's or Loric's (statemachine/rules/fabled.py)."""
        return False

    # --- the Storyteller's own abilities: Fabled and Loric (statemachine/rules/fabled.py) --
    def table_lines(self, game: "GameView") -> list[str]:
        """Public lines for the table as the game starts, after this Fabled's ability is
        said (the Djinn's special rules)."""
        return []

    def on_day_start(self, game: "GameView") -> None:
        """A day has just begun, its opening line said: this Fabled's moment (the Buddhist's
        silence, the Ferryman's final day)."""

    def vote_weight(self, game: "GameView", player: "Player") -> int:
        return 1

    def free_vote(self, game: "GameView", player: "Player") -> bool:
        """True when this dead player votes without a vote token (the Banshee)."""
        return False

    def may_vote(self, game: "GameView", player: "Player") -> str | None:
        """None if this player may vote now, else the reason they may not."""
        return None

    def vote_factor(self, game: "GameView", holder: "Player", voter: "Player") -> int:
        """What this ability (held by ``holder``) multiplies ``voter``'s vote by: the
        Bureaucrat's chosen player 3, the Thief's -1. Asked of every ability in play."""
        return 1

    def on_vote_open(self, game: "GameView", holder: "Player", vote) -> None:
        """A vote opened (``vote.nominee``, ``vote.exile``): say reminders (the Butler)."""

    def on_vote_tallied(self, game: "GameView", holder: "Player", vote) -> None:
        """A vote was counted (``vote.voters``, ``vote.total``; ``game.block`` is updated):
        the Gunslinger may shoot, the Scapegoat may be proposed, the Beggar spends a token."""

    # --- rules this ability imposes on other players (asked of working abilities) ---------
    def vote_rule(self, game: "GameView", holder: "Player", voter: "Player") -> str | None:
        """None if ``voter`` may vote on an execution as far as this ability is concerned,
        else the reason they may not (the Voudon: only they and the dead vote)."""
        return None

    def who_votes(self, game: "GameView", holder: "Player") -> str | None:
        """Who may raise a hand on an execution, said with the call to vote, when this
        ability limits it ("Only the Voudon, seat 9, Zed, and the dead may vote"), else
        None."""
        return None

    def free_ghost_votes(self, game: "GameView", holder: "Player") -> bool:
        """True while dead players vote without a vote token and spend none (Voudon)."""
        return False

    def adjust_threshold(self, game: "GameView", holder: "Player", need: int) -> int:
        """The votes needed to put a nominee on the block (Voudon: any vote, the most wins)."""
        return need

    def nomination_rule(self, game: "GameView", holder: "Player", nominator: "Player | None",
                        nominee: "Player", refusal):
        """The refusal that stands for this nomination (``statemachine.rules.day_rules.Refusal``,
        or None to allow it), given the refusal so far by the ordinary rules and the
        abilities asked before. ``nominator`` None is the Storyteller. The Bishop refuses
        every player's and allows the Storyteller's; the Butcher lifts the refusal for
        their own nomination after the day's execution."""
        return refusal

    def after_execution(self, game: "GameView", holder: "Player",
                        executed: "Player") -> str | None:
        """Asked of working abilities after an execution, the game not over: a line for the
        Storyteller if the day goes on for this ability (the Butcher may nominate again);
        the day then reopens, nobody on the block, one more execution allowed."""
        return None

    def day_end_rule(self, game: "GameView", holder: "Player") -> str | None:
        """Why the day may not end yet, as far as this working ability is concerned (the
        Bishop: no player of the other team nominated today), or None."""
        return None

    def info_rule(self, game: "GameView", holder: "Player", player: "Player",
                  ability: str) -> str | None:
        """What the information ``player``'s ``ability`` gives now must be, as far as this
        ability (held by ``holder``) rules: "false" (the Vortox: Townsfolk information),
        "true" (the Barista's chosen player), or None. Asked of every ability in play:
        check here that this one works."""
        return None

    def poisons(self, game: "GameView", holder: "Player", player: "Player") -> bool:
        """True while this ability (held by ``holder``, working: the engine checks) makes
        ``player`` poisoned by the state of the game, not by an effect: the No Dashii's two
        nearest Townsfolk, recomputed whenever asked."""
        return False

    def secret_votes(self, game: "GameView", holder: "Player") -> bool:
        """Asked of working abilities: True while votes on nominations are cast with eyes
        closed and the tally is secret (the Organ Grinder). The tally and who is about to
        die are then said privately; the execution is said as usual; a dead voter's vote
        token is spent at dusk."""
        return False

    def discounted_voters(self, game: "GameView", holder: "Player", vote) -> set[int]:
        """Asked of working abilities as a vote is counted: named voters whose hand does
        not count (the Butler whose master did not vote, with eyes closed: a jinx)."""
        return set()

    def hides_evil_info(self, game: "GameView", holder: "Player") -> bool:
        """Asked of working abilities on the first night: True while this one keeps the
        Minions and the Demon from being shown each other (the Poppy Grower). The Minion
        info step is skipped and the Demon info shows only the bluffs."""
        return False

    def shown_in_evil_info(self, game: "GameView", holder: "Player") -> bool:
        """Asked of working abilities on the first night: True while this holder is shown to
        the Minions as a Demon at the Minion info, and to the Demon among its Minions at the
        Demon info (the Magician)."""
        return False

    def woken_with_demon(self, game: "GameView", holder: "Player") -> bool:
        """Asked of working abilities on the first night: True while this holder is woken
        with the Demon at the Demon info, rather than shown to it as a Minion (the Magician
        with Legion)."""
        return False

    def hides_demon_info(self, game: "GameView", holder: "Player") -> bool:
        """Asked of working abilities on the first night: True while the Demon is not woken
        for its info at all, bluffs included (Tor: nobody knows their own character)."""
        return False

    def keeps_ability(self, game: "GameView", holder: "Player", player: "Player",
                      ability: str) -> bool:
        """True if this ability (held by ``holder``) keeps the dead ``player``'s ``ability``
        working as if they were alive (the Vigormortis's killed Minions). Asked of every
        ability in play: check here that this one works (without game.working on it)."""
        return False

    def alignment_veto(self, game: "GameView", holder: "Player | None", player: "Player",
                       alignment: str) -> str | None:
        """Asked before an ability changes a player's alignment; a reason stops the change
        (the Spirit of Ivory). ``holder`` is None for a Fabled."""
        return None

    def grants(self, game: "GameView", holder: "Player") -> list[tuple["Player", str]]:
        """Abilities this holder's ability gives to other players now, as (player, ability id)
        pairs (the Boffin gives the Demon a good ability). Must not call game.abilities."""
        return []

    def grant_impairment(self, game: "GameView", giver: "Player", holder: "Player",
                         ability: str) -> str | None:
        """Why an ability this unit granted does not work ('drunk'/'poisoned'/None). By
        default it fails when either the giver or the holder is drunk or poisoned."""
        return game.impairment(giver, self.id) or game.impairment(holder)

    def on_wake(self, game: "GameView", holder: "Player", woken: list["Player"]) -> list[str]:
        """Private lines for the Storyteller when the engine wakes these players (the Wraith
        wakes with other evil players)."""
        return []

    def at_night_end(self, game: "GameView", holder: "Player") -> None:
        """The night's last moment, before dawn: a death now is a night death, announced at
        dawn (the Acrobat's chosen player ended the night drunk). Asked of every ability."""

    def on_dawn(self, game: "GameView", holder: "Player") -> None:
        """At dawn, after the night's deaths are announced (Al-Hadikhia's report)."""

    def on_character_change(self, game: "GameView", holder: "Player", player: "Player",
                            old: str, new: str) -> None:
        """``player``'s character changed from ``old`` to ``new`` (Barber swap, Imp
        star-pass, Farmer, Scarlet Woman, the Storyteller's 'seat X is the ...'). Asked of
        every ability in play, ``holder`` being its holder (the Philosopher's choice comes
        into play)."""

    # --- asked of the Fabled and Loric alone (holder None: statemachine/rules/fabled.py) -----
    def shows_evil_info(self, game: "GameView", holder: None) -> bool:
        """True: the Minion and Demon info happen on the first night even with fewer than
        seven players (the Toymaker)."""
        return False

    def registration(self, game: "GameView", holder: None, player: "Player") -> frozenset[str]:
        """What ``player`` may register as now by this ability, besides the truth (the
        Revolutionary's pair, once): "good", "evil" or a character type."""
        return frozenset()

    def allows_false_info(self, game: "GameView", holder: None, player: "Player",
                          ability: str) -> str | None:
        """A sober and healthy ``player`` was just given false information by ``ability``:
        a line if this ability allows it (the Fibbin, once; it is then used), else None."""
        return None

    def on_seats_moved(self, game: "GameView", holder: "Player", moved: dict[int, int]) -> None:
        """Players changed seats (a Matron swap, a Traveller sitting down between two):
        ``moved`` maps each old seat number that changed to the new one. Fix any seat
        numbers this unit keeps other than in reminders it declares (``seat_reminders``)."""


class Registry:
    """All characters the app knows, by id."""

    def __init__(self) -> None:
        self._by_id: dict[str, Character] = {}

    def add(self, character: Character) -> None:
        if not character.id or character.id in self._by_id:
            raise ValueError(f"bad or duplicate character id {character.id!r}")
        self._by_id[character.id] = character

    def get(self, character_id: str) -> Character:
        return self._by_id[character_id]

    def __contains__(self, character_id: str) -> bool:
        return character_id in self._by_id

    def __iter__(self):
        return iter(self._by_id.values())

    def __len__(self) -> int:
        return len(self._by_id)
