"""Acrobat: 'Each night*, choose a player: if they are or become drunk or poisoned tonight,
you die.' (Almanac examples, as far as read: the Acrobat chooses a player the Poisoner
poisoned tonight and dies; a player made drunk later that night kills the Acrobat too.) Built
from the ability text and How to Run; no almanac page was read whole."""
from engine_helpers import choose, new_game, run, skip_to, text, to_day

# 7 players: the Imp, the Acrobat, the Poisoner, the Goon (Bad Moon Rising / Carousel mix)
CHARS = "imp,acrobat,poisoner,goon,empath,chef,monk"
SCRIPT = "Bad Moon Rising"


def to_second_night(g):
    to_day(g)
    run(g, "end_day")
    return g


def walk_to_day(g, answers):
    """Answer each step tonight: ``answers`` maps an ability to the seats it chooses."""
    said = []
    for _ in range(60):
        if not g.phase.at_night:
            return said
        step = g.current.ability if g.current else None
        if g.wait is not None and type(g.wait).__name__ == "ChooseSeats":
            seats = answers.pop(step) if step in answers else [6, 5][: g.wait.count]
            said += run(g, choose(*seats))
        else:
            said += run(g, "next")
    raise AssertionError("the night never ended")


def test_choosing_a_player_poisoned_tonight_kills_the_acrobat():
    g = to_second_night(new_game(CHARS, script=SCRIPT))
    said = walk_to_day(g, {"poisoner": [5], "acrobat": [5], "imp": [7]})
    assert not g.grim.seat(2).alive
    assert "Seat 5, Eve is poisoned: the Acrobat, seat 2, Ben, dies." in text(said, "private")
    assert "Seat 2, Ben and seat 7, Gus died in the night." in text(said, "public")


def test_a_sober_healthy_choice_is_safe():
    g = to_second_night(new_game(CHARS, script=SCRIPT))
    walk_to_day(g, {"poisoner": [6], "acrobat": [5], "imp": [7]})
    assert g.grim.seat(2).alive
    assert not any("Acrobat 2: Chosen" in p.reminders for p in g.grim.players)


def test_a_player_made_drunk_later_tonight_kills_the_acrobat_at_the_nights_end():
    """The Acrobat picks the Imp; the Imp then attacks the Goon and is drunk from that
    choice (the Goon's ability): at the night's end the Acrobat dies."""
    g = to_second_night(new_game(CHARS, script=SCRIPT))
    said = walk_to_day(g, {"poisoner": [6], "acrobat": [1], "imp": [4]})
    assert not g.grim.seat(2).alive
    assert "ended the night drunk" in text(said, "private")


def test_a_poisoned_acrobat_chooses_and_nothing_happens():
    g = to_second_night(new_game(CHARS, script=SCRIPT))
    said = walk_to_day(g, {"poisoner": [2], "acrobat": [2], "imp": [7]})
    assert g.grim.seat(2).alive
    assert "The Acrobat is poisoned: nothing happens." in text(said, "private")


def test_the_acrobat_does_not_wake_on_the_first_night():
    g = new_game(CHARS, script=SCRIPT)
    assert "acrobat" not in g.night_order_ids(first=True)
