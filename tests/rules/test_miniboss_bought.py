"""Traitor (RMB078), a Build Spell: the caster names an opponent's Miniboss, pays that
opponent one Coin per level of it, takes it and builds it at once at the same level on a
Room of their own; they build no Room this turn (R-CARD-EFFECT with R-MINI). Each
expectation comes from the printed effect (in our words in the docstrings), never from
the engine's output."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import plain
from test_coin_cards import SPIKE, _table

from rules import commands as c
from rules.models import GameState, Miniboss, PlayerState

TRAITOR = "RMB078"


def _with_miniboss(player: PlayerState, index: int, level: int, face_down: bool) -> PlayerState:
    dungeon = list(player.dungeon)
    mini = Miniboss(card=SPIKE, level=level, face_down=face_down)
    dungeon[index] = dungeon[index].model_copy(update={"miniboss": mini})
    return player.model_copy(update={"dungeon": tuple(dungeon)})


def _table_with_spike(coins: int = 3, level: int = 2, face_down: bool = False) -> GameState:
    """Build phase: A has a Monster Room then a Trap Room and ``coins`` Coins; B has one
    Trap Room carrying Spike at ``level`` and 3 Coins."""
    state = _table([plain("monster", 3), plain("trap", 1)], [t_hero("mage", 30)], coins=coins)
    a, b = state.players
    return state.model_copy(update={"players": (a, _with_miniboss(b, 0, level, face_down))})


def _traitor(**aim: object) -> c.CastSpell:
    return c.CastSpell.model_validate(
        {"player": "A", "card_id": TRAITOR, "target": "B", "room": 0, "over": 1, **aim}
    )


def test_spell_traitor_buys_an_opponents_miniboss_and_builds_it_at_its_level() -> None:
    """Spike at Level 2 costs A two Coins, paid to B (A 3 -> 1, B 3 -> 5); it leaves B's
    Room and stands face up at Level 2 on A's Room 2; it is A's build this turn, so A
    builds no Room afterwards (R-BUILD-ONE)."""
    state = run(_table_with_spike(), _traitor())
    a, b = state.player("A"), state.player("B")
    assert b.dungeon[0].miniboss is None
    mini = a.dungeon[1].miniboss
    assert mini is not None and mini.card == SPIKE
    assert mini.level == 2 and not mini.face_down
    assert (a.coins, b.coins) == (1, 5)
    assert a.has_built
    refused(state, c.BuildRoom(player="A", room=plain("monster", 2)), "R-BUILD-ONE")


def test_spell_traitor_pays_one_coin_per_level() -> None:
    """Level 3 costs three Coins: A pays all three of its hoard, B has 6."""
    state = run(_table_with_spike(coins=3, level=3), _traitor())
    assert (state.player("A").coins, state.player("B").coins) == (0, 6)
    mini = state.player("A").dungeon[1].miniboss
    assert mini is not None and mini.level == 3


def test_spell_traitor_refused_when_the_caster_lacks_the_coins() -> None:
    """Two Coins for a Level 2 Miniboss: with one, nothing changes hands (R-MINI)."""
    refused(_table_with_spike(coins=1), _traitor(), "R-MINI")


def test_spell_traitor_refused_on_the_casters_own_miniboss() -> None:
    """It names an opponent's Miniboss, never one of the caster's (R-CARD-EFFECT)."""
    state = _table_with_spike()
    a = _with_miniboss(state.player("A"), 0, 1, False)
    state = state.model_copy(update={"players": (a, state.player("B"))})
    refused(state, _traitor(target="A", room=0), "R-CARD-EFFECT")


def test_spell_traitor_refused_on_a_player_out_of_the_game() -> None:
    """An opponent is a player still in the game: an eliminated one's Miniboss is not
    for sale (R-CARD-EFFECT)."""
    state = _table_with_spike()
    state = state.with_player("B", eliminated=True)
    refused(state, _traitor(), "R-CARD-EFFECT")


def test_spell_traitor_refused_without_a_miniboss_named() -> None:
    """No Miniboss on the Room named, a face-down one (no level shown yet), or none named
    at all: nothing to buy (R-MINI, R-CARD-EFFECT)."""
    refused(_table([plain("monster", 3), plain("trap", 1)], [], coins=3), _traitor(), "R-MINI")
    refused(_table_with_spike(face_down=True), _traitor(), "R-MINI")
    refused(_table_with_spike(), _traitor(target=None, room=None), "R-CARD-EFFECT")


def test_spell_traitor_refused_without_a_room_of_the_casters_to_build_on() -> None:
    """It is built at once: on a Room of the caster's named (none named, or a Room that is
    not there: refused), where a Miniboss may stand (R-MINI: not next to another)."""
    refused(_table_with_spike(), _traitor(over=None), "R-CARD-EFFECT")
    refused(_table_with_spike(), _traitor(over=5), "R-MINI")
    state = _table_with_spike()
    a = _with_miniboss(state.player("A"), 0, 1, False)
    state = state.model_copy(update={"players": (a, state.player("B"))})
    refused(state, _traitor(), "R-MINI")  # Room 2 is next to A's own Miniboss on Room 1


def test_spell_traitor_refused_after_the_casters_build() -> None:
    """The Miniboss bought is the caster's build this turn: a player who already built
    this phase cannot (R-BUILD-ONE)."""
    state = run(_table_with_spike(), c.BuildRoom(player="A", room=plain("monster", 2)))
    refused(state, _traitor(), "R-BUILD-ONE")
