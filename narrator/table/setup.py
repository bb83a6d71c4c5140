"""Setting a game up at the table, one question at a time in the earpiece: the script, the
number of players, of Travellers, and where the names come from, then a last look before the
bag is drawn. Each question proposes an answer (last game's, or a default) that next or yes
accepts; a spoken or typed answer, or the dial, changes it and is read back. Nothing here
touches a device or a file: the table asks it what to say and carries out what it returns.

Where the choices come from (:func:`choices_from`): the bundled scripts and the scripts
imported into ``<data_dir>/scripts`` (JSON script files), the rosters of the config's
[rosters] and the last game's names, and the last game's setup for the proposals.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from narrator.language import templates as T
from narrator.language.setup_phrases import spoken_name, spoken_names
from narrator.table.games import GameSpec
from narrator.table.names import SeatNames, clean, read_regulars
from statemachine.journal.store import Journal
from statemachine.bag.draw import MAX_PLAYERS, MAX_TRAVELLERS, MIN_PLAYERS

log = logging.getLogger(__name__)

LAST_GAME = "last game"          # the roster of the last game's names
NAME_INTENTS = ("name_seat", "new_name", "spell", "heard_name")
QUESTIONS = ("script", "players", "travellers", "names", "confirm")
ASKING = {"script": "the script", "players": "the number of players",
          "travellers": "the number of Travellers", "names": "the names",
          "confirm": "a last look before the bag is drawn"}


@dataclass
class Choices:
    """What the questions offer: script name -> what load_script takes; roster -> names;
    and the last game's setup, if any."""

    scripts: dict[str, str]
    rosters: dict[str, tuple[str, ...]] = field(default_factory=dict)
    last_script: str = ""
    last_players: int = 0
    last_travellers: int = 0
    last_names: tuple[str, ...] = ()
    regulars: tuple[str, ...] = ()        # every name the group has played with


def _count(n: int, word: str) -> str:
    if n == 0:
        return f"No {word}s"
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _last_setup(games_dir: Path) -> dict | None:
    """The setup of the most recently changed journal in ``games_dir`` (finished or not)."""
    journals = sorted(games_dir.glob("*.sqlite"), key=lambda p: (p.stat().st_mtime, p.name),
                      reverse=True) if games_dir.is_dir() else []
    for path in journals:
        try:
            journal = Journal(path, write=False)
        except Exception:  # noqa: BLE001 - a damaged journal is not a last game
            continue
        try:
            setup = journal.get_meta("setup")
        except Exception:  # noqa: BLE001
            setup = None
        finally:
            journal.close()
        if isinstance(setup, dict):
            return setup
    return None


def choices_from(data_dir: Path, rosters: dict[str, tuple[str, ...]]) -> Choices:
    """The scripts, rosters and last game's setup the questions offer (never raises)."""
    from characters.scripts import bundled_scripts, load_script

    scripts = {name: name for name in bundled_scripts()}
    for path in sorted((data_dir / "scripts").glob("*.json")):
        try:
            script = load_script(str(path))
        except Exception as exc:  # noqa: BLE001 - a broken import is left out, and logged
            log.warning("script %s left out: %s", path, exc)
            continue
        if not script.name or script.name in scripts:
            continue
        said = set(spoken_names(script.name))
        clash = next((n for n in scripts if said & set(spoken_names(n))), None)
        if clash is not None:   # it could never be chosen by voice: said in the log
            log.warning("script %s left out: it is said like %s; rename it", path, clash)
            continue
        scripts[script.name] = str(path)
    choices = Choices(scripts, dict(rosters))
    setup = _last_setup(data_dir / "games")
    choices.regulars = tuple(dict.fromkeys(
        n for n in read_regulars(data_dir) + tuple(x for r in rosters.values() for x in r)
        + tuple(str(x) for x in (setup or {}).get("players", []) + (setup or {}).get(
            "travellers", [])) if clean(n)))
    if setup is not None:
        players = [str(n) for n in setup.get("players", [])]
        travellers = [str(n) for n in setup.get("travellers", [])]
        if setup.get("script_name") in scripts:
            choices.last_script = setup["script_name"]
        choices.last_players, choices.last_travellers = len(players), len(travellers)
        names = tuple(players + travellers)
        choices.last_names = names
        if any(names) and names not in choices.rosters.values():
            choices.rosters[LAST_GAME] = names
    return choices


