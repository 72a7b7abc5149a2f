"""The turn's marks that name a Room by its place, and how they follow the Room when the
places change (R-CARD-EFFECT with R-DESTROY, R-BUILD-WHERE).

A mark in ``GameState.card_uses`` is kept by place: "A's Room 2 (Dracolich Lair) was used
this turn", "B's Room 1 is harmless". A Room revealed at the entrance moves every place
after it by one; a Room destroyed with nothing under it closes the gap; a card may
rearrange a dungeon. The folds that change the places (``rules.evolve``,
``rules.room_events``) move the marks with them here, so a Room used once this turn stays
used, and a harmless one harmless, wherever it now stands. A Room that leaves the top of
its place (destroyed off a stack, or covered) takes its marks with it (``top_left_marks``).

The marks holding a place of ``player``'s dungeon, ``i`` the place:

* ``<player>:<i>:<card id>…``: a Room card's use (``rules.card_effects.use_mark``: once
  per turn, spent, used at will, a trigger fired);
* ``harmless:<player>:<i>:<Health>``: a Room made harmless (``HARMLESS``);
* ``aimed:<caster>:<player>:<i>``: the Room a Spell aimed at (``AIMED``);
* ``<player>:counter_on_built:<i>``: the Room a Boss may put a counter on (``ON_BUILT``).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

HARMLESS = "harmless:"
AIMED = "aimed:"
ON_BUILT = "counter_on_built"

#: Where a place went: its new place, or None when its Room left the dungeon (its marks
#: go with it).
Moved = Callable[[int], int | None]


#: The card ids of each place's Rooms, entrance first (a place's stack, covered ones too).
Cards = Sequence[Collection[str | None]]


def _place(mark: str, player: str, cards: Cards) -> tuple[str, int, str] | None:
    """``mark`` as (before the place, the place, after it) when it names a place of
    ``player``'s dungeon (``cards``: that dungeon's before it changed); None otherwise."""
    for head in (f"{player}:{ON_BUILT}:", f"{HARMLESS}{player}:"):
        if mark.startswith(head):
            digits, colon, tail = mark[len(head) :].partition(":")
            if digits.isdecimal():
                return head, int(digits), colon + tail
    if mark.startswith(AIMED):
        head, _colon, digits = mark.rpartition(":")
        if digits.isdecimal() and head.endswith(f":{player}"):
            return f"{head}:", int(digits), ""
        return None
    head = f"{player}:"
    if mark.startswith(head):
        # A card's use: the card named after the place lies there (another mark of this
        # player's with a number second, an Item's, say, is no place).
        digits, colon, tail = mark[len(head) :].partition(":")
        card = tail.partition(":")[0]
        if digits.isdecimal() and int(digits) < len(cards) and card in cards[int(digits)]:
            return head, int(digits), colon + tail
    return None


def moved(uses: tuple[str, ...], player: str, cards: Cards, place: Moved) -> tuple[str, ...]:
    """The turn's marks ``uses`` with those on ``player``'s Rooms at their new places
    (``place``); ``cards``: the Rooms at each place before they moved."""
    out: list[str] = []
    for mark in uses:
        parts = _place(mark, player, cards)
        if parts is None:
            out.append(mark)
            continue
        head, old, tail = parts
        new = place(old)
        if new is not None:
            out.append(f"{head}{new}{tail}")
    return tuple(out)


def top_left_marks(
    uses: tuple[str, ...], player: str, index: int, card: str | None
) -> tuple[str, ...]:
    """The turn's marks ``uses`` once the top Room (card ``card``) of ``player``'s place
    ``index`` has left the top: destroyed, the Room under it uncovered (R-DESTROY), or
    covered by another Room (built over it, or a covered Room brought up). The place stays,
    but the Room's marks go with it (harmless, a Spell's aim, a Boss's counter, its card's
    uses), as its counters do; the marks of the Room now on top and of other places stay."""
    cards: list[Collection[str | None]] = [set() for _ in range(index)]
    cards.append({card})
    # Only the card that left is named at its place: another card's use is no place here.
    return moved(uses, player, cards, lambda i: None if i == index else i)
