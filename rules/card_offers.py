"""What an offered card ability may take (R-CARD-EFFECT): the Heroes in town, the
answering player's Rooms, or a Room in any dungeon. ``rules.card_triggers`` asks it when
an ability fires, ``rules.spells`` when it is answered, the app for its buttons.
"""

from __future__ import annotations

from rules.card_effects import effects_of
from rules.effects import CardEffects
from rules.models import CardOffer, GameState
from rules.offer_kinds import OfferKind
from rules.other_boss_kinds import CopyBossLevelUp
from rules.room_choices import has_choice
from rules.room_kinds import ROOM_OFFERS
from rules.turn_marks import survivors


def offer_heroes(state: GameState, offer: OfferKind, player: str = "") -> tuple[int, ...]:
    """The Heroes in town an offer may take (ordinary ones only, where the card says so);
    to damage, the Hero walking ``player``'s dungeon and those at its entrance."""
    if offer == "damage_own_hero":
        walk = state.walk
        here = () if walk is None or walk.player != player or walk.room is None else (walk.hero,)
        return (*here, *state.entrance(player)) if state.has_player(player) else here
    if offer == "take_scored_hero":  # ordinary Heroes others scored face down (Souls)
        return tuple(
            h
            for p in state.players
            if p.name != player
            for h in state.soul_heroes(p.name)
            if not state.hero(h).card.epic
        )
    if offer == "ordinary_hero_to_entrance":
        return tuple(h for h in state.town if not state.hero(h).card.epic)
    if offer in ("town_hero_to_entrance", "kill_town_hero"):
        return state.town
    if offer == "remove_survivor":  # survived the player's dungeon this turn (walk_kinds)
        return tuple(h for _, h in survivors(state, player))
    if offer == "swap_soul":  # the player's own face-down Heroes (Porkus)
        return state.soul_heroes(player)
    if offer == "raise_hero_health":  # the Hero walking a dungeon (its walk holds the Health)
        return (state.walk.hero,) if state.walk is not None else ()
    return ()


# Offers answered with one of the answering player's own Rooms (``offer_rooms``).
OWN_ROOM_OFFERS = (
    "destroy_own_room",
    "destroy_room_own",
    "boost_own_room",
    "double_own_monster_room",
    "rebuild_own_room",  # another Room of the owner's as just built (rules.miniboss_deaths)
)


def offer_rooms(state: GameState, player: str, offer: OfferKind, card_id: str) -> tuple[int, ...]:
    """The Rooms of ``player`` an offer may take: any of theirs to destroy; to boost, an
    active Monster Room other than the card itself (and not one a face-down Room is about
    to cover)."""
    p = state.player(player)
    if offer in ("destroy_own_room", "destroy_room_own"):
        return tuple(range(len(p.dungeon)))
    if offer == "rebuild_own_room":  # any other active Room: not the Miniboss's own
        return tuple(
            i
            for i, s in enumerate(p.dungeon)
            if not s.deactivated
            and not p.face_down_at(i)
            and (s.miniboss is None or s.miniboss.card.card_id != card_id)
        )
    if offer not in ("boost_own_room", "double_own_monster_room"):
        return ()
    itself = card_id if offer == "boost_own_room" else None  # "another" Room: not the card
    return tuple(
        i
        for i, s in enumerate(p.dungeon)
        if not s.deactivated and s.top.kind == "monster"
        if itself is None or s.top.card_id != itself
        if not p.face_down_at(i)
    )


ANY_DUNGEON_OFFERS = (
    "destroy_advanced_room_any",
    "deactivate_room_any",
    # Items' Rewards (rules.item_effects): an opponent's Room, a Monster or a Trap Room
    "deactivate_opponent_room",
    "deactivate_monster_room_any",
    "deactivate_trap_room_any",
    "ability_off_room_any",  # Cheat Code's Reward: a Room's ability text ignored
)
_ROOM_KIND = {"deactivate_monster_room_any": "monster", "deactivate_trap_room_any": "trap"}


def offer_places(
    state: GameState, offer: OfferKind, player: str = ""
) -> tuple[tuple[str, int], ...]:
    """The Rooms in any dungeon an offer may take, as (player, index): active and face up
    (not one a face-down Room is about to cover); only Advanced ones to destroy, only
    Monster or Trap Rooms, or only those of ``player``'s opponents, where it says so."""
    if offer not in ANY_DUNGEON_OFFERS:
        return ()
    out: list[tuple[str, int]] = []
    for p in state.players:
        if offer == "deactivate_opponent_room" and p.name == player:
            continue
        for i, s in enumerate(p.dungeon):
            if s.deactivated or p.face_down_at(i):
                continue
            if offer == "destroy_advanced_room_any" and not s.top.advanced:
                continue
            if offer in _ROOM_KIND and s.top.kind != _ROOM_KIND[offer]:
                continue
            out.append((p.name, i))
    return tuple(out)


#: The offers that take from another player's Boss (rules.other_boss_kinds).
BOSS_OFFERS = ("boss_treasure_of_another", "copy_boss_level_up")


def offer_bosses(state: GameState, player: str) -> tuple[str, ...]:
    """The other players whose Boss shows a treasure icon to take (Mirrax); a Boss that
    died (its player out) still counts."""
    return tuple(p.name for p in state.players if p.name != player and p.boss_treasure)


#: The triggers of a Boss's Level Up abilities: once at the Level Up, on from it, used at
#: will after it, asked at each turn's end after it.
LEVEL_UP_TRIGGERS = ("level_up", "from_level_up", "boss_at_will", "boss_turn_end")


def _copies(card: CardEffects) -> bool:
    return any(isinstance(e, CopyBossLevelUp) for a in card.abilities for e in a.effects)


def copyable_bosses(state: GameState, player: str) -> tuple[str, ...]:
    """The other players whose Boss card has a Level Up ability to copy (Klonos); a Boss
    that died (its player out) still counts, as its card stays on the table; a Boss that
    copies is not offered (its Level Up is the copying itself)."""
    out: list[str] = []
    for p in state.setup.players:
        card = effects_of(p.boss_card_id)
        if p.name == player or card is None or _copies(card):
            continue
        if any(a.trigger in LEVEL_UP_TRIGGERS for a in card.abilities):
            out.append(p.name)
    return tuple(out)


def boss_choices(state: GameState, offer: OfferKind, player: str) -> tuple[str, ...]:
    """The other players an offer that takes from their Boss may name (``BOSS_OFFERS``):
    one whose Boss shows a treasure icon (Mirrax), one whose Boss card has a Level Up to
    copy (Klonos)."""
    if offer == "copy_boss_level_up":
        return copyable_bosses(state, player)
    return offer_bosses(state, player)


def has_room_target(state: GameState, player: str, offer: OfferKind | None, card_id: str) -> bool:
    """Whether an offer that takes a Room has one to take (True for any other offer)."""
    if offer in OWN_ROOM_OFFERS and offer != "destroy_own_room":
        return bool(offer_rooms(state, player, offer, card_id))
    if offer in ANY_DUNGEON_OFFERS:
        return bool(offer_places(state, offer, player))
    if offer in BOSS_OFFERS:  # another player's Boss (Mirrax, Klonos)
        return bool(boss_choices(state, offer, player))
    if offer in ROOM_OFFERS:  # Rooms moved or uncovered (rules.room_choices)
        return has_choice(state, CardOffer(player=player, card_id=card_id, card="", offer=offer))
    return True
