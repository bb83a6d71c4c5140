"""What `help` says: where the game is, and examples of what the current step takes, each
made from the phrase families and the script in play and tried on the session before it is
offered (tried as a command that needs a yes is: carried out, then taken back, so nothing
changes). A phrase the step would refuse is never offered; an intent with no phrase the step
takes is left out.

The examples come in the order a Storyteller needs them: the step's answers, the phase's own
commands, the characters' commands, undo and repeat, then the overrides; at most
``MAX_EXAMPLES`` of them, so the line stays short enough to follow in the earpiece.
"""
from __future__ import annotations

import logging
from collections.abc import Iterator
from itertools import zip_longest
from typing import Any

from narrator.language import templates as T
from narrator.language.commands import FAMILIES, Command, CommandLanguage, Family
from statemachine.view import examples as engine_examples
from statemachine.errors import Rejected
from statemachine.line_rules import LEAD_WORDS, unfit_to_say, words
from statemachine.journal.session import Held, Session
from statemachine.waits import ChooseSeats, Info, StorytellerStep, YesNo

log = logging.getLogger(__name__)

MAX_EXAMPLES = 6
ATTEMPTS = 4                # slot values tried per template
TRIES_PER_INTENT = 3        # phrases tried on the session for one intent, at most
TRIES = 16                  # and for one help: each try costs a rebuild of the game
NEVER_OFFERED = {"help", "quit", "pause", "resume", "status"}
ALWAYS_TAKEN = {"repeat", "status", "help"}
PHASE_FIRST = {"setup": ("next", "hand_out", "begin_night", "bluffs", "become"),
               "day": ("nominate", "end_day", "exile", "execute"),
               "vote": ("vote", "votes", "next", "execute"),
               "execution": ("next", "yes")}
LATE = ("undo", "repeat")
ENGINE_INTENTS = {f.intent for f in FAMILIES}


def help_lines(session: Session, language: CommandLanguage, spoken: bool) -> list[str]:
    """The status, 'You can say: ...' and the questions one may ask, for this step."""
    status = " ".join(s.text for s in session.apply("status"))
    said = [f"'{phrase}'" for phrase in offered(session, language, spoken)]
    lines = [status]
    if said:
        lines.append(examples_line(said))
    lines.append(questions_line(session.game))
    return lines


def not_understood(line: str) -> str:
    """A typed line that parses as no command."""
    sayable = line and line.isprintable() and "\ufffd" not in line and not unfit_to_say(line)
    heard = f" '{line}'" if sayable else " that"   # not bytes the keyboard could not read
    return f"I did not understand{heard}. Say help for what works now."


def examples_line(said: list[str], lead: str = "You can say:") -> str:
    """'You can say: 'next', 'undo' or 'repeat'. Also ...': the examples in sentences no longer
    than the earpiece's first sentence may be (``LEAD_WORDS``), the first led by ``lead``."""
    groups: list[list[str]] = [[]]
    for example in said:
        start = lead if len(groups) == 1 else "Also"
        if groups[-1] and words(_listed(start, groups[-1] + [example])) > LEAD_WORDS:
            groups.append([])
        groups[-1].append(example)
    return " ".join(_listed(lead if n == 0 else "Also", group) for n, group in enumerate(groups))


def _listed(start: str, items: list[str]) -> str:
    """'Also a, b or c.'"""
    return f"{start} {', '.join(items[:-1])} or {items[-1]}." if len(items) > 1 else f"{start} {items[0]}."


def questions_line(game: Any) -> str:
    """'You can always ask: grimoire, who is seat three, who is the pukka, ...' with a seat
    at this table and the Demon of the game in play."""
    demon = next((game.registry.get(p.character).name for p in game.grim.players
                  if p.character in game.registry
                  and game.registry.get(p.character).team == "demon"), "")
    seat = T.number_words(3, 3)[0][0]
    who = f", who is the {demon.lower()}" if demon else ""
    return (f"You can always ask: grimoire, who is seat {seat}{who}. Also who is poisoned, "
            "what is next, and more.")


def offered(session: Session, language: CommandLanguage, spoken: bool,
            limit: int = MAX_EXAMPLES) -> list[str]:
    """Up to ``limit`` phrases, one per intent, each taken by the session now."""
    game = session.game
    if game.winner:
        return ["undo"] if len(session.journal) else []
    out: list[str] = []
    budget = [TRIES]
    intents = game.expected_intents() - NEVER_OFFERED
    if "next" in intents and not isinstance(game.wait, YesNo):
        intents.discard("yes")   # the same as next here: one way to say it is enough
    if session.in_handout():
        intents.discard("hand_out")   # begun already: it would begin again
    for family in _in_order(language, intents, game):
        if family.intent.startswith("ask_"):
            continue
        if budget[0] <= 0:
            break
        phrase = _first_taken(session, language, family, spoken, budget)
        if phrase:
            out.append(phrase)
            if len(out) >= limit:
                break
    return out


