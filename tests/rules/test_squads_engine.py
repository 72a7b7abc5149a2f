"""The squad game's referee, command by command; each expectation is the 004 rulebook's."""

from __future__ import annotations

from squad_fixtures import card, deploy, end, play, refused, refused_at, round_of, setup

from rules.squads import commands as cmd
from rules.squads.commands import SQUAD_COMMANDS
from rules.squads.engine import apply
from rules.squads.events import GameOver
from rules.squads.game import SquadGame
from rules.squads.models import MAP_KINDS, setup_clash
from rules.squads.resolve import drawable


def _resolving(*, ann_support: int = 0, bob: int = 3, cy: int = 1) -> SquadGame:
    """Ann, Bob and Cy each lead one red squad; back at Ann's Resolve phase."""
    game = SquadGame.new(setup())
    ann = [deploy("Ann", "red", 3)]
    if ann_support:
        ann.append(cmd.Support(player="Ann", squad=0, cards=ann_support))
    return round_of(
        game,
        ("Ann", ann),
        ("Bob", [deploy("Bob", "red", bob)]),
        ("Cy", [deploy("Cy", "red", cy)]),
    )


def test_first_turn_skips_resolve_and_setup_gives_each_a_princess() -> None:
    game = SquadGame.new(setup())
    assert game.state.phase == "deploy"  # first turn: Resolve is skipped
    assert game.state.player("Bob").princesses == ("blue",)
    assert game.state.timer_left == 9  # 8 timer + 2 MAP cards, one drawn into SLOT1


def test_next_player_without_squads_skips_resolve_and_with_squads_resolves() -> None:
    game = play(SquadGame.new(setup()), deploy("Ann", "red", 2), end("Ann"))
    assert (game.state.active_player.name, game.state.phase) == ("Bob", "deploy")
    game = round_of(game, ("Bob", []), ("Cy", []))
    assert (game.state.active_player.name, game.state.phase) == ("Ann", "resolve")


def test_support_adds_one_each_and_deploy_after_support_is_refused() -> None:
    game = play(
        SquadGame.new(setup()), deploy("Ann", "red", 2), cmd.Support(player="Ann", squad=0, cards=3)
    )
    assert game.state.player("Ann").squads[0].total == 5  # 2 + 1 + 1 + 1
    refused(game, deploy("Ann", "blue", 1), "R-SQ-TURN")


def test_only_the_active_player_acts() -> None:
    refused(SquadGame.new(setup()), deploy("Bob", "red", 2), "R-SQ-TURN")


def test_strongest_of_its_colour_captures_and_retreats_whole() -> None:
    game = _resolving(ann_support=1, bob=3, cy=1)  # Ann 4, Bob 3, Cy 1
    game, events = game.play(cmd.Capture(player="Ann", squad=0, slot=1, princess="green"))
    assert events[0].ruling.rule == "R-SQ-STRONGEST"
    assert game.state.player("Ann").squads == ()  # the whole squad retreated
    assert game.state.slots[0] is None
    assert game.state.player("Ann").princesses == ("red", "green")  # Kidnap from the wilds


def test_beaten_squad_is_told_who_beats_it() -> None:
    error = refused(_resolving(bob=5), cmd.Capture(player="Ann", squad=0, slot=1), "R-SQ-STRONGEST")
    assert error.args_map["by"] == "Bob" and error.args_map["by_strength"] == 5


def test_a_tie_for_strongest_is_won_on_your_own_turn() -> None:
    _game, events = _resolving(bob=3).play(cmd.Capture(player="Ann", squad=0, slot=1))
    assert events[0].ruling.rule == "R-SQ-TIE"


def test_a_squad_captures_only_its_colour_and_a_slot_only_once() -> None:
    game = SquadGame.new(setup(slot2=card("kidnap", "red")))
    game = round_of(
        game,
        ("Ann", [deploy("Ann", "red", 3), deploy("Ann", "red", 3), deploy("Ann", "blue", 1)]),
        ("Bob", []),
        ("Cy", []),
    )
    refused(game, cmd.Capture(player="Ann", squad=2, slot=2), "R-SQ-CAPTURE")  # blue vs red
    game = play(game, cmd.Capture(player="Ann", squad=0, slot=1))
    refused(game, cmd.Capture(player="Ann", squad=1, slot=1), "R-SQ-CAPTURE")  # already taken
    game = play(game, cmd.Capture(player="Ann", squad=1, slot=2))  # both slots red: either
    assert game.state.slots == (None, None)


def test_refill_slot1_from_timer_until_the_finale() -> None:
    game = play(
        _resolving(),
        cmd.Capture(player="Ann", squad=0, slot=1),
    )
    refused(game, cmd.FinishResolve(), "R-SQ-REFILL")  # SLOT1 is empty: what was drawn?
    refused(game, cmd.FinishResolve(slot1=card("finale", "red")), "R-SQ-REFILL")  # 9 left
    game = play(game, cmd.FinishResolve(slot1=card("kidnap", "green")))
    assert game.state.timer_left == 8 and game.state.phase == "deploy"


