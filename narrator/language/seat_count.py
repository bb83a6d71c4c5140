"""A choice of one seat, heard as one: the choose family's spoken templates with every way of
going on to a second seat taken out. Where the step takes one seat (the Monk, the Imp, the
Gunslinger...), "the gunslinger chooses seat ten" then ends as soon as its silence is heard,
not after the wait for "and eleven" (``CommandLanguage.grammar(one_seat=True)``)."""
from __future__ import annotations

from narrator.language import templates as T

SEAT_LIST = "seat"   # the slot list of a seat number ({seat:seats*})


def _most(node) -> int:
    """The most seat numbers ``node`` can say (a repeat: two, as good as many)."""
    if isinstance(node, T.Word):
        return 0
    if isinstance(node, T.Slot):
        return int(node.list_name == SEAT_LIST)
    if isinstance(node, T.Seq):
        return sum(_most(i) for i in node.items)
    if isinstance(node, T.Alt):
        return max(_most(o) for o in node.options)
    return _most(node.body) * (2 if isinstance(node, T.Rep) else 1)


def _least(node) -> int:
    """The fewest seat numbers ``node`` says."""
    if isinstance(node, (T.Word, T.Opt)):
        return 0
    if isinstance(node, T.Slot):
        return int(node.list_name == SEAT_LIST)
    if isinstance(node, T.Seq):
        return sum(_least(i) for i in node.items)
    if isinstance(node, T.Alt):
        return min(_least(o) for o in node.options)
    return _least(node.body)


def _cut(node):
    """``node`` with every optional seat taken out and every repeated one said once."""
    if isinstance(node, T.Seq):
        items: list = []
        for item in node.items:
            if isinstance(item, T.Opt) and _most(item.body):
                continue
            if isinstance(item, T.Rep) and _most(item.body):
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
    if not _most(tree):
        return tree
    cut = _cut(tree)
    return cut if _least(cut) == 1 and _most(cut) == 1 else None