def taken(session: Session, language: CommandLanguage, phrase: str, spoken: bool) -> bool:
    """Would the session take ``phrase`` now (as the listener or the keyboard hands it on)?
    Nothing changes either way."""
    game = session.game
    command = language.parse(phrase, game.expected_intents(), spoken=spoken)
    return command is not None and _tried(session, command)


def _in_order(language: CommandLanguage, intents: set[str], game: Any) -> list[Family]:
    wait = game.wait if game.phase.at_night else None
    first = list(wait.accepts()) if wait is not None else list(
        PHASE_FIRST.get(game.phase.state, ("next",)))

    def rank(f: Family) -> tuple[int, int]:
        if f.intent in first:
            return 0, first.index(f.intent)
        if f.intent not in ENGINE_INTENTS:
            return 1, 0                     # a character's own command (the Slayer's shot)
        if f.intent in LATE:
            return 2, LATE.index(f.intent)
        return 3, 0
    families = [f for f in language.families if f.intent in intents]
    return sorted(families, key=rank)


def _first_taken(session: Session, language: CommandLanguage, family: Family,
                 spoken: bool, budget: list[int]) -> str:
    """The first phrase of the family the session takes, within the tries left (``budget``,
    shared by the whole help)."""
    templates = family.spoken_templates() if spoken else family.templates
    tries = 0
    for template in templates[:3]:
        tree = T.parse_template(template)
        if spoken:
            tree = T.spoken_tree(tree)
        for phrase in _phrases(tree, language, session.game):
            command = language.parse(phrase, {family.intent}, spoken=spoken)
            if command is None:
                continue
            free = _free(session, command)
            if free is not None:
                if free:
                    return phrase
                continue
            if tries >= TRIES_PER_INTENT or budget[0] <= 0:
                return ""
            tries += 1
            budget[0] -= 1
            if _tried(session, command):
                return phrase
    return ""


def _phrases(tree: T.Seq, language: CommandLanguage, game: Any) -> Iterator[str]:
    """The template said with the likeliest slot values first, then others."""
    seen: set[str] = set()
    has_slots = _has_slots(tree)
    for attempt in range(ATTEMPTS if has_slots else 1):
        for full in (False, True) if _has_opt(tree) else (False,):
            counters: dict[str, int] = {}
            words = _expand(tree, language, game, attempt, full, counters)
            phrase = " ".join(" ".join(words).split())
            if phrase and phrase not in seen:
                seen.add(phrase)
                yield phrase


def _has_slots(node) -> bool:
    if isinstance(node, T.Slot):
        return True
    if isinstance(node, T.Seq):
        return any(_has_slots(i) for i in node.items)
    if isinstance(node, T.Alt):
        return any(_has_slots(o) for o in node.options)
    if isinstance(node, (T.Opt, T.Rep)):
        return _has_slots(node.body)
    return False


def _has_opt(node) -> bool:
    if isinstance(node, T.Opt):
        return _has_slots(node.body)
    if isinstance(node, T.Seq):
        return any(_has_opt(i) for i in node.items)
    if isinstance(node, T.Alt):
        return any(_has_opt(o) for o in node.options)
    if isinstance(node, T.Rep):
        return _has_opt(node.body)
    return False


def _expand(node, language: CommandLanguage, game: Any, attempt: int, full: bool,
            counters: dict[str, int]) -> list[str]:
    if isinstance(node, T.Seq):
        return [w for i in node.items for w in _expand(i, language, game, attempt, full,
                                                       counters)]
    if isinstance(node, T.Word):
        return [node.text]
    if isinstance(node, T.Alt):
        return _expand(node.options[0], language, game, attempt, full, counters)
    if isinstance(node, T.Opt):     # optional slots only in the full form; words never
        return _expand(node.body, language, game, attempt, full, counters) \
            if full and _has_slots(node.body) else []
    if isinstance(node, T.Rep):
        times = _wanted_seats(game) - 1 if _has_slots(node.body) else 1
        return [w for _ in range(max(1, times))
                for w in _expand(node.body, language, game, attempt, full, counters)]
    n = counters.get(node.list_name, 0)
    counters[node.list_name] = n + 1
    return [_value(language, game, node, attempt, n)]