def test_finale_shows_when_the_timer_runs_out() -> None:
    game = _resolving()
    state = game.state.model_copy(update={"timer_left": 0})
    state, _ = apply(state, cmd.Capture(player="Ann", squad=0, slot=1))
    refused_at(state, cmd.FinishResolve(slot1=card("kidnap", "red")), "R-SQ-REFILL")
    state, _ = apply(state, cmd.FinishResolve(slot1=card("finale", "purple")))
    assert state.slots[0] == card("finale", "purple")


def test_bullyhulk_retreats_every_standing_squad_of_the_enemy() -> None:
    game = SquadGame.new(setup(slot2=card("bullyhulk", "red")))
    game = round_of(
        game,
        ("Ann", [deploy("Ann", "red", 3), deploy("Ann", "red", 3)]),
        ("Bob", [deploy("Bob", "blue", 2), deploy("Bob", "green", 1)]),
        ("Cy", []),
    )
    game = play(game, cmd.Capture(player="Ann", squad=0, slot=2, victim="Bob"))
    assert game.state.player("Bob").squads == ()
    refused(
        game,
        cmd.Capture(player="Ann", squad=1, slot=1, victim="Ann", princess="red"),
        "R-SQ-KIDNAP",
    )


def test_gullible_hero_and_parasols_move_princesses() -> None:
    game = SquadGame.new(setup(slot1=card("gullible_hero", "red"), slot2=card("parasols", "red")))
    game = round_of(
        game, ("Ann", [deploy("Ann", "red", 3), deploy("Ann", "red", 2)]), ("Bob", []), ("Cy", [])
    )
    refused(
        game, cmd.Capture(player="Ann", squad=0, slot=1, victim="Bob", princess="red"), "R-SQ-MAP"
    )
    game = play(game, cmd.Capture(player="Ann", squad=0, slot=1, victim="Bob", princess="blue"))
    assert game.state.player("Ann").princesses == ("red", "blue")
    assert game.state.player("Bob").princesses == ()
    picks = [{"owner": "Ann", "color": "blue"}, {"owner": "Cy", "color": "green"}]
    game = play(
        game,
        cmd.Capture.model_validate({"player": "Ann", "squad": 1, "slot": 2, "parasols": picks}),
    )
    assert (
        game.state.player("Ann").princesses == ("red",) and game.state.player("Cy").princesses == ()
    )


def test_fake_princess_is_a_reminder_only() -> None:
    game = SquadGame.new(setup(slot1=card("fake_princess", "red")))
    game = round_of(game, ("Ann", [deploy("Ann", "red", 3)]), ("Bob", []), ("Cy", []))
    before = game.state.players
    game, events = game.play(cmd.Capture(player="Ann", squad=0, slot=1, victim="Cy"))
    assert events[-1].ruling.rule == "R-SQ-FAKE"
    assert game.state.player("Cy") == before[2]


def test_megagrump_is_six_and_support_adds_nothing_and_needs_the_recruit() -> None:
    game = SquadGame.new(setup())
    refused(game, deploy("Ann", "red", 1, recruit="megagrump"), "R-SQ-RECRUIT")


def test_recruit_action_needs_two_support_then_a_fourth_recruit_goes_back() -> None:
    game = SquadGame.new(setup())
    game = round_of(
        game,
        (
            "Ann",
            [deploy("Ann", None, action="recruit"), cmd.Support(player="Ann", squad=0, cards=1)],
        ),
        ("Bob", []),
        ("Cy", []),
    )
    refused(game, cmd.ResolveAction(player="Ann", squad=0, recruit="megagrump"), "R-SQ-ACTION")
    refused(game, cmd.Capture(player="Ann", squad=0, slot=1), "R-SQ-ACTION")  # no colour
    state = game.state
    ann = state.player("Ann")
    squad = ann.squads[0].model_copy(update={"support": 2})
    ann = ann.model_copy(
        update={"squads": (squad,), "recruits": ("catapult", "mercenary", "catapult")}
    )
    state = state.model_copy(update={"players": (ann, *state.players[1:])})
    state, _ = apply(state, cmd.ResolveAction(player="Ann", squad=0, recruit="megagrump"))
    assert state.player("Ann").squads == () and state.returning == "Ann"
    refused_at(state, cmd.FinishResolve(), "R-SQ-RECRUIT")
    state, _ = apply(state, cmd.ReturnRecruit(player="Ann", recruit="catapult"))
    assert sorted(state.player("Ann").recruits) == ["catapult", "megagrump", "mercenary"]
    assert state.returning is None


