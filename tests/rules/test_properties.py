"""Random legal (and illegal) games: the engine's invariants hold after every command.

Each example plays one whole game whose choices come from a seed Hypothesis draws: Rooms
built at legal and illegal places, Heroes revealed (sometimes wrongly), Bait, random
interventions during walks, destroyed and deactivated Rooms, score corrections, ends of
turn. Some games play with the expansions (Items, Minibosses and Coins) and make their
commands; the others make them too now and then, and must see them refused. After every
command the invariants of ``architecture.md`` are
checked; a refused command must raise ``RulesError`` and change nothing; at the end the
log replays to the same state and undo/redo round-trips.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import commands as c
from rules import engine, expansions
from rules import events as ev
from rules.errors import RulesError
from rules.game import Game
from rules.items import ITEMS_PER_TURN
from rules.models import (
    TREASURES,
    GameSetup,
    GameState,
    HeroCard,
    ItemCard,
    MinibossCard,
    PlayerSetup,
    Room,
    Ruleset,
)
from rules.setup import ITEM_DECK

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
    return HeroCard(treasure=kinds, health=health, epic=epic, star=rng.random() < 0.1)


def random_item(rng: random.Random) -> ItemCard:
    kind = rng.choice((*TREASURES[:4], "any")) if rng.random() > 0.05 else "explorer"
    return ItemCard(name=f"I{rng.randrange(99)}", treasure=(kind,))


def reveal_items(state: GameState, rng: random.Random) -> c.RevealItems:
    count = min(ITEMS_PER_TURN[len(state.players)], state.items.deck_left)
    if rng.random() < 0.05:
        count = max(0, min(3, count + rng.choice((-1, 1))))
    return c.RevealItems(items=tuple(random_item(rng) for _ in range(count)))


def expansion_command(state: GameState, rng: random.Random) -> c.Command:
    """One of the expansions' commands, with plausible (and sometimes wrong) arguments."""
    name = some_player(state, rng)
    owned = [o.item for o in state.player(name).items] if state.has_player(name) else []
    item = rng.choice(owned) if owned and rng.random() < 0.9 else rng.randrange(0, 4)
    index = some_index(state, name, rng)
    options: list[c.Command] = [
        c.GainCoins(player=name, amount=rng.randrange(1, 3)),
        c.PayCoins(player=name, amount=rng.randrange(1, 3)),
        c.PlaceCoinOnRoom(player=name, index=index),
        c.TakeCoinsFromRoom(player=name, index=index),
        c.BuildMiniboss(player=name, over=index, miniboss=MinibossCard(name="M")),
        c.BuildMiniboss(player=name, over=index, miniboss=MinibossCard(name="M")),
        c.DeclineMiniboss(player=name),
        c.PromoteMiniboss(player=name, index=index),
        c.PromoteMiniboss(player=name, index=index),
        c.UseMinibossLevel2(player=name, index=index),
        c.UseMinibossLevel3(player=name, index=index),
        c.DiscardRoomForCoin(player=name),
        c.UseItem(player=name, item=item),
        c.UseItem(player=name, item=item),
        c.ChooseFaceUpItem(player=name, item=item),
    ]
    return rng.choice(options)


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


def aimed_expansion_command(state: GameState, rng: random.Random) -> c.Command | None:
    """An expansion command aimed at something on the table (a Miniboss, an open choice,
    a face-up Item), so that the rarer paths are walked too; None if nothing fits."""
    ruleset = state.setup.ruleset
    phase = state.phase
    options: list[c.Command] = []
    for p in state.in_game():
        if ruleset.minibosses and phase == "build":
            for i, stack in enumerate(p.dungeon):
                if stack.miniboss is None:
                    options.append(c.BuildMiniboss(player=p.name, over=i))
                elif not stack.miniboss.face_down:
                    options.append(c.PromoteMiniboss(player=p.name, index=i))
        if ruleset.minibosses:
            for i, stack in enumerate(p.dungeon):
                if stack.miniboss is not None and stack.miniboss.level >= 2:
                    options.append(c.UseMinibossLevel2(player=p.name, index=i))
                if stack.miniboss is not None and stack.miniboss.level == 3:
                    options.append(c.UseMinibossLevel3(player=p.name, index=i))
        if ruleset.items:
            up = p.face_up_item()
            if up is not None and phase in ("build", "adventure"):
                options.append(c.UseItem(player=p.name, item=up))
            for choice in state.items.choices:
                if choice.player == p.name and phase in ("adventure", "end"):
                    # An open choice is rare: take it more often than the rest.
                    options += [c.ChooseFaceUpItem(player=p.name, item=i) for i in choice.items] * 8
    return rng.choice(options) if options else None


