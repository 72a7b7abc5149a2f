"""End of turn: elimination, victory and every tiebreak, 5–6 players, variants."""

from __future__ import annotations

from typing import Any

from referee_fixtures import (
    bait_state,
    end_events,
    ended,
    events_of,
    hero,
    refused,
    room,
    run,
    scored_state,
    t_hero,
    t_player,
    t_room,
    through_adventure,
)

from rules import commands as c
from rules import events as ev


def eliminated(events: tuple[ev.EventBase, ...]) -> list[str]:
    return [e.player for e in events if isinstance(e, ev.PlayerEliminated)]


def outcome(scores: list[tuple[str, int, int, int]], **extra: Any) -> tuple[str | None, str]:
    game_end = ended(scored_state(scores, **extra))
    assert game_end is not None
    return game_end.winner, game_end.ruling.rule


def test_end_elim_five_wounds_is_out_whatever_the_souls() -> None:
    """R-END-ELIM: 5+ Wounds eliminates, even with 10 Souls (no win with 5 Wounds)."""
    state = scored_state([("A", 900, 12, 5), ("B", 500, 3, 1), ("C", 100, 0, 0)])
    events = end_events(state)
    assert eliminated(events) == ["A"]
    assert [e.ruling.rule for e in events if isinstance(e, ev.PlayerEliminated)] == ["R-END-ELIM"]
    assert not any(isinstance(e, ev.GameEnded) for e in events)
    after = run(state, c.EndTurn())
    assert after.player("A").eliminated and after.phase == "beginning"


def test_end_elim_others_play_on_and_hero_count_unchanged() -> None:
    """R-END-ELIM: with 3+ players the others play on; Heroes revealed per turn stay at one
    per player at the table."""
    state = scored_state([("A", 900, 0, 6), ("B", 500, 0, 0), ("C", 100, 0, 0)])
    state = run(state.model_copy(update={"ordinary_left": 10}), c.EndTurn())
    refused(state, c.RevealHeroes(heroes=(hero("mage"),) * 2), "R-TURN-REVEAL")
    state = run(state, c.RevealHeroes(heroes=(hero("mage"),) * 3))
    refused(state, c.BuildRoom(player="A", room=room("mage")), "R-END-ELIM")
    run(state, c.BuildRoom(player="B", room=room("mage")))


def test_end_win_ten_souls_and_fewer_than_five_wounds() -> None:
    """R-END-WIN: 10+ Souls and fewer than 5 Wounds wins."""
    assert outcome([("A", 900, 10, 4), ("B", 500, 9, 0)]) == ("A", "R-END-WIN")


def test_end_win_nine_souls_is_not_enough() -> None:
    """R-END-WIN: below 10 Souls nobody wins; the game goes on."""
    state = scored_state([("A", 900, 9, 0), ("B", 500, 9, 0)])
    events = end_events(state)
    assert not any(isinstance(e, ev.GameEnded) for e in events)
    assert any(e.ruling.key == "end.no_winner" for e in events)


def test_end_win_simultaneous_ten_souls_highest_net_wins() -> None:
    """R-END-WIN: several reach 10 Souls at once: highest Souls minus Wounds wins."""
    assert outcome([("A", 900, 12, 4), ("B", 500, 10, 1), ("C", 100, 3, 0)]) == ("B", "R-END-WIN")


def test_end_win_over_an_eliminated_rival() -> None:
    """R-END-WIN with R-END-ELIM: one reaches 10 Souls as the other is eliminated."""
    assert outcome([("A", 900, 10, 0), ("B", 500, 11, 5)]) == ("A", "R-END-WIN")


def test_end_xp_tie_on_net_goes_to_lowest_xp() -> None:
    """R-END-XP: a tie on Souls minus Wounds goes to the lowest XP."""
    assert outcome([("A", 900, 11, 1), ("B", 500, 10, 0)]) == ("B", "R-END-XP")
    game_end = ended(scored_state([("A", 900, 11, 1), ("B", 500, 10, 0)]))
    assert game_end is not None and "lowest XP" in game_end.ruling.why


def test_end_xp_anniversary_option_goes_to_highest_xp() -> None:
    """R-END-XP (10th-anniversary option): the tie goes to the highest XP instead."""
    state = scored_state([("A", 900, 11, 1), ("B", 500, 10, 0)])
    setup = state.setup.model_copy(
        update={"ruleset": state.setup.ruleset.model_copy(update={"xp_tiebreak": "highest"})}
    )
    game_end = ended(state.model_copy(update={"setup": setup}))
    assert game_end is not None
    assert (game_end.winner, game_end.ruling.rule) == ("A", "R-END-XP")
    assert "highest XP" in game_end.ruling.why


