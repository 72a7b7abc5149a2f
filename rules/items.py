"""Tools of Hero-Kind: Items revealed before the Heroes, carried by Heroes, won by Bosses
(R-ITEM).

Where an Item is, at any moment: in the deck (counted by ``ItemTable.deck_left``), waiting
in town, carried by a Hero (``ItemTable.carried``), or in a player's scoring area face up
or face down (``PlayerState.items``).

How the project reads the rule where the rulebook leaves room:

- An Item nobody can take waits in town. At each later Item reveal, the waiting Items
  (oldest first) are offered again to the Heroes in town, oldest first, before the new
  ones; when Heroes are revealed, each new Hero takes the oldest waiting Item it fits.
- The Item count per turn follows the number of players at the table (eliminated ones
  too, as for Heroes), fewer only when the Item deck runs out.
- Explorer Items come only with Crash Landing (the German collection rulebook: "remove
  revealed Explorer Items when you play without Crash Landing; draw a new one"): it is in
  play in a 5–6 player game, or when the game's card sets name it, or name no set (every
  set). Elsewhere the referee refuses one.
- A Hero's Item goes to the dungeon's owner when the Hero dies there, however it dies
  (Room, spell or ability). It arrives face up; a face-up Item already there turns face
  down, and the player may pick which of them stays up (``ChooseFaceUpItem``) until the
  player uses an Item or the turn ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import events as ev
from rules.errors import HeroError, RulesError
from rules.models import TREASURES, GameState, Hero, Item, ItemCard, PlayerState, Treasure
from rules.rulings import Ruling

# R-ITEM: Items revealed per turn by the number of players.
ITEMS_PER_TURN: dict[int, int] = {2: 1, 3: 1, 4: 2, 5: 3, 6: 3}


CRASH_LANDING = "crash_landing"


def crash_landing_in_play(players: int, card_sets: Sequence[str]) -> bool:
    """Whether Explorers (and their Items) are in the game: Crash Landing is needed for
    5–6 players; otherwise the game's sets say (none named: every set)."""
    return players >= 5 or not card_sets or CRASH_LANDING in card_sets


def treasures_in_play(state: GameState) -> tuple[Treasure, ...]:
    """The treasure types of this game: the Explorer's only with Crash Landing in play."""
    explorers = crash_landing_in_play(len(state.players), state.setup.card_sets)
    return tuple(t for t in TREASURES if t != "explorer" or explorers)


def item_reveal_count(state: GameState) -> int:
    """Items revealed at the start of each turn: 1 for 2–3 players, 2 for 4, 3 for 5–6,
    fewer only when the Item deck runs out; 0 without Tools of Hero-Kind."""
    if not state.setup.ruleset.items:
        return 0
    return min(ITEMS_PER_TURN[len(state.players)], state.items.deck_left)


def items_due(state: GameState) -> bool:
    """This turn's Items still have to be revealed (before the Heroes)."""
    return (
        state.phase == "beginning"
        and state.items.revealed_turn != state.turn
        and item_reveal_count(state) > 0
    )


def check_heroes_may_come(state: GameState) -> None:
    if items_due(state):
        raise HeroError("R-ITEM", "err.items_first", count=item_reveal_count(state))


def _label(state: GameState, item_id: int) -> str:
    return state.items.item(item_id).label()


def reveal(state: GameState, cards: Sequence[ItemCard]) -> list[ev.EventBase]:
    """RevealItems: the new Items go to town; the Heroes already there take what fits."""
    expected = item_reveal_count(state)
    if state.items.revealed_turn == state.turn:
        raise RulesError("R-ITEM", "err.items_twice")
    if expected == 0:
        raise RulesError("R-ITEM", "err.item_deck_empty")
    if len(cards) != expected:
        raise RulesError(
            "R-ITEM",
            "err.item_count",
            expected=expected,
            players=len(state.players),
            got=len(cards),
        )
    out: list[ev.EventBase] = []
    new: list[Item] = []
    for i, card in enumerate(cards):
        if "explorer" in card.treasure and not crash_landing_in_play(
            len(state.players), state.setup.card_sets
        ):
            raise RulesError("R-ITEM", "err.item_explorer", item=card.label())
        item = Item(id=len(state.items.revealed) + i, card=card)
        new.append(item)
        out.append(
            ev.ItemRevealed(
                item=item,
                ruling=Ruling(rule="R-ITEM", key="item.revealed", args={"item": item.label()}),
            )
        )
    cards_by_id = {i.id: i for i in (*state.items.revealed, *new)}
    free = [h for h in state.town if state.items.carried_by(h) is None]
    for item_id in (*state.items.waiting, *(i.id for i in new)):
        item = cards_by_id[item_id]
        taker = next((h for h in free if item.card.fits(state.hero(h).card)), None)
        if taker is None:
            continue
        free.remove(taker)
        out.append(
            ev.ItemTaken(
                item=item_id,
                hero=taker,
                ruling=Ruling(
                    rule="R-ITEM",
                    key="item.taken_town",
                    args={"hero": state.hero(taker).label(), "item": item.label()},
                ),
            )
        )
    return out


