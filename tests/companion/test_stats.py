"""Past games in numbers: the statistics equal what the saved logs say when replayed here,
a game's facts are replayed again only when its log changes, and names typed differently
are asked about once."""

from __future__ import annotations

import io
import random
from collections import Counter
from pathlib import Path

import pytest

from companion.stats import NameQuestion, name_questions, summarize
from companion.stats_cache import CACHE_FILE, saved_facts
from companion.stats_cli import StatsOptions, run_stats
from companion.stats_names import Names, answer, load_names
from companion.store import GameStore
from rules import commands as c
from rules import events as ev
from rules.game import Game
from rules.models import GameSetup, HeroCard, PlayerSetup, Room
from tests.rules.test_properties import play


def saved(store: GameStore, setup: GameSetup, log: list[c.Command], name: str) -> str:
    game_id = store.create(setup, name).game_id
    game = Game.new(setup)
    for command in log:
        game, _ = game.play(command)
    store.save(game_id, game)
    return game_id


def one_turn(ada: str = "Ada", brann: str = "Brann") -> tuple[GameSetup, list[c.Command]]:
    """Ada's Pit (9 damage) kills the Cleric (Health 5): a Soul, R-ADV-DEATH; Brann's Hall
    (1 damage) leaves the Fighter alive: it escapes and gives a Wound, R-ADV-SURVIVE."""
    setup = GameSetup(
        players=(
            PlayerSetup(name=ada, boss="Seducia", xp=20, boss_treasure=("cleric",)),
            PlayerSetup(name=brann, boss="Gorgona", xp=19, boss_treasure=("fighter",)),
        ),
        ordinary_heroes=60,
        epic_heroes=10,
    )
    log: list[c.Command] = [
        c.BuildRoom(player=ada, room=Room(name="Pit", treasure=("cleric",), damage=9)),
        c.BuildRoom(player=brann, room=Room(name="Hall", treasure=("fighter",), damage=1)),
        c.RevealRooms(),
        c.RevealHeroes(
            heroes=(
                HeroCard(treasure=("cleric",), health=5),
                HeroCard(treasure=("fighter",), health=5),
            )
        ),
        c.RevealRooms(),
        c.ResolveBait(),
        c.FinishAdventure(),
        c.EndTurn(),
    ]
    return setup, log


def test_a_turn_counts_a_kill_in_its_room_and_an_escape(tmp_path: Path) -> None:
    store = GameStore(tmp_path, fsync=False)
    setup, log = one_turn()
    saved(store, setup, log, "Friday")
    (facts,) = saved_facts(store).games
    assert (facts.killed, facts.escaped, facts.kills_by_room) == (1, 1, {"Pit": 1})
    ada, brann = facts.scores["Ada"][0], facts.scores["Brann"][0]
    assert (ada.turn, ada.souls, ada.wounds) == (1, 1, 0)
    assert (brann.turn, brann.souls, brann.wounds) == (1, 0, 1)
    summary = summarize([facts])
    assert (summary.deadliest_room, summary.deadliest_kills) == ("Pit", 1)
    assert (summary.games, summary.finished, summary.average_turns) == (1, 0, None)


def test_a_turn_ended_by_itself_counts_its_scores_under_that_turn(tmp_path: Path) -> None:
    """The same turn with the taps of the table: the Bait follows the reveal and the end of
    the turn the last Hero (R-FOLLOWS), no EndTurn of its own in the log."""
    store = GameStore(tmp_path, fsync=False)
    setup, log = one_turn()
    log = [*log[:4], c.RevealRooms(go_on=True), c.FinishAdventure(go_on=True)]
    saved(store, setup, log, "Friday")
    (facts,) = saved_facts(store).games
    ada, brann = facts.scores["Ada"], facts.scores["Brann"]
    assert [(s.turn, s.souls, s.wounds) for s in ada] == [(1, 1, 0), (2, 1, 0)]
    assert [(s.turn, s.souls, s.wounds) for s in brann] == [(1, 0, 1), (2, 0, 1)]


def expected(setup: GameSetup, log: list[c.Command]) -> tuple[int, int, str | None, int, bool]:
    """Killed, escaped, winner, turns and finished, counted from the log's own history."""
    game, failure = Game.replayed(setup, tuple(log), ())
    assert failure is None
    kinds = Counter(type(e) for _command, events in game.history() for e in events)
    state = game.state
    return kinds[ev.HeroKilled], kinds[ev.HeroSurvived], state.winner, state.turn, state.game_over


