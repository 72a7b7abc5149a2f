"""Cards that move Rooms or roll a die, carried out (R-CARD-EFFECT): the engine asks
which Rooms (``rules.room_choices``), checks the answer and moves them; a die's roll is
the number the player states.

- Two Rooms of the owner's dungeon change places (a Spell, answered with the new order);
- one dungeon's Rooms are put in any order the owner gives (a Level Up);
- the owner's Rooms are reversed before a Hero carrying the Item enters (a Power-Up);
- a covered Room is brought to the top of its stack, in the owner's dungeon or once in
  each opponent's; the Room uncovered fires its "when you uncover this Room";
- a die decides damage to the Hero walking the caster's dungeon, or, if the caster says
  Yes (discarding another Spell), to each Hero at its entrance.

``rules.spells`` hands Spells cast and answers here; ``rules.item_effects`` the Power-Up.
"""

from __future__ import annotations

from rules import adventure, card_triggers, minibosses
from rules import commands as cmd
from rules import events as ev
from rules.card_effects import card_ruling, effects_of
from rules.card_triggers import saying
from rules.effects import Ability, CardEffects
from rules.errors import HeroError, RulesError
from rules.evolve import evolve
from rules.item_rewards import blast
from rules.models import TREASURES, CardOffer, GameState, PendingBuild, PlayerState, Room
from rules.room_choices import (
    has_choice,
    rearrangeable,
    rearranging_mark,
    swaps,
    treasure_dungeons,
    uncover_choices,
    uncovered_mark,
)
from rules.room_events import RoomsRearranged, RoomUncovered
from rules.room_kinds import (
    DIE_FACES,
    BoostChoice,
    DamagePerSpellInHand,
    DieDamage,
    StatedBoost,
    room_offer,
)
from rules.rulings import Arg, Ruling
from rules.spell_effects import condition_holds, entrance_damage


def _offered(player: str, card: CardEffects, ability: Ability, key: str) -> ev.CardEffectFired:
    offer = room_offer(ability.effects)
    assert offer is not None  # only asked for abilities that have one
    said = saying(card_ruling(key, player=player, card=card.name), card.id, ability)
    return ev.CardEffectFired(
        player=player,
        card_id=card.id,
        offer=offer,
        card=card.name,
        mandatory=not ability.optional,
        ruling=said,
    )


def _other_choice(card: CardEffects) -> Ability | None:
    """The card's other choice with a condition ("OR, if ..."), aimed at a Room."""
    return next((a for a in card.abilities[1:] if a.condition != "none"), None)


def casts(state: GameState, caster: str, card: CardEffects, command: cmd.CastSpell) -> bool:
    """Whether casting this Spell asks one of these questions (its first ability does),
    not its other choice: a Room named, with that choice's condition holding, is the one
    it destroys (Oh, Yeah!), which ``rules.spells`` carries out."""
    if not card.abilities or room_offer(card.abilities[0].effects) is None:
        return False
    other = _other_choice(card)
    if command.room is None or other is None:
        return True
    return not condition_holds(state, caster, other.condition)


def cast(
    state: GameState, caster: PlayerState, card: CardEffects, command: cmd.CastSpell
) -> list[ev.EventBase]:
    """A Spell of these played: its questions asked, refused when its first part has
    nothing to act on (no Hero in the caster's dungeon, fewer than two Rooms), or when it
    names a Room for its other choice whose condition does not hold."""
    other = _other_choice(card)
    if command.room is not None and other is not None:
        key = f"err.spell_if.{other.condition}"
        raise RulesError("R-CARD-EFFECT", key, card=card.name, player=caster.name)
    first = card.abilities[0]
    asked = room_offer(first.effects)
    assert asked is not None  # casts() said so
    probe = CardOffer(player=caster.name, card_id=card.id, card=card.name, offer=asked)
    if not has_choice(state, probe):
        key = "err.spell_needs_hero_here" if probe.offer == "die_roll" else "err.spell_needs_rooms"
        raise RulesError("R-CARD-EFFECT", key, card=card.name, player=caster.name)
    cast_said = card_ruling("card.spell_cast", player=caster.name, card=card.name)
    return [ev.Noted(ruling=cast_said), _offered(caster.name, card, first, f"room.asked.{asked}")]


