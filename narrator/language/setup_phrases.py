"""The phrases of table mode's setup questions (no game yet): "new game", the script, the
number of players and of Travellers, the names, and the few game phrases that work there
too (next, yes, no, repeat, help, where are we, pause, resume). Written as templates like the
game's commands, so typed lines, the recognizer's grammar and the docs come from one place.
"""
from __future__ import annotations

from collections.abc import Iterable

from narrator.language import templates as T
from narrator.language.commands import FAMILIES, CommandLanguage, Family
from statemachine.registry import Registry

# The game's phrases that mean the same while setting up.
SHARED_INTENTS = ("next", "yes", "no", "repeat", "help", "status", "pause", "resume", "undo")

SETUP_FAMILIES: tuple[Family, ...] = (
    Family("new_game", "Set up a new game: the questions follow, one at a time.",
           ("new game", "[start] a new game")),
    Family("same_players", "After a game: the next game with the same script and players.",
           ("same players", "same players again")),
    Family("script", "Which script: a bundled one or one imported into the scripts folder.",
           ("{script}", "the script is {script}", "play {script}")),
    Family("players", "How many players (not counting Travellers).",
           ("{number:count} players", "{number:count} player")),
    Family("travellers", "How many Travellers.",
           ("{number:count} travellers", "{number:count} traveller", "no travellers")),
    Family("count", "A number alone: how many players, or Travellers, whichever is asked.",
           ("{number:count}",)),
    Family("roster", "Take the names from a saved group of players.",
           ("[the] {roster}",)),
    Family("no_names", "Play on seat numbers alone.",
           ("no names", "seat numbers [only]")),
    Family("learn_voice", "Learn the Storyteller's voice: thirty short phrases in the earpiece, "
           "each said back once (narrator enroll).",
           ("learn my voice", "learn my voice again")),
    Family("new_name", "A name not yet among the regulars: the name itself is said next, "
           "then read back for a yes.",
           ("seat {seat} is a new name", "[a] new name for seat {seat}")),
    Family("name_seat", "Name a seat: one of the group's regulars (typed: any name, read "
           "back for a yes if new).",
           ("seat {seat} is {regular:name}", "seat {seat} is {name}"),
           spoken=("seat {seat} is {regular:name}",)),
    Family("spell", "Spell a new name, letter by letter.", ("spell ({letter:letters*})+",)),
) + tuple(f for f in FAMILIES if f.intent in SHARED_INTENTS)

SETUP_INTENTS = tuple(f.intent for f in SETUP_FAMILIES)


# Signs said as words (normalise says "&" as "and": "Sects & Violets", "sects and violets").
_SIGNS = {"+": " plus ", "@": " at ", "%": " percent "}


def spoken_names(name: str) -> list[str]:
    """Every way a script or roster name is said, the usual one first: 'Sects & Violets'
    -> ['sects and violets'], 'The Carousel' -> ['carousel', 'the carousel']. Accents are
    folded ('Über' -> 'uber'); a name with no letters or digits has none (dial and keys)."""
    text = name
    for sign, word in _SIGNS.items():
        text = text.replace(sign, word)
    out: list[str] = []
    for said in (T.normalise(text), T.normalise(name)):   # as said, then as typed
        if said.startswith("the "):
            out += [said[4:], said]   # "the carousel" is said "carousel" too
        elif said:
            out.append(said)
    return list(dict.fromkeys(out))


def spoken_name(name: str) -> str:
    """How a script or roster name is said: 'Trouble Brewing' -> 'trouble brewing'."""
    said = spoken_names(name)
    return said[0] if said else ""


def _slot(pairs: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    pairs = list(dict.fromkeys(pairs))
    return pairs or [("none", "")]  # a list may not be empty; "none" is never a name


LETTERS = [(c, c) for c in "abcdefghijklmnopqrstuvwxyz"]


def _said(names: Iterable[str]) -> list[tuple[str, str]]:
    return _slot((said, n) for n in names for said in spoken_names(n))


def setup_language(scripts: Iterable[str], rosters: Iterable[str],
                   regulars: Iterable[str] = ()) -> CommandLanguage:
    """The language of the setup questions for these script and roster names, and the
    regulars' names (a seat is named with one)."""
    return _language(_said(scripts), _said(rosters), _said(regulars))


def _language(scripts: list[tuple[str, str]], rosters: list[tuple[str, str]],
              regulars: list[tuple[str, str]]) -> CommandLanguage:
    return CommandLanguage(Registry(), [], 20, families=SETUP_FAMILIES,
                           lists={"script": scripts, "roster": rosters, "regular": regulars,
                                  "letter": LETTERS})


def without_words(language: CommandLanguage, unknown: Iterable[str]) -> tuple[CommandLanguage,
                                                                             list[str]]:
    """The setup language without the ways of saying a script or roster name that use
    ``unknown`` words (a recognizer's model cannot say them; the dial and the keyboard still
    offer them), and the names left with no way at all."""
    unknown = set(unknown)
    kept: dict[str, list[tuple[str, str]]] = {"script": [], "roster": [], "regular": []}
    dropped: list[str] = []
    for name in kept:
        pairs = [(spoken, value) for spoken, value in language.lists[name] if value]
        kept[name] = [(s, v) for s, v in pairs if not unknown & set(s.split())]
        sayable = {v for _, v in kept[name]}
        dropped += [v for v in dict.fromkeys(v for _, v in pairs) if v not in sayable]
    return _language(*(_slot(kept[k]) for k in ("script", "roster", "regular"))), dropped
