"""UI strings: both languages complete and consistent, every key used in code present."""

import json
import re
from pathlib import Path

import pytest

from companion.i18n import (
    I18N_DIR,
    I18nError,
    Translator,
    catalogues,
    check_catalogues,
    load_strings,
    normalise_lang,
)

REPO = Path(__file__).resolve().parents[2]
LITERAL_KEY = re.compile(r"""\btr\(\s*"([a-z_]+(?:\.[a-z0-9_]+)+)\"""")
KEY_ARG = re.compile(r"""FormError\(\s*f?"[^"]*",\s*"([a-z_]+\.[a-z0-9_.]+)\"""")


def test_english_and_german_have_the_same_keys_and_placeholders() -> None:
    loaded = catalogues()
    assert loaded["en"].keys() == loaded["de"].keys()
    check_catalogues(loaded)


def test_german_is_really_translated() -> None:
    loaded = catalogues()
    same = [k for k in loaded["en"] if loaded["en"][k] == loaded["de"][k]]
    # Proper names, set titles and a few words that are the same in both languages.
    assert len(same) < len(loaded["en"]) // 5, same


def test_every_key_named_in_code_exists() -> None:
    known = catalogues()["en"].keys()
    used: set[str] = set()
    for path in (REPO / "companion").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        used |= set(LITERAL_KEY.findall(text)) | set(KEY_ARG.findall(text))
    assert used, "the pattern should find keys"
    missing = sorted(k for k in used if k not in known)
    assert not missing, missing


@pytest.mark.parametrize(
    "prefix_and_names",
    [
        ("treasure", ["cleric", "fighter", "mage", "thief", "explorer"]),
        ("phase", ["setup", "beginning", "build", "bait", "adventure", "end", "over"]),
        ("set", ["base", "next_level", "crash_landing", "minibosses", "tools_of_hero_kind"]),
        ("settings.theme", ["system", "light", "dark"]),
        ("sync.why", ["disk_full", "read_only", "no_permission", "io_error"]),
    ],
)
def test_keys_built_at_run_time_exist(prefix_and_names: tuple[str, list[str]]) -> None:
    prefix, names = prefix_and_names
    known = catalogues()["en"]
    assert [n for n in names if f"{prefix}.{n}" not in known] == []


def test_translator_formats_and_falls_back() -> None:
    de = Translator("de")
    assert de("new.player_n", n=3) == "Spieler 3"
    assert de("no.such.key") == "no.such.key"
    assert Translator("en")("new.player_n") == "Player {n}", "a missing argument never crashes"


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("de-DE", "de"),
        ("de_AT", "de"),
        ("DE", "de"),
        ("en-US", "en"),
        ("fr-FR", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_device_language_maps_to_one_we_speak(code: str | None, lang: str) -> None:
    assert normalise_lang(code) == lang


def test_missing_key_in_one_language_is_named(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"a.b": "x", "a.c": "y"}), encoding="utf-8")
    (tmp_path / "de.json").write_text(json.dumps({"a.b": "x"}), encoding="utf-8")
    with pytest.raises(I18nError, match=r"de\.json: missing keys \['a\.c'\]"):
        check_catalogues({"en": load_strings("en", tmp_path), "de": load_strings("de", tmp_path)})


def test_placeholder_mismatch_is_named() -> None:
    with pytest.raises(I18nError, match=r"key .a\.b. has placeholders"):
        check_catalogues({"en": {"a.b": "{name} won"}, "de": {"a.b": "{nme} gewinnt"}})


def test_non_string_value_is_refused(tmp_path: Path) -> None:
    (tmp_path / "en.json").write_text(json.dumps({"a.b": 3}), encoding="utf-8")
    with pytest.raises(I18nError, match=r"en\.json: key a\.b"):
        load_strings("en", tmp_path)


def test_shipped_catalogues_are_in_data() -> None:
    assert (I18N_DIR / "en.json").is_file() and (I18N_DIR / "de.json").is_file()


def test_the_device_count_wraps_as_one_piece_in_either_language() -> None:
    """The status line "You host this game · devices connected: 2" wraps on a phone; the
    count's words go to the next line together (no-break spaces), not one word each."""
    for lang in ("en", "de"):
        text = Translator(lang)("sync.devices_here", count=2)
        assert " " not in text and text.count("\u00a0") == 2, (lang, text)
