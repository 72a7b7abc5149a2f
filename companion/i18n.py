"""UI strings in English and German, kept in data/i18n/<lang>.json, not in code.

Each catalogue is a flat object of `key: text`; texts may hold `{name}` placeholders.
Both catalogues must have the same keys and the same placeholders per key (checked on
load and by the tests). A key missing at run time falls back to English, then to the
key itself, so a gap shows up on screen instead of crashing a game in progress.
"""

from __future__ import annotations

import json
import string
from functools import cache
from pathlib import Path
from typing import Literal, get_args

from pydantic import RootModel, ValidationError

from rules.plurals import render

Lang = Literal["en", "de"]
LANGS: tuple[Lang, ...] = get_args(Lang)
DEFAULT_LANG: Lang = "en"
I18N_DIR = Path(__file__).resolve().parent.parent / "data" / "i18n"


class I18nError(ValueError):
    """A UI string catalogue that can't be used, with the file and key named."""


class _Catalogue(RootModel[dict[str, str]]):
    pass


def placeholders(text: str) -> frozenset[str]:
    """The `{name}` fields of a text."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


def load_strings(lang: Lang, directory: Path = I18N_DIR) -> dict[str, str]:
    path = directory / f"{lang}.json"
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        strings = _Catalogue.model_validate(raw).root
    except (OSError, json.JSONDecodeError) as exc:
        raise I18nError(f"{path.name}: cannot read the string catalogue ({exc})") from exc
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise I18nError(f"{path.name}: key {where}: {first['msg']}") from exc
    for key, text in strings.items():
        try:
            placeholders(text)
        except ValueError as exc:
            raise I18nError(f"{path.name}: key {key!r} has a broken placeholder") from exc
    return strings


def check_catalogues(catalogues: dict[Lang, dict[str, str]]) -> None:
    """Every language has the same keys and the same placeholders for each key."""
    reference = catalogues[DEFAULT_LANG]
    for lang, strings in catalogues.items():
        missing = sorted(reference.keys() - strings.keys())
        extra = sorted(strings.keys() - reference.keys())
        if missing or extra:
            raise I18nError(f"{lang}.json: missing keys {missing}, keys not in en.json {extra}")
        for key, text in strings.items():
            if placeholders(text) != placeholders(reference[key]):
                raise I18nError(
                    f"{lang}.json: key {key!r} has placeholders {sorted(placeholders(text))}, "
                    f"en.json has {sorted(placeholders(reference[key]))}"
                )


@cache
def catalogues(directory: Path = I18N_DIR) -> dict[Lang, dict[str, str]]:
    loaded = {lang: load_strings(lang, directory) for lang in LANGS}
    check_catalogues(loaded)
    return loaded


def normalise_lang(code: str | None) -> Lang:
    """'de-DE', 'de_AT', 'DE' -> 'de'; anything we don't speak -> English."""
    if not code:
        return DEFAULT_LANG
    base = code.replace("_", "-").split("-")[0].lower()
    for lang in LANGS:
        if base == lang:
            return lang
    return DEFAULT_LANG


class Translator:
    """Renders UI strings in one language: `tr("new.player_n", n=3)`."""

    def __init__(self, lang: Lang = DEFAULT_LANG, directory: Path = I18N_DIR) -> None:
        self.lang: Lang = lang
        self._all = catalogues(directory)

    def __call__(self, key: str, **args: object) -> str:
        text = self._all[self.lang].get(key) or self._all[DEFAULT_LANG].get(key)
        if text is None:
            return key
        try:
            return render(text, args)
        except (KeyError, IndexError, ValueError):
            return text

    def has(self, key: str) -> bool:
        return key in self._all[DEFAULT_LANG]
