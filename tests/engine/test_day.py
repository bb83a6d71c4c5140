"""Nominations, votes, ghost votes, the block, ties, executions and exiles."""
import pytest

from engine_helpers import new_game, run, text, to_day
from statemachine.errors import Rejected
from statemachine.model import Effect

SEVEN = "empath,soldier,monk,imp,poisoner,fortuneteller,chef"


def nominate(game, a, b):
    return run(game, ("nominate", {"nominator": a, "nominee": b}))


def test_threshold_is_half_the_living_rounded_up():
    g = to_day(new_game(SEVEN))
    assert g.execution_threshold() == 4
    g.grim.seat(2).alive = False
    assert g.execution_threshold() == 3


def test_each_player_nominates_once_and_is_nominated_once_per_day():
    g = to_day(new_game(SEVEN))
    nominate(g, 1, 2)
    run(g, ("votes", {"count": 1}))
    with pytest.raises(Rejected, match="already nominated today"):
        nominate(g, 1, 3)
    with pytest.raises(Rejected, match="already been nominated"):
        nominate(g, 3, 2)
    nominate(g, 3, 1)   # a nominator may still be nominated


def test_dead_players_cannot_nominate_and_have_one_ghost_vote():
    g = to_day(new_game(SEVEN))
    dead = g.grim.seat(7)
    run(g, ("die", {"seat": 7}))
    with pytest.raises(Rejected, match="dead and cannot nominate"):
        nominate(g, 7, 1)
    nominate(g, 1, 2)
    run(g, ("vote", {"seats": [7]}), ("votes", {"count": 1}))
    assert dead.ghost_vote is False
    nominate(g, 3, 4)
    with pytest.raises(Rejected, match="no ghost vote left"):
        run(g, ("vote", {"seats": [7]}))


def test_votes_put_a_player_on_the_block_and_a_tie_clears_it():
    g = to_day(new_game(SEVEN))
    said = nominate(g, 1, 4) + run(g, ("votes", {"count": 4}))
    assert "Seat 4, Dan is about to die" in text(said, "public")
    said = nominate(g, 2, 5) + run(g, ("votes", {"count": 4}))
    assert "a tie" in text(said, "public")
    said = run(g, ("end_day", {}))
    assert "Nobody is executed today." in text(said, "public")
    assert g.phase.at_night


def test_more_votes_replace_the_player_on_the_block():
    g = to_day(new_game(SEVEN))
    nominate(g, 1, 2)
    run(g, ("votes", {"count": 4}))
    said = nominate(g, 3, 4) + run(g, ("votes", {"count": 5}))
    assert "Seat 4, Dan is about to die" in text(said, "public")
    said = run(g, ("end_day", {}))
    assert g.winner and g.winner.winner == "good"


def test_too_few_votes_and_a_count_below_the_named_voters():
    g = to_day(new_game(SEVEN))
    nominate(g, 1, 2)
    run(g, ("vote", {"seats": [3, 5]}))
    with pytest.raises(Rejected, match="2 voters were named"):
        run(g, ("votes", {"count": 1}))
    said = run(g, ("votes", {"count": 3}))
    assert "Not enough" in text(said, "public") and g.block is None


def test_only_one_execution_a_day():
    g = to_day(new_game(SEVEN))
    run(g, ("execute", {"seat": 2}))
    assert not g.grim.seat(2).alive and g.phase.at_night


def test_votes_only_during_a_vote_and_nominations_only_by_day():
    g = new_game(SEVEN)
    with pytest.raises(Rejected, match="Not now"):
        nominate(g, 1, 2)
    g = to_day(g)
    with pytest.raises(Rejected, match="Not now"):
        run(g, ("votes", {"count": 3}))


def test_a_yes_during_a_vote_does_not_close_it():
    """The table says "yes" all through a vote: only next (or a count) ends it."""
    g = to_day(new_game(SEVEN))
    nominate(g, 1, 2)
    run(g, ("vote", {"seats": [3]}))
    with pytest.raises(Rejected):
        run(g, "yes")
    assert g.phase.state == "vote" and "yes" not in g.expected_intents()
    said = run(g, "next")
    assert "1 vote. Not enough" in text(said, "public")


def test_a_count_above_the_hands_that_can_vote_is_refused():
    """"five votes" heard as "fifteen" at a seven-player table put the nominee on the block."""
    g = to_day(new_game(SEVEN))
    run(g, ("die", {"seat": 7}))
    g.grim.seat(7).ghost_vote = False               # spent: six hands at most
    nominate(g, 1, 2)
    run(g, ("vote", {"seats": [3]}))
    with pytest.raises(Rejected, match="Only 6 players can vote, so the count cannot be 7"):
        run(g, ("votes", {"count": 7}))
    assert g.phase.state == "vote" and g.vote.voters == [3]
    said = run(g, ("votes", {"count": 6}))
    assert "6 votes" in text(said, "public")


