import random

import pytest

from characters.catalogue import build_registry
from characters.scripts import load_script, registry_for
from narrator.language import templates as T
from narrator.language.commands import CommandLanguage

TB = load_script("Trouble Brewing")
LANG = CommandLanguage(registry_for(TB), TB.ids, 12)


@pytest.mark.parametrize("text,intent,slots", [
    ("next", "next", {}),
    ("repeat", "repeat", {}),
    ("undo", "undo", {}),
    ("yes", "yes", {}),
    ("no", "no", {}),
    ("seat seven", "choose", {"seats": [7]}),
    ("Seat 7.", "choose", {"seats": [7]}),
    ("the demon kills seat five", "choose", {"actor": "demon", "seats": [5]}),
    ("the monk protects seat eight", "choose", {"actor": "monk", "seats": [8]}),
    ("the fortune teller chooses seats two and nine",
     "choose", {"actor": "fortuneteller", "seats": [2, 9]}),
    ("the Fortune-Teller chooses seats 2 and 9", "choose",
     {"actor": "fortuneteller", "seats": [2, 9]}),
    ("seat two nominates seat six", "nominate", {"nominator": 2, "nominee": 6}),
    ("seat six is executed", "execute", {"seat": 6}),
    ("five votes", "votes", {"count": 5}),
    ("seats one, three and five vote", "vote", {"seats": [1, 3, 5]}),
    ("answer zero", "answer_number", {"number": 0}),
    ("answer seat three and seat four", "answer_seats", {"seats": [3, 4]}),
    ("the bluffs are the chef, the monk and the saint", "bluffs",
     {"characters": ["chef", "monk", "saint"]}),
    ("evil wins", "end_game", {"winner": "evil"}),
    ("seat 3 is poisoned", "status_effect", {"seat": 3, "effect": "poisoned"}),
    ("traveller Zed joins between seats 3 and 4 as the beggar", "traveller_joins",
     {"name": "Zed", "after": 3, "before": 4, "character": "beggar"}),
])
def test_phrases_parse_to_intent_and_slots(text, intent, slots):
    command = LANG.parse(text)
    assert command is not None, text
    assert (command.intent, command.slots) == (intent, slots)


@pytest.mark.parametrize("chatter", [
    "I think the Empath is lying", "who wants pizza", "seat seventeen dies",
    "the imp kills", "seats", "nominate", "my turn to nominate someone",
])
def test_chatter_and_nonsense_do_not_parse(chatter):
    assert LANG.parse(chatter) is None


def test_seats_beyond_the_table_are_not_in_the_language():
    small = CommandLanguage(registry_for(TB), TB.ids, 5)
    assert small.parse("seat five") is not None
    assert small.parse("seat six") is None


def test_only_script_characters_are_named():
    assert LANG.parse("the mezepheles chooses seat two") is None
    whole = CommandLanguage(build_registry(), None, 12)
    assert whole.parse("the al hadikhia chooses seats one two and three") is not None


def test_every_family_example_parses_back_to_its_intent():
    for intent, _help, example, _t in LANG.describe():
        command = LANG.parse(example)
        assert command is not None and command.intent == intent, (intent, example)


def test_random_expansions_parse_back_to_the_same_intent():
    rng = random.Random(7)
    for c in LANG.compiled:
        for _ in range(5):
            phrase = " ".join(T.expand(c.tree, LANG.lists, rng).split())
            got = LANG.parse(phrase)
            assert got is not None, phrase
            # A phrase may belong to an earlier family with the same words (never a conflict
            # in slot values): it must at least parse with its own family.
            own = LANG.parse(phrase, [c.intent])
            assert own is not None and own.intent == c.intent


def test_parse_can_be_restricted_to_expected_intents():
    assert LANG.parse("seat two nominates seat six", ["next"]) is None
    assert LANG.parse("next", ["next"]).intent == "next"


def test_grammar_is_jsgf_with_every_word_and_a_wake_prefix():
    g = LANG.grammar(["nominate", "next"], prefix="storyteller")
    assert g.jsgf.startswith("#JSGF V1.0;")
    assert "public <command> = storyteller (" in g.jsgf
    assert {"storyteller", "seat", "nominates", "seven", "next"} <= g.words
    assert all(p.startswith("storyteller ") for p in g.phrases)
    assert "storyteller seat two nominates seat six" in g.phrases
    assert g.intents == ["next", "nominate"]


