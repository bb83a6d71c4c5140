"""The Storyteller's questions: answers read from the grimoire's read model, private, short
sentences for the ear and the same answer as a compact table for a screen. A question
changes nothing: it is never journaled and never answers a wait.
"""
from __future__ import annotations

from typing import Any

from statemachine import wording
from statemachine.line_rules import paced
from statemachine.view.grimoire import GrimoireView, SeatView, build_view, label
from statemachine.speech import PRIVATE, Speech

QUESTIONS = ("ask_grimoire", "ask_seat", "ask_character", "ask_poisoned", "ask_drunk",
             "ask_dead", "ask_reminders", "ask_next", "ask_nominations", "ask_voted",
             "ask_ghost_votes", "ask_red_herring", "ask_bluffs", "ask_evil")
# Asked only when they can have an answer (the grammar stays small).
DAY_QUESTIONS = {"ask_nominations"}
VOTE_QUESTIONS = {"ask_voted"}


def spoken_list(items) -> str:
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _seats(views) -> str:
    """The players by label; more than three by their seats alone (``wording.seat_list``)."""
    views = list(views)
    return wording.seat_list([v.label for v in views], [v.seat for v in views])


def answer(game: Any, intent: str, slots: dict) -> list[Speech]:
    """The answer to one question: one private line of short sentences, with its table."""
    view = build_view(game)
    lines, tab = globals()[f"_{intent}"](view, slots, game)
    return [Speech(PRIVATE, paced(" ".join(lines)), tab)]


# --- sentences shared with the reveal and the picture --------------------------------------
def when(view: GrimoireView) -> str:
    if view.winner:
        return f"The game is over: {view.winner} won."
    if view.phase == "setup":
        return "Setup."
    if view.phase in ("first_night", "night"):
        return f"Night {view.night}."
    return f"Day {view.day}."


def mark_words(s: SeatView) -> list[str]:
    out = []
    for m in s.marks:
        if m.source == f"the {s.character_name}":
            out.append(f"{m.kind}: they are the {s.character_name}")
        else:
            out.append(f"{m.kind} by {m.source}, {m.until}")
    return out


def life_words(s: SeatView) -> str:
    if s.alive:
        return "alive"
    if s.left:
        return "left the game"
    vote = "has a ghost vote" if s.ghost_vote else "ghost vote used"
    return f"dead, {vote}"


def seat_sentence(s: SeatView, reminders: bool = True) -> str:
    """'Seat 3, Cat: the Empath, alive, poisoned by seat 4, Dan, the Poisoner, until dusk.'"""
    words = [f"the {s.character_name}"]
    if s.believes != s.character:
        words.append(f"shown the {s.believes_name}")
    if s.traveller:
        words.append("a Traveller")
    if s.alignment_changed:
        words.append(f"now {s.alignment}")
    words.append(life_words(s))
    words += mark_words(s)
    text = f"{s.Label}: " + ", ".join(words) + "."
    if reminders and (s.reminders or s.effects):
        text += " Reminders: " + ", ".join(s.reminders + s.effects) + "."
    return text


def table(rows: list[list[str]], head: list[str]) -> str:
    """A compact text table: columns as wide as their widest cell."""
    rows = [head] + rows
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows)


def seat_rows(seats) -> str:
    rows = []
    for s in seats:
        char = s.character_name + (f" (shown {s.believes_name})" if s.believes != s.character
                                   else "") + (" [traveller]" if s.traveller else "")
        align = s.alignment + ("*" if s.alignment_changed else "")
        rows.append([str(s.seat), s.name, char, align, life_words(s),
                     "; ".join(mark_words(s) + list(s.reminders + s.effects))])
    return table(rows, ["seat", "name", "character", "team", "life", "marks and reminders"])


def _nobody_or(lines: list[str], nobody: str) -> list[str]:
    return lines or [nobody]


# --- the questions --------------------------------------------------------------------------
def _ask_grimoire(view, slots, game):
    lines = [when(view)] + [seat_sentence(s) for s in view.seats]
    extra = []
    if view.bluffs:
        extra.append("Bluffs: " + spoken_list(f"the {b}" for b in view.bluffs) + ".")
    if view.fabled:
        extra.append("Fabled: " + spoken_list(f"the {f}" for f in view.fabled) + ".")
    if view.fabled_marks:
        extra.append("By the Fabled: " + spoken_list(view.fabled_marks) + ".")
    tab = f"{when(view)}\n{seat_rows(view.seats)}" + "".join(f"\n{e}" for e in extra)
    return lines + extra, tab


