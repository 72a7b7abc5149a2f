"""How the referee handles a card's abilities, and which rules a card touches: what the
rules lookup says of a card (``companion.card_lookup`` words it).

- ``handling(ability)``: carried out by the engine ("auto"), asked of the table when it
  fires ("prompt"), played from the hand through the Spell panel ("spell"), or left to
  the players, and why ("reminder.<why>": by hand, off the table, a Spell, a moment the
  app does not track, an effect it does not carry out);
- ``rules_touched(...)``: the rule ids a card's facts and abilities touch, most particular
  first.
"""

from __future__ import annotations

from typing import Literal

from rules.effects import OFFERED_TRIGGERS, PLAYED_TRIGGERS, Ability, CardEffects

Handling = Literal[
    "auto",
    "prompt",
    "spell",
    "reminder.by_hand",
    "reminder.off_table",
    "reminder.spell",
    "reminder.moment",
    "reminder.effect",
]
CardKind = Literal["room", "boss", "spell", "hero", "item", "miniboss"]


def handling(ability: Ability) -> Handling:
    """How the referee deals with one ability."""
    if ability.handling == "auto":
        return "auto"
    if ability.handling == "prompt":
        # a Spell, or a Room card from the hand: the Spell panel asks what it names
        return "spell" if ability.trigger in PLAYED_TRIGGERS else "prompt"
    kinds = {e.kind for e in ability.effects}
    if "by_hand" in kinds:
        return "reminder.by_hand"
    if "reminder" in kinds:
        return "reminder.off_table"
    if ability.trigger in PLAYED_TRIGGERS:
        return "reminder.spell"
    if ability.trigger not in OFFERED_TRIGGERS | {"always"}:
        return "reminder.moment"
    return "reminder.effect"


def rules_touched(
    kind: CardKind, effects: CardEffects | None, *, hybrid: bool = False, advanced: bool = False
) -> tuple[str, ...]:
    """The rule ids a card of ``kind`` touches: R-CARD-EFFECT and those of its abilities'
    effects (R-LEVELUP for a Level Up), then those of its kind; a hybrid Hero
    (``hybrid``: more than one treasure type) leads with R-BAIT-HYBRID, an Advanced Room
    (``advanced``) with R-BUILD-WHERE; the caller says which card is one."""
    out: list[str] = []
    if effects is not None and effects.abilities:
        out.append("R-CARD-EFFECT")
        for ability in effects.abilities:
            if ability.trigger == "level_up":
                out.append("R-LEVELUP")
            for effect in ability.effects:
                out += _EFFECT_RULES.get(effect.kind, ())
    out += _KIND_RULES[kind]
    if hybrid:
        out.insert(0, "R-BAIT-HYBRID")
    if advanced:
        out.insert(0, "R-BUILD-WHERE")
    return tuple(dict.fromkeys(out))


_EFFECT_RULES: dict[str, tuple[str, ...]] = {
    "destroy_room": ("R-DESTROY",),
    "deactivate_room": ("R-DEACTIVATE",),
    "heal_wound": ("R-HEAL",),
    "kill_hero": ("R-ADV-DEATH",),
    "damage_hero": ("R-ADV-DEATH",),
    "treasure_plus": ("R-BAIT-TOTAL",),
    "treasure_double": ("R-BAIT-TOTAL",),
    "no_build_over": ("R-BUILD-WHERE",),
    "no_build_adjacent": ("R-BUILD-WHERE",),
    "build_extra": ("R-BUILD-ONE",),
    "gift_room": ("R-BUILD-WHERE", "R-BUILD-ONE"),  # a Room placed in another's dungeon
    "move_hero": ("R-ADV-WALK",),
    "drawn_room_built": ("R-BUILD-WHERE", "R-BUILD-MAX"),  # Brassknuckle's build at once
}
_KIND_RULES: dict[CardKind, tuple[str, ...]] = {
    "room": ("R-BUILD-WHERE", "R-BAIT-TOTAL", "R-ADV-WALK"),
    "boss": ("R-BAIT-TOTAL", "R-END-XP"),
    "spell": ("R-PHASE",),
    "hero": ("R-BAIT-HIGHEST", "R-ADV-DEATH", "R-ADV-SURVIVE", "R-SETUP-HEROES"),
    "item": ("R-ITEM",),
    "miniboss": ("R-MINI",),
}