def next_command(state: GameState, rng: random.Random) -> c.Command:
    phase = state.phase
    ruleset = state.setup.ruleset
    with_expansions = ruleset.items or ruleset.minibosses
    if rng.random() < (0.2 if with_expansions else 0.01):
        return expansion_command(state, rng)
    if with_expansions and rng.random() < 0.25:
        aimed = aimed_expansion_command(state, rng)
        if aimed is not None:
            return aimed
    if rng.random() < 0.04:  # anything at all, mostly out of phase
        anything: list[c.Command] = [
            c.RevealRooms(),
            c.ResolveBait(),
            c.EndTurn(),
            c.AdvanceHero(),
            c.KillHero(),
            c.HealHero(amount=1),
            reveal(state, rng),
            c.BuildRoom(player=some_player(state, rng), room=random_room(rng)),
        ]
        return rng.choice(anything)
    if phase in ("setup", "build"):
        roll = rng.random()
        if roll < 0.6:
            name = some_player(state, rng)
            over = None if rng.random() < 0.5 else some_index(state, name, rng)
            return c.BuildRoom(player=name, room=random_room(rng), over=over)
        if roll < 0.65 and phase == "build":  # Surprise Gift: a Room into another's dungeon
            name, target = some_player(state, rng), some_player(state, rng)
            return c.CastSpell(
                player=name,
                card_id="TNL070",
                target=target,
                room=some_index(state, target, rng),
                build=random_room(rng),
            )
        if roll < 0.75 and phase == "build":
            return table_command(state, rng)
        return c.RevealRooms()
    if phase == "beginning":
        due = ruleset.items and state.items.revealed_turn != state.turn
        if due and state.items.deck_left and rng.random() < 0.95:
            return reveal_items(state, rng)
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
        assert state.game_over and state.outcome is not None
        assert state.outcome.rule in END_RULES
        assert state.winner is None or state.has_player(state.winner)
        if state.winner is not None and not state.five_six:
            unlimited = state.setup.ruleset.variant == "unlimited_lives"
            winner = state.player(state.winner)
            # An eliminated winner only when everyone went out this turn (R-END-ALLOUT),
            # the net tie then going to XP (R-END-XP).
            all_out = winner.eliminated_turn == state.turn and state.outcome.rule in (
                "R-END-ALLOUT",
                "R-END-XP",
            )
            assert unlimited or all_out or not winner.eliminated
    else:
        assert not state.game_over
        standard = state.setup.ruleset.variant == "standard" and not state.five_six
        if isinstance(command, c.EndTurn) and standard:
            # R-END-ELIM: nobody with 5+ Wounds plays on into the next turn.
            assert all(state.wounds(p.name) < 5 for p in state.in_game())
    assert not (state.walk is not None and state.phase != "adventure")


