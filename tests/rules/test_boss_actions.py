"""A Boss's Level Up used at will, with the Boss's own button (``UseBossAbility``,
R-CARD-EFFECT with R-MINI): Rise of the Minibosses' "for the rest of the game, once per
turn you may pay 2 Coins to ...". Each case's expectation comes from the card's printed
effect (in our words in the docstring), never from the engine's output."""

from __future__ import annotations

from typing import Any

import pytest
from referee_fixtures import events_of, refused, run, t_hero
from test_card_effects import plain
from test_coin_cards import _coins, _table, _through

from rules import boss_actions
from rules import commands as c
from rules import events as ev
from rules.card_effects import dungeon_damage, effects_of
from rules.models import GameState, Miniboss, MinibossCard
from rules.rulings import describe

CALABEZA, BELLADONNA, RAVENUS, KAZANNA, KIRAX = "RMB002", "RMB003", "RMB006", "RMB009", "RMB012"
SPIKE = MinibossCard(name="Spike", card_id="RMB055")


def _boss(card: str, coins: int = 3, leveled_up: bool = True, **kw: Any) -> GameState:
    """A (Boss ``card``) has a 3-damage Monster Room, a 1-damage Trap Room, and ``coins``."""
    rooms = [plain("monster", 3), plain("trap", 1)]
    return _table(rooms, [t_hero("mage", 30)], coins=coins, boss=card, leveled_up=leveled_up, **kw)


def test_boss_ravenus_pays_two_coins_to_double_a_monster_room_once_per_turn() -> None:
    """RMB006 (printed: for the rest of the game, once per turn you may pay 2 Coins to
    double the damage of a Monster Room): 3 Coins become 1; the Room is asked (one of A's
    Monster Rooms, not the Trap Room); the 3-damage Room deals 6; a second use is refused."""
    state = _boss(RAVENUS)
    use = c.UseBossAbility(player="A")
    state = run(state, use)
    assert _coins(state) == 1
    assert [(o.card_id, o.offer) for o in state.offers] == [(RAVENUS, "double_own_monster_room")]
    pick = c.AnswerCardEffect(player="A", card_id=RAVENUS, accept=True, room=1)
    refused(state, pick, "R-CARD-EFFECT")  # the Trap Room
    state = run(state, pick.model_copy(update={"room": 0}))
    assert [d.damage for d in dungeon_damage(state.player("A"))] == [6, 1]
    refused(state, use, "R-CARD-EFFECT")  # once per turn


@pytest.mark.parametrize(
    ("card", "coins", "leveled_up", "phase"),
    [
        (RAVENUS, 3, False, "build"),  # "for the rest of the game" starts at the Level Up
        (RAVENUS, 1, True, "build"),  # 2 Coins to pay, 1 in the hoard
        (KIRAX, 1, True, "build"),
        (KAZANNA, 0, True, "build"),
        (CALABEZA, 3, True, "bait"),  # a promotion: Build phase only (R-MINI)
    ],
)
def test_boss_ability_refused_when_it_may_not_be_used(
    card: str, coins: int, leveled_up: bool, phase: str
) -> None:
    """No Level Up yet, too few Coins for the printed price, or the wrong phase: refused,
    and the engine offers no button (``usable`` is None)."""
    state = _boss(card, coins=coins, leveled_up=leveled_up)
    state = _with_miniboss(state) if card == CALABEZA else state
    if phase == "bait":
        state = state.model_copy(update={"phase": "bait"})
    assert boss_actions.usable(state, "A") is None
    rule = "R-PHASE" if phase == "bait" else "R-CARD-EFFECT"  # no Boss button in the Bait
    refused(state, c.UseBossAbility(player="A", room=0), rule)


def test_boss_kirax_gives_any_dungeon_a_treasure_for_the_rest_of_the_game() -> None:
    """RMB012 (printed: once per turn you may pay 2 Coins to add one treasure of any type to
    any player's dungeon): A pays 2 (3 -> 1); B's Mage total gains 1 and keeps it on the
    next turns (no "until end of turn" printed); a player and a type must be named."""
    state = _boss(KIRAX)
    refused(state, c.UseBossAbility(player="A"), "R-CARD-EFFECT")  # whose, which type?
    state = run(state, c.UseBossAbility(player="A", target="B", treasure="mage"))
    assert _coins(state) == 1
    assert dict(state.player("B").treasure_bonus).get("mage") == 1
    assert dict(state.player("A").treasure_bonus).get("mage", 0) == 0
    later = run(_through(run(state, c.RevealRooms(), c.ResolveBait())), c.EndTurn())
    assert later.turn == state.turn + 1
    assert dict(later.player("B").treasure_bonus).get("mage") == 1


def test_boss_kirax_names_a_player_still_in_and_a_treasure_of_this_game() -> None:
    """RMB012 adds a treasure to a dungeon in play: not to a player who is out (their
    dungeon no longer lures Heroes, R-ELIM), and not the Explorer's icon in a game without
    Crash Landing (Explorers are not in it, R-CARD-EFFECT). Nothing is paid when refused."""
    state = _boss(KIRAX)
    out = state.model_copy(
        update={
            "players": tuple(
                p.model_copy(update={"eliminated": p.name == "B"}) for p in state.players
            )
        }
    )
    refused(out, c.UseBossAbility(player="A", target="B", treasure="mage"), "R-CARD-EFFECT")
    no_crash = state.model_copy(
        update={"setup": state.setup.model_copy(update={"card_sets": ("rise_of_the_minibosses",)})}
    )
    refused(
        no_crash, c.UseBossAbility(player="A", target="B", treasure="explorer"), "R-CARD-EFFECT"
    )
    with_crash = run(state, c.UseBossAbility(player="A", target="B", treasure="explorer"))
    assert dict(with_crash.player("B").treasure_bonus).get("explorer") == 1  # every set named