class SetupQuestions:
    """The questions' state. ``answer(intent, slots)`` and ``accept()`` return the lines to
    say privately; ``spec()`` is the game to start once the last look is accepted."""

    def __init__(self, choices: Choices, default_script: str = "Trouble Brewing",
                 after_game: bool = False) -> None:
        self.choices = choices
        self.after_game = after_game and bool(choices.last_players)  # next = same players
        self.step = ""            # "" = not asked yet (waiting for new game)
        scripts = list(choices.scripts)
        self.script = (choices.last_script or
                       (default_script if default_script in choices.scripts else scripts[0]))
        self.players = choices.last_players if MIN_PLAYERS <= choices.last_players <= \
            MAX_PLAYERS else 7
        self.travellers = min(choices.last_travellers, MAX_TRAVELLERS)
        self.roster = ""
        for name, names in choices.rosters.items():
            if choices.last_names and names == choices.last_names:
                self.roster = name
        self.done = False
        self.names = SeatNames(choices.regulars)

    # --- what is asked ---------------------------------------------------------------------
    def start(self, same: bool = False) -> list[str]:
        """"new game" (every question) or "same players" (straight to the last look)."""
        if same and not self.choices.last_players:
            return ["There is no last game to repeat. New game."] + self._go("script")
        return self._go("confirm" if same else "script")

    def _go(self, step: str) -> list[str]:
        self.step = step
        return [self.question()]

    def question(self) -> str:
        step = self.step
        if step == "script":
            return f"Which script? {self.script}: press next, or say another."
        if step == "players":
            return (f"How many players, not counting Travellers? {self.players}: press next, "
                    "or say a number.")
        if step == "travellers":
            what = "None" if not self.travellers else str(self.travellers)
            return f"How many Travellers? {what}: press next, or say a number."
        if step == "names":
            if self.names.waiting:
                return (self.names.read_back() if self.names.proposed else
                        f"For seat {self.names.asking}, say 'the name is' and the name.")
            example = (f"seat one is {spoken_name(self.choices.regulars[0])}"
                       if self.choices.regulars else "seat one is a new name")
            return (f"Names? {self._names_said()}: press next, or say seat numbers only, or "
                    f"name a seat, for example '{example}'.")
        if step == "confirm":
            return f"{self.summary()} Press next to draw the bag, or no to start again."
        if self.after_game:
            return "Say same players, or new game. Press next for the same players."
        return "No game yet. Say new game, or press next."

    def summary(self) -> str:
        trav = f" and {_count(self.travellers, 'Traveller')}" if self.travellers else ""  # > 0
        return f"{self.script}, {self.players} players{trav}, {self._names_said(lower=True)}."

    def _names_said(self, lower: bool = False) -> str:
        if self.names.given:
            named = len(self.seat_names())
            said = f"{named} seats named" if named != 1 else "1 seat named"
            if named < self.players + self.travellers:
                said += ", the others by number"
            return said
        if not self.roster:
            return "seat numbers only" if lower else "Seat numbers only"
        names = self.choices.rosters[self.roster]
        seats = self.players + self.travellers
        what = "the last game's names" if self.roster == LAST_GAME else f"the {self.roster}"
        what = what if lower else what[0].upper() + what[1:]
        if len(names) < seats:
            return f"{what}, {len(names)} names; the other seats by number"
        return what

    def where(self) -> str:
        """'Where are we' while no game runs."""
        if not self.step:
            return f"No game is running. {self.question()}"
        return f"Setting up a new game: {ASKING[self.step]}. {self.question()}"

    def options(self) -> list[tuple[str, str]]:
        """What the dial offers now: (the line it says, the typed phrase a press carries out)."""
        step = self.step
        if not step:
            out = [("New game.", "new game")]
            if self.choices.last_players:
                out.append(("Same players.", "same players"))
            return out
        if step == "script":
            return [(f"{name}.", f"the script is {name}") for name in self.choices.scripts]
        if step == "players":
            return [(f"{n} players.", f"{n} players") for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        if step == "travellers":
            return [(f"{_count(n, 'Traveller')}.", f"{n} travellers")
                    for n in range(0, MAX_TRAVELLERS + 1)]
        if step == "names":
            named = self.seat_names()
            free = next((n for n in range(1, self.players + self.travellers + 1)
                         if n not in named), 0)
            seated = {n.lower() for n in named.values()}
            return [("Seat numbers only.", "seat numbers only")] + [
                (f"{'The last game' if r == LAST_GAME else 'The ' + r}.", f"the {r}")
                for r in self.choices.rosters] + [
                (f"Seat {free}: {r}.", f"seat {free} is {r}") for r in self.choices.regulars
                if free and r.lower() not in seated]
        return [("Draw the bag.", "next"), ("Start again.", "no")]

    def sayable(self) -> list[str]:
        """What can be said at this question, as it is said (help lists these; each parses
        in the setup language): every script by its spoken name, a count, each roster."""
        step = self.step
        if not step:
            return ["new game"] + (["same players"] if self.choices.last_players else []) + [
                "next"]
        if step == "script":
            return [spoken_name(n) for n in self.choices.scripts if spoken_name(n)] + ["next"]
        if step == "players":
            other = 9 if self.players != 9 else 8
            return [f"{T.number_words(other, other)[0][0]} players", "next"]
        if step == "travellers":
            return ["one traveller", "no travellers", "next"]
        if step == "names":
            if self.names.waiting:
                return (["yes", "no"] if self.names.proposed else []) + ["spell c a t"]
            regular = [f"seat one is {spoken_name(self.choices.regulars[0])}"] \
                if self.choices.regulars else []
            return ["seat numbers only"] + [f"the {spoken_name(r)}" for r in self.choices.rosters
                                            if spoken_name(r)] + regular + [
                "seat one is a new name", "next"]
        return ["next", "no"]

    # --- answers ---------------------------------------------------------------------------
    def accept(self) -> list[str]:
        """next or yes: take the proposal and ask the next question."""
        if not self.step:
            return self.start(same=self.after_game)
        if self.step == "confirm":
            self.done = True
            return []
        if self.step == "names" and self.names.waiting:
            return ([self.names.read_back()] if self.names.proposed else
                    [f"Say the name for seat {self.names.asking}, or spell it."])
        return self._go(QUESTIONS[QUESTIONS.index(self.step) + 1])

    def back(self) -> list[str]:
        """undo: the question before this one."""
        if self.step in ("", "script"):
            return [self.question()]
        return self._go(QUESTIONS[QUESTIONS.index(self.step) - 1])

    def answer(self, intent: str, slots: dict) -> list[str]:
        """A value for one question (whichever is open): set it and read it back."""
        if intent == "new_game":
            return self.start()
        if intent == "same_players":
            return self.start(same=True)
        if self.step == "names" and (intent in NAME_INTENTS or
                                     intent in ("yes", "no") and self.names.waiting):
            return self._name_answer(intent, slots)
        if intent in NAME_INTENTS:
            return [f"Names come after the players. {self.question()}"]
        if intent == "no":
            if self.step == "confirm":
                return ["Starting again."] + self._go("script")
            return [f"Say the answer or turn the dial. {self.question()}"]
        if not self.step:
            return ["Say new game first."]
        if intent == "count":   # a number alone answers the count that is asked
            if self.step not in ("players", "travellers"):
                return [f"A number alone answers how many players or Travellers. {self.question()}"]
            intent = self.step
        if intent == "script":
            self.script = slots["script"]
            said = f"{self.script}."
        elif intent == "players":
            n = int(slots["count"])
            if not MIN_PLAYERS <= n <= MAX_PLAYERS:
                return [f"A game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}. "
                        "Say another number."]
            self.players, said = n, f"{n} players."
        elif intent == "travellers":
            n = int(slots.get("count", 0))
            if n > MAX_TRAVELLERS:
                return [f"At most {MAX_TRAVELLERS} Travellers, not {n}. Say another number."]
            self.travellers, said = n, f"{_count(n, 'Traveller')}."
        elif intent == "roster":
            self.roster = slots["roster"]
            said = f"{self._names_said()}."
        elif intent == "no_names":
            self.roster, said = "", "Seat numbers only."
            self.names.given.clear()
        else:
            return [self.question()]
        if self.step == "confirm":
            return [said, self.question()]
        return [f"{said} Press next."]

    def _name_answer(self, intent: str, slots: dict) -> list[str]:
        names, seats = self.names, self.players + self.travellers
        taken = self.seat_names()
        if intent in ("yes", "no"):
            return names.answer(intent == "yes", taken)
        if intent == "name_seat":
            return names.name_seat(int(slots["seat"]), str(slots["name"]), seats, taken)
        if intent == "new_name":
            return names.new_name(int(slots["seat"]), seats)
        if intent == "spell":
            return names.spelled(list(slots.get("letters", [])), taken)
        return names.heard(str(slots.get("name", "")), taken)     # heard_name

    def seat_names(self) -> dict[int, str]:
        """Seat -> name as the game would have it: the roster's, then the names given."""
        seats = self.players + self.travellers
        out = {n: name for n, name in enumerate(self.choices.rosters.get(self.roster, ()), 1)
               if n <= seats and name}
        out.update({n: name for n, name in self.names.given.items() if n <= seats})
        return out

    def spec(self) -> GameSpec:
        """The game the answers describe (names by seat, "" for a seat called by number)."""
        seats = self.players + self.travellers
        named = self.seat_names()
        names = [named.get(n, "") for n in range(1, seats + 1)]
        return GameSpec(script=self.choices.scripts[self.script], players=names[:self.players],
                        travellers=names[self.players:], source="setup")
