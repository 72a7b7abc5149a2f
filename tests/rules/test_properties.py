"""Random legal (and illegal) games: the engine's invariants hold after every command.

Each example plays one whole game whose choices come from a seed Hypothesis draws: Rooms
built at legal and illegal places, Heroes revealed (sometimes wrongly), Bait, random
interventions during walks, destroyed and deactivated Rooms, score corrections, ends of
turn. After every command the invariants of ``architecture.md`` are
checked; a refused command must raise ``RulesError`` and change nothing; at the end the
log replays to the same state and undo/redo round-trips.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import commands as c
from rules import engine
from rules import events as ev
from rules.errors import RulesError
from rules.game import Game
from rules.models import TREASURES, GameSetup, GameState, HeroCard, PlayerSetup, Room, Ruleset

END_RULES = {
    "R-END-WIN",
    "R-END-LAST",
    "R-END-ALLOUT",
    "R-END-XP",
    "R-END-FIVESIX",
    "R-VAR-UNLIMITED",
}
GAMES = 2000
MAX_COMMANDS = 140


def random_room(rng: random.Random) -> Room:
    k = rng.choice((0, 1, 1, 1, 2, 2))
    return Room(
        name=f"R{rng.randrange(99)}",
        treasure=tuple(rng.choice(TREASURES) for _ in range(k)),
        damage=rng.randrange(0, 6),
        kind=rng.choice(("monster", "trap")),
        advanced=rng.random() < 0.3,
    )


def random_hero(rng: random.Random, epic: bool, hard: bool) -> HeroCard:
    kinds = tuple(rng.choice(TREASURES) for _ in range(rng.choice((1, 1, 1, 2))))
    health = rng.choice((11, 12, 13)) if epic else rng.choice((6, 8) if hard else (4, 4, 6, 8))
    return HeroCard(treasure=kinds, health=health, epic=epic)


def reveal(state: GameState, rng: random.Random) -> c.RevealHeroes:
    count = min(len(state.players), state.ordinary_left + state.epic_left)
    if rng.random() < 0.05:
        count = max(0, count + rng.choice((-1, 1)))
    hard = state.setup.ruleset.hard_mode and rng.random() > 0.05
    epic_from = state.ordinary_left if rng.random() > 0.05 else rng.randrange(0, 3)
    return c.RevealHeroes(
        heroes=tuple(random_hero(rng, i >= epic_from, hard) for i in range(min(count, 6)))
    )


def some_player(state: GameState, rng: random.Random) -> str:
    if rng.random() < 0.03:
        return "Nobody"
    return rng.choice(state.players).name


def some_index(state: GameState, name: str, rng: random.Random) -> int:
    size = len(state.player(name).dungeon) if state.has_player(name) else 1
    return rng.randrange(0, size + 1)


def table_command(state: GameState, rng: random.Random) -> c.Command:
    """Commands the table can make in most phases (bonuses, fixes, destroy, heal)."""
    name = some_player(state, rng)
    roll = rng.random()
    if roll < 0.3:
        return c.DestroyRoom(player=name, index=some_index(state, name, rng))
    if roll < 0.55:
        return c.DeactivateRoom(player=name, index=some_index(state, name, rng))
    if roll < 0.75:
        treasure = rng.choice(TREASURES)
        return c.SetTreasureBonus(player=name, treasure=treasure, amount=rng.randrange(-2, 3))
    if roll < 0.9:
        return c.HealWound(player=name)
    return c.CorrectScore(player=name, souls=rng.randrange(-1, 3), wounds=rng.randrange(-1, 2))


def next_command(state: GameState, rng: random.Random) -> c.Command:
    phase = state.phase
    if rng.random() < 0.04:  # anything at all, mostly out of phase
        return rng.choice(
            [
                c.RevealRooms(),
                c.ResolveBait(),
                c.EndTurn(),
                c.AdvanceHero(),
                c.KillHero(),
                c.HealHero(amount=1),
                reveal(state, rng),
                c.BuildRoom(player=some_player(state, rng), room=random_room(rng)),
            ]
        )
    if phase in ("setup", "build"):
        roll = rng.random()
        if roll < 0.6:
            name = some_player(state, rng)
            over = None if rng.random() < 0.5 else some_index(state, name, rng)
            return c.BuildRoom(player=name, room=random_room(rng), over=over)
        if roll < 0.75 and phase == "build":
            return table_command(state, rng)
        return c.RevealRooms()
    if phase == "beginning":
        return reveal(state, rng)
    if phase == "bait":
        return c.ResolveBait() if rng.random() < 0.9 else table_command(state, rng)
    if phase == "adventure":
        roll = rng.random()
        if roll < 0.35:
            return c.AdvanceHero()
        if roll < 0.45:
            return c.FinishWalk()
        if roll < 0.5:
            return c.FinishAdventure()
        if roll < 0.6:
            return c.DamageHero(amount=rng.randrange(1, 5))
        if roll < 0.67:
            return c.HealHero(amount=rng.randrange(1, 5))
        if roll < 0.7:
            return c.KillHero()
        if roll < 0.74:
            return c.SendHeroBack(to=rng.choice(("town", "entrance")))
        if roll < 0.78:
            return c.SkipRoom()
        return table_command(state, rng)
    return c.EndTurn() if rng.random() < 0.9 else table_command(state, rng)


def check_invariants(state: GameState, events: tuple[ev.EventBase, ...], command: object) -> None:
    # Every revealed Hero is in exactly one place.
    places: Counter[int] = Counter(state.town)
    for _, queue in state.entrances:
        places.update(queue)
    if state.walk is not None:
        places[state.walk.hero] += 1
    for p in state.players:
        places.update(s.hero for s in p.scored)
    assert places == Counter(range(len(state.heroes))), places
    for p in state.players:
        # Souls and Wounds are what the scored Heroes are worth, plus corrections.
        worth = {s.hero: state.hero(s.hero).card.worth for s in p.scored}
        souls = sum(worth[s.hero] for s in p.scored if not s.face_up) + p.souls_adjust
        wounds = sum(worth[s.hero] for s in p.scored if s.face_up) + p.wounds_adjust
        assert (state.souls(p.name), state.wounds(p.name)) == (souls, wounds)
        assert len(p.dungeon) <= 5
        if p.pending is not None and p.pending.over is not None:
            assert p.pending.over < len(p.dungeon)
    ended = [e for e in events if isinstance(e, ev.GameEnded)]
    if ended:
        assert isinstance(command, c.EndTurn)
        assert state.game_over and state.game_over_rule in END_RULES
        assert state.winner is None or state.has_player(state.winner)
        if state.winner is not None and not state.five_six:
            unlimited = state.setup.ruleset.variant == "unlimited_lives"
            winner = state.player(state.winner)
            assert unlimited or state.game_over_rule == "R-END-ALLOUT" or not winner.eliminated
    else:
        assert not state.game_over
        standard = state.setup.ruleset.variant == "standard" and not state.five_six
        if isinstance(command, c.EndTurn) and standard:
            # R-END-ELIM: nobody with 5+ Wounds plays on into the next turn.
            assert all(state.wounds(p.name) < 5 for p in state.in_game())
    assert not (state.walk is not None and state.phase != "adventure")


def random_setup(rng: random.Random) -> GameSetup:
    count = rng.choice((2, 2, 3, 4, 5, 6))
    return GameSetup(
        players=tuple(
            PlayerSetup(
                name=f"P{i}",
                xp=rng.choice((100, 300, 500, 700, 900)),
                boss_treasure=(rng.choice(TREASURES),),
            )
            for i in range(count)
        ),
        ruleset=Ruleset(
            variant="unlimited_lives" if rng.random() < 0.2 else "standard",
            hard_mode=rng.random() < 0.2,
            machinations=rng.random() < 0.3,
            xp_tiebreak=rng.choice(("lowest", "highest")),
        ),
        ordinary_heroes=rng.randrange(2, 14),
        epic_heroes=rng.randrange(0, 6),
    )


def play(rng: random.Random) -> tuple[GameState, list[c.Command]]:
    setup = random_setup(rng)
    state = engine.new_game(setup)
    log: list[c.Command] = []
    for _ in range(MAX_COMMANDS):
        if state.game_over:
            break
        command = next_command(state, rng)
        before = state.model_dump_json()
        try:
            new_state, events = engine.apply(state, command)
        except RulesError as error:
            assert error.rule.startswith("R-") and str(error)
            assert state.model_dump_json() == before  # refused: nothing changed
            continue
        assert new_state.version == state.version + 1
        check_invariants(new_state, events, command)
        state = new_state
        log.append(command)
    return state, log


@settings(
    max_examples=GAMES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_random_games_keep_every_invariant(seed: int) -> None:
    """Every revealed Hero is in exactly one place; Souls and Wounds equal the scored Heroes'
    worth plus corrections; never more than five Rooms; refusals change nothing; the game
    ends only at End of turn with a rule from R-END-*/R-VAR-UNLIMITED; the log replays to
    the state; undo then redo gives the same state. (The seed drives one game's choices.)"""
    rng = random.Random(seed)
    state, log = play(rng)
    assert engine.replay(state.setup, log) == state.model_copy(update={"version": len(log)})
    if log and rng.random() < 0.25:
        game = Game(setup=state.setup, log=tuple(log))
        assert game.state == engine.replay(state.setup, log)
        assert game.undo().redo().state == game.state
