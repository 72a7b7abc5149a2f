"""A Miniboss's level that fires when a Hero dies in its Room (R-MINI with R-CARD-EFFECT):
asked of its owner, and carried out once answered.

How the project reads the level texts and the rulebook where they leave room:

- It fires when a Hero dies in the Room the Miniboss stands on (the walk's damage or a
  kill there), while the Miniboss is face up at that level or above and its Room active
  with its ability text counting; once per turn where the card says so.
- Rocky's Level 2, "another Room in your dungeon as just built": its owner names one of
  their other active Rooms; that Room's own "when you build this Room" happens again, as
  Respawn's Rooms do (``rules.spell_souls_rooms``); no other Room's "when you build
  another Room" and not the Boss's, for no Room was placed. A Room without such an
  ability, or whose text is ignored this turn: nothing happens, and the log says so.
- Brassknuckle's Level 2, "draw a Room card, you may immediately build it": the draw is
  the players'; the build is the card's own, at once and face up (nothing to reveal it
  with), not the Build phase's one build (R-BUILD-ONE: the owner's build of the turn is
  neither used nor needed). It is checked as a build is (R-BUILD-WHERE, R-BUILD-MAX):
  at the entrance end or over a Room of the owner's, an Advanced Room over a Room sharing
  a treasure type, nothing over a deactivated Room, five Rooms at most. Built, its "when
  you build this Room" and the owner's "when you build another Room" fire, and a Room it
  covers loses its Miniboss and Coins (R-MINI). The Boss's Level Up waits for the end of
  a Build phase (R-LEVELUP). "Immediately": the walks wait for the answer.
"""

from __future__ import annotations

from rules import build, card_triggers
from rules import commands as cmd
from rules import events as ev
from rules.card_effects import ability_ref, effects_of
from rules.card_offers import offer_rooms
from rules.errors import BuildError, RulesError
from rules.miniboss_kinds import DEATH_OFFERS, death_offer
from rules.models import CardOffer, GameState, PendingBuild
from rules.rulings import Ruling

OFFERS = DEATH_OFFERS  # the questions answered here (``rules.card_answers.answer``)


def _mark(player: str, card_id: str) -> str:
    """The turn's mark that the card's once-per-turn level has fired (kept by card)."""
    return f"{player}:miniboss:{card_id}:died"


def died_here(state: GameState, player: str, index: int, hero: int) -> list[ev.EventBase]:
    """The levels of the Miniboss on ``player``'s Room ``index`` that fire as ``hero``
    dies there: asked of ``player``, or noted when there is nothing to take."""
    dungeon = state.player(player).dungeon
    stack = dungeon[index] if index < len(dungeon) else None
    mini = stack.miniboss if stack is not None else None
    if stack is None or mini is None or mini.face_down or stack.deactivated:
        return []
    card = effects_of(mini.card.card_id)
    if card is None or stack.ability_ignored:
        return []
    out: list[ev.EventBase] = []
    for ability in card.abilities:
        offer = death_offer(ability.trigger, ability.effects)
        if offer is None or (ability.level or 1) > mini.level:
            continue
        args: dict[str, str | int] = {
            "hero": state.hero(hero).label(),
            "card": card.name,
            "room": stack.top.label(),
            "room_n": index + 1,
            "player": player,
            "does": ability_ref(card.id, ability),
        }
        use = _mark(player, card.id) if ability.once_per_turn else ""
        if use and use in state.card_uses:
            said = Ruling(rule="R-CARD-EFFECT", key="card.miniboss_used_up", args=args)
            out.append(ev.Noted(ruling=said))
            continue
        if offer == "rebuild_own_room" and not offer_rooms(state, player, offer, card.id):
            said = Ruling(rule="R-CARD-EFFECT", key="card.no_room_target", args=args)
            out.append(ev.Noted(ruling=said))
            continue
        said = Ruling(rule="R-CARD-EFFECT", key="card.miniboss_died_here", args=args)
        fired = ev.CardEffectFired(
            player=player, card_id=card.id, use=use, offer=offer, card=card.name, ruling=said
        )
        out.append(fired)
    return out


def answered(
    state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect
) -> list[ev.EventBase]:
    """An offer of these taken: the Room named treated as just built, or the Room card
    drawn built where the answer says (refused, with the reason, where it may not)."""
    if offer.offer == "rebuild_own_room":
        return _rebuilt(state, offer, command.room)
    return _built(state, offer, command)


def _rebuilt(state: GameState, offer: CardOffer, room: int | None) -> list[ev.EventBase]:
    if room is None or room not in offer_rooms(state, offer.player, offer.offer, offer.card_id):
        raise RulesError("R-CARD-EFFECT", "err.rebuild_room", card=offer.card, player=offer.player)
    stack = state.player(offer.player).dungeon[room]
    args: dict[str, str | int] = {
        "card": offer.card,
        "player": offer.player,
        "room": stack.top.label(),
        "room_n": room + 1,
    }
    # A Room whose ability text is ignored this turn (Sabotage!) has nothing to do again.
    fired = (
        []
        if stack.ability_ignored
        else card_triggers.built_here(state, offer.player, stack.top, room)
    )
    key = "card.rebuilt" if fired else "card.rebuilt_nothing"
    return [ev.Noted(ruling=Ruling(rule="R-CARD-EFFECT", key=key, args=args)), *fired]


def _built(state: GameState, offer: CardOffer, command: cmd.AnswerCardEffect) -> list[ev.EventBase]:
    owner = state.player(offer.player)
    if command.build is None:
        raise BuildError("R-BUILD-WHERE", "err.drawn_room_needed", card=offer.card)
    over = command.room
    build.check_place(state, owner, command.build, over)  # "any Room over it": Rocky, Hypercube
    laid = PendingBuild(room=command.build, over=over)
    args: dict[str, str | int] = {
        "card": offer.card,
        "player": owner.name,
        "room": command.build.label(),
    }
    if over is not None:
        args |= {"under": owner.dungeon[over].top.label(), "under_n": over + 1}
    key = "card.drawn_built_end" if over is None else "card.drawn_built_over"
    said = Ruling(rule="R-CARD-EFFECT", key=key, args=args)
    shown = ev.RoomRevealed(player=owner.name, build=laid, ruling=said)
    # Seen as the owner's Room just placed, its "when you build" abilities fire there.
    as_placed = state.with_player(owner.name, pending=laid)
    return [shown, *card_triggers.built(as_placed, owner.name, command.build)]
