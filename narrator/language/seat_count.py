"""A choice heard with no more seats than the step takes: the spoken templates with every way
of going on past the last seat taken out. Where the step takes one seat (the Monk, the Imp,
the Gunslinger...), "the gunslinger chooses seat ten" then ends as soon as its silence is
heard, not after the wait for "and eleven"; where it takes two (the Fortune Teller), "seats
six and fifteen" does (``CommandLanguage.grammar(most_seats=N)``)."""
from __future__ import annotations

from math import inf

from narrator.language import templates as T

SEAT_LIST = "seat"   # the slot list of a seat number ({seat:seats*})
# the families that answer a step taking seats: a night choice, seats shown instead of the proposal
SEAT_STEPS = ("choose", "answer_seats")


def slots_of(node) -> list[T.Slot]:
    """Every slot in a template's tree, in order (seats or any other list)."""
    if isinstance(node, T.Slot):
        return [node]
    parts = (node.items if isinstance(node, T.Seq) else node.options if isinstance(node, T.Alt)
             else (node.body,) if isinstance(node, (T.Opt, T.Rep)) else ())
    return [s for part in parts for s in slots_of(part)]


def _seats(node) -> tuple[float, float]:
    """The fewest and the most seat numbers ``node`` says (a repeat of a seat: without end)."""
    if isinstance(node, T.Word):
        return 0, 0
    if isinstance(node, T.Slot):
        return (1, 1) if node.list_name == SEAT_LIST else (0, 0)
    if isinstance(node, T.Seq):
        counts = [_seats(i) for i in node.items]
        return sum(c[0] for c in counts), sum(c[1] for c in counts)
    if isinstance(node, T.Alt):
        counts = [_seats(o) for o in node.options]
        return min(c[0] for c in counts), max(c[1] for c in counts)
    least, most = _seats(node.body)
    return (0, most) if isinstance(node, T.Opt) else (least, inf if most else 0)   # Rep: one or more


def at_most(tree: T.Seq, most: int) -> T.Seq | None:
    """The template's tree saying at most ``most`` seats: the tree itself where it never says
    more; None where it always does ("seats six and nine", for one). Where two parts of one
    phrase could each say more, the first is given the room (a narrower grammar, never a
    wider one)."""
    least, said = _seats(tree)
    if said <= most:
        return tree
    if least > most:
        return None
    room = most - least   # the seats past the fewest, for the parts that may say more
    items: list = []
    for item in tree.items:
        fewest = _seats(item)[0]
        got = _items(item, fewest + room)
        items.extend(got)
        room -= _seats(T.Seq(tuple(got)))[1] - fewest
    return T.Seq(tuple(items))


def _items(node, most: float) -> list:
    """What stands for ``node`` in its phrase when it may say at most ``most`` seats (at
    least its fewest): itself, an optional part cut or dropped, a repeat written out."""
    least, said = _seats(node)
    if said <= most:
        return [node]
    if isinstance(node, T.Opt):
        body = at_most(node.body, int(most))
        return [] if body is None else [T.Opt(body)]
    if isinstance(node, T.Alt):
        return [T.Alt(tuple(o for o in (at_most(o, int(most)) for o in node.options) if o is not None))]
    # a repeat of seats: its body as often as the seats allow, each time said its shortest way
    once = _seats(node.body)[0]
    body = at_most(node.body, int(once if once else most))   # a body that may say none: once
    times = int(most // once) if once else 1
    tail = None
    for _ in range(times - 1):
        tail = T.Opt(T.Seq(body.items + ((tail,) if tail else ())))
    return list(body.items) + ([tail] if tail else [])