def _then(state: GameState, offer: CardOffer) -> list[ev.EventBase]:
    """A Spell's first question answered: its "AND" part that asks too (Fireball!'s roll
    for the Heroes at the entrance), asked now if it has something to act on. One at a
    time: answers name the card, so two of its questions at once could not be told
    apart."""
    card = effects_of(offer.card_id)
    if card is None or card.kind != "spell" or room_offer(card.abilities[0].effects) != offer.offer:
        return []
    out: list[ev.EventBase] = []
    for ability in card.abilities[1:]:
        asked = room_offer(ability.effects)
        probe = offer.model_copy(update={"offer": asked or "may"})
        if asked is not None and ability.condition == "none" and has_choice(state, probe):
            out.append(_offered(offer.player, card, ability, f"room.asked.{asked}"))
    return out


def _swapped(order: tuple[int, ...] | None, size: int, swap_only: bool) -> tuple[int, ...]:
    """The new order an answer gives, refused unless it is one (every place once) and, for
    a swap, one that exchanges exactly two Rooms."""
    if order is None or sorted(order) != list(range(size)):
        raise RulesError("R-CARD-EFFECT", "err.room_order", size=size)
    moved = [i for i, was in enumerate(order) if i != was]
    if swap_only and len(moved) != 2:
        raise RulesError("R-CARD-EFFECT", "err.room_swap")
    return order


def _rearranged(
    state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect
) -> list[ev.EventBase]:
    """Rooms of the dungeon named in the order the answer gives. A dungeon put in any
    order (Hellcow) is asked again, that dungeon only, until its owner says No: two
    Rooms at a time reach any order."""
    own = offer.offer == "swap_own_rooms"
    swap = own or offer.offer == "swap_any_dungeon"  # one swap, in any dungeon (Shellda)
    dungeon = offer.player if own else (command.target or "")
    if dungeon not in rearrangeable(state, None if own else offer) or (
        own and not swaps(state, offer.player)
    ):
        raise RulesError("R-CARD-EFFECT", "err.room_dungeon", card=offer.card)
    size = len(state.player(dungeon).dungeon)
    order = _swapped(command.order, size, swap)
    args: dict[str, Arg] = {"card": offer.card, "player": dungeon}
    args["rooms"] = ", ".join(state.player(dungeon).dungeon[i].top.label() for i in order)
    said = card_ruling("room.rearranged", **args)
    moved: list[ev.EventBase] = [RoomsRearranged(player=dungeon, order=order, ruling=said)]
    if swap:
        return moved
    again = ev.CardEffectFired(
        player=offer.player,
        card_id=offer.card_id,
        use=rearranging_mark(offer.player, offer.card_id, dungeon),
        offer=offer.offer,
        card=offer.card,
        ruling=card_ruling("room.rearrange_more", player=offer.player, card=offer.card),
    )
    return [*moved, again]


def reversed_rooms(owner: PlayerState, said: Ruling) -> list[ev.EventBase]:
    """The owner's Rooms in the reverse order (an Item's Power-Up, before its carrier
    enters): the first is the last now."""
    if len(owner.dungeon) < 2:
        return []
    order = tuple(reversed(range(len(owner.dungeon))))
    return [RoomsRearranged(player=owner.name, order=order, ruling=said)]


def _uncovered(
    state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect
) -> list[ev.EventBase]:
    """The covered Room the answer names brought to the top, its "when you uncover this
    Room" fired; Mando's offer comes back for the opponents not done yet."""
    dungeon = offer.player if offer.offer == "uncover_own_room" else (command.target or "")
    place = (dungeon, command.room if command.room is not None else -1, command.covered)
    if place not in uncover_choices(state, offer):
        raise RulesError("R-CARD-EFFECT", "err.room_uncover", card=offer.card)
    name, index, covered = place[0], place[1], place[2] or 0
    stack = state.player(name).dungeon[index]
    args: dict[str, Arg] = {
        "card": offer.card,
        "player": name,
        "room": stack.rooms[covered].label(),
        "over": stack.top.label(),
    }
    said = card_ruling("room.uncovered", **args)
    event = RoomUncovered(player=name, index=index, covered=covered, ruling=said)
    # The Room now covered loses its Miniboss and Coins, as one built over would (R-MINI).
    covering = ev.RoomRevealed(
        player=name, build=PendingBuild(room=stack.rooms[covered], over=index), ruling=said
    )
    lost = minibosses.lost_with_room(state, covering) if state.setup.ruleset.minibosses else []
    after = state
    for done in (*lost, event):
        after = evolve(after, done)
    out: list[ev.EventBase] = [*lost, event, *card_triggers.uncovered(after, name, index)]
    if offer.offer == "uncover_opponent_room":
        mark = uncovered_mark(offer.player, offer.card_id, name)
        again = ev.CardEffectFired(
            player=offer.player,
            card_id=offer.card_id,
            use=mark,
            card=offer.card,
            ruling=card_ruling("room.uncover_next", player=offer.player, card=offer.card),
        )
        later = evolve(after, again)
        if uncover_choices(later, offer):
            again = again.model_copy(update={"offer": offer.offer})
        out.append(again)
    return out


