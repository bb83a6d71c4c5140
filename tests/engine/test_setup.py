import csv
import random

import pytest

from characters.scripts import load_script, registry_for
from statemachine.game import Game, GameSetup
from statemachine.bag.draw import SetupError, base_counts, draw_bag
from tests_support import reference

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
NAMES = "Ann Ben Cat Dan Eve Fay Gus Hal Ivy Jon Kim Lee Max Ned Oli".split()


def test_counts_follow_the_standard_table():
    with reference("setup_counts.csv").open() as fh:
        for row in csv.DictReader(fh):
            c = base_counts(int(row["players"]))
            assert (c.townsfolk, c.outsider, c.minion, c.demon) == (
                int(row["townsfolk"]), int(row["outsider"]), int(row["minion"]), int(row["demon"]))


@pytest.mark.parametrize("n", [4, 16, 0])
def test_player_counts_outside_5_to_15_are_refused(n):
    with pytest.raises(SetupError, match="5 to 15"):
        Game(GameSetup("TB", TB.ids, NAMES[:n] if n <= 15 else NAMES + ["X"] * (n - 15)), REG)


def test_duplicate_names_are_refused():
    with pytest.raises(SetupError, match="same name"):
        Game(GameSetup("TB", TB.ids, ["Ann", "Ben", "Cat", "Dan", "ann"]), REG)


def test_unknown_character_and_wrong_count_are_refused():
    with pytest.raises(SetupError, match="unknown character"):
        Game(GameSetup("TB", TB.ids, NAMES[:5], ["imp", "chef", "empath", "monk", "wizzard"]), REG)
    with pytest.raises(SetupError, match="4 characters for 5"):
        Game(GameSetup("TB", TB.ids, NAMES[:5], ["imp", "chef", "empath", "monk"]), REG)


@pytest.mark.parametrize("n", range(5, 16))
def test_bag_draw_has_the_right_teams_for_every_size(n):
    for seed in range(5):
        ids = draw_bag([REG.get(i) for i in TB.ids], n, random.Random(seed))
        teams = [REG.get(i).team for i in ids]
        counts = base_counts(n)
        if "baron" in ids:
            counts.shift_outsiders(2)
        assert len(ids) == n == len(set(ids))
        assert teams.count("demon") == 1
        assert teams.count("minion") == counts.minion
        assert teams.count("outsider") == counts.outsider
        assert teams.count("townsfolk") == counts.townsfolk


def test_baron_adds_two_outsiders():
    found = False
    for seed in range(60):
        ids = draw_bag([REG.get(i) for i in TB.ids], 7, random.Random(seed))
        if "baron" in ids:
            assert sum(REG.get(i).team == "outsider" for i in ids) == 2
            found = True
    assert found


def test_the_draw_is_seeded():
    a = Game(GameSetup("TB", TB.ids, NAMES[:9], seed=42), REG)
    b = Game(GameSetup("TB", TB.ids, NAMES[:9], seed=42), REG)
    assert [p.character for p in a.grim.players] == [p.character for p in b.grim.players]
    assert a.grim.bluffs == b.grim.bluffs


def test_bluffs_are_three_good_characters_not_in_play():
    for seed in range(20):
        g = Game(GameSetup("TB", TB.ids, NAMES[:8], seed=seed), REG)
        in_play = {p.character for p in g.grim.players} | {p.believes for p in g.grim.players}
        assert len(g.grim.bluffs) == 3
        assert not set(g.grim.bluffs) & in_play
        assert all(REG.get(b).team in ("townsfolk", "outsider") for b in g.grim.bluffs)


def test_drunk_believes_a_townsfolk_not_in_play_and_storyteller_can_change_it():
    g = Game(GameSetup("TB", TB.ids, NAMES[:7],
                       ["drunk", "imp", "poisoner", "chef", "empath", "monk", "soldier"], 3), REG)
    drunk = g.grim.seat(1)
    in_play = {p.character for p in g.grim.players}
    assert REG.get(drunk.believes).team == "townsfolk" and drunk.believes not in in_play
    g.handle("drunk_believes", {"character": "mayor"})
    assert drunk.believes == "mayor"
    from statemachine.errors import Rejected
    with pytest.raises(Rejected):
        g.handle("drunk_believes", {"character": "chef"})  # in play


def test_travellers_are_seated_after_players_and_not_counted():
    g = Game(GameSetup("TB", TB.ids, NAMES[:5], seed=1, travellers=["Zed", "Yan"]), REG)
    assert [p.traveller for p in g.grim.players] == [False] * 5 + [True] * 2
    assert all(REG.get(p.character).team == "traveller" for p in g.grim.players[5:])
    with pytest.raises(SetupError, match="at most 5"):
        Game(GameSetup("TB", TB.ids, NAMES[:5], travellers=list("ABCDEF")), REG)


def test_minion_and_demon_info_only_with_seven_or_more():
    six = Game(GameSetup("TB", TB.ids, NAMES[:6], seed=2, travellers=["Zed"]), REG)
    seven = Game(GameSetup("TB", TB.ids, NAMES[:7], seed=2), REG)
    assert "minioninfo" not in six.night_order_ids(True)
    assert {"minioninfo", "demoninfo"} <= set(seven.night_order_ids(True))


def test_a_setup_note_counts_with_its_noun():
    from statemachine.bag.draw import check_counts
    from characters.scripts import load_script, registry_for
    registry = registry_for(load_script("Trouble Brewing"))
    units = [registry.get(i) for i in "imp,poisoner,chef,empath,monk,virgin,slayer".split(",")]
    units[-1] = registry.get("saint")
    assert check_counts(units, 7) == ["4 Townsfolk in play where the standard setup has 5",
                                      "1 Outsider in play where the standard setup has 0"]
    units = [registry.get(i) for i in "imp,baron,chef,empath,monk,virgin,slayer".split(",")]
    assert "0 Outsiders in play where the standard setup has 2" in check_counts(units, 7)


def test_a_script_short_of_a_team_is_refused_with_its_count_agreeing():
    # Trouble Brewing with one Outsider left: a Baron game of 7 needs 2
    pool = [REG.get(i) for i in TB.ids if REG.get(i).team != "outsider" or i == "saint"]
    pool = [c for c in pool if c.team != "minion" or c.id == "baron"]
    with pytest.raises(SetupError) as refused:
        draw_bag(pool, 7, random.Random(0))
    assert str(refused.value) == "the script has 1 outsider character to draw from; the setup needs 2"
    pool = [c for c in pool if c.team != "outsider"]
    with pytest.raises(SetupError, match="has 0 outsider characters to draw from"):
        draw_bag(pool, 7, random.Random(0))