def test_traveller_exile_needs_half_of_everyone_and_spends_no_ghost_vote():
    g = to_day(new_game(SEVEN + ",scapegoat", travellers=1))
    run(g, ("die", {"seat": 7}))
    said = run(g, ("exile", {"seat": 8, "caller": 7}))   # a dead player may call for it
    assert "calls for the exile of seat 8" in text(said, "public")
    run(g, ("vote", {"seats": [7]}))
    said = run(g, ("votes", {"count": 4}))
    assert g.grim.seat(7).ghost_vote is True
    assert "is exiled" in text(said, "public") and not g.grim.seat(8).alive
    assert g.executed_today is None and g.phase.state == "day"   # an exile is not an execution


def test_a_traveller_called_by_seat_who_is_not_exiled_begins_the_sentence_with_a_capital():
    g = to_day(new_game(SEVEN + ",scapegoat", travellers=1))
    g.grim.seat(8).given = ""   # no name: called by seat
    run(g, ("exile", {"seat": 8}))
    said = text(run(g, ("votes", {"count": 1})), "public")
    assert "4 needed. Seat 8 is not exiled." in said and g.grim.seat(8).alive


def test_only_travellers_are_exiled():
    g = to_day(new_game(SEVEN))
    with pytest.raises(Rejected, match="not a Traveller"):
        run(g, ("exile", {"seat": 2}))


def test_two_players_alive_evil_wins():
    g = to_day(new_game("empath,soldier,monk,imp,poisoner"))
    run(g, ("die", {"seat": 1}), ("die", {"seat": 2}))
    assert g.winner is None
    run(g, ("die", {"seat": 3}))
    assert g.winner.winner == "evil" and "two players" in g.winner.reason


def test_a_traveller_joins_mid_game_and_leaves_again():
    g = to_day(new_game(SEVEN))
    said = run(g, ("traveller_joins", {"name": "Zed", "character": "beggar"}))
    zed = g.grim.seat(8)
    assert (zed.name, zed.character, zed.traveller, zed.alive) == ("Zed", "beggar", True, True)
    assert "Zed joins the game as the Beggar, in seat 8, Zed" in text(said, "public")
    assert "is the Beggar, a Traveller, good" in text(said, "private")
    assert g.execution_threshold() == 4          # eight alive now
    run(g, ("traveller_leaves", {"seat": 8}))
    assert not zed.alive and "Left the game" in zed.reminders
    assert g.winner is None


@pytest.mark.parametrize("slots,message", [
    ({"name": "Zed", "character": "chef"}, "joins as a Traveller"),
    ({"name": "ann", "character": "beggar"}, "already a player called"),
])
def test_a_bad_traveller_join_changes_nothing(slots, message):
    g = to_day(new_game(SEVEN))
    with pytest.raises(Rejected, match=message):
        run(g, ("traveller_joins", slots))
    assert len(g.grim.players) == 7


def test_travellers_join_only_at_setup_or_by_day_and_only_travellers_leave():
    g = new_game(SEVEN)           # the first night
    with pytest.raises(Rejected, match="Not now"):
        run(g, ("traveller_joins", {"name": "Zed", "character": "beggar"}))
    g = to_day(g)
    with pytest.raises(Rejected, match="not a Traveller"):
        run(g, ("traveller_leaves", {"seat": 1}))


def test_any_number_of_voters_in_one_command_up_to_the_table_size():
    game = to_day(new_game(SEVEN))
    run(game, ("nominate", {"nominator": 2, "nominee": 4}),
        ("vote", {"seats": [1, 2, 3, 5, 6, 7]}))
    assert game.vote.voters == [1, 2, 3, 5, 6, 7]
    with pytest.raises(Rejected, match="8 voters, but 7 seats"):
        run(game, ("vote", {"seats": [1, 2, 3, 4, 5, 6, 7, 4]}))


def test_a_wrong_answer_at_night_suggests_the_form_that_works():
    game = new_game(SEVEN)
    while not (game.wait is not None and type(game.wait).__name__ == "ChooseSeats"):
        game.handle("next")
    with pytest.raises(Rejected) as exc:
        game.handle("next")
    said = str(exc.value)
    assert said.startswith("That does not answer this step. Say the seat, for example 'seat ")
    seat = int(said.rsplit("'seat ", 1)[1].split("'")[0])   # an example this step takes
    assert seat != game.current.seat
    game.handle("choose", {"seats": [seat]})