def _rolled(state: GameState, offer: CardOffer, count: int | None) -> list[ev.EventBase]:
    """The die's damage: to the Hero walking the offer's player's dungeon, or to each
    Hero at its entrance."""
    if count is None or count not in DIE_FACES:
        raise RulesError("R-CARD-EFFECT", "err.die_roll", card=offer.card)
    args: dict[str, Arg] = {"card": offer.card, "player": offer.player, "roll": count}
    noted = ev.Noted(ruling=card_ruling("room.die_rolled", **args))
    if offer.offer == "die_roll_entrance":
        return [noted, *entrance_damage(state, offer.player, count, offer.card)]
    if not has_choice(state, offer):  # the Hero must stand in the caster's dungeon
        raise HeroError("R-CARD-EFFECT", "err.spell_needs_hero_here", card=offer.card)
    if _destroys_room(offer):  # Explodo: the Room it stands in goes with the roll
        return blast(state, state.player(offer.player), count, noted.ruling)
    return [noted, *adventure.damage(state, count), *_then(state, offer)]


def _destroys_room(offer: CardOffer) -> bool:
    card = effects_of(offer.card_id)
    return any(
        isinstance(e, DieDamage) and e.destroys_room
        for a in (card.abilities if card else ())
        for e in a.effects
    )


def asked_at_will(player: str, room: Room, ability: Ability, ruling: Ruling) -> ev.EventBase:
    """A Room's button pressed: the number its owner states, or the amount picked, is
    asked (the price in cards from the hand is the owner's word)."""
    offer = room_offer(ability.effects)
    assert offer is not None and room.card_id is not None
    return ev.CardEffectFired(
        player=player, card_id=room.card_id, offer=offer, card=room.label(), ruling=ruling
    )


def boost_amounts(offer: CardOffer) -> tuple[int, ...]:
    """What the Room of an offer that boosts it may get: 0 up to the number the card
    allows, or one of its amounts."""
    card = effects_of(offer.card_id)
    for effect in (e for a in (card.abilities if card else ()) for e in a.effects):
        if isinstance(effect, StatedBoost):
            return tuple(range(effect.most + 1))
        if isinstance(effect, BoostChoice):
            return effect.amounts
    return ()


def _boosted(state: GameState, offer: CardOffer, count: int | None) -> list[ev.EventBase]:
    """The owner's Room with the card deals the stated number (or the amount picked,
    ``count`` its place among the card's) more until end of turn."""
    amounts = boost_amounts(offer)
    if offer.offer == "stated_boost":
        amount = count if count is not None and count in amounts else None
    else:
        amount = amounts[count] if count is not None and count < len(amounts) else None
    if amount is None:
        raise RulesError("R-CARD-EFFECT", "err.offer_count", card=offer.card, most=max(amounts))
    owner = state.player(offer.player)
    index = next((i for i, s in owner.active_rooms() if s.top.card_id == offer.card_id), None)
    if index is None or amount == 0:
        return []
    args: dict[str, Arg] = {
        "card": offer.card,
        "room": owner.dungeon[index].top.label(),
        "room_n": index + 1,
        "amount": amount,
    }
    said = card_ruling("card.room_boosted" if amount > 0 else "room.weakened", **args)
    return [ev.RoomBoosted(player=owner.name, index=index, amount=amount, ruling=said)]


