"""Random turns with random catalogue Rooms keep the referee's invariants (R-CARD-EFFECT):
no negative Health left or Souls, each scored Hero counted once (Souls or Wounds, never
both), and a destroyed or deactivated Room never deals damage.

Each example lays random Rooms of every set (with their abilities and some +1 counters) in
two dungeons, gives one player a levelled-up catalogue Boss whose Level Up lasts, lures
random Heroes, and plays random table actions (Spells the engine casts, Rooms destroyed
or deactivated, activated abilities and the Boss's, Coins given, offers answered, Heroes
stepped on) through a few turns; every command the engine refuses is simply skipped, as a
player's refused tap is.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from referee_fixtures import bait_state, t_hero, t_player
from test_card_effects import card_room

from rules import commands as c
from rules import engine
from rules import events as ev
from rules.activated import usable
from rules.card_effects import registry
from rules.coin_kinds import COIN_KINDS
from rules.errors import RulesError
from rules.evolve import evolve
from rules.miniboss_level2 import usable as level2_usable
from rules.models import GameState, Miniboss, MinibossCard, Room, RoomStack
from rules.played_cards import carried_out

ROOMS = sorted(i for i, card in registry().items() if card.kind == "room")
SPELLS = sorted(  # cast by the engine, or asking which Rooms move or what a die showed
    i for i, card in registry().items() if card.kind == "spell" and carried_out(card.abilities[0])
)
# The ten Miniboss cards, their levels' passives on the Room they stand on (R-MINI).
MINIS = tuple(MinibossCard(name="Miniboss", card_id=f"RMB0{n}") for n in range(55, 65))
CLASSES = ("cleric", "fighter", "mage", "thief", "explorer")
ITEMS = sorted(i for i, card in registry().items() if card.kind == "item")
# Bosses whose Level Up lasts for the rest of the game (conditions, Souls, treasure, Coins,
# Minibosses' level), issue 29: played levelled up, so they apply through the turn.
BOSSES = sorted(
    i
    for i, card in registry().items()
    if card.kind == "boss"
    and any(
        a.trigger in ("from_level_up", "boss_at_will", "boss_turn_end")  # a Boss's button,
        # its question as the turn ends (Ravenus, Kirax, Shellda)
        or a.carried_lasting
        or (a.trigger == "level_up" and a.effects[0].kind in COIN_KINDS)
        for a in card.abilities
    )
)


def _check(before: GameState, events: tuple[ev.EventBase, ...]) -> GameState:
    """Apply ``events`` one by one, checking each Room entered exists and deals damage only
    when active; then the scores' invariants."""
    state = before
    for event in events:
        if isinstance(event, ev.HeroEnteredRoom) and event.damage > 0:
            assert state.walk is not None
            dungeon = state.player(state.walk.player).dungeon
            assert event.room < len(dungeon), "a Room that is gone dealt damage"
            assert not dungeon[event.room].deactivated, "a deactivated Room dealt damage"
        state = evolve(state, event)
    scored = [s.hero for p in state.players for s in p.scored]
    assert len(scored) == len(set(scored)), "a Hero scored twice"
    for p in state.players:
        assert state.souls(p.name) >= 0 and state.wounds(p.name) >= 0
        assert p.coins >= 0 and all(s.coins >= 0 for s in p.dungeon)
    if state.walk is not None:
        assert state.walk.damage >= 0
    return state


