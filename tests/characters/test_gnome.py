"""The Gnome: "All players start knowing a player of your alignment. You may choose to kill
anyone who nominates them." From the almanac: the amigo shares the Gnome's alignment and
the Storyteller announces them publicly; the Gnome speaks up when the amigo is nominated
(not prompted); any number of times a game; the nominator dies at once and the vote still
happens; an amigo changing alignment leaves the Gnome's as it is."""
import pytest

from engine_helpers import new_game, run
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import nominate, private, public, vote, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,gnome"   # Gnome seat 8, good
AMIGO = "gnome_amigo"
KILLS = "gnome_kills"


def fit(said, night=False):
    line_rules.assert_fit_to_say([(s.text, night, s.channel) for s in said])


def day_one(amigo=3, poison=6):
    game = new_game(SETUP, start=False)
    run(game, (AMIGO, {"seat": amigo}), "next")
    walk_night(game, {"poisoner": poison})
    return game


def test_an_amigo_of_the_gnomes_team_is_proposed_at_setup():
    game = new_game(SETUP, start=False)
    line = next(x for x in game.setup_lines() if x.startswith("The Gnome's amigo"))
    assert "Proposed: seat " in line and ", good." in line
    proposed = next(p for p in game.grim.players if "Gnome: proposed amigo" in p.reminders)
    assert proposed.alignment == "good" and proposed.character != "gnome"
    fit([type("S", (), {"text": x, "channel": "private"}) for x in game.setup_lines()])


def test_the_amigo_is_told_to_the_table():
    game = new_game(SETUP, start=False)
    said = run(game, (AMIGO, {"seat": 3}))
    assert "The Gnome's amigo is seat 3, Cat. They are on the Gnome's team." in public(said)
    assert "Gnome: Amigo" in game.grim.seat(3).reminders
    fit(said)
    with pytest.raises(Rejected, match="already seat 3, Cat"):
        run(game, (AMIGO, {"seat": 5}))


def test_the_amigo_shares_the_gnomes_alignment():
    game = new_game(SETUP, start=False)
    with pytest.raises(Rejected, match="Seat 1, Ann is evil and the Gnome is good"):
        run(game, (AMIGO, {"seat": 1}))
    with pytest.raises(Rejected, match="another player"):
        run(game, (AMIGO, {"seat": 8}))
    run(game, ("alignment", {"seat": 8, "alignment": "evil"}))
    with pytest.raises(Rejected, match="For example seat 1, Ann"):
        run(game, (AMIGO, {"seat": 3}))
    run(game, (AMIGO, {"seat": 4}))           # the Poisoner
    assert "Gnome: Amigo" in game.grim.seat(4).reminders


def test_a_gnome_joining_by_day_is_told_to_announce_an_amigo():
    game = new_game("imp,empath,monk,poisoner,chef,soldier,saint")
    walk_night(game, {"poisoner": 6})
    said = run(game, ("traveller_joins", {"name": "Zed", "character": "gnome"}))
    assert "say 'the gnome's amigo is seat" in private(said)
    run(game, (AMIGO, {"seat": 2}))
    assert "Gnome: Amigo" in game.grim.seat(2).reminders


def test_whoever_nominates_the_amigo_may_be_killed_and_the_vote_goes_on():
    game = day_one()
    said = run(game, nominate(5, 3))
    assert ("Seat 5, Eve nominated the Gnome's amigo. If the Gnome, seat 8, Hal, chooses "
            "to kill them, say 'the gnome kills seat 5'.") in private(said)
    assert "amigo" not in public(said)
    said = run(game, (KILLS, {"seat": 5}))
    assert "The Gnome, seat 8, Hal, kills seat 5, Eve." in public(said)
    assert "Seat 5, Eve dies." in public(said)
    assert not game.grim.seat(5).alive and game.last_kill == (5, "ability", 8)
    assert game.phase.state == "vote"
    run(game, vote(1, 2), "next")
    assert game.votes_today[-1].nominee == 3
    fit(said)


def test_only_the_amigos_nominator_and_once_a_day():
    game = day_one()
    run(game, nominate(5, 2))
    with pytest.raises(Rejected, match="has not nominated the Gnome's amigo"):
        run(game, (KILLS, {"seat": 5}))
    run(game, "next", nominate(6, 3), (KILLS, {"seat": 6}))
    with pytest.raises(Rejected, match="already killed"):
        run(game, (KILLS, {"seat": 6}))


def test_any_number_of_times_a_game():
    game = day_one()
    run(game, nominate(5, 3), (KILLS, {"seat": 5}), "next", ("end_day", {}))
    walk_night(game, {"poisoner": 6, "monk": 2, "imp": 7})
    run(game, nominate(2, 3), (KILLS, {"seat": 2}))
    assert not game.grim.seat(2).alive and not game.grim.seat(5).alive


def test_no_kill_without_a_nomination_nor_at_night():
    game = new_game(SETUP, start=False)
    run(game, (AMIGO, {"seat": 3}), "next")
    with pytest.raises(Rejected, match="Not now"):
        run(game, (KILLS, {"seat": 5}))


def test_a_poisoned_or_dead_gnome_kills_nobody():
    game = day_one(poison=8)
    said = run(game, nominate(5, 3), (KILLS, {"seat": 5}))
    assert game.grim.seat(5).alive and "Seat 5, Eve does not die." in public(said)
    game = day_one()
    run(game, ("die", {"seat": 8}))
    said = run(game, nominate(5, 3))
    assert "amigo" not in private(said)
    with pytest.raises(Rejected, match="is dead"):
        run(game, (KILLS, {"seat": 5}))


def test_the_commands_parse_and_the_kill_is_asked_back():
    """Parsed among the commands that make sense now, as the app does: by day "the gnome
    kills seat 5" is the Gnome's, not a night choice."""
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    tb = load_script("Trouble Brewing")
    lang = CommandLanguage(registry_for(tb), tb.ids + ["gnome"])
    game = new_game(SETUP, start=False)
    for line in ("the gnome's amigo is seat three", "the amigo is seat three"):
        c = lang.parse(line, game.expected_intents())
        assert (c.intent, c.slots) == (AMIGO, {"seat": 3}), line
    game = day_one()
    run(game, nominate(5, 3))
    c = lang.parse("the gnome kills seat five", game.expected_intents())
    assert (c.intent, c.slots) == (KILLS, {"seat": 5})
    assert lang.is_destructive(KILLS) and not lang.is_destructive(AMIGO)
