"""Rulings and refusals in the player's language, each with a tappable rule id.

The engine speaks English (``rules.rulings.MESSAGES``); every message key has a
``ruling.<key>`` string in the UI catalogues. English is taken from the engine itself so
the wording can never drift; other languages render the same key with the same arguments.
A few arguments are words the engine fills in (treasure types, phase names); those are
translated too. Tapping a rule id opens its glossary entry in a dialog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.glossary import load_glossary
from companion.i18n import Translator
from companion.theme import TOUCH
from companion.ui.widgets import tagged
from rules.card_text import WORD_KEYS
from rules.errors import RulesError
from rules.models import TREASURES
from rules.rulings import Arg, Ruling, explain

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

_PHASE_WORDS = {"build", "bait", "adventure", "beginning", "setup", "end", "over"}


def _local_arg(tr: Translator, name: str, value: Arg) -> Arg:
    """Translate the engine's own words inside an argument (not player or card names)."""
    if not isinstance(value, str):
        return value
    if name == "treasure":
        parts = value.split("+")
        if all(p in TREASURES for p in parts):
            return "+".join(tr(f"treasure.{p}") for p in parts)
    if name in ("phase", "expected") and value.lower() in _PHASE_WORDS:
        return tr(f"phase.{value.lower()}")
    if name == "which" and value in ("highest", "lowest"):
        return tr(f"ruling.word.{value}")
    if name == "rooms" and value in WORD_KEYS:  # card ability phrases
        return tr(WORD_KEYS[value])
    return value


def ruling_text(tr: Translator, key: str, args: dict[str, Arg]) -> str:
    """One ruling sentence in ``tr``'s language (the engine's English for ``en``)."""
    catalogue_key = f"ruling.{key}"
    if tr.lang == "en" or not tr.has(catalogue_key):
        return explain(key, args)
    local = {name: _local_arg(tr, name, value) for name, value in args.items()}
    return tr(catalogue_key, **local)


def refusal_text(tr: Translator, error: RulesError) -> str:
    """A refusal as shown next to the control that caused it: why, then the rule id."""
    return f"{ruling_text(tr, error.key, error.args_map)} ({error.rule})"


def show_rule(app: TableApp, rule: str) -> None:
    """Open the glossary entry that explains ``rule`` in a dialog over the game."""
    tr = app.tr
    lang = app.settings.lang
    entry_id: str | None = None
    try:
        entry = load_glossary().for_rule(rule)
        title, body, entry_id = entry.title[lang], entry.body[lang], entry.id
    except (KeyError, ValueError):
        title, body = rule, tr("table.rule_missing", rule=rule)

    def open_in_rules(_event: object) -> None:
        # The Rules screen shows the whole entry with its related entries and search.
        app.page.pop_dialog()
        app.go(f"/rules/{entry_id}")

    actions: list[ft.Control] = []
    if entry_id is not None:
        actions.append(
            tagged(
                "rule-dialog-open", ft.TextButton(tr("table.open_in_rules"), on_click=open_in_rules)
            )
        )
    actions.append(
        tagged(
            "rule-dialog-close",
            ft.TextButton(tr("table.close"), on_click=lambda _e: app.page.pop_dialog()),
        )
    )
    dialog = ft.AlertDialog(
        title=ft.Text(f"{title} ({rule})", size=20),
        # Plain text: selectable text reaches screen readers as an empty text field.
        content=tagged("rule-dialog-body", ft.Text(body, size=17)),
        actions=actions,
    )
    app.page.show_dialog(dialog)


def rule_link(app: TableApp, rule: str, identifier: str) -> ft.Control:
    """The rule id as a link-styled button (48 px tall) that opens its glossary entry."""
    return tagged(
        identifier,
        ft.TextButton(
            content=ft.Text(rule, size=15, weight=ft.FontWeight.BOLD),
            icon=ft.Icons.MENU_BOOK,
            on_click=lambda _e: show_rule(app, rule),
            height=TOUCH,
        ),
    )


def ruling_row(app: TableApp, ruling: Ruling, identifier: str, size: int = 16) -> ft.Control:
    """A ruling: its sentence (wrapping) and the rule link under it."""
    return tagged(
        identifier,
        ft.Column(
            [
                ft.Text(ruling_text(app.tr, ruling.key, ruling.args), size=size),
                rule_link(app, ruling.rule, f"{identifier}-rule"),
            ],
            spacing=0,
        ),
    )
