"""Games played by a seeded random Storyteller, to hear every line the engine can say.

``play(...)`` starts a real session (journal and all) and answers whatever the game waits
for: legal choices most of the time, the occasional override, nomination, Traveller or
character command made from the command language's own templates; it returns every line
said, in order, with whether it was night when it was said, and every refusal.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from characters.scripts import bundled_scripts, load_script, registry_for
from narrator.language import templates as T
from narrator.language.commands import CommandLanguage
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.journal.session import Session
from statemachine.bag.draw import draw_bag
from statemachine.waits import ChooseCharacter, ChooseSeats, Info, YesNo
from engine_helpers import NAMES

TRAVELLER_NAMES = ["Zed", "Yan", "Xia"]


@dataclass
class Heard:
    # (text, at night, channel) of each line said, game by game
    games: list[list[tuple[str, bool, str]]] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)
    characters: set[str] = field(default_factory=set)
    winners: list[str] = field(default_factory=list)
    crashes: list[str] = field(default_factory=list)   # the engine failed: a bug
    @property
    def lines(self) -> list[tuple[str, bool, str]]:
        return [line for game in self.games for line in game]


def bag(script_name: str, players: int, seed: int, include: list[str] = ()) -> list[str]:
    """A drawn bag, with each of ``include`` swapped in for a character of its team (while
    one is left to swap)."""
    script = load_script(script_name)
    registry = registry_for(script)
    units = [registry.get(i) for i in script.ids]
    if any(registry.get(c).team in ("minion", "demon") for c in include):
        # An Atheist's bag holds no evil character to swap a Minion or a Demon in for.
        units = [u for u in units if u.id != "atheist"]
    ids = draw_bag(units, players, random.Random(seed))
    swapped: set[int] = set()
    for cid in include:
        if cid in ids:
            continue
        team = registry.get(cid).team
        same = [n for n, i in enumerate(ids) if registry.get(i).team == team
                and n not in swapped]
        if same:
            ids[same[seed % len(same)]] = cid
            swapped.add(same[seed % len(same)])
    return ids


class Walker:
    def __init__(self, folder: Path, heard: Heard) -> None:
        self.folder, self.heard = folder, heard
        self.games = 0
        self._patch()

    def _patch(self) -> None:
        """Note, as each line is said, whether it is night (the phase at that moment)."""
        self.at_night: list[tuple[str, bool]] = []
        walker = self
        if getattr(Game, "_walked", False):
            Game._walker = walker
            return
        Game._walked, Game._walker = True, walker
        for name in ("say_public", "say_private"):
            original = getattr(Game, name)

            def said(game, text, *args, _original=original, **kwargs):
                Game._walker.at_night.append((text, game.phase.at_night))
                return _original(game, text, *args, **kwargs)
            setattr(Game, name, said)

    def play(self, script_name: str, characters: list[str], seed: int,
             travellers: list[str] = (), steps: int = 250, named: bool = True) -> None:
        """One game; ``named`` False: players called by their seats alone."""
        script = load_script(script_name)
        registry = registry_for(script)
        names = NAMES[:len(characters)] + TRAVELLER_NAMES[:len(travellers)]
        if not named:
            names = [""] * len(names)
        setup = GameSetup(script.name, script.ids, names[:len(characters)],
                          list(characters) + list(travellers), seed,
                          names[len(characters):], script.custom)
        self.games += 1
        Game._walker = self
        self.at_night = []
        self.heard.games.append([])
        session = Session.create(self.folder / f"walk{self.games}.sqlite", setup, registry)
        self._hear(session.opening)
        rng = random.Random(seed)
        language = CommandLanguage(registry, script.ids, len(session.game.grim.players))
        for _ in range(steps):
            game = session.game
            self.heard.characters |= {a for p in game.grim.players for a in game.abilities(p)}
            self.heard.characters |= {p.character for p in game.grim.players}
            if game.winner:
                self.heard.winners.append(game.winner.winner)
                break
            intent, slots = self.pick(game, rng, language)
            self.at_night = []
            try:
                said = session.apply(intent, slots)
            except Rejected as exc:
                self.heard.refusals.append(str(exc))
                if "report this as a bug" in str(exc):
                    self.heard.crashes.append(f"{script_name} seed {seed}: {intent} {slots}")
                continue
            self._hear(said)
            if intent == "traveller_joins":
                language = CommandLanguage(registry, script.ids, len(session.game.grim.players))
        session.close()

    def _hear(self, said) -> None:
        flags = list(self.at_night)
        for s in said:
            night = next((n for i, (t, n) in enumerate(flags) if t == s.text), False)
            self.heard.games[-1].append((s.text, night, s.channel))

    # --- the random Storyteller -----------------------------------------------------------
    def pick(self, game: Game, rng: random.Random, language: CommandLanguage):
        seats = [p.seat for p in game.grim.players]
        state = game.phase.state
        if rng.random() < 0.04 and state != "setup":
            return self.generic(game, rng, language)
        if state == "setup":
            if rng.random() < 0.1:
                return self.generic(game, rng, language, ["traveller_joins", "bluffs"])
            return "next", {}
        if game.phase.at_night:
            w = game.wait
            if w is None:
                return "next", {}
            if isinstance(w, ChooseSeats):
                if w.optional and rng.random() < 0.15:
                    return "nobody", {}
                for _ in range(30):
                    pick = rng.sample(seats, min(w.count, len(seats)))
                    if not w.check or w.check(pick) is None:
                        break
                return "choose", {"seats": pick}
            if isinstance(w, ChooseCharacter):
                ids = list(game.setup.script)
                for _ in range(30):
                    cid = rng.choice(ids)
                    if not w.check or w.check(cid) is None:
                        return "character", {"character": cid}
                return "next", {}
            if isinstance(w, YesNo):
                return rng.choice(["yes", "no"]), {}
            if isinstance(w, Info) and w.kind != "text" and rng.random() < 0.3:
                return self.answer(game, w, rng)
            return ("next" if "next" in w.accepts() else w.accepts()[0]), {}
        if state == "day":
            r = rng.random()
            alive = [p for p in game.grim.players if p.alive]
            if r < 0.45 and len(alive) > 1:
                a, b = rng.sample(seats, 2)
                return "nominate", {"nominator": a, "nominee": b}
            if r < 0.6:
                return self.generic(game, rng, language)
            return "end_day", {}
        if state == "vote":
            r = rng.random()
            if r < 0.5:
                return "vote", {"seats": rng.sample(seats, rng.randint(1, min(4, len(seats))))}
            if r < 0.9:
                return "votes", {"count": rng.randint(0, len(seats))}
            return "next", {}
        return "next", {}

    def answer(self, game, w: Info, rng):
        seats = [p.seat for p in game.grim.players]
        if w.kind == "number":
            return "answer_number", {"number": rng.randint(0, 3)}
        if w.kind == "yesno":
            return "answer_yesno", {"value": rng.random() < 0.5}
        if w.kind == "seats":
            return "answer_seats", {"seats": rng.sample(seats, rng.randint(1, 2))}
        return "answer_character", {"character": rng.choice(list(game.setup.script))}

    def generic(self, game, rng, language: CommandLanguage, intents=None):
        """A random phrase of a family the game expects now, parsed as the console would."""
        skip = {"undo", "pause", "resume", "help", "repeat", "quit", "end_game"}
        wanted = sorted(set(intents or game.expected_intents()) - skip)
        families = [c for c in language.compiled if c.intent in wanted]
        if not families:
            return "next", {}
        c = rng.choice(families)
        command = language.parse(" ".join(T.expand(c.tree, language.lists, rng).split()),
                                 [c.intent])
        return (command.intent, command.slots) if command else ("next", {})


def whole_catalogue(folder: Path) -> str:
    """A script file of every character in the catalogue (for characters on no bundled
    script)."""
    from characters.catalogue import build_registry
    path = folder / "everything.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Everything"}] +
                               [c.id for c in build_registry()]))
    return str(path)


def walk_everything(folder: Path, seeds: int = 2) -> Heard:
    """Random games on every bundled script, then games for the characters not yet heard
    (Travellers included), on their script or on one of the whole catalogue."""
    heard = Heard()
    walker = Walker(folder, heard)
    scripts = sorted(bundled_scripts()) + [whole_catalogue(folder)]
    for n, name in enumerate(scripts):
        script = load_script(name)
        registry = registry_for(script)
        travellers = [i for i in script.ids if registry.get(i).team == "traveller"]
        for seed in range(seeds):
            players = 5 + (seed * 3 + n) % 11
            trav = travellers[seed % max(1, len(travellers)):][:seed % 3] if travellers else []
            # every other game on seat numbers alone ("seat 6", never "seat 6, seat 6")
            walker.play(name, bag(name, players, seed), seed, trav, named=seed % 2 == 0)
        left = [i for i in script.ids if i not in heard.characters
                and registry.get(i).team not in ("fabled", "loric")]
        for k, cid in enumerate(i for i in left if registry.get(i).team == "traveller"):
            walker.play(name, bag(name, 8, 99 + k), 99 + k, [cid])
        others = [i for i in left if registry.get(i).team != "traveller"]
        tries = 0
        while others:     # a 12-player bag holds up to 7 Townsfolk, 2 of each other team
            take, rest = [], []
            room = {"townsfolk": 7, "outsider": 2, "minion": 2, "demon": 1}
            for cid in others:
                team = registry.get(cid).team
                (take if room.get(team, 0) > 0 else rest).append(cid)
                room[team] = room.get(team, 0) - 1
            if not take:
                break
            walker.play(name, bag(name, 12, 7 + len(rest), include=take), 7 + len(rest))
            # what the bag had no room for, and any the game swapped away before they spoke
            others = [i for i in rest + take if i not in heard.characters]
            tries += 1
            if tries > 12:
                break
    return heard