def hand_asked(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """A Hero steps into a Room whose damage counts its owner's Spell cards in hand: the
    owner is asked how many they hold (the Hero takes that much more there)."""
    walk = state.walk
    if not isinstance(event, ev.HeroEnteredRoom) or walk is None or walk.room != event.room:
        return []
    stack = state.player(walk.player).dungeon[event.room]
    room = stack.top
    if stack.deactivated or room.card_id is None:
        return []
    card = effects_of(room.card_id)
    return [
        ev.CardEffectFired(
            player=walk.player,
            card_id=room.card_id,
            offer="spells_in_hand",
            card=room.label(),
            mandatory=True,
            ruling=saying(
                card_ruling("room.asked.spells_in_hand", player=walk.player, card=room.label()),
                room.card_id,
                ability,
            ),
        )
        for ability in (card.abilities if card else ())
        if ability.trigger == "hero_enters" and room_offer(ability.effects) == "spells_in_hand"
    ]


def spell_counts(offer: CardOffer) -> range:
    """The numbers of Spell cards in hand the owner may state (0 up to the card's most)."""
    card = effects_of(offer.card_id)
    most = max(
        (
            e.most
            for a in (card.abilities if card else ())
            for e in a.effects
            if isinstance(e, DamagePerSpellInHand)
        ),
        default=0,
    )
    return range(most + 1)


def spells_counted(state: GameState, offer: CardOffer, count: int | None) -> list[ev.EventBase]:
    """The number of Spell cards stated: the Hero still in the Room takes that much more
    (per the card's amount)."""
    card = effects_of(offer.card_id)
    effect = next(
        (
            e
            for a in (card.abilities if card else ())
            for e in a.effects
            if isinstance(e, DamagePerSpellInHand)
        ),
        None,
    )
    if effect is None or count is None or count not in spell_counts(offer):
        most = effect.most if effect else 0
        raise RulesError("R-CARD-EFFECT", "err.offer_count", card=offer.card, most=most)
    if not has_choice(state, offer):
        raise HeroError("R-CARD-EFFECT", "err.hero_left_room", card=offer.card)
    args: dict[str, Arg] = {"card": offer.card, "player": offer.player, "count": count}
    noted = ev.Noted(ruling=card_ruling("room.spells_counted", **args))
    return [noted, *adventure.damage(state, count * effect.amount)] if count else [noted]


def treasure_added(
    state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect
) -> list[ev.EventBase]:
    """The treasure type picked (``count``, its place in ``TREASURES``) in the dungeon
    named until end of turn, on its first active Room."""
    dungeon, count = command.target or "", command.count
    if dungeon not in treasure_dungeons(state) or count is None or count >= len(TREASURES):
        raise RulesError("R-CARD-EFFECT", "err.treasure_to_dungeon", card=offer.card)
    index = next(i for i, _ in state.player(dungeon).active_rooms())
    treasure = TREASURES[count]
    args: dict[str, Arg] = {"card": offer.card, "player": dungeon, "treasure": treasure}
    said = card_ruling("room.treasure_added", **args)
    return [ev.RoomTreasureChanged(player=dungeon, index=index, treasure=(treasure,), ruling=said)]


WALK_QUESTIONS = ("spells_in_hand", "die_roll", "build_drawn_room")  # the last: "at once"


def walk_question(state: GameState) -> CardOffer | None:
    """A question about the Hero walking now that still waits (Spell cards in hand as it
    entered the Room, a die's damage to it): the walk waits for the answer."""
    return next(
        (o for o in state.offers if o.offer in WALK_QUESTIONS and has_choice(state, o)), None
    )


def check_walk_may_go_on(state: GameState) -> None:
    """Refuse a step of the walk while such a question waits: its answer is about the
    Room the Hero stands in (R-CARD-EFFECT)."""
    waiting = walk_question(state)
    if waiting is not None:
        raise RulesError(
            "R-CARD-EFFECT", "err.walk_question_first", card=waiting.card, player=waiting.player
        )


def answered(
    state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect
) -> list[ev.EventBase]:
    """An offer of these taken (the answer names the Rooms, the order or the roll)."""
    if offer.offer in ("die_roll", "die_roll_entrance"):
        return _rolled(state, offer, command.count)
    if offer.offer in ("stated_boost", "boost_choice"):
        return _boosted(state, offer, command.count)
    if offer.offer == "spells_in_hand":
        return spells_counted(state, offer, command.count)
    if offer.offer == "treasure_to_dungeon":
        return treasure_added(state, offer, command)
    if offer.offer in ("swap_own_rooms", "rearrange_any_dungeon", "swap_any_dungeon"):
        return _rearranged(state, offer, command)
    return _uncovered(state, offer, command)