@pytest.mark.parametrize("seed", range(12))
def test_statistics_equal_counts_from_replaying_the_logs(tmp_path: Path, seed: int) -> None:
    store = GameStore(tmp_path, fsync=False)
    rng = random.Random(seed)
    games = []
    for n in range(3):
        _state, log = play(rng)
        setup = random_setup_with_bosses(rng, _state.setup)
        saved(store, setup, log, f"Game {n}")
        games.append((setup, log))
    facts = saved_facts(store).games
    counts = [expected(s, log) for s, log in games]
    summary = summarize(facts)
    assert summary.games == 3
    assert summary.killed == sum(k for k, *_ in counts)
    assert summary.escaped == sum(e for _, e, *_ in counts)
    finished = [x for x in counts if x[4]]
    assert summary.finished == len(finished)
    assert summary.wins_by_player == dict(
        sorted(
            Counter(w for _, _, w, _, _ in finished if w).items(), key=lambda kv: (-kv[1], kv[0])
        )
    )
    if finished:
        average = round(sum(t for *_, t, _ in finished) / len(finished), 1)
        assert summary.average_turns == average
    assert sorted(f.turns for f in facts) == sorted(t for *_, t, _ in counts)


def random_setup_with_bosses(rng: random.Random, setup: GameSetup) -> GameSetup:
    players = tuple(p.model_copy(update={"boss": f"Boss {p.name}"}) for p in setup.players)
    return setup.model_copy(update={"players": players})


def test_a_game_is_replayed_again_only_when_its_log_changes(tmp_path: Path) -> None:
    store = GameStore(tmp_path, fsync=False)
    setup, log = one_turn()
    first = saved(store, setup, log[:4], "Short")
    saved(store, setup, log, "Long")
    assert saved_facts(store).replayed == 2
    assert saved_facts(store).replayed == 0
    game = Game.new(setup)
    for command in log:
        game, _ = game.play(command)
    store.save(first, game)  # the short game is played on
    again = saved_facts(store)
    assert again.replayed == 1
    assert [f.killed for f in again.games] == [1, 1]
    # The cache is only a cache: without it, the same numbers.
    (tmp_path / CACHE_FILE).unlink()
    from companion import stats_cache

    stats_cache._memory.clear()
    assert saved_facts(store).games == again.games


def test_names_typed_differently_are_asked_once_and_the_answer_counts(tmp_path: Path) -> None:
    store = GameStore(tmp_path, fsync=False)
    for ada in ("Ann", "ann ", "Ann"):
        setup, log = one_turn(ada=ada.strip() if ada == "Ann" else "ann")
        saved(store, setup, log, "x")
    facts = saved_facts(store).games
    names = load_names(tmp_path)
    (question,) = name_questions(facts, names.same, names.different)
    assert {question.first, question.second} == {"Ann", "ann"}
    names = answer(tmp_path, question, same=True)
    assert name_questions(facts, names.same, names.different) == ()
    assert summarize(facts, question.first, names.same).games == 3
    # Said to be two people: not asked again either, and counted apart.
    other = tmp_path / "other"
    other.mkdir()
    names = answer(other, NameQuestion(first="Ann", second="ann"), same=False)
    assert name_questions(facts, names.same, names.different) == ()
    assert load_names(other).different == names.different


def test_the_command_line_prints_the_numbers_and_csv(tmp_path: Path) -> None:
    store = GameStore(tmp_path, fsync=False)
    setup, log = one_turn()
    saved(store, setup, log, "Friday")
    out, err = io.StringIO(), io.StringIO()
    assert run_stats(StatsOptions(data_dir=tmp_path), out, err) == 0
    text = out.getvalue()
    assert "Games played: 1 (finished: 0)" in text
    assert "Most deadly Room: Pit (1 killed)" in text
    assert "Heroes killed: 1, escaped: 1" in text
    out = io.StringIO()
    assert run_stats(StatsOptions(data_dir=tmp_path, csv=True), out, err) == 0
    assert "heroes_killed,,1" in out.getvalue()
    out = io.StringIO()
    assert run_stats(StatsOptions(data_dir=tmp_path, player="Zed"), out, err) == 2
    assert out.getvalue() == "" and err.getvalue().count("\n") == 1 and "player:" in err.getvalue()


def test_an_imported_game_counts_too(tmp_path: Path) -> None:
    """A game exported on another device and imported here is a saved game like any."""
    other = GameStore(tmp_path / "other", fsync=False)
    setup, log = one_turn()
    text = other.export_game(saved(other, setup, log, "At Bob's"))
    here = GameStore(tmp_path / "here", fsync=False)
    assert summarize(saved_facts(here).games).games == 0
    here.import_game(text)
    summary = summarize(saved_facts(here).games)
    assert (summary.games, summary.killed, summary.escaped) == (1, 1, 1)


@pytest.mark.parametrize(
    "hostile",
    [b"[" * 200_000, b'{"same": {}, "different": [' + b"[]," * 400_000 + b"[]]}"],
    ids=["deep-nesting", "many-values"],
)
def test_a_hostile_names_file_is_read_as_no_answers(
    tmp_path: Path, hostile: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answers lie in the data folder, open to anyone who can write there: a file
    nested thousands deep raised out of the History screen, and any length was parsed
    whole. Either is read as no answers yet (asked again), unparsed."""
    import json

    (tmp_path / "player-names.json").write_bytes(hostile)
    parsed: list[int] = []
    real = json.loads
    monkeypatch.setattr(
        json, "loads", lambda text, **kw: (parsed.append(len(text)), real(text, **kw))[1]
    )
    assert load_names(tmp_path) == Names()
    assert parsed == [], "parsed"
