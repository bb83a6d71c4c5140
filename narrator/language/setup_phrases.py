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
    Family("roster", "Take the names from a saved group of players.",
           ("[the] {roster}",)),
    Family("no_names", "Play on seat numbers alone.",
           ("no names", "seat numbers [only]")),
    Family("learn_voice", "Learn the Storyteller's voice: thirty short phrases in the earpiece, "
           "each said back once (narrator enroll).",
           ("learn my voice", "learn my voice again")),
) + tuple(f for f in FAMILIES if f.intent in SHARED_INTENTS)

SETUP_INTENTS = tuple(f.intent for f in SETUP_FAMILIES)


def spoken_name(name: str) -> str:
    """How a script or roster name is said: 'Trouble Brewing' -> 'trouble brewing'."""
    text = T.normalise(name)
    return text[4:] if text.startswith("the ") else text


def setup_language(scripts: Iterable[str], rosters: Iterable[str]) -> CommandLanguage:
    """The language of the setup questions for these script and roster names."""
    def slot(names: Iterable[str]) -> list[tuple[str, str]]:
        pairs = [(spoken_name(n), n) for n in names if spoken_name(n)]
        return pairs or [("none", "")]  # a list may not be empty; "none" is never a name
    return CommandLanguage(Registry(), [], 20, families=SETUP_FAMILIES,
                           lists={"script": slot(scripts), "roster": slot(rosters)})


def without_words(language: CommandLanguage, unknown: Iterable[str]) -> tuple[CommandLanguage,
                                                                             list[str]]:
    """The setup language without the script and roster names that use ``unknown`` words
    (a recognizer's model cannot say them; the dial and the keyboard still offer them), and
    the names left out."""
    unknown = set(unknown)
    kept: dict[str, list[str]] = {"script": [], "roster": []}
    dropped: list[str] = []
    for name in kept:
        for spoken, value in language.lists[name]:
            if not value:
                continue
            (dropped if unknown & set(spoken.split()) else kept[name]).append(value)
    return setup_language(kept["script"], kept["roster"]), dropped
