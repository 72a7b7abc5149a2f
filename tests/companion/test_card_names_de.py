"""German card names: the German edition's names (where a public source gives them) and
names players give a card find the card, as the English name does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.catalogue import DEFAULT_CARDS_DIR, Catalogue, CatalogueError, default_catalogue


def test_the_german_rulebooks_example_card_is_found() -> None:
    # The German rulebook's Build example asks which Room the "Höhle des Zombiedrachen"
    # may be built over, answering "Folterkammer": Dracolich Lair and Torture Chamber.
    catalogue = default_catalogue()
    assert catalogue.search("Höhle des Zombiedrachen", kinds=["room"])[0].card.name == (
        "Dracolich Lair"
    )
    assert catalogue.named("Folterkammer", kinds=["room"]).name == "Torture Chamber"  # type: ignore[union-attr]


def test_german_names_forgive_typos_and_umlauts() -> None:
    catalogue = default_catalogue()
    assert catalogue.search("hoehle des zombidrachen")[0].card.id == "BMA013"
    assert catalogue.search("folterkamer")[0].card.id == "BMA038"


def test_the_english_name_still_finds_the_card() -> None:
    assert default_catalogue().search("Torture Chamber")[0].card.id == "BMA038"


def test_german_names_respect_the_chosen_sets() -> None:
    # Doc Scarecrow is a Boss of The Next Level: not offered in a base-only game.
    catalogue = default_catalogue()
    assert catalogue.search("Dr. Vogelscheuche")[0].card.name == "Doc Scarecrow"
    assert all(m.card.id != "TNL001" for m in catalogue.search("Dr. Vogelscheuche", sets=["base"]))


def test_local_name() -> None:
    catalogue = default_catalogue()
    assert catalogue.local_name("BMA038", "de") == "Folterkammer"
    assert catalogue.local_name("BMA015", "de") is None


def test_a_name_the_players_gave_finds_the_card() -> None:
    catalogue = default_catalogue()
    assert not catalogue.search("Goblinwaffenlager", min_score=90)
    own = {"BMA015": "Goblinwaffenlager"}
    assert catalogue.search("Goblinwaffenlager", own=own)[0].card.name == "Goblin Armory"
    assert catalogue.named("goblinwaffenlager", own=own).name == "Goblin Armory"  # type: ignore[union-attr]


def test_every_german_name_names_a_card_and_its_source(tmp_path: Path) -> None:
    raw = json.loads((DEFAULT_CARDS_DIR / "names" / "de.json").read_text(encoding="utf-8"))
    catalogue = default_catalogue()
    for card_id, local in raw["names"].items():
        catalogue.card(card_id)
        assert local["source"].strip()


def test_a_german_name_for_no_card_is_refused(tmp_path: Path) -> None:
    for path in DEFAULT_CARDS_DIR.glob("*.json"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "names").mkdir()
    (tmp_path / "names" / "de.json").write_text(
        json.dumps({"lang": "de", "names": {"XXX999": {"name": "Nichts", "source": "x"}}}),
        encoding="utf-8",
    )
    with pytest.raises(CatalogueError, match="XXX999"):
        Catalogue.load(tmp_path)
