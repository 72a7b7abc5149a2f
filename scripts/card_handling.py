"""How far the referee carries out the cards' abilities, set by set (R-CARD-EFFECT).

    .venv/bin/python scripts/card_handling.py [EFFECTS_DIR]

Reads ``data/cards/effects/*.json`` (or another folder of the same files, e.g. an older
version taken out of git) and prints one Markdown row per set:

- carried out: every ability is applied or offered by the engine (or the card has none);
- asked: not all carried out, but an ability is put to the players as a question (a "may"
  they carry out, answered Yes or No);
- by hand: some ability is left to the players: a reminder of cards in hands and decks,
  or ``by_hand`` (its kinds counted in the last column).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from companion.ui.new_game_form import ALL_SETS
from rules.effects import CardEffects, EffectsFile


def _kind(card: CardEffects) -> str:
    if card.handling in ("auto", "prompt", "none"):
        return "carried"
    if any(a.handling == "reminder" and a.optional for a in card.abilities):
        return "asked"
    return "by_hand"


def _by_hand_whats(card: CardEffects) -> list[str]:
    return [e.what for a in card.abilities for e in a.effects if e.kind == "by_hand"]


def main(directory: Path) -> None:
    print("| set | cards | carried out | asked | by hand | of which by_hand (what) |")
    print("|---|---|---|---|---|---|")
    totals: Counter[str] = Counter()
    for name in ALL_SETS:
        path = directory / f"{name}.json"
        data = EffectsFile.model_validate(json.loads(path.read_text(encoding="utf-8")))
        kinds = Counter(_kind(c) for c in data.cards)
        whats = Counter(w for c in data.cards for w in set(_by_hand_whats(c)))
        with_by_hand = sum(1 for c in data.cards if _by_hand_whats(c))
        detail = ", ".join(f"{w} {n}" for w, n in sorted(whats.items()))
        print(
            f"| {name} | {len(data.cards)} | {kinds['carried']} | {kinds['asked']} "
            f"| {kinds['by_hand']} | {with_by_hand}: {detail} |"
        )
        totals.update(kinds)
        totals["cards"] += len(data.cards)
        totals["with_by_hand"] += with_by_hand
    print(
        f"| all | {totals['cards']} | {totals['carried']} | {totals['asked']} "
        f"| {totals['by_hand']} | {totals['with_by_hand']} |"
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("data/cards/effects"))