def _action(state: GameState, pick: int, n: int) -> Any:
    """The ``pick``-th kind of table action, aimed by ``n``."""
    a = state.players[n % 2]
    kind = pick % 10
    if kind == 0 and SPELLS:
        aimed = state.players[(n // 2) % 2]  # a Spell may aim at either dungeon
        rooms = len(aimed.dungeon) or 1
        return c.CastSpell(
            player=a.name,
            card_id=SPELLS[n % len(SPELLS)],
            target=aimed.name,
            room=n % rooms,
            hero=n % (len(state.heroes) or 1),
            over=(n // 3) % (len(a.dungeon) or 1),  # a Room of the caster's (Traitor)
        )
    if kind == 1 and a.dungeon:
        return c.DestroyRoom(player=a.name, index=n % len(a.dungeon))
    if kind == 2 and a.dungeon:
        return c.DeactivateRoom(player=a.name, index=n % len(a.dungeon))
    if kind == 3:
        for i in range(len(a.dungeon)):
            if usable(state, a.name, i) is not None:
                aimed = state.players[(n // 2) % 2]
                return c.UseRoomAbility(
                    player=a.name,
                    index=i,
                    other=(i + 1) % len(a.dungeon),
                    target=aimed.name,
                    room=n % (len(aimed.dungeon) or 1),
                )
        for i in range(len(a.dungeon)):  # a Miniboss's Level 2 used at will (Draculad, Spike)
            if level2_usable(state, a.name, i) is not None:
                return c.UseMinibossLevel2(player=a.name, index=i)
    if kind == 4 and state.offers:
        offer = state.offers[n % len(state.offers)]
        aimed = state.players[(n // 2) % 2]
        size = len(aimed.dungeon)
        order = tuple(reversed(range(size))) if n % 3 else (1, 0, *range(2, size))
        return c.AnswerCardEffect(
            player=offer.player,
            card_id=offer.card_id,
            accept=n % 2 == 0,
            hero=0,
            room=n % 2,
            count=n % 7,  # a number stated (Coins placed, Minibosses shown, a die's roll)
            target=aimed.name,  # a dungeon (Rooms rearranged or uncovered)
            order=order if size >= 2 else None,
            covered=0,
            build=card_room(ROOMS[n % len(ROOMS)]) if n % 3 else None,  # a Room drawn, built
        )
    if kind == 6 and a.dungeon:  # Coins from the hoard onto a Room (its damage may change)
        return c.PlaceCoinOnRoom(player=a.name, index=n % len(a.dungeon), amount=1 + n % 2)
    if kind == 7:  # an Item won face up, used (its Reward)
        up = a.face_up_item()
        if up is not None:
            return c.UseItem(player=a.name, item=up)
    if kind == 8:  # A's levelled-up Boss's ability used at will (boss_at_will)
        aimed = state.players[(n // 2) % 2]
        return c.UseBossAbility(
            player="A",
            target=aimed.name,
            room=n % (len(state.players[0].dungeon) or 1),
            treasure=CLASSES[n % len(CLASSES)],
        )
    if kind == 9:  # the other player's Coins for one of a's Rooms (Paywall) or its Boss (Scott)
        other = state.players[(n + 1) % 2]
        index = None if n % 3 == 0 else n % (len(a.dungeon) or 1)
        return c.GiveCoins(player=other.name, to=a.name, index=index)
    if kind == 5:
        return c.FinishWalk()
    return c.AdvanceHero()


def _stack(room: Room, n: int, under: Room) -> RoomStack:
    """A place of a random dungeon: ``n`` % 3 +1 counters, (``n`` 4) a Room covered
    beneath, which Mando or Alien Excavator may bring back up, and (``n`` 3) a face-up
    Miniboss card at Level 2 (Rage!, Sabotage!'s second choice, its levels' passives)."""
    card = MINIS[len(room.label()) % len(MINIS)]
    mini = Miniboss(card=card, level=2, face_down=False) if n == 3 else None
    return RoomStack(rooms=(under, room) if n == 4 else (room,), counters=n % 3, miniboss=mini)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from(ROOMS), min_size=2, max_size=10),
    st.lists(st.tuples(st.sampled_from(CLASSES), st.integers(1, 12)), min_size=1, max_size=4),
    st.lists(st.tuples(st.integers(0, 20), st.integers(0, 20)), max_size=40),
    st.sampled_from([None, *BOSSES]),
    st.lists(st.integers(0, 4), min_size=10, max_size=10),
    st.integers(0, 4),
    st.lists(st.sampled_from(ITEMS), max_size=4),
)
def test_random_catalogue_rooms_keep_the_invariants(
    rooms: list[str],
    heroes: list[tuple[str, int]],
    actions: list[tuple[int, int]],
    boss: str | None,
    counters: list[int],
    coins: int,
    items: list[str],
) -> None:
    carried = [{"item": {"name": i, "treasure": ["any"]}} for i in items]
    state = bait_state(
        [t_player("A", 900, boss_treasure=["fighter"], coins=coins), t_player("B", 100, coins=3)],
        [
            t_hero(cls, health, **(carried[n] if n < len(carried) else {}))
            for n, (cls, health) in enumerate(heroes)
        ],
    )
    revealed = tuple(  # the table names Items by class: give each its catalogue card
        i.model_copy(update={"card": i.card.model_copy(update={"card_id": items[i.id]})})
        for i in state.items.revealed
    )
    state = state.model_copy(
        update={"items": state.items.model_copy(update={"revealed": revealed})}
    )
    setup = state.setup.model_copy(  # A's Boss leveled up: its lasting abilities are on
        update={
            "players": (
                state.setup.players[0].model_copy(update={"boss_card_id": boss}),
                *state.setup.players[1:],
            )
        }
    )
    state = state.model_copy(update={"setup": setup})
    half = (len(rooms) + 1) // 2
    dungeons = (rooms[:half][:5], rooms[half:][:5])
    places = iter(counters)  # +1 counters on some Rooms, as Elder Portal or Clock Tower
    under = card_room(rooms[0])  # covered beneath some Rooms, to be uncovered
    players = tuple(
        p.model_copy(
            update={
                "dungeon": tuple(_stack(card_room(r), next(places), under) for r in ids),
                # A's Boss from the catalogue, levelled up: its lasting Level Up applies.
                "boss_card_id": boss if p.name == "A" else None,
                "leveled_up": boss is not None and p.name == "A",
            }
        )
        for p, ids in zip(state.players, dungeons, strict=True)
    )
    state = state.model_copy(update={"players": players, "ordinary_left": 10})
    plan: list[Any] = [c.ResolveBait(), *actions, c.FinishAdventure()]
    for step in plan:
        if state.phase == "over":
            break
        command = _action(state, *step) if isinstance(step, tuple) else step
        try:
            state_after, events = engine.apply(state, command)
        except RulesError:
            continue
        state = _check(state, events)
        assert state.players == state_after.players  # the events explain the change
    if state.phase == "end":
        try:
            _, events = engine.apply(state, c.EndTurn())
        except RulesError:
            return  # a must-do offer still waits
        _check(state, events)
