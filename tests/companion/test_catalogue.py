"""The card catalogue: validation on load and forgiving search by name."""

import json
from pathlib import Path

import pytest

from companion.catalogue import (
    BossCard,
    Catalogue,
    CatalogueError,
    HeroCard,
    RoomCard,
    default_catalogue,
    load_set,
)

SETS = {"base", "next_level", "crash_landing", "minibosses", "tools_of_hero_kind", "promos"}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


def write_set(directory: Path, name: str, cards: list[dict[str, object]]) -> Path:
    path = directory / f"{name}.json"
    payload = {"set": name, "source": "test", "confidence": "fan-wiki", "cards": cards}
    path.write_text(json.dumps(payload), encoding="utf-8")
    return path


def test_shipped_catalogue_loads_every_set_and_card(catalogue: Catalogue) -> None:
    assert set(catalogue.sets) == SETS
    assert len(catalogue) == 415
    assert len(catalogue.cards(kinds=["boss"])) == 8 + 13 + 3 + 12 + 10


def test_cards_are_typed_by_kind(catalogue: Catalogue) -> None:
    draculord = catalogue.card("BMA001")
    assert isinstance(draculord, BossCard)
    assert (draculord.name, draculord.xp, draculord.treasure) == ("Draculord", 900, ("cleric",))
    assert draculord.set_id == "base"
    assert all(isinstance(c, RoomCard) for c in catalogue.cards(kinds=["room"]))
    assert all(isinstance(c, HeroCard) for c in catalogue.cards(kinds=["hero"]))


def test_variable_damage_room_has_no_damage(catalogue: Catalogue) -> None:
    ballroom = catalogue.card("BMA020")
    assert isinstance(ballroom, RoomCard)
    assert ballroom.damage is None


def test_unknown_card_id_names_the_id(catalogue: Catalogue) -> None:
    with pytest.raises(KeyError, match="XYZ999"):
        catalogue.card("XYZ999")


def test_search_finds_exact_name_first(catalogue: Catalogue) -> None:
    assert catalogue.search("Bottomless Pit")[0].card.name == "Bottomless Pit"


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("draculord", "Draculord"),
        ("drakulord", "Draculord"),
        ("DRACULORD", "Draculord"),
        ("kawnee", "Kaw'nee"),
        ("bottomles pit", "Bottomless Pit"),
        ("cleopatr", "Cleopatra"),
        ("BMA001", "Draculord"),
    ],
)
def test_search_forgives_typos_case_and_punctuation(
    catalogue: Catalogue, query: str, expected: str
) -> None:
    assert catalogue.search(query)[0].card.name == expected


def test_search_filters_by_kind(catalogue: Catalogue) -> None:
    results = catalogue.search("king croak", kinds=["boss"])
    assert results
    assert all(m.card.kind == "boss" for m in results)
    assert all(m.card.kind == "hero" for m in catalogue.search("king", kinds=["hero"]))


def test_search_filters_by_owned_sets(catalogue: Catalogue) -> None:
    everywhere = {m.card.set_id for m in catalogue.search("King Croak", kinds=["boss"])}
    assert {"base", "minibosses"} <= everywhere
    only_base = catalogue.search("King Croak", kinds=["boss"], sets=["base"])
    assert [m.card.id for m in only_base] == ["BMA003"]
    assert all(m.card.set_id == "next_level" for m in catalogue.search("a", sets=["next_level"]))


def test_search_with_unknown_set_names_it(catalogue: Catalogue) -> None:
    with pytest.raises(CatalogueError, match="nosuchset"):
        catalogue.search("pit", sets=["nosuchset"])


def test_search_of_nothing_finds_nothing(catalogue: Catalogue) -> None:
    assert catalogue.search("   ") == []
    assert catalogue.search("qqqqqqqqqqzzzz") == []


def test_bad_card_names_file_and_card(tmp_path: Path) -> None:
    write_set(
        tmp_path,
        "broken",
        [{"id": "BRK001", "name": "Bad Boss", "kind": "boss", "xp": -5, "treasure": ["mage"]}],
    )
    with pytest.raises(CatalogueError, match=r"broken\.json: card BRK001 .*xp"):
        Catalogue.load(tmp_path)


def test_unknown_treasure_is_refused(tmp_path: Path) -> None:
    path = write_set(
        tmp_path,
        "odd",
        [{"id": "ODD001", "name": "Odd", "kind": "boss", "xp": 5, "treasure": ["bard"]}],
    )
    with pytest.raises(CatalogueError, match=r"odd\.json: card ODD001"):
        load_set(path)


def test_unknown_kind_is_refused(tmp_path: Path) -> None:
    path = write_set(tmp_path, "odd", [{"id": "ODD001", "name": "Odd", "kind": "dragon"}])
    with pytest.raises(CatalogueError, match="ODD001"):
        load_set(path)


def test_broken_json_names_the_file(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(CatalogueError, match=r"bad\.json"):
        Catalogue.load(tmp_path)


def test_duplicate_card_id_across_files_is_refused(tmp_path: Path) -> None:
    boss = {"id": "DUP001", "name": "Twin", "kind": "boss", "xp": 5, "treasure": ["mage"]}
    write_set(tmp_path, "one", [boss])
    write_set(tmp_path, "two", [boss])
    with pytest.raises(CatalogueError, match="DUP001"):
        Catalogue.load(tmp_path)


def test_empty_directory_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CatalogueError, match="no card files"):
        Catalogue.load(tmp_path)


def test_named_finds_a_card_by_its_whole_name_forgiving_case_and_a_typo(
    catalogue: Catalogue,
) -> None:
    assert catalogue.named("dark alter", kinds=["room"]).id == "BMA009"  # type: ignore[union-attr]
    assert catalogue.named("DARK ALTAR", kinds=["room"], sets=["base"]) is not None


def test_named_does_not_take_a_prefix_or_a_shared_word_for_a_name(
    catalogue: Catalogue,
) -> None:
    assert catalogue.named("Bottomless", kinds=["room"]) is None
    assert catalogue.named("Altar", kinds=["room"]) is None
    assert catalogue.named("", kinds=["room"]) is None


def test_named_looks_only_in_the_given_sets(catalogue: Catalogue) -> None:
    assert catalogue.named("Dark Portal", kinds=["room"], sets=["next_level"]) is not None
    assert catalogue.named("Dark Portal", kinds=["room"], sets=["base"]) is None
