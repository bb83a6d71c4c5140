"""Legion: 'Each night*, a player might die. Executions fail if only evil voted. You register
as a Minion too. [Most players are Legion]'. The almanac page was found only in part (the
ability, the jinxes, a community page on the counts): built from the ability text. Rulings:
the good are as many as the standard evil count (2 of 7: the counts reversed), all
Townsfolk, no Minions; the night's death is the Storyteller's choice, once a night; an
execution fails when every voter on the nomination was evil; the jinxes with the Zealot, the
Minstrel, the Preacher and the Magician (ruled: the Magician is woken with Legion at the
first night's Demon info, so Legion sees one more player woken than there are Legion, and
is told a Magician is in play, not who; to 'only evil voted' the Magician may count as evil,
the Storyteller's choice, as with the Zealot)."""
import pytest

from characters.scripts import load_script, registry_for
from engine_helpers import (NAMES, choose, end_day, new_game, nominate, run, script_file,
                            text, to_day, vote, walk_to)
from statemachine import line_rules
from statemachine.game import Game, GameSetup

SCRIPT_IDS = ["investigator", "minstrel", "preacher", "empath", "chef", "monk", "soldier",
              "zealot", "saint", "poisoner", "baron", "scarletwoman", "legion"]
# Legion 1, 2, 3, 4; Empath 5, Minstrel 6, Zealot 7
SETUP = "legion,legion,legion,legion,empath,minstrel,zealot"


@pytest.fixture
def script(tmp_path):
    def make(ids=SCRIPT_IDS):
        return script_file(tmp_path / "legion.json", "Legion mix", ids)
    return make


def drawn(script_path, players, seed):
    loaded = load_script(script_path)
    setup = GameSetup(loaded.name, loaded.ids, NAMES[:players], None, seed)
    return Game(setup, registry_for(loaded))


@pytest.mark.parametrize("players,good", [(5, 2), (7, 2), (10, 3), (13, 4)])
def test_a_drawn_bag_has_most_players_as_legion_and_no_minions(script, players, good):
    for seed in range(4):
        game = drawn(script(), players, seed)
        teams = [game.team_of(p) for p in game.grim.players]
        assert teams.count("demon") == players - good
        assert {p.character for p in game.grim.players if game.is_demon(p)} == {"legion"}
        assert teams.count("townsfolk") == good and "minion" not in teams


def test_an_explicit_setup_with_most_players_legion_has_no_count_notes(script):
    game = new_game("legion,legion,legion,legion,legion,empath,chef", script(), start=False)
    assert not any(line.startswith("Note:") for line in game.setup_lines())
    game = new_game("legion,poisoner,empath,chef,monk,soldier,investigator", script(),
                    start=False)
    assert any("in play where the standard setup has" in line for line in game.setup_lines())


def test_no_legion_step_on_the_first_night_and_the_demon_info_wakes_them_all(script):
    game = new_game(SETUP, script(), start=False)
    said = run(game, "next")
    said += walk_to(game, "the day")
    assert "Wake the Demon: seat 1, Ann, seat 2, Ben, seat 3, Cat and seat 4, Dan." in \
        text(said, "private")
    assert not any(s.text.startswith("Legion: a player might die") for s in said)


def test_each_night_the_storyteller_may_kill_one_player_once(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, end_day())
    walk_to(game, "legion", {"preacher": [5]})
    assert game.last_private.startswith("Legion: a player might die tonight")
    assert game.current.seat == 1
    said = run(game, choose(5)) + walk_to(game, "the day")
    assert not game.grim.seat(5).alive
    assert "Seat 5, Eve died in the night." in text(said, "public")
    run(game, end_day())
    said = walk_to(game, "legion")
    run(game, "nobody")
    said += walk_to(game, "the day")
    assert sum(1 for s in said if s.text.startswith("Legion: a player might die")) <= 1
    assert [p.seat for p in game.grim.players if not p.alive] == [5]


def test_the_step_passes_to_the_next_living_legion(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, ("die", {"seat": 1}), end_day())
    walk_to(game, "legion")
    assert game.current.seat == 2


def test_an_execution_fails_if_only_evil_voted(script):
    game = new_game(SETUP, script())
    to_day(game)
    said = run(game, nominate(1, 5), vote(1, 2, 3, 4), "next", end_day())
    assert game.grim.seat(5).alive and game.executed_today == 5
    assert "Legion makes the execution fail" in text(said, "private")
    assert "Eve does not die." in text(said, "public")


