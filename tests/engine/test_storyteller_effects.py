"""Drunkenness and poison the Storyteller sets: they last until the end chosen (or a
sensible default), and the reply says when they end."""
from engine_helpers import new_game, run, text, to_day

SEVEN = "empath,soldier,monk,imp,poisoner,fortuneteller,chef"


def effect(seat, kind, until=None):
    slots = {"seat": seat, "effect": kind}
    if until:
        slots["until"] = until
    return ("status_effect", slots)


def test_by_day_a_bare_drunk_lasts_through_the_coming_night_and_says_so():
    g = to_day(new_game(SEVEN))
    said = run(g, effect(1, "drunk"))
    assert "Seat 1, Ann is drunk until dawn, through tonight." in text(said, "private")
    run(g, "end_day")
    assert g.phase.at_night and g.impairment(g.grim.seat(1)) == "drunk"


def test_until_dusk_by_day_ends_before_the_night():
    g = to_day(new_game(SEVEN))
    said = run(g, effect(1, "poisoned", "dusk"))
    assert "Seat 1, Ann is poisoned until dusk today." in text(said, "private")
    run(g, "end_day")
    assert g.impairment(g.grim.seat(1)) is None


def test_tonight_and_until_dawn_end_at_the_next_dawn():
    for until in ("tonight", "dawn"):
        g = to_day(new_game(SEVEN))
        run(g, effect(1, "drunk", until), "end_day")
        assert g.impairment(g.grim.seat(1)) == "drunk"
        to_day(g)
        assert g.impairment(g.grim.seat(1)) is None


def test_at_night_a_bare_drunk_lasts_tonight_and_tomorrow():
    g = new_game(SEVEN)
    said = run(g, effect(1, "drunk"))
    assert "Seat 1, Ann is drunk until dusk tomorrow: tonight and tomorrow day." in \
        text(said, "private")
    to_day(g)
    assert g.impairment(g.grim.seat(1)) == "drunk"
    run(g, "end_day")
    assert g.impairment(g.grim.seat(1)) is None


def test_for_the_rest_of_the_game():
    g = to_day(new_game(SEVEN))
    said = run(g, effect(1, "drunk", "game"))
    assert "Seat 1, Ann is drunk for the rest of the game." in text(said, "private")
    run(g, "end_day")
    to_day(g)
    run(g, "end_day")
    assert g.impairment(g.grim.seat(1)) == "drunk"


def test_the_phrases_parse():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    script = load_script("Trouble Brewing")
    lang = CommandLanguage(registry_for(script), script.ids)
    for said, until in (("seat six is drunk until dusk", "dusk"),
                        ("seat six is poisoned tonight", "tonight"),
                        ("seat six is drunk until dawn", "dawn"),
                        ("seat six is drunk for the rest of the game", "game")):
        c = lang.parse(said)
        assert (c.intent, c.slots.get("until"), c.slots["seat"]) == ("status_effect", until, 6)
    assert "until" not in lang.parse("seat six is drunk").slots