def _ask_seat(view, slots, game):
    s = view.seat(game.player(slots["seat"]).seat)
    return [seat_sentence(s)], seat_rows([s])


def _ask_character(view, slots, game):
    cid = slots["character"]
    name = game.unit(cid).name
    lines, found = [], []
    for s in view.seats:
        if s.character == cid:
            lines.append(f"The {name} is {s.label}" + ("" if s.alive else ", dead") + ".")
            found.append(s)
        elif s.believes == cid:
            lines.append(f"{s.Label} thinks they are the {name}: they are the "
                         f"{s.character_name}.")
            found.append(s)
        elif name in s.gained:
            lines.append(f"{s.Label} has the {name}'s ability.")
            found.append(s)
    if not lines:
        return [f"Nobody is the {name}."], f"nobody is the {name}"
    return lines, seat_rows(found)


def _impaired(kind: str):
    def ask(view, slots, game):
        found = [s for s in view.seats if any(m.kind == kind for m in s.marks)]
        lines = []
        for s in found:
            words = [w for w in mark_words(s) if w.startswith(kind)]
            lines.append(f"{s.Label} is " + "; ".join(words) + ".")
        if not lines:
            return [f"Nobody is {kind}."], f"nobody is {kind}"
        return lines, seat_rows(found)
    return ask


_ask_poisoned = _impaired("poisoned")
_ask_drunk = _impaired("drunk")


def _ask_dead(view, slots, game):
    dead = [s for s in view.seats if not s.alive]
    if not dead:
        return ["Nobody is dead."], "nobody is dead"
    lines = [f"{s.Label}, the {s.character_name}: {s.death or 'dead'}; "
             + ("left the game." if s.left else
                ("has a ghost vote." if s.ghost_vote else "ghost vote used."))
             for s in dead]
    return lines, seat_rows(dead)


def _ask_reminders(view, slots, game):
    found = [s for s in view.seats if s.reminders or s.effects or s.marks]
    if not found:
        return ["No reminders are out."], "no reminders"
    lines = [f"{s.Label}: " + ", ".join(mark_words(s) + list(s.reminders + s.effects)) + "."
             for s in found]
    return lines, seat_rows(found)


def _step_words(step) -> str:
    return f"{step.what}, {label(step.seat, step.name)}" if step.seat else step.what


def _ask_next(view, slots, game):
    steps = list(view.night_steps)
    if view.winner:
        return [when(view)], when(view)
    at_night = view.phase in ("first_night", "night")
    if at_night:
        now = [s for s in steps if s.current]
        rest = [s for s in steps if not s.current]
        # One short sentence a step: the ear loses a list of names and seats.
        lines = [f"Now: {_step_words(now[0])}."] if now else []
        lines += [("Then " if i == 0 else "") + _cap(_step_words(s), i == 0) + "."
                  for i, s in enumerate(rest)]
        lines.append("Then dawn." if rest or now else "Dawn is next.")
    else:
        which = "The first night" if view.phase == "setup" else "Tonight"
        lines = ([f"{which}, in order:"] + [_cap(_step_words(s)) + "." for s in steps]
                 if steps else [f"{which} wakes nobody."])
    rows = [["*" if s.current else "", s.what, str(s.seat) if s.seat else "", s.name]
            for s in steps]
    return lines, table(rows, ["now", "step", "seat", "player"])


def _cap(text: str, keep: bool = False) -> str:
    return text if keep else text[:1].upper() + text[1:]


def _ask_nominations(view, slots, game):
    if not view.nominations and view.block is None:
        if view.phase not in ("day", "nomination", "vote", "execution"):
            return ["No nominations: it is not the day."], "not the day"
        return [f"Nobody has nominated today. {view.threshold} votes execute."], "none"
    lines, rows = [], []
    for n in view.nominations:
        verb = "called for the exile of" if n.exile else "nominated"
        whom = view.seat(n.nominee)
        who = ("the Storyteller", "The Storyteller") if n.nominator == 0 else (
            view.seat(n.nominator).label, view.seat(n.nominator).Label)
        count = "the vote is open" if n.votes is None else _votes(n.votes)
        if n.exile and n.nominator == 0:
            lines.append(f"An exile of {whom.label} was called for: {count}.")
        else:
            lines.append(f"{who[1]} {verb} {whom.label}: {count}.")
        rows.append([who[0], "exile" if n.exile else "nominates", whom.label,
                     "open" if n.votes is None else str(n.votes)])
    if view.block and view.block[0]:
        s = view.seat(view.block[0])
        lines.append(f"{s.Label} is about to die with {_votes(view.block[1])}.")
    elif view.block:
        lines.append(f"A tie at {_votes(view.block[1])}: nobody is about to die.")
    vote = view.vote
    if vote is not None and vote.exile:
        lines.append(f"{view.exile_threshold} votes exile.")
    else:
        lines.append(f"{view.threshold} votes execute.")
    return lines, table(rows, ["nominator", "", "nominee", "votes"]) + "\n" + lines[-1]