def test_face_up_megagrump_goes_back_to_the_recruit_pile_when_its_squad_leaves() -> None:
    game = SquadGame.new(setup())
    state = game.state
    ann = state.player("Ann").model_copy(update={"recruits": ("megagrump",)})
    state = state.model_copy(update={"players": (ann, *state.players[1:])})
    state, _ = apply(state, deploy("Ann", "red", 1, recruit="megagrump"))
    state, _ = apply(state, cmd.Support(player="Ann", squad=0, cards=2))
    assert state.player("Ann").squads[0].total == 6
    state, _ = apply(state, cmd.Retreat(player="Ann", squad=0))
    assert state.player("Ann").recruits == ()


def test_capturing_the_finale_ends_the_game_with_the_rulebook_score() -> None:
    game = SquadGame.new(setup())
    game = round_of(game, ("Ann", [deploy("Ann", "red", 3)]), ("Bob", []), ("Cy", []))
    state = game.state.model_copy(update={"slots": (card("finale", "red"), card("kidnap", "blue"))})
    # Ann: red, red, red + FINALE = 6 + 1 pair + 1 = 8; Bob: blue, blue, green, green = 8 + 2 = 10.
    ann = state.player("Ann").model_copy(update={"princesses": ("red", "red", "red")})
    bob = state.player("Bob").model_copy(update={"princesses": ("blue", "blue", "green", "green")})
    state = state.model_copy(update={"players": (ann, bob, state.players[2])})
    after, events = apply(state, cmd.Capture(player="Ann", squad=0, slot=1))
    over = next(e for e in events if isinstance(e, GameOver))
    assert [(s.name, s.points) for s in over.scores] == [("Ann", 8), ("Bob", 10), ("Cy", 2)]
    assert over.winners == ("Bob",) and after.phase == "over" and after.winner == "Bob"
    refused_at(after, deploy("Bob", "red", 1), "R-SQ-END")


def test_a_tie_at_the_end_is_won_by_the_first_i_win() -> None:
    game = SquadGame.new(setup())
    game = round_of(game, ("Ann", [deploy("Ann", "red", 3)]), ("Bob", []), ("Cy", []))
    state = game.state.model_copy(update={"slots": (card("finale", "red"), card("kidnap", "blue"))})
    ann = state.player("Ann").model_copy(update={"princesses": ("red", "green")})  # 4 + 1 = 5
    bob = state.player("Bob").model_copy(update={"princesses": ("blue", "blue")})  # 4 + 1 = 5
    state = state.model_copy(update={"players": (ann, bob, state.players[2])})
    over, _ = apply(state, cmd.Capture(player="Ann", squad=0, slot=1))
    assert over.phase == "over" and over.tied == ("Ann", "Bob") and over.winner is None
    refused_at(over, cmd.ShoutWin(player="Cy"), "R-SQ-IWIN")
    first, _ = apply(over, cmd.ShoutWin(player="Bob"))
    assert first.winner == "Bob"
    refused_at(first, cmd.ShoutWin(player="Ann"), "R-SQ-IWIN")


def test_undo_redo_and_replay_from_json() -> None:
    game = play(SquadGame.new(setup()), deploy("Ann", "red", 2), cmd.Support(player="Ann", squad=0))
    assert game.undo().state.player("Ann").squads[0].total == 2
    assert game.undo().redo().state == game.state
    saved = game.model_dump_json()
    again = SquadGame.model_validate_json(saved)
    assert again == game and again.state == game.state
    assert SQUAD_COMMANDS.validate_python(game.log[0].model_dump()) == game.log[0]


def test_setup_clash_names_a_repeated_name_before_a_repeated_boss() -> None:
    assert setup_clash(["Ann", "Bob"], ["Rex", "Zed"]) is None
    assert setup_clash(["Ann", " ann "], ["Rex", "Rex"]) == "same_name"
    assert setup_clash(["Ann", "Bob"], ["Rex", " REX"]) == "same_boss"


def test_drawable_is_the_finale_in_slot1_once_timer_is_used_up_else_a_map_card() -> None:
    assert drawable(0, 1) == ("finale",)
    assert drawable(3, 1) == MAP_KINDS
    assert drawable(0, 2) == MAP_KINDS
    assert "finale" not in MAP_KINDS


def test_a_squad_with_no_colour_or_two_leaders_is_refused_by_name() -> None:
    """Led by an army card, a squad needs its colour (R-SQ-SQUAD); a Recruit action squad is
    led by the action card alone (R-SQ-ACTION): refused, not failed on."""
    game = SquadGame.new(setup())
    error = refused(game, deploy("Ann", None, 3), "R-SQ-SQUAD")
    assert error.key == "err.sq.needs_colour" and "Ann names none" in str(error)
    two = deploy("Ann", None, action="recruit", recruit="mercenary")
    assert refused(game, two, "R-SQ-ACTION").key == "err.sq.action_led"
    assert game.version == 0
