"""A Boss's lasting Level Up that another player may switch off for the turn with a Coin
(``GiveCoins`` with no Room: the Boss's ability; R-CARD-EFFECT with R-MINI). Scott's Trap
Rooms have +1 from its Level Up on; any opponent may give its owner a Coin to cancel that
until the end of the turn. Expectations come from the card's printed effect (in our words
in the docstrings), never from the engine's output."""

from __future__ import annotations

from referee_fixtures import refused, run, t_hero
from test_card_effects import plain
from test_coin_cards import _coins, _table, _through

from rules import commands as c
from rules.card_effects import dungeon_damage
from rules.models import GameState

SCOTT = "RMB011"


def _scott(leveled_up: bool = True) -> GameState:
    """A (Boss Scott) has a 1-damage Trap Room then a 3-damage Monster Room, no Coin; B
    has 3 Coins."""
    rooms = [plain("trap", 1), plain("monster", 3)]
    state = _table(rooms, [t_hero("mage", 30)], boss=SCOTT, leveled_up=leveled_up)
    return state.with_player("A", boss_card_id=SCOTT)  # as a table from the catalogue sets it


def _damage(state: GameState) -> list[int]:
    return [d.damage for d in dungeon_damage(state.player("A"), state.card_uses)]


def test_boss_scott_gives_trap_rooms_one_more_from_its_level_up_on() -> None:
    """RMB011 (printed: Level Up: for the rest of the game, your Trap Rooms have +1): the
    Trap Room deals 1 + 1 = 2, the Monster Room 3; before the Level Up, 1 and 3."""
    assert _damage(_scott()) == [2, 3]
    assert _damage(_scott(leveled_up=False)) == [1, 3]


def test_boss_scott_cancelled_for_the_turn_by_an_opponents_coin() -> None:
    """(printed: any opponent may give you a Coin to cancel this ability until the end of
    your turn): B's Coin goes to A (B 3 -> 2, A 0 -> 1); the Trap Room deals 1 this turn;
    a second Coin is refused (already cancelled); next turn it deals 2 again."""
    state = _scott()
    give = c.GiveCoins(player="B", to="A")
    state = run(state, give)
    assert (_coins(state, "B"), _coins(state, "A")) == (2, 1)
    assert _damage(state) == [1, 3]
    refused(state, give, "R-CARD-EFFECT")
    later = run(_through(run(state, c.RevealRooms(), c.ResolveBait())), c.EndTurn())
    assert later.turn == state.turn + 1
    assert _damage(later) == [2, 3]


def test_boss_scott_takes_one_coin_only_and_not_before_its_level_up() -> None:
    """The card names one Coin; before the Level Up there is nothing to cancel; a player
    gives Coins to another player only."""
    refused(_scott(), c.GiveCoins(player="B", to="A", amount=2), "R-CARD-EFFECT")
    refused(_scott(leveled_up=False), c.GiveCoins(player="B", to="A"), "R-CARD-EFFECT")
    refused(_scott(), c.GiveCoins(player="A", to="A"), "R-CARD-EFFECT")