def _votes(n: int) -> str:
    return f"{n} vote" if n == 1 else f"{n} votes"


def _ask_voted(view, slots, game):
    v = view.vote
    if v is None:
        return ["No vote is open."], "no vote is open"
    whom = view.seat(v.nominee)
    if not v.voters:
        return [f"The vote on {whom.label}: nobody has voted yet."], "nobody yet"
    voters = [view.seat(s) for s in v.voters]
    return ([f"The vote on {whom.label}: " + _seats(voters) + "."],
            seat_rows(voters))


def _ask_ghost_votes(view, slots, game):
    dead = [s for s in view.seats if not s.alive and not s.left and not s.traveller]
    have = [s for s in dead if s.ghost_vote]
    used = [s for s in dead if not s.ghost_vote]
    if not dead:
        return ["Nobody is dead: no ghost votes."], "nobody is dead"
    lines = []
    if have:
        lines.append("A ghost vote left: " + _seats(have) + ".")
    else:
        lines.append("No ghost votes are left.")
    if used:
        lines.append("Used: " + _seats(used) + ".")
    return lines, seat_rows(dead)


def _ask_red_herring(view, slots, game):
    if not view.red_herring:
        return ["There is no red herring."], "no red herring"
    seats = [view.seat(n) for n in view.red_herring]
    return ["The red herring is " + spoken_list(s.label for s in seats) + "."], seat_rows(seats)


def _ask_bluffs(view, slots, game):
    if not view.bluffs:
        return ["There are no bluffs."], "no bluffs"
    text = "The bluffs: " + spoken_list(f"the {b}" for b in view.bluffs) + "."
    return [text], "bluffs: " + ", ".join(view.bluffs)


def _ask_evil(view, slots, game):
    lines = []

    def who(seats):
        return spoken_list(f"{s.label}, the {s.character_name}" for s in seats)

    for noun, seats in (("Demon", view.demons), ("Minion", view.minions)):
        # A character three or more hold (Legion) is said once, with its seat numbers.
        crowd = {}
        for s in seats:
            crowd.setdefault(s.character_name, []).append(s)
        crowd = {name: held for name, held in crowd.items() if len(held) >= 3}
        rest = [s for s in seats if s.character_name not in crowd]
        if rest:
            lines.append(f"The {noun}{'s' if len(rest) > 1 else ''}: {who(rest)}.")
        for name, held in crowd.items():
            lines.append(f"The {name}: seats {spoken_list(str(s.seat) for s in held)}.")
    team = set(view.demons) | set(view.minions)
    others = [s for s in view.evil if s not in team]
    if others:
        lines.append(f"Also evil: {who(others)}.")
    good = [s for s in team if s.alignment != "evil"]
    if good:
        lines.append(f"Good now: {who(sorted(good, key=lambda s: s.seat))}.")
    listed = sorted(team | set(others), key=lambda s: s.seat)
    return _nobody_or(lines, "Nobody is evil."), seat_rows(listed)



# --- the reveal at game over -----------------------------------------------------------------
def reveal_text(view: GrimoireView) -> str:
    """The whole story, for the table at the end: every character each player held, who
    thought they were what, alignment changes, who left, the red herring and the bluffs."""
    parts = []
    for s in view.seats:
        name = s.character_name
        earlier = [h for h in s.held[:-1] if h != name]
        if earlier:
            name += " (was the " + ", then the ".join(dict.fromkeys(earlier)) + ")"
        if s.believes != s.character:
            name += f" (thought they were the {s.believes_name})"
        if s.gained:
            name += " with the " + spoken_list(s.gained) + " ability"
        if s.believed_gained:
            name += (" (thought they had the " + spoken_list(s.believed_gained)
                     + " ability)")
        align = f"{s.alignment}, was {s.first_alignment}" if s.alignment_changed else s.alignment
        state = "left the game" if s.left else ("alive" if s.alive else "dead")
        parts.append(f"{s.Label}: {name}, {align}, {state}.")
    if view.red_herring:
        parts.append("The red herring: " + spoken_list(view.seat(n).label
                                                       for n in view.red_herring) + ".")
    if view.bluffs:
        parts.append("The bluffs: " + spoken_list(f"the {b}" for b in view.bluffs) + ".")
    return "The grimoire. " + " ".join(parts)