def test_destructive_commands_are_marked():
    for intent in ("die", "execute", "alignment", "end_game"):
        assert LANG.is_destructive(intent)
    assert not LANG.is_destructive("next")


def test_template_syntax_errors_are_reported():
    with pytest.raises(T.TemplateError):
        T.parse_template("seat (one|two")
    with pytest.raises(T.TemplateError):
        T.compile_template("x", "seat {nosuchlist}", LANG.lists)


@pytest.mark.parametrize("text,intent,seats", [
    ("seats 1 2 4 6 and 7 vote", "vote", [1, 2, 4, 6, 7]),
    ("seats 1 2 3 4 5 6 7 8 9 10 11 and 12 vote", "vote", list(range(1, 13))),
    ("seats 2 5 and 8", "choose", [2, 5, 8]),
    ("the al hadikhia chooses seats 2 5 and 8", "choose", [2, 5, 8]),
    ("answer seats 1 2 and 3", "answer_seats", [1, 2, 3]),
])
def test_typed_seat_lists_have_any_length(text, intent, seats):
    whole = CommandLanguage(build_registry(), None, 12)
    command = whole.parse(text)
    assert command is not None and (command.intent, command.slots["seats"]) == (intent, seats)


def test_the_spoken_seat_lists_keep_their_short_forms():
    assert LANG.parse("seats one and two and three and four and five vote", spoken=True) is None
    assert LANG.parse("seats one and two and three vote", spoken=True).slots == {
        "seats": [1, 2, 3]}
    assert "+" not in LANG.grammar(["vote", "choose"]).jsgf


def test_a_repeated_group_in_a_template():
    c = T.compile_template("x", "seats {seat:seats*} ([and] {seat:seats*})+ go", LANG.lists)
    assert T.match(c, "seats one two and three go", LANG.lists) == {"seats": [1, 2, 3]}
    assert T.match(c, "seats one go", LANG.lists) is None
    assert T.render(c.tree) == "seats {seat:seats*} ([and] {seat:seats*})+ go"
    assert "( [ and ] <l_seat> )+" in T.jsgf_body(c.tree, lambda n: "l_" + n)
    assert T.expand(c.tree, LANG.lists) == "seats three six go"


@pytest.mark.parametrize("text,intent", [
    ("the doomsayer kills seat three", "doomsayer_kills"),
    ("the psychopath kills seat three", "psychopath_kills"),
    ("the gnome kills seat five", "gnome_kills"),
    ("the big wig kills seat three", "bigwig_kills"),
    ("the harpy kills seat three and seat four", "harpy_kills"),
    ("the slayer chooses seat three", "slay"),
    ("the harpy chooses seats three and four", "choose"),     # the night's choice stays one
    ("the imp kills seat three", "choose"),
    ("the klutz chooses seat three", "choose"),
])
def test_a_characters_own_command_comes_before_the_shared_choice(text, intent):
    whole = CommandLanguage(build_registry(), None, 12)
    assert whole.parse(text).intent == intent
    assert whole.parse(text, spoken=True).intent == intent


def test_a_games_language_names_what_is_in_play_from_outside_its_script(tmp_path):
    from statemachine.game import GameSetup
    from statemachine.journal.session import Session

    bmr = load_script("Bad Moon Rising")
    setup = GameSetup(bmr.name, bmr.ids, ["Ann", "Ben", "Cat", "Dan", "Eve"],
                      ["zombuul", "godfather", "tinker", "sailor", "chambermaid", "scapegoat"], 1,
                      ["Ivy"])
    game = Session.create(tmp_path / "g.sqlite", setup, registry_for(bmr)).game
    assert "scapegoat" not in bmr.ids
    assert CommandLanguage.for_game(game).parse("the scapegoat is executed instead").intent \
        == "scapegoat_instead"
    assert CommandLanguage(game.registry, bmr.ids, 6).parse("the scapegoat is executed instead") is None