def check_expansions(state: GameState, events: tuple[ev.EventBase, ...]) -> None:
    """Items (R-ITEM): every revealed Item in exactly one place, the deck count kept, an
    Item only on a Hero it fits and not yet scored, at most one face-up Item per player.
    Minibosses and Coins (R-MINI): no negative Coins, levels 1–3, face down only during
    the Build phase, never built next to another Miniboss."""
    ruleset = state.setup.ruleset
    table = state.items
    places: Counter[int] = Counter(table.waiting)
    places.update(i for _, i in table.carried)
    for p in state.players:
        places.update(o.item for o in p.items)
        assert sum(o.face_up for o in p.items) <= 1, p.items
    assert places == Counter(range(len(table.revealed))), places
    assert [i.id for i in table.revealed] == list(range(len(table.revealed)))
    if ruleset.items:
        deck = ITEM_DECK if state.setup.item_deck is None else state.setup.item_deck
        assert table.deck_left + len(table.revealed) == deck
    else:
        assert table.revealed == () and table.deck_left == 0
    heroes = [h for h, _ in table.carried]
    assert len(heroes) == len(set(heroes))
    for hero, item in table.carried:
        assert not state.hero_place(hero).startswith("scored")
        assert table.item(item).card.fits(state.hero(hero).card)
    for p in state.players:
        assert p.coins >= 0
        face_down = 0
        for stack in p.dungeon:
            assert stack.coins >= 0
            if stack.miniboss is None:
                continue
            assert ruleset.minibosses
            assert 1 <= stack.miniboss.level <= min(3, stack.miniboss.card.levels)
            face_down += stack.miniboss.face_down
        assert face_down <= (1 if state.phase == "build" else 0)
        if not ruleset.minibosses:
            assert p.coins == 0 and all(s.coins == 0 for s in p.dungeon)
    for e in events:
        if isinstance(e, ev.MinibossPlaced):
            dungeon = state.player(e.player).dungeon
            for j in (e.index - 1, e.index + 1):
                if 0 <= j < len(dungeon) and not dungeon[j].deactivated:
                    assert dungeon[j].miniboss is None, (e.index, j)


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
            items=rng.random() < 0.35,
            minibosses=rng.random() < 0.35,
            coin_for_room=rng.random() < 0.5,
        ),
        ordinary_heroes=rng.randrange(2, 14),
        epic_heroes=rng.randrange(0, 6),
        item_deck=rng.choice((None, rng.randrange(0, 8))),
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
            if not expansions.enabled(state, type(command)):
                assert error.rule in ("R-ITEM", "R-MINI"), error
            continue
        assert new_state.version == state.version + 1
        assert expansions.enabled(state, type(command))
        check_invariants(new_state, events, command)
        check_expansions(new_state, events)
        state = new_state
        log.append(command)
    return state, log


@pytest.mark.slow  # started first by tests/conftest.py
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


def full_replay_history(game: Game) -> list[tuple[c.Command, tuple[ev.EventBase, ...]]]:
    """The history as a replay of the whole log from the set-up gives it."""
    state = engine.new_game(game.setup)
    out: list[tuple[c.Command, tuple[ev.EventBase, ...]]] = []
    for command in game.log:
        state, events = engine.apply(state, command)
        out.append((command, events))
    return out


@settings(
    max_examples=GAMES // 20,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_incremental_history_equals_full_replay_after_play_undo_redo(seed: int) -> None:
    """R-UNDO: a game kept step by step through random plays, undos and redos
    has the state, history and redo events a full replay of its log gives, and so does the
    same game read back from its fields alone (as from disk)."""
    rng = random.Random(seed)
    game = Game.new(random_setup(rng))
    for step in range(MAX_COMMANDS):
        if game.state.game_over:
            break
        roll = rng.random()
        if roll < 0.15 and game.can_undo:
            game = game.undo()
        elif roll < 0.25 and game.can_redo:
            before = game.state
            game, events = game.redo_with_events()
            assert events == engine.apply(before, game.log[-1])[1]
        else:
            try:
                game, _ = game.play(next_command(game.state, rng))
            except RulesError:
                continue
        if step % 16 == 0:
            assert game.state == engine.replay(game.setup, game.log)
    assert game.state == engine.replay(game.setup, game.log)
    assert game.history() == full_replay_history(game)
    again = Game.model_validate_json(game.model_dump_json())
    assert again == game
    assert again.state == game.state and again.history() == game.history()
    if again.can_redo:
        assert again.redo().state == game.redo().state