def test_end_xp_tie_on_xp_too_is_a_shared_victory() -> None:
    """R-END-XP: tied on net and on XP: the game ends with no single winner."""
    assert outcome([("A", 500, 10, 0), ("B", 500, 10, 0)]) == (None, "R-END-XP")


def test_end_last_player_standing_wins() -> None:
    """R-END-LAST: exactly one player left wins."""
    assert outcome([("A", 900, 2, 5), ("B", 500, 0, 0)]) == ("B", "R-END-LAST")


def test_end_last_after_earlier_eliminations() -> None:
    """R-END-LAST: three players, one out earlier, one goes out now: the third wins."""
    state = bait_state(
        [
            t_player("A", 900, eliminated=True, wounds=5),
            t_player("B", 500, [t_room("mage", 0)], wounds=4),
            t_player("C", 100),
        ],
        [t_hero("mage")],
    )
    game_end = ended(through_adventure(state))
    assert game_end is not None and (game_end.winner, game_end.ruling.rule) == ("C", "R-END-LAST")


def test_end_allout_everyone_out_in_the_same_turn_highest_net_wins() -> None:
    """R-END-ALLOUT: all remaining players out this turn: highest Souls minus Wounds wins."""
    assert outcome([("A", 900, 3, 5), ("B", 500, 6, 6), ("C", 100, 1, 5)]) == ("B", "R-END-ALLOUT")


def test_end_allout_tie_goes_to_lowest_xp() -> None:
    """R-END-ALLOUT then R-END-XP: a net tie among the fallen goes to the lowest XP."""
    assert outcome([("A", 900, 3, 5), ("B", 500, 3, 5)]) == ("B", "R-END-XP")


def test_end_fivesix_nobody_eliminated_at_five_wounds() -> None:
    """R-END-FIVESIX: in a 5–6 player game nobody is eliminated at 5 Wounds."""
    scores = [(f"P{i}", 100 * i, 0, 7 if i == 1 else 0) for i in range(1, 6)]
    state = scored_state(scores)
    events = end_events(state)
    assert eliminated(events) == []
    notes = [e for e in events if e.ruling.key == "end.no_elim_fivesix"]
    assert [e.ruling.rule for e in notes] == ["R-END-FIVESIX"]
    assert not run(state, c.EndTurn()).player("P1").eliminated


def test_end_fivesix_ten_souls_ends_highest_net_wins() -> None:
    """R-END-FIVESIX: someone reaching 10 Souls ends the game; highest net wins, who may not
    be the one with 10 Souls."""
    scores = [("P1", 600, 10, 4), ("P2", 500, 8, 0)] + [(f"Q{i}", i, 0, 0) for i in range(4)]
    assert outcome(scores) == ("P2", "R-END-FIVESIX")


def test_end_fivesix_ruling_names_who_reached_ten_souls() -> None:
    """R-END-FIVESIX: the ruling says who reached 10 Souls, not only who won."""
    scores = [("P1", 600, 10, 4), ("P2", 500, 8, 0), ("P3", 400, 11, 6)]
    scores += [(f"Q{i}", i, 0, 0) for i in range(3)]
    game_end = ended(scored_state(scores))
    assert game_end is not None and game_end.winner == "P2"
    assert game_end.ruling.args["reached"] == "P1, P3"
    assert game_end.ruling.why.startswith("10 Souls reached by P1, P3, so")


def test_end_fivesix_tie_goes_to_lowest_xp() -> None:
    """R-END-FIVESIX / R-END-XP: a net tie goes to the lowest XP."""
    scores = [("P1", 600, 10, 2), ("P2", 500, 8, 0)] + [(f"Q{i}", i + 1, 0, 0) for i in range(3)]
    assert outcome(scores) == ("P2", "R-END-XP")


def test_end_fivesix_ends_after_the_turn_the_deck_ran_out() -> None:
    """R-END-FIVESIX: the game ends after the turn in which the last Hero entered town."""
    scores = [(f"P{i}", 100 * i, i, 0) for i in range(1, 6)]
    assert ended(scored_state(scores)) is None
    assert outcome(scores, hero_deck_empty=True) == ("P5", "R-END-FIVESIX")