def _wanted_seats(game: Any) -> int:
    wait = game.wait if game.phase.at_night else None
    return max(1, min(getattr(wait, "count", 1) or 1, 4))


def _value(language: CommandLanguage, game: Any, slot: T.Slot, attempt: int, n: int) -> str:
    """The ``n``-th value of a slot list in this phrase, at this attempt."""
    pairs = language.lists[slot.list_name]
    words = {value: said for said, value in reversed(list(pairs))}
    order = [v for v in _preferred(game, slot, language) if v in words]
    order += [v for _, v in pairs if v not in order]
    if not order:
        return ""
    if slot.list_name == "seat" and slot.name in ("seats", "seat"):
        index = attempt * max(1, _wanted_seats(game)) + n   # seats together, then the next
    elif slot.name in ("nominator", "nominee"):
        index = attempt   # each its own proposed seat (not the nominee the nominator's)
    else:
        index = attempt + n
    return words[order[index % len(order)]]


def _preferred(game: Any, slot: T.Slot, language: CommandLanguage) -> list[Any]:
    players = game.grim.players
    if slot.list_name == "seat":
        wait = game.wait if game.phase.at_night else None
        if slot.name == "nominator" or slot.name == "nominee":
            pair = engine_examples.nomination(game)
            if pair is not None:
                return [pair[0] if slot.name == "nominator" else pair[1]]
        if isinstance(wait, ChooseSeats) and not isinstance(wait, StorytellerStep):
            legal = engine_examples.legal_seats(game, wait)
            if legal:
                return legal + [p.seat for p in players if p.seat not in legal]
        return [p.seat for p in players if p.alive] + [p.seat for p in players if not p.alive]
    if slot.list_name == "character":
        wait = game.wait if game.phase.at_night else None
        proposed = (wait.proposal if isinstance(wait, Info) and wait.kind in ("character", "characters")
                    else None)
        shown = [proposed] if isinstance(proposed, str) else list(proposed or [])
        return shown + [c for c in _characters(game) if c not in shown]   # the step's own first
    if slot.list_name == "actor":
        return _characters(game)
    if slot.list_name == "number":
        return [len(game.grim.living) // 2 + 1, 0, 1, 2]
    if slot.list_name == "name":
        taken_names = {p.name.lower() for p in players}
        return [v for _, v in language.lists["name"] if v.lower() not in taken_names]
    return []


def _characters(game: Any) -> list[str]:
    """The script's characters: good ones not in play, Travellers not in play, those in
    play, then the rest."""
    registry, in_play = game.registry, {p.character for p in game.grim.players}
    ids = [c for c in game.setup.script if c in registry]
    good = [c for c in ids if c not in in_play
            and registry.get(c).team in ("townsfolk", "outsider")]
    travellers = [c for c in ids if c not in in_play and registry.get(c).team == "traveller"]
    playing = [c for c in ids if c in in_play]
    rest = [c for c in ids if c not in good + travellers + playing]
    # interleaved, so that each attempt reaches a different kind
    out: list[str] = []
    for group in zip_longest(good, travellers, playing, rest):
        out += [c for c in group if c is not None]
    return list(dict.fromkeys(out + good + travellers + playing + rest))


def _free(session: Session, command: Command) -> bool | None:
    """Whether the session takes a command that needs no try (None: it must be tried)."""
    intent = command.intent
    if intent in ALWAYS_TAKEN:
        return True
    if intent == "undo":
        return len(session.journal) > 0 or session.handout_goes_back()
    if intent == "hand_out":
        return session.game.phase.state == "setup"
    if intent in ("next", "yes") and session.in_handout():
        return True
    return None


def _tried(session: Session, command: Command) -> bool:
    """Carry the command out on the session and take it back (or ask it: a question)."""
    intent, slots = command.intent, command.slots
    game = session.game
    free = _free(session, command)
    if free is not None:
        return free
    question = game.as_question(intent, slots)
    if question is not None:
        if question[0] != intent:       # "seat 3" by day asks about seat 3: not a choice
            return False
        try:
            session.ask(intent, slots)
        except Rejected:
            return False
        return True
    try:
        session.apply(intent, slots, command.text, hold=lambda outcome: True)
    except Held:
        return True
    except Rejected:
        return False
    log.error("help: trying %r carried it out", command.text)   # never: hold takes it back
    return True

