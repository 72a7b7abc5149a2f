"""A card's ability in words, generated from its structured facts (never stored text).

``phrases`` turns an ability into message keys with arguments; the keys live in
``rules.rulings.MESSAGES`` (English) and ``data/i18n`` (``ruling.<key>``, every language),
so the app renders the same structure in the player's language. A few arguments are the
engine's own English words (kinds of Room); ``WORD_KEYS`` maps each to the UI
catalogue key that translates it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rules import card_table
from rules.boss_kinds import BOSS_TYPES, boss_phrases
from rules.coin_kinds import COIN_TYPES, coin_phrases
from rules.effect_kinds import DestroyRoom, Effect, KillHero, RoomType
from rules.effects import Ability, CardEffects
from rules.item_kinds import ITEM_TYPES, item_phrases
from rules.plurals import Arg
from rules.room_kinds import ROOM_TYPES, room_phrases
from rules.walk_kinds import WALK_TYPES, walk_phrases

Phrase = tuple[str, dict[str, Arg]]

ROOM_WORDS: dict[RoomType, str] = {"monster": "Monster Rooms", "trap": "Trap Rooms", "any": "Rooms"}
# The engine's English word -> the UI catalogue key that says it in another language.
WORD_KEYS: dict[str, str] = {word: f"card.rooms.{kind}" for kind, word in ROOM_WORDS.items()}


def _effect(effect: Effect) -> list[Phrase]:
    if isinstance(effect, COIN_TYPES):  # Rise of the Minibosses (rules.coin_kinds)
        return [(key, dict(args)) for key, args in coin_phrases(effect)]
    if isinstance(effect, ITEM_TYPES):  # Tools of Hero-Kind (rules.item_kinds)
        return [(key, dict(args)) for key, args in item_phrases(effect)]
    if isinstance(effect, ROOM_TYPES):  # Rooms moved or uncovered, a die (rules.room_kinds)
        return [(key, dict(args)) for key, args in room_phrases(effect)]
    if isinstance(effect, WALK_TYPES):  # the Adventure held back (rules.walk_kinds)
        return [(key, dict(args)) for key, args in walk_phrases(effect)]
    if isinstance(effect, BOSS_TYPES):  # a Boss's Level Up used at will (rules.boss_kinds)
        return [(key, dict(args)) for key, args in boss_phrases(effect)]
    match effect.kind:
        case "room_damage_plus":
            only = ".advanced" if effect.advanced_only else ".less" if effect.amount < 0 else ""
            out: list[Phrase] = [
                (
                    f"card.fx.room_damage_plus.{effect.rooms}{only}",
                    {"amount": abs(effect.amount), "rooms": ROOM_WORDS[effect.room_type]},
                )
            ]
            if effect.until_end_of_turn:
                out.append(("card.until_end_of_turn", {}))
            return out
        case "damage_equals_count" | "damage_per_count":
            args: dict[str, Arg] = {"rooms": ROOM_WORDS[effect.room_type]}
            if effect.kind == "damage_per_count":
                args["amount"] = effect.amount
            return [(f"card.fx.{effect.kind}", args)]
        case "treasure_plus":
            return [
                ("card.fx.treasure_plus", {"treasure": effect.treasure, "amount": effect.amount})
            ]
        case "no_build_adjacent":
            return [("card.fx.no_build_adjacent", {"rooms": ROOM_WORDS[effect.room_type]})]
        case "no_build_over":
            key = "card.fx.no_advanced_over" if effect.advanced else "card.fx.no_room_over"
            return [(key, {})]
        case "damage_hero":
            if effect.amount is None:
                return [("card.fx.damage_hero_rooms", {})]
            return [("card.fx.damage_hero", {"amount": effect.amount})]
        case "boss_treasure":
            return [("card.fx.boss_treasure", {"treasure": "+".join(effect.treasure)})]
        case "hero_damage":
            who = "epic" if effect.epic else "worn" if effect.half_health_taken else "any"
            how = "double" if effect.double else "plus"
            return [(f"card.fx.hero_damage.{how}.{who}", {"amount": effect.plus})]
        case "damage_entrance" if effect.amount is None:
            return [("card.fx.damage_entrance.wounds", {})]
        case "damage_entrance":
            return [("card.fx.damage_entrance", {"amount": effect.amount or 0})]
        case "kill_hero" if effect.max_health is not None and effect.or_wounds is None:
            return [("card.fx.kill_hero_limit.health", {"health": effect.max_health})]
        case "kill_hero" if effect.max_health is not None:
            limit: dict[str, Arg] = {"health": effect.max_health, "wounds": effect.or_wounds or 0}
            if effect.or_wounds is None:  # a Health limit alone (Sawtooth Pendulum)
                return [("card.fx.kill_hero_max", {"health": effect.max_health})]
            return [("card.fx.kill_hero_limit", limit)]
        case "hero_health" if effect.amount is None:
            return [("card.fx.hero_health.wounds", {})]
        case "hero_health":
            return [("card.fx.hero_health", {"amount": effect.amount or 0})]
        case "move_hero":
            return [(f"card.fx.move_hero.{effect.to}", {})]
        case "destroy_room":
            return [(f"card.fx.destroy_room.{effect.which}", {})]
        case "build_extra" if effect.over:
            return [("card.fx.build_extra_over", {"rooms": ROOM_WORDS[effect.room_type]})]
        case (
            "damage_per_treasure"
            | "damage_if_others"
            | "gain_souls"
            | "skip_rooms"
            | "entering_health"
            | "less_per_coin"
            | "damage_per_coin"  # Pay to Win
            | "no_win"  # Meddling Kids!
            | "icon_damage"  # Mageseeker's Level 1
        ):
            return [(f"card.fx.{effect.kind}", dict(effect.model_dump(exclude={"kind"})))]
        case "damage_per_miniboss_level":  # Rage!
            again = ".double" if effect.double_if_alone else ""
            return [(f"card.fx.damage_per_miniboss_level{again}", {"amount": effect.amount})]
        case "remove_hero" if effect.damage_its_health:
            return [("card.fx.remove_hero.health", {})]
        case "room_treasure" if effect.chosen:
            return [("card.fx.room_treasure.chosen", {})]
        case "room_treasure" if effect.treasure is None:
            return [("card.fx.room_treasure.none", {})]
        case "room_treasure":
            shown: dict[str, Arg] = {"amount": effect.amount, "treasure": effect.treasure or ""}
            this = ".this" if effect.rooms == "this" else ""
            return [(f"card.fx.room_treasure{this}", shown)]
        case "room_counters":
            way = "on" if effect.amount > 0 else "off"
            if effect.on_built:
                way = "built"
            way = "named" if effect.named else way
            return [(f"card.fx.room_counters.{way}", {"count": abs(effect.amount)})]
        case "by_hand":
            return [(f"card.fx.by_hand.{effect.what}", {})]
        case "reminder":
            # Which cards is part of the key: each language words it with its plural.
            key = f"card.fx.{effect.action}.{effect.who}.{effect.card}"
            return [(key, {"count": effect.count})]
        case _:
            return [(f"card.fx.{effect.kind}", {})]


def ability_phrases(ability: Ability) -> list[Phrase]:
    """The phrases of one ability: when, if, at what cost, on what, what, how often."""
    when = f"card.when.cast.{ability.timing}" if ability.trigger == "cast" else None
    out: list[Phrase] = [(when or f"card.when.{ability.trigger}", {})]
    if ability.level is not None:  # a Miniboss card's level, on from there (R-MINI)
        out = [("card.when.miniboss_level", {"level": ability.level})]
    if ability.condition != "none":
        out.append((f"card.if.{ability.condition}", {}))
    if ability.cost != "none":
        # "discard a Spell card to <effect>" reads wrong before "by hand: ...": the cost is
        # paid, then the players carry the effect out.
        # So do the asked effects of rules.room_kinds ("roll a die: ...", "add one ...").
        by_hand = any(e.kind == "by_hand" or isinstance(e, ROOM_TYPES) for e in ability.effects)
        out.append((f"card.cost.{ability.cost}{'.then' if by_hand else ''}", {}))
    if ability.target != "none":
        out.append((f"card.target.{ability.target}", {}))
    destroys = any(isinstance(e, DestroyRoom) for e in ability.effects)
    for effect in ability.effects:
        if destroys and isinstance(effect, KillHero) and effect.max_health is None:
            # Cave-In: the Hero killed is the one in the Room just destroyed
            out.append(("card.fx.kill_hero.in_room", {}))
            continue
        out += _effect(effect)
    if ability.once_per_turn:
        out.append(("card.once_per_turn", {}))
    if ability.optional:
        out.append(("card.optional", {}))
    return out


def phrases(card: CardEffects) -> list[list[Phrase]]:
    """Every ability of a card as phrases (a card without abilities: one 'none' phrase)."""
    if not card.abilities:
        return [[("card.no_ability", {})]]
    return [ability_phrases(a) for a in card.abilities]


def sentences(parts: Iterable[str]) -> str:
    """Phrases said one after another as text: a phrase that opens a sentence (after one
    that ends with a full stop) starts with a capital letter, in every language."""
    out: list[str] = []
    for part in parts:
        if out and out[-1].endswith(".") and part[:1].islower():
            part = part[0].upper() + part[1:]
        out.append(part)
    return " ".join(out)


def ability_words(ref: str, say: Callable[[str, dict[str, Arg]], str]) -> str:
    """What the ability ``ref`` does, each phrase said by ``say`` (its moment left out: the
    ruling around it says when)."""
    card_id, _, n = ref.partition(":")
    card = card_table.table().get(card_id)
    if card is None or not n.isdigit() or int(n) >= len(card.abilities):
        return ref
    return sentences(say(key, args) for key, args in ability_phrases(card.abilities[int(n)])[1:])
