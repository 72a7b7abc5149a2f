"""The Rules search while a word is being typed: no "Nothing found" for its first letters."""

from __future__ import annotations

from typing import Any


def test_first_letters_typed_are_not_nothing_found(table_app: Any) -> None:
    ui, _app = table_app()
    ui.tap("open-rules")
    for typed in ("x", "xy"):
        ui.type("rules-search", typed)
        assert "Nothing found" not in ui.texts()
        assert "Type a word or a question" in ui.texts()  # the hint, as before typing
    ui.type("rules-search", "xyzzyq")
    assert "Nothing found for “xyzzyq”." in ui.texts()


def test_a_card_named_leads_the_rules_results(table_app: Any) -> None:
    ui, _app = table_app()
    ui.tap("open-rules")
    ui.type("rules-search", "goblin armory")
    assert ui.has("rules-card-BMA015")
    ui.tap("rules-card-BMA015")
    assert "Monster Room · Damage 1 · Treasure: Fighter, Fighter" in ui.texts()


def test_cards_named_and_cards_alike_have_headings_of_their_own(table_app: Any) -> None:
    """The query "goblin armory" names one card (first) and shares a word with other Goblin cards
    (after the entries): with no entry between them, one "Cards" heading under another
    read as a mistake."""
    ui, _app = table_app()
    ui.tap("open-rules")
    ui.type("rules-search", "goblin armory")
    texts = ui.texts()
    assert texts.count("Cards") == 1, texts
    assert "More cards" in texts
    assert texts.index("Cards") < texts.index("More cards")
