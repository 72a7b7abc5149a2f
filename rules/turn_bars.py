"""A player barred this turn, a Hero spared (R-CARD-EFFECT with R-END-WIN, R-END-ELIM,
R-ITEM): Meddling Kids!'s player choice (cannot win this turn once three Heroes entered
their dungeon), Extra Life's Reward (cannot lose by Wounds this turn) and its Power-Up
(the carrier, about to be killed, goes back to town; the Item is the dungeon owner's).

Each is a mark of the turn in ``GameState.card_uses``, cleared as the next turn starts:
``no_win:<player>:<heroes>:<card id>``, ``entered:<player>:<hero>`` (counted only while a
``no_win`` mark waits), ``no_wound_loss:<player>``. ``rules.end_of_turn`` asks
``cannot_win`` and ``spared``; ``rules.adventure`` asks ``town_instead`` before a kill.
"""

from __future__ import annotations

from rules import ability_off, card_table, items, miniboss_heroes
from rules import commands as cmd
from rules import events as ev
from rules.effects import CardEffects
from rules.errors import RulesError
from rules.fact import Fact
from rules.models import GameState, PlayerState, Walk
from rules.rule_change_kinds import IgnoreAbility, NoWin, SpellTax, TownInstead
from rules.rulings import Arg, Ruling

TAX = "spell_tax:"  # spell_tax:<player>: a Coin per Spell until end of turn (Short Circuit)
NO_WIN = "no_win:"
ENTERED = "entered:"
SPARED = "no_wound_loss:"


def _marks(state: GameState, prefix: str) -> list[list[str]]:
    return [u[len(prefix) :].split(":") for u in state.card_uses if u.startswith(prefix)]


def barred(
    state: GameState, command: cmd.CastSpell, effect: NoWin, card_id: str, card: str
) -> ev.CardEffectFired:
    """The Spell's mark on the player it names (any player still in the game)."""
    target = command.target
    if target is None or not state.has_player(target) or state.player(target).eliminated:
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_player", card=card)
    args: dict[str, Arg] = {"card": card, "player": target, "heroes": effect.heroes}
    said = Ruling(rule="R-CARD-EFFECT", key="card.no_win_armed", args=args)
    return ev.CardEffectFired(
        player=command.player,
        card_id=card_id,
        use=f"{NO_WIN}{target}:{effect.heroes}:{card_id}",
        card=card,
        ruling=said,
    )


def taxed(state: GameState, command: cmd.CastSpell, card_id: str, card: str) -> ev.CardEffectFired:
    """Short Circuit's mark on the opponent it names (``rules.spell_bars`` reads it)."""
    target = command.target
    if target is None or target not in state.opponents(command.player):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_opponent", card=card)
    args: dict[str, Arg] = {"card": card, "player": target}
    said = Ruling(rule="R-CARD-EFFECT", key="card.spell_tax_armed", args=args)
    return ev.CardEffectFired(
        player=command.player, card_id=card_id, use=f"{TAX}{target}", card=card, ruling=said
    )


def entered(state: GameState, event: ev.EventBase) -> list[ev.EventBase]:
    """A Hero starting to walk a dungeon whose owner a ``no_win`` mark names: counted (each
    Hero once, however often it enters)."""
    if not isinstance(event, ev.WalkStarted):
        return []
    watched = [m for m in _marks(state, NO_WIN) if m[0] == event.player]
    mark = f"{ENTERED}{event.player}:{event.hero}"
    if not watched or mark in state.card_uses:
        return []
    count = 1 + sum(1 for m in _marks(state, ENTERED) if m[0] == event.player)
    card = card_table.table().get(watched[0][2])
    args: dict[str, Arg] = {
        "card": card.name if card is not None else watched[0][2],
        "player": event.player,
        "hero": state.hero(event.hero).label(),
        "count": count,
    }
    said = Ruling(rule="R-CARD-EFFECT", key="card.hero_entered_counted", args=args)
    return [ev.CardEffectFired(player=event.player, card_id=watched[0][2], use=mark, ruling=said)]


def cannot_win(state: GameState, name: str) -> bool:
    """Whether a ``no_win`` mark bars ``name`` from winning this turn: as many Heroes as
    it names entered their dungeon."""
    count = len({m[1] for m in _marks(state, ENTERED) if m[0] == name})
    return any(m[0] == name and count >= int(m[1]) for m in _marks(state, NO_WIN))