def taken_by_new_heroes(state: GameState, heroes: Sequence[Hero]) -> list[ev.EventBase]:
    """RevealHeroes: each new Hero, in reveal order, takes the oldest waiting Item it fits."""
    waiting = list(state.items.waiting)
    out: list[ev.EventBase] = []
    for hero in heroes:
        item_id = next((i for i in waiting if state.items.item(i).card.fits(hero.card)), None)
        if item_id is None:
            continue
        waiting.remove(item_id)
        out.append(
            ev.ItemTaken(
                item=item_id,
                hero=hero.id,
                ruling=Ruling(
                    rule="R-ITEM",
                    key="item.taken_new",
                    args={"hero": hero.label(), "item": _label(state, item_id)},
                ),
            )
        )
    return out


def scored(state: GameState, event: ev.HeroKilled | ev.HeroSurvived) -> list[ev.EventBase]:
    """After a Hero is scored: its Item goes to that player, face up if the Hero died."""
    item_id = state.items.carried_by(event.hero)
    if item_id is None:
        return []
    args: dict[str, str | int] = {
        "hero": state.hero(event.hero).label(),
        "item": _label(state, item_id),
        "player": event.player,
    }
    if isinstance(event, ev.HeroSurvived):
        return [
            ev.ItemScored(
                player=event.player,
                item=item_id,
                hero=event.hero,
                face_up=False,
                ruling=Ruling(rule="R-ITEM", key="item.kept_down", args=args),
            )
        ]
    player = state.player(event.player)
    up = player.face_up_item()
    if up is None:
        return [
            ev.ItemScored(
                player=event.player,
                item=item_id,
                hero=event.hero,
                face_up=True,
                ruling=Ruling(rule="R-ITEM", key="item.won", args=args),
            )
        ]
    # Only one face-up Item at a time: the newest comes up, and the player may still pick
    # any of the Items that were up this way (the open choice grows) to keep up instead.
    earlier = open_choice(state, player)
    choice = tuple(dict.fromkeys((*earlier, up, item_id)))
    return [
        ev.ItemScored(
            player=event.player,
            item=item_id,
            hero=event.hero,
            face_up=True,
            turned_down=up,
            choice=choice,
            ruling=Ruling(
                rule="R-ITEM", key="item.won_swap", args={**args, "other": _label(state, up)}
            ),
        )
    ]


def face_up_now(state: GameState, player: str, item_id: int) -> bool:
    """Whether ``item_id`` lies face up in ``player``'s scoring area now (a later Item won
    may have turned it face down)."""
    return any(o.item == item_id and o.face_up for o in state.player(player).items)


def open_choice(state: GameState, player: PlayerState) -> tuple[int, ...]:
    """The Items ``player`` may still choose to keep face up (empty: no choice open)."""
    for choice in state.items.choices:
        if choice.player == player.name and choice.turn == state.turn:
            return choice.items
    return ()


def _owned(state: GameState, player: PlayerState, item_id: int) -> bool:
    if not any(o.item == item_id for o in player.items):
        raise RulesError("R-ITEM", "err.item_not_owned", player=player.name, item=item_id + 1)
    return next(o.face_up for o in player.items if o.item == item_id)


def use(state: GameState, player: PlayerState, item_id: int) -> list[ev.EventBase]:
    """UseItem: a face-up Item's Boss effect once; the Item turns face down."""
    if not _owned(state, player, item_id):
        raise RulesError("R-ITEM", "err.item_face_down", item=_label(state, item_id))
    return [
        ev.ItemUsed(
            player=player.name,
            item=item_id,
            ruling=Ruling(
                rule="R-ITEM",
                key="item.used",
                args={"player": player.name, "item": _label(state, item_id)},
            ),
        )
    ]


def choose(state: GameState, player: PlayerState, item_id: int) -> list[ev.EventBase]:
    """ChooseFaceUpItem: keep ``item_id`` face up instead of the Item now up."""
    face_up = _owned(state, player, item_id)
    if face_up:
        raise RulesError("R-ITEM", "err.item_already_up", item=_label(state, item_id))
    if item_id not in open_choice(state, player):
        raise RulesError("R-ITEM", "err.item_no_choice", player=player.name)
    up = player.face_up_item()
    other = _label(state, up) if up is not None else "no other Item"
    return [
        ev.FaceUpItemChosen(
            player=player.name,
            item=item_id,
            turned_down=up,
            ruling=Ruling(
                rule="R-ITEM",
                key="item.chosen",
                args={"player": player.name, "item": _label(state, item_id), "other": other},
            ),
        )
    ]