def test_a_refusal_that_starts_with_a_seat_starts_with_a_capital():
    game = to_day(new_game(SEVEN))
    run(game, ("nominate", {"nominator": 2, "nominee": 4}), ("vote", {"seats": [3]}))
    with pytest.raises(Rejected) as exc:
        run(game, ("vote", {"seats": [3]}))
    assert str(exc.value) == "Seat 3, Cat has already voted."


def test_nothing_is_said_after_the_game_is_over():
    game = to_day(new_game(SEVEN))           # the Imp in seat 4, the Poisoner in seat 5
    for seat in (1, 2, 3, 6):
        run(game, ("die", {"seat": seat}))
    run(game, ("end_day", {}))
    said = []
    while not game.winner:
        w = game.wait
        said += run(game, ("choose", {"seats": [7]}) if type(w).__name__ == "ChooseSeats"
                    else "next")
    lines = [s.text for s in said]
    over = next(n for n, t in enumerate(lines) if t.startswith("The game is over."))
    assert lines[over + 1].startswith("The grimoire.") and len(lines) == over + 2


def test_a_tie_after_a_tie_names_the_tied_players_not_the_last_seat():
    g = to_day(new_game(SEVEN))
    nominate(g, 1, 5)
    run(g, ("votes", {"count": 4}))
    nominate(g, 2, 6)
    said = run(g, ("votes", {"count": 4}))
    assert "4 votes, a tie with Eve. Nobody is about to die." in text(said, "public")
    said = nominate(g, 3, 7) + run(g, ("votes", {"count": 4}))
    assert "Eve and Fay are tied with 4 votes: Gus needs 5" in text(said, "public")
    assert "4 votes, a tie with Eve and Fay. Nobody is about to die." in text(said, "public")
    assert "Gus" not in text(said, "public").split("a tie with")[1]
    said = run(g, ("end_day", {}))
    assert "Nobody is executed today." in text(said, "public")


def joins_between(a, b, name="Zed", character="beggar"):
    return ("traveller_joins", {"name": name, "character": character, "after": a, "before": b})


def test_a_traveller_who_joins_between_two_seats_sits_there_and_seats_are_renumbered():
    g = to_day(new_game(SEVEN))
    dan = g.grim.seat(4)
    g.grim.seat(6).add_effect(Effect("poisoned", source=5, until="dusk", needs_source=True,
                                     ability="poisoner"))
    run(g, ("die", {"seat": 7}))
    said = run(g, joins_between(3, 4))
    zed = g.grim.seat(4)
    assert (zed.name, zed.traveller) == ("Zed", True)
    assert [p.name for p in g.grim.players] == ["Ann", "Ben", "Cat", "Zed", "Dan", "Eve",
                                                "Fay", "Gus"]
    assert [p.seat for p in g.grim.players] == list(range(1, 9))
    assert dan.seat == 5
    assert ("Zed joins the game as the Beggar, in seat 4, between Cat and Dan. From Dan on, "
            "every seat number is one higher: Dan is now seat 5, Eve seat 6, Fay seat 7 "
            "and Gus seat 8.") in text(said, "public")
    assert [n.name for n in g.grim.neighbours(g.grim.seat(3))] == ["Ben", "Zed"]
    assert [n.name for n in g.grim.neighbours(dan)] == ["Zed", "Eve"]
    assert g.grim.seat(7).effects[0].source == 6           # the Poisoner, Eve, now seat 6
    assert g.impairment(g.grim.seat(7)) == "poisoned"
    assert [d.seat for d in g.deaths] == [8]               # Gus died, now in seat 8
    run(g, nominate_slots(5, 8))


def nominate_slots(a, b):
    return ("nominate", {"nominator": a, "nominee": b})


def test_between_the_last_seat_and_the_first_is_a_new_last_seat():
    g = to_day(new_game(SEVEN))
    run(g, joins_between(1, 7))
    assert [p.name for p in g.grim.players][-1] == "Zed" and g.grim.seat(1).name == "Ann"


def test_joining_between_two_seats_that_are_not_neighbours_is_refused():
    g = to_day(new_game(SEVEN))
    with pytest.raises(Rejected, match="next to each other"):
        run(g, joins_between(2, 5))
    assert len(g.grim.players) == 7