def spare(player: str, card_id: str, card: str) -> ev.CardEffectFired:
    """Extra Life's Reward: its player cannot lose by Wounds this turn."""
    args: dict[str, Arg] = {"card": card, "player": player}
    said = Ruling(rule="R-CARD-EFFECT", key="card.no_wound_loss", args=args)
    return ev.CardEffectFired(player=player, card_id=card_id, use=f"{SPARED}{player}", ruling=said)


def spared(state: GameState, name: str) -> bool:
    return f"{SPARED}{name}" in state.card_uses


def end_notes(state: GameState, players: list[PlayerState]) -> list[ev.EventBase]:
    """Why a player with 10 Souls does not win, or with 5 Wounds stays in, this turn."""
    out: list[ev.EventBase] = []
    for p in players:
        args: dict[str, Arg] = {"player": p.name}
        if state.souls(p.name) >= 10 and cannot_win(state, p.name):
            out.append(
                ev.Noted(ruling=Ruling(rule="R-END-WIN", key="end.no_win_barred", args=args))
            )
        if state.wounds(p.name) >= 5 and spared(state, p.name):
            out.append(
                ev.Noted(ruling=Ruling(rule="R-END-ELIM", key="end.wounds_spared", args=args))
            )
    return out


def item_card(state: GameState, hero: int) -> CardEffects | None:
    """The catalogue card of the Item ``hero`` carries (None: none, or one the table names
    by class only); the card table is asked only then."""
    item = state.items.carried_by(hero)
    if item is not None and miniboss_heroes.ignored(state, hero):
        return None  # its Power-Up ignored where it stands (Icicle Man)
    card_id = state.items.item(item).card.card_id if item is not None else None
    return None if card_id is None else card_table.table().get(card_id)


def carries(state: GameState, hero: int, kind: type[Fact]) -> CardEffects | None:
    """The card of ``hero``'s Item when one of its abilities has an effect of ``kind``."""
    card = item_card(state, hero)
    if card is None or not any(isinstance(e, kind) for a in card.abilities for e in a.effects):
        return None
    return card


def town_instead(state: GameState, walk: Walk) -> list[ev.EventBase] | None:
    """The walking Hero, about to be killed, carries an Item whose Power-Up sends it back
    to town instead (``spared``). None: nothing spares it."""
    return spared_anywhere(state, walk.player, walk.hero, walk.room, walk.damage)


def spared_anywhere(
    state: GameState, player: str, hero: int, room: int | None, damage: int
) -> list[ev.EventBase] | None:
    """``hero``, about to be killed for ``player`` (walking their dungeon, waiting at its
    entrance, or in town), carries an Item whose Power-Up sends it to town instead: it
    goes there (one in town stays), and the Item goes to ``player`` as if the Hero had
    died (R-ITEM). None: nothing spares it."""
    card = carries(state, hero, TownInstead)
    if card is None:
        return None
    where = "town" if hero in state.town else "dungeon" if room is not None else "entrance"
    args: dict[str, Arg] = {"card": card.name, "hero": state.hero(hero).label(), "player": player}
    key = "card.town_instead" if where == "dungeon" else f"card.town_instead.{where}"
    said = Ruling(rule="R-CARD-EFFECT", key=key, args=args)
    # Scored as if killed (its owner's face-up Item rules), without the Hero itself.
    died = ev.HeroKilled(player=player, hero=hero, room=room, damage=damage, ruling=said)
    if where == "town":
        return [*items.scored(state, died), ev.Noted(ruling=said)]
    back = ev.HeroSentBack(hero=hero, to="town", player=player, damage=damage, ruling=said)
    return [*items.scored(state, died), back]


def cast(
    state: GameState, command: cmd.CastSpell, effect: object, card_id: str, card: str
) -> ev.EventBase:
    """A Spell's rule for the turn: a player barred from winning (Meddling Kids!), an
    opponent's Spells priced (Short Circuit), a Room's text ignored (Sabotage!)."""
    if isinstance(effect, NoWin):
        return barred(state, command, effect, card_id, card)
    if isinstance(effect, SpellTax):
        return taxed(state, command, card_id, card)
    if not isinstance(effect, IgnoreAbility):
        raise TypeError(f"not a rule for the turn: {effect!r}")
    if command.target is None or not state.has_player(command.target):
        raise RulesError("R-CARD-EFFECT", "err.spell_needs_room", card=card)
    return ability_off.switched_off(state.player(command.target), command.room, card)
