"""The wording of the narrator's recurring lines, in one place.

The engine says these lines through these functions, and the narrator's prompt preparation
(``narrator.speech.prompts``) calls the same functions to know, at game start, which lines a game
will need, so the spoken wording and the prepared audio cannot drift apart. Each function
takes what varies (a character's name, a player's label, a number) and returns the line.
"""
from __future__ import annotations

import unicodedata

FIRST_DUSK = "Night falls. Everyone, close your eyes."
DAWN = "Dawn. Everyone, open your eyes."
NOBODY_DIED = "Nobody died in the night."
NOBODY_EXECUTED = "Nobody is executed today."
VOTE_HELP = ("Say each voter, 'seat three votes', then the count, 'five votes', "
             "or say next when the named voters are all.")


def wake(character: str, label: str, note: str = "", borrowed: str = "") -> str:
    """'Wake the Empath, seat 3, Cat.' and any note (' They are poisoned.'). A player
    acting with an ability not their character's wakes as themself: 'Wake the Pixie, seat
    1, Ann, with the Oracle's ability.' (``borrowed``: the ability's character name)."""
    return f"Wake the {character}, {label}{_with(borrowed)}.{note}"


def not_woken(character: str, label: str, note: str = "", borrowed: str = "") -> str:
    """'The Farmer, seat 4, Dan: do not wake them.' for a step that acts unwoken."""
    return f"The {character}, {label}{_with(borrowed)}: do not wake them.{note}"


def storyteller_holds(ability: str, character: str, label: str, note: str = "") -> str:
    """'You hold the Poisoner's ability, on the Plague Doctor's token, seat 3, Cat: nobody
    wakes; you choose for it.' for an ability the Storyteller holds."""
    return (f"You hold the {ability}'s ability, on the {character}'s token, {label}: nobody "
            f"wakes; you choose for it.{note}")


def kept_asleep(character: str, label: str, why: str, borrowed: str = "") -> str:
    """'The Pukka, seat 1, Ann, does not wake tonight: the Exorcist chose them.'"""
    return f"The {character}, {label}{_with(borrowed)}, does not wake tonight: {why}."


def _with(borrowed: str) -> str:
    return f", with the {borrowed}'s ability" if borrowed else ""


def put_to_sleep(character: str) -> str:
    return f"Put the {character} to sleep."


def dusk(night: int, first: bool) -> str:
    return FIRST_DUSK if first else f"Night {night}. Everyone, close your eyes."


def died_in_the_night(names: str) -> str:
    """``names``: 'Seat 3, Cat' or 'Seat 3, Cat and seat 5, Eve'."""
    return f"{names} died in the night."


def day_opens(day: int) -> str:
    return f"Day {day}. Talk freely; the Storyteller will call for nominations."


_TOKEN_MARKS = {"?": "question mark", "&": "and"}


def token(name: str) -> str:
    """A reminder token's name as it is said: a '?' alone is 'question mark' (the Wizard's),
    '&' is 'and' ('Sober and Healthy'), a word's own '?' is dropped ('Register Falsely')."""
    return " ".join(_TOKEN_MARKS.get(w, w if len(w) == 1 else w.rstrip("?"))
                    for w in name.replace("&", " & ").split())


def a(word: str) -> str:
    """'an evil', 'a good': the article a word is said with."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def count(n: int, noun: str, plural: str | None = None) -> str:
    """'1 player', '0 players', '2 Outsiders': a number with its noun agreeing (Townsfolk
    is its own plural)."""
    if n in (1, -1):
        return f"{n} {noun}"
    return f"{n} {plural or (noun if noun.lower() == 'townsfolk' else noun + 's')}"


def the_minions(n: int) -> str:
    """'the Minion' for one, 'the Minions' for several (or none): whom a step wakes."""
    return "the Minion" if n == 1 else "the Minions"


def votes(n: int) -> str:
    """'1 vote', '5 votes'."""
    return count(n, "vote")


def vote_call(label: str, need: int, who: str | None = None, secret: bool = False) -> str:
    """``who``: who may vote, when an ability limits it ('Only the Voudon, seat 9, Zed, and
    the dead may vote'). ``secret``: eyes closed, and the tally kept from the table."""
    hands = f"{who}: raise your hands." if who else "Raise your hands."
    if secret:
        return f"Vote on {label}, with your eyes closed. {hands}"
    return f"Vote on {label}. {votes(need)} needed. {hands}"


def votes_for(Label: str) -> str:  # noqa: N803 - the player's sentence-start label
    return f"{Label} votes."


def vote_count(total: int) -> str:
    """The first sentence of a tally: '5 votes.'"""
    return f"{votes(total)}."


def executed(Label: str) -> str:  # noqa: N803
    return f"{Label} is executed."


def is_dead(Name: str) -> str:  # noqa: N803 - the player's sentence-start name
    return f"{Name} is dead."


MANY_SEATS = 3   # a list of more players than this is said by seat numbers alone


def seat_list(labels: list[str], numbers: list[int]) -> str:
    """'seat 3, Cat and seat 5, Eve' (the players' labels); more than :data:`MANY_SEATS`
    by their seats alone: 'seats 1, 4, 6 and 9'."""
    if len(labels) > MANY_SEATS:
        return "seats " + _and([str(n) for n in numbers])
    return _and(labels)


def _and(items: list[str]) -> str:
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


# The engine's own night steps, as said: "Now: Traveller info."
STEP_NAMES = {"dusk": "dusk", "minioninfo": "Minion info", "demoninfo": "Demon info",
              "travellerinfo": "Traveller info", "dawn": "dawn"}


def show_the_demon(label: str, demons: str, by_day: bool = False) -> str:
    """An evil Traveller learns who the Demon is: 'Wake seat 8, Zed: show them the Demon,
    seat 1, Ann.' By day nobody sleeps: 'Tell seat 8, Zed privately: the Demon is seat 1,
    Ann.'"""
    if by_day:
        return f"Tell {label} privately: the Demon is {demons}."
    return f"Wake {label}: show them the Demon, {demons}."


def name_form(name: str) -> str:
    """A player's name in one Unicode form (NFC): "Zoë" typed on two keyboards is one name."""
    return unicodedata.normalize("NFC", name).strip()


def spoken_list(items) -> str:
    """'a', 'a and b', 'a, b and c'."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# the numbers as said, 0 to 20 (the command language's too: narrator.language.templates)
NUMBER_WORDS = tuple("zero one two three four five six seven eight nine ten eleven twelve thirteen "
                     "fourteen fifteen sixteen seventeen eighteen nineteen twenty".split())
_DIGITS = {word: str(n) for n, word in enumerate(NUMBER_WORDS)}


def as_heard(words: str) -> str:
    """A command's words as the narrator reads them back: numbers in digits, a run of them
    as a list ('seats one two four five vote': 'seats 1, 2, 4 and 5 vote')."""
    out: list[str] = []
    run: list[str] = []
    for word in words.split() + [""]:
        number = word if word.isdigit() else _DIGITS.get(word.lower())
        if number is not None:
            run.append(number)
            continue
        if run:
            out.append(spoken_list(run))
            run = []
        if word:
            out.append(word)
    return " ".join(out)
