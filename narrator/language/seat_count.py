"""A choice of one seat, heard as one: the choose family's spoken templates with every way of
going on to a second seat taken out. Where the step takes one seat (the Monk, the Imp, the
Gunslinger...), "the gunslinger chooses seat ten" then ends as soon as its silence is heard,
not after the wait for "and eleven" (``CommandLanguage.grammar(one_seat=True)``)."""
from __future__ import annotations

from narrator.language import templates as T

SEAT_LIST = "seat"   # the slot list of a seat number ({seat:seats*})


def _seats(node) -> tuple[int, int]:
    """The fewest and the most seat numbers ``node`` says (a repeat: two, as good as many)."""
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
    return (0, most) if isinstance(node, T.Opt) else (least, 2 * most)   # Rep: one or more


def _cut(node):
    """``node`` with every optional seat taken out and every repeated one said once."""
    if isinstance(node, T.Seq):
        items: list = []
        for item in node.items:
            if isinstance(item, T.Opt) and _seats(item.body)[1]:
                continue
            if isinstance(item, T.Rep) and _seats(item.body)[1]:
                items.extend(_cut(item.body).items)
            else:
                items.append(_cut(item))
        return T.Seq(tuple(items))
    if isinstance(node, T.Alt):
        return T.Alt(tuple(_cut(o) for o in node.options))
    if isinstance(node, (T.Opt, T.Rep)):
        return type(node)(_cut(node.body))
    return node


def one_seat(tree: T.Seq) -> T.Seq | None:
    """The template's tree saying exactly one seat where it said one or more; None where it
    always says two or more ("seats six and nine"); the tree itself where it says no seat."""
    if not _seats(tree)[1]:
        return tree
    cut = _cut(tree)
    return cut if _seats(cut) == (1, 1) else None