def test_var_unlimited_nobody_eliminated_and_ten_souls_do_not_end() -> None:
    """R-VAR-UNLIMITED: no elimination; the game goes on while Heroes are left."""
    state = scored_state([("A", 900, 12, 7), ("B", 500, 0, 0)], variant="unlimited_lives")
    events = end_events(state)
    assert eliminated(events) == []
    assert [e.ruling.rule for e in events if e.ruling.key == "end.no_elim_unlimited"] == [
        "R-VAR-UNLIMITED"
    ]
    assert not any(isinstance(e, ev.GameEnded) for e in events)


def test_var_unlimited_ends_when_the_hero_decks_are_empty() -> None:
    """R-VAR-UNLIMITED: a turn ending with no Hero left ends the game: highest net wins,
    ties to the lowest XP."""
    both = {"variant": "unlimited_lives", "hero_deck_empty": True}
    assert outcome([("A", 900, 12, 7), ("B", 500, 6, 0)], **both) == ("B", "R-VAR-UNLIMITED")
    assert outcome([("A", 900, 6, 0), ("B", 500, 7, 1)], **both) == ("B", "R-END-XP")


def test_var_machinations_reminds_players_without_a_new_soul() -> None:
    """R-VAR-MACHINATIONS: a player who gained no Soul this turn may draw a card."""
    state = bait_state(
        [t_player("A", 900, [t_room("mage", 9)]), t_player("B", 500)], [t_hero("mage")]
    )
    rules = state.setup.ruleset.model_copy(update={"machinations": True})
    state = state.model_copy(update={"setup": state.setup.model_copy(update={"ruleset": rules})})
    events = end_events(through_adventure(state))
    reminded = [e.ruling.args["player"] for e in events if e.ruling.rule == "R-VAR-MACHINATIONS"]
    assert reminded == ["B"]


def test_var_machinations_off_by_default() -> None:
    """R-VAR-MACHINATIONS is a variant: no reminder without it."""
    events = end_events(scored_state([("A", 900, 0, 0), ("B", 500, 0, 0)]))
    assert not any(e.ruling.rule == "R-VAR-MACHINATIONS" for e in events)


def test_score_correct_adjusts_souls_and_wounds_and_is_logged() -> None:
    """R-SCORE-CORRECT: a manual correction changes the score and says so."""
    state = scored_state([("A", 900, 3, 1), ("B", 500, 0, 0)])
    command = c.CorrectScore(player="A", souls=2, wounds=-1, reason="missed a Soul")
    (event,) = events_of(state, command)
    assert isinstance(event, ev.ScoreCorrected) and event.ruling.rule == "R-SCORE-CORRECT"
    assert "missed a Soul" in event.ruling.why
    state = run(state, command)
    assert (state.souls("A"), state.wounds("A")) == (5, 0)
    refused(state, c.CorrectScore(player="Z", souls=1), "R-PLAYER")


def test_score_correction_never_leaves_a_score_below_zero() -> None:
    """R-SCORE-CORRECT: a table has no negative Souls or Wounds, so a correction that would
    leave one below zero is refused, naming the score; down to zero is fine."""
    state = scored_state([("A", 900, 3, 1), ("B", 500, 0, 0)])
    refused(state, c.CorrectScore(player="A", wounds=-2), "R-SCORE-CORRECT")
    refused(state, c.CorrectScore(player="B", souls=-1), "R-SCORE-CORRECT")
    refused(state, c.CorrectScore(player="A", souls=1, wounds=-2), "R-SCORE-CORRECT")
    state = run(state, c.CorrectScore(player="A", souls=-3, wounds=-1))
    assert (state.souls("A"), state.wounds("A")) == (0, 0)


def test_end_turn_only_in_the_end_phase_and_not_after_the_game() -> None:
    """R-PHASE / R-END-WIN: End of turn only in the End phase; nothing after a winner."""
    state = scored_state([("A", 900, 10, 0), ("B", 500, 0, 0)])
    over = run(state, c.EndTurn())
    assert over.game_over and over.winner == "A"
    assert over.outcome is not None and over.outcome.rule == "R-END-WIN"
    error = refused(over, c.EndTurn(), "R-END-WIN")
    assert "game is over" in str(error)
    refused(bait_state([t_player("A", 1), t_player("B", 2)]), c.EndTurn(), "R-PHASE")