def test_the_empath_counts_neighbours_on_the_new_circle():
    g = new_game("imp,soldier,empath,monk,poisoner,chef,saint", start=False)
    run(g, joins_between(3, 4, character="thief"))
    assert g.grim.seat(4).name == "Zed" and g.grim.seat(5).character == "monk"
    run(g, ("alignment", {"seat": 4, "alignment": "evil"}), "next")
    for _ in range(30):
        if g.current and g.current.ability == "empath" and g.wait is not None:
            break
        w = g.wait
        run(g, ("choose", {"seats": [7][: w.count]}) if type(w).__name__ == "ChooseSeats"
            else "next")
    assert g.wait.truth == 1                  # the evil Thief beside the Empath


def test_the_player_on_the_block_is_said_with_one_vote_not_one_votes():
    g = to_day(new_game(SEVEN))
    g.block = (5, 1)                  # as under the Voudon, where one vote is enough
    said = run(g, ("nominate", {"nominator": 2, "nominee": 6}))
    assert "Eve is about to die with 1 vote: " in text(said, "public")


def test_an_exile_with_no_caller_names_nobody_twice_and_the_table_gives_its_threshold():
    """Issue 25, item 6: "exile seat 8" with no caller is the Storyteller's call, not the
    Traveller calling for their own exile; the nominations answer gives the exile's
    threshold (half of everyone, dead too), not the execution's."""
    from statemachine.view.questions import answer
    g = to_day(new_game(SEVEN + ",scapegoat", travellers=1))
    run(g, ("die", {"seat": 7}), ("die", {"seat": 6}))
    said = text(run(g, ("exile", {"seat": 8})), "public")
    assert "Seat 8, Hal calls for the exile of seat 8" not in said
    assert "An exile of seat 8, Hal is called for." in said
    assert g.exile_threshold() == 4 and g.execution_threshold() == 3
    nominations = " ".join(s.text for s in answer(g, "ask_nominations", {}))
    assert "4 votes exile." in nominations and "3 votes execute" not in nominations
    assert "An exile of seat 8, Hal was called for: the vote is open." in nominations


def test_next_by_day_names_a_nomination_the_game_allows():
    """"next" by day says how to go on with seats that exist and may nominate: never seat six
    in a five-player game, nor a seat that has nominated today."""
    import re

    words = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}

    def seats_named(game):
        with pytest.raises(Rejected) as said:
            game.handle("next")
        assert str(said.value).startswith("It is day. Say 'seat "), said.value
        return [int(n) if n.isdigit() else words[n] for n in re.findall(r"seat (\w+)", str(said.value))]

    g = to_day(new_game("empath,soldier,monk,imp,poisoner"))
    first = seats_named(g)
    assert len(first) == 2 and all(1 <= n <= 5 for n in first), first
    nominate(g, 1, 2)
    run(g, ("votes", {"count": 1}))
    nominator, nominee = seats_named(g)
    assert nominator != 1 and nominee != 2 and 1 <= nominator <= 5 and 1 <= nominee <= 5


def test_a_nomination_or_an_exile_while_a_vote_is_open_asks_for_the_count_first():
    g = to_day(new_game(SEVEN + ",beggar", travellers=1))
    nominate(g, 1, 2)
    for command in (("nominate", {"nominator": 3, "nominee": 4}), ("exile", {"seat": 8})):
        with pytest.raises(Rejected, match=r"^A vote is open\. Say next to count it first\.$"):
            run(g, command)
    assert g.phase.state == "vote"


def test_a_nomination_at_night_is_refused_during_the_night():
    g = to_day(new_game(SEVEN))
    run(g, "end_day")
    assert g.phase.state == "night"
    with pytest.raises(Rejected, match=r"^Not now, during the night: nominations happen"):
        nominate(g, 1, 2)


@pytest.mark.parametrize("travellers, among", [(0, ""), (1, ", 1 of them a Traveller"),
                                               (2, ", 2 of them Travellers")])
def test_the_status_counts_living_travellers_as_the_threshold_does(travellers, among):
    g = to_day(new_game(",".join([SEVEN, "beggar", "scapegoat"][:1 + travellers]), travellers=travellers))
    need = g.execution_threshold()
    assert g.status_line().startswith(f"Day 1. {7 + travellers} players alive{among}; {need} votes to execute.")


def test_a_travellers_character_is_told_the_table_in_sentences_of_its_own():
    g = new_game(SEVEN + ",bureaucrat", travellers=1, start=False)
    said = [s.text for s in g.out if s.channel == "public"]
    line = next(t for t in said if "travels as the" in t)
    assert line.count(":") <= 1 and ". " in line and ": " not in line.split(". ")[0]
