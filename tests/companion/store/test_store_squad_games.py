"""The squad game is saved, reopened, journalled, exported and imported like Boss Monster."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest

from companion.session import Sessions
from companion.store import GameStore, ImportRejected
from rules.squads import commands as cmd
from rules.squads.game import SquadGame
from rules.squads.models import SquadSetup


def _setup() -> SquadSetup:
    return SquadSetup.model_validate(
        {
            "players": [
                {"name": "Ann", "boss": "Grumpus", "princess": "red"},
                {"name": "Bob", "boss": "Hexlord", "princess": "blue"},
                {"name": "Cy", "boss": "Boneking", "princess": "green"},
            ],
            "slot1": {"kind": "kidnap", "color": "red"},
            "slot2": {"kind": "bullyhulk", "color": "blue"},
        }
    )


MOVES = [
    cmd.Deploy(player="Ann", color="red", strength=3),
    cmd.Support(player="Ann", squad=0, cards=2),
    cmd.EndTurn(player="Ann"),
    cmd.EndTurn(player="Bob"),
    cmd.EndTurn(player="Cy"),
    cmd.Capture(player="Ann", squad=0, slot=1, princess="green"),
]


def test_a_squad_game_is_saved_after_every_move_and_reopens_the_same(
    store: GameStore, reopen: Callable[[], GameStore]
) -> None:
    session = Sessions(store).new_game(_setup())
    for move in MOVES:
        session.play(move)
    session.undo()
    session.redo()
    again = Sessions(reopen()).open(session.game_id)
    assert isinstance(again.game, SquadGame)
    assert again.game == session.game and again.state == session.state
    assert again.state.player("Ann").princesses == ("red", "green")
    listed = reopen().list_games().games[0].progress
    assert (listed.phase, listed.turn, listed.finished) == ("resolve", 4, False)
    # Ann: 2 princesses = 4 points so far.
    assert [s.souls for s in listed.scores] == [4, 2, 2]


def test_a_squad_game_exports_and_imports(store: GameStore) -> None:
    session = Sessions(store).new_game(_setup())
    for move in MOVES[:3]:
        session.play(move)
    text = store.export_game(session.game_id)
    assert json.loads(text)["setup"]["slot1"] == {"kind": "kidnap", "color": "red"}
    loaded = store.import_game(text, name="Again")
    assert loaded.game == session.game and not loaded.problems


def test_a_file_mixing_the_two_games_is_refused(store: GameStore) -> None:
    session = Sessions(store).new_game(_setup())
    session.play(MOVES[0])
    document = json.loads(store.export_game(session.game_id))
    document["log"].append({"type": "resolve_bait"})
    with pytest.raises(ImportRejected) as refused:
        store.import_game(json.dumps(document))
    assert any(error.loc.startswith("log[1]") for error in refused.value.errors)


def test_boss_monster_statistics_leave_a_squad_game_out(store: GameStore) -> None:
    from companion.stats_cache import saved_facts

    session = Sessions(store).new_game(_setup())
    session.play(MOVES[0])
    found = saved_facts(store)
    assert (found.games, found.unreadable) == ((), 0)  # another game, not a broken one


def test_a_squad_game_exports_its_table_for_the_command_line(store: GameStore) -> None:
    from companion.store import export_table
    from rules.squads.table import SquadTable, referee_squads

    session = Sessions(store).new_game(_setup())
    for move in MOVES[:5]:
        session.play(move)
    table = SquadTable.model_validate_json(export_table(session.game))
    # Ann's red squad (3 + 2 support) is alone in red: victorious, SLOT1 is red.
    (won,) = referee_squads(table).victorious
    assert (table.active, won.squad, won.strength, won.slots) == ("Ann", 0, 5, [1])