def _with_miniboss(state: GameState, level: int = 1) -> GameState:
    a = state.player("A")
    stack = a.dungeon[0].model_copy(
        update={"miniboss": Miniboss(card=SPIKE, face_down=False, level=level)}
    )
    return state.with_player("A", dungeon=(stack, *a.dungeon[1:]))


def test_boss_calabeza_promotes_a_miniboss_for_a_monster_room_card_instead_of_a_coin() -> None:
    """RMB002 (printed: once per turn you may discard a Monster Room to promote a Miniboss
    instead of paying a Coin): with no Coin at all, Spike goes from Level 1 to 2 and the
    hoard stays empty; it was the turn's promotion, so a paid one is refused after it."""
    state = _with_miniboss(_boss(CALABEZA, coins=0))
    refused(state, c.UseBossAbility(player="A", room=1), "R-CARD-EFFECT")  # no Miniboss there
    state = run(state, c.UseBossAbility(player="A", room=0))
    miniboss = state.player("A").dungeon[0].miniboss
    assert miniboss is not None and miniboss.level == 2
    assert _coins(state) == 0
    paid = run(state, c.GainCoins(player="A", amount=1))
    refused(paid, c.PromoteMiniboss(player="A", index=0), "R-MINI")


def test_boss_calabeza_has_nothing_to_promote_at_the_top_level() -> None:
    """A Miniboss at Level 3 goes no higher (R-MINI): Calabeza has nothing to promote."""
    state = _with_miniboss(_boss(CALABEZA), level=3)
    assert boss_actions.usable(state, "A") is None


@pytest.mark.parametrize(("card", "target"), [(KAZANNA, None), (BELLADONNA, "B")])
def test_boss_pays_two_coins_and_names_the_cards_the_players_move(
    card: str, target: str | None
) -> None:
    """RMB009 (pay 2 Coins to draw a Spell card), RMB003 (pay 2 Coins: an opponent discards
    a random Spell card): the referee takes the 2 Coins (3 -> 1) and its ruling names the
    Boss and what the players do with their cards."""
    state = _boss(card)
    events = events_of(state, c.UseBossAbility(player="A", target=target))
    fired = [e for e in events if isinstance(e, ev.CardEffectFired)]
    assert [e.card_id for e in fired] == [card]
    assert "Spell card" in fired[0].ruling.why
    assert _coins(run(state, c.UseBossAbility(player="A", target=target))) == 1


@pytest.mark.parametrize(
    ("card", "words"),
    [
        (CALABEZA, "discard a Monster Room card to promote one of your Minibosses"),
        (BELLADONNA, "pay 2 Coins to [an opponent] that opponent discards 1 random Spell card"),
        (RAVENUS, "pay 2 Coins to choose one of your Monster Rooms: its damage is doubled"),
        (KAZANNA, "pay 2 Coins to draw 1 Spell card"),
        (KIRAX, "pay 2 Coins to [a dungeon] give it one more treasure icon of a type you pick"),
    ],
)
def test_boss_at_will_level_ups_are_described_and_carried_out(card: str, words: str) -> None:
    """Each card's words say its printed price and effect; none is left by hand, and the
    three whose effect is on the table alone are carried out by the Boss's button."""
    effects = effects_of(card)
    assert effects is not None
    text = describe(effects)
    assert text.startswith("From your Boss's Level Up on, at will:")
    assert words in text and "(once per turn)" in text
    assert not any(e.kind == "by_hand" for a in effects.abilities for e in a.effects)
    if card in (CALABEZA, RAVENUS, KIRAX):
        assert effects.handling == "prompt"


DOC_SCARECROW = "TNL001"


def test_boss_doc_scarecrow_keeps_a_town_hero_from_being_lured_this_turn() -> None:
    """TNL001 (printed: for the rest of the game, during the Build phase you may discard
    one card to choose one Hero in town; that Hero cannot be lured this turn): the Mage
    Hero that A's Mage Rooms would lure stays in town; the Thief Hero beside it is lured
    as before; the turn after, nothing holds it back."""
    rooms = [plain("monster", 3, "mage"), plain("trap", 1, "thief")]
    town = [t_hero("mage", 30), t_hero("thief", 30)]
    state = _table(rooms, town, boss=DOC_SCARECROW, leveled_up=True)
    refused(state, c.UseBossAbility(player="A"), "R-CARD-EFFECT")  # which Hero?
    state = run(state, c.UseBossAbility(player="A", hero=0), c.RevealRooms(), c.ResolveBait())
    assert 0 in state.town and 1 not in state.town
    assert boss_actions.usable(state, "A") is None  # the Build phase only
    effects = effects_of(DOC_SCARECROW)
    assert effects is not None and effects.handling == "prompt"
    assert "discard a card to [a Hero in town] that Hero cannot be lured this turn." in (
        describe(effects)
    )


DR_TIMEBENDER = "TNL008"


def test_boss_dr_timebender_cancels_an_opponents_spell_without_a_button() -> None:
    """TNL008 (printed: for the rest of the game, once per turn you may discard a Spell card
    to cancel an opponent's Spell): described as such and no longer by hand; a cancelled
    Spell is one the table never enters (or undoes), so the Boss gets no button for it."""
    effects = effects_of(DR_TIMEBENDER)
    assert effects is not None
    text = describe(effects)
    assert "discard a Spell card to [a Spell just played] cancel that Spell." in text
    assert "(once per turn)" in text
    assert not any(e.kind == "by_hand" for a in effects.abilities for e in a.effects)
    state = _boss(DR_TIMEBENDER)
    assert boss_actions.usable(state, "A") is None