def test_an_execution_with_a_good_voter_goes_ahead(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, nominate(1, 5), vote(1, 2, 4, 6), "next", end_day())
    assert not game.grim.seat(5).alive


def test_the_zealot_may_count_as_evil_to_legion_a_jinx(script):
    game = new_game(SETUP, script())
    to_day(game)
    said = run(game, nominate(1, 5), vote(1, 2, 4, 7), "next", end_day())
    assert "A jinx: of the good, only the Zealot voted" in text(said, "private")
    run(game, "no")
    assert game.grim.seat(5).alive
    other = new_game(SETUP, script())
    to_day(other)
    run(other, nominate(1, 5), vote(1, 2, 4, 7), "next", end_day(), "yes")
    assert not other.grim.seat(5).alive


def test_the_politician_may_count_as_evil_to_legion_a_jinx(script):
    """Legion 1 to 4, Empath 5, Politician 6, Zealot 7: the Politician (and the Zealot) the
    only good voters, the Storyteller is asked; the Empath voting too, the execution stands."""
    path = script(SCRIPT_IDS + ["politician"])
    setup = "legion,legion,legion,legion,empath,politician,zealot"
    game = new_game(setup, path)
    to_day(game)
    said = run(game, nominate(1, 5), vote(1, 2, 6, 7), "next", end_day())
    assert ("A jinx: of the good, only the Politician and the Zealot voted. They may count "
            "as evil to Legion" in text(said, "private"))
    run(game, "no")
    assert game.grim.seat(5).alive
    other = new_game(setup, path)
    to_day(other)
    said = run(other, nominate(1, 6), vote(1, 2, 5, 6), "next", end_day())
    assert "A jinx" not in text(said, "private") and not other.grim.seat(6).alive


def test_legion_executed_triggers_the_minstrel_but_keeps_its_ability_a_jinx(script):
    game = new_game(SETUP, script())
    to_day(game)
    said = run(game, nominate(5, 2), vote(5, 6, 7, 1), "next", end_day())
    assert not game.grim.seat(2).alive
    assert "You may tell the Minstrel that the executed player was Legion." in \
        text(said, "private")
    assert game.impairment(game.grim.seat(5)) == "drunk"
    assert game.impairment(game.grim.seat(1)) is None


def test_the_preacher_choosing_legion_leaves_its_ability_a_jinx(script):
    game = new_game("legion,legion,legion,legion,empath,preacher,zealot", script(), start=False)
    run(game, "next")
    said = walk_to(game, "preacher")
    said += run(game, choose(2))
    assert "A jinx: seat 2, Ben is Legion and keeps its ability." in text(said, "private")
    assert game.impairment(game.grim.seat(2)) is None


def test_legion_is_a_minion_too_to_the_investigator(script):
    game = new_game("legion,legion,legion,legion,empath,investigator,zealot", script(),
                    start=False)
    run(game, "next")
    walk_to(game, "investigator")
    assert ", the Legion. Also point to seat" in game.last_private
    run(game, "next")
    assert "Now show them a Minion token." in game.last_private


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script(), start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next")
    to_day(game)
    said += run(game, nominate(1, 5), vote(1, 2, 3, 4), "next", end_day())
    said += walk_to(game, "legion") + run(game, choose(6)) + walk_to(game, "the day")
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])


MAGICIAN = "legion,legion,legion,legion,empath,magician,zealot"


def test_the_magician_is_woken_with_legion_and_legion_is_told_not_who_a_jinx(script):
    game = new_game(MAGICIAN, script(SCRIPT_IDS + ["magician"]))
    said = text(walk_to(game, "the day"), "private")
    magician = game.grim.seat(6).label
    assert ("Demon info. Wake the Demon: seat 1, Ann, seat 2, Ben, seat 3, Cat, seat 4, Dan "
            f"and {magician}.") in said
    assert "A jinx: tell Legion a Magician is in play, not who." in said
    assert "shown as a Minion" not in said


def test_the_magician_may_count_as_evil_to_legion_a_jinx(script):
    game = new_game(MAGICIAN, script(SCRIPT_IDS + ["magician"]))
    to_day(game)
    said = run(game, nominate(1, 5), vote(1, 2, 4, 6), "next", end_day())
    assert "A jinx: of the good, only the Magician voted" in text(said, "private")
    run(game, "no")
    assert game.grim.seat(5).alive
