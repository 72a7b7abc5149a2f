"""Every ruling and refusal the engine can give can be shown in every UI language."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

from rules.rulings import MESSAGES

I18N = Path(__file__).resolve().parents[2] / "data" / "i18n"


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_engine_message_has_a_translation_with_the_same_arguments(lang: str) -> None:
    catalogue = json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8"))
    missing = [key for key in MESSAGES if f"ruling.{key}" not in catalogue]
    assert not missing, f"{lang}.json lacks ruling strings for {missing}"
    for key, english in MESSAGES.items():
        local = catalogue[f"ruling.{key}"]
        assert _fields(local) <= _fields(english), (
            f"{lang}.json ruling.{key} uses arguments the engine does not give: "
            f"{_fields(local) - _fields(english)}"
        )
