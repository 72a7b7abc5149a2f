"""Rulings and refusals in the player's language, each with a tappable rule id.

The engine speaks English (``rules.rulings.MESSAGES``); every message key has a
``ruling.<key>`` string in the UI catalogues. English is taken from the engine itself so
the wording can never drift; other languages render the same key with the same arguments.
A few arguments are words the engine fills in (treasure types, phase names); those are
translated too. Tapping a rule id opens its glossary entry in a dialog.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import flet as ft

from companion.glossary import load_glossary
from companion.i18n import Translator
from companion.theme import TOUCH
from companion.ui.widgets import Refusal, tagged
from rules.card_text import WORD_KEYS
from rules.errors import RulesError
from rules.models import TREASURES
from rules.rulings import Arg, Ruling, as_sentence, explain, with_ability

if TYPE_CHECKING:
    from companion.ui.sync_link import TableApp

#: A rule link's words: the rule id, bold, a little smaller than the ruling above it, at
#: the start of its line under the ruling (a column of rulings stretches the link).
LINK_STYLE = ft.ButtonStyle(
    text_style=ft.TextStyle(size=15, weight=ft.FontWeight.BOLD),
    alignment=ft.Alignment.CENTER_LEFT,
)
_PHASE_WORDS = {"build", "bait", "adventure", "beginning", "setup", "end", "over"}
#: Arguments that name a card: a card without a name is labelled by the engine in English
#: (``rules.models``: "trap Room", "Epic fighter/mage Hero #3", "universal Item #1").
_CARD_ARGS = {"hero", "room", "card", "under", "uncovered", "item", "miniboss"}
_NUMBERED = re.compile(r"(?P<base>.+?)(?P<n> #\d+)?")
_HERO = re.compile(r"(?P<epic>Epic )?(?P<classes>[a-z/]+) Hero")
_ITEM = re.compile(r"(?P<classes>[a-z/]+) Item")


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
    if name == "players":  # the engine joins names with its own word (a tie at Bait)
        return value.replace(" and ", f" {tr('ruling.word.and')} ")
    if name in _CARD_ARGS:
        return card_label(tr, value)
    return value


def card_label(tr: Translator, label: str) -> str:
    """The engine's label of a card without a name (``Room.label()``, ``Hero.label()``...)
    in ``tr``'s language; a card's own name as it is. English is the engine's own."""
    match = _NUMBERED.fullmatch(label)
    if match is None or tr.lang == "en":
        return label
    base, number = match["base"], match["n"] or ""
    if base in ("monster Room", "trap Room"):
        return tr(f"room.kind.{base.split()[0]}") + number
    if base == "Miniboss":
        return tr("mini.unnamed") + number
    if base == "universal Item":
        return tr("ruling.word.item_universal") + number
    hero = _HERO.fullmatch(base)
    if hero is not None and _classes(hero["classes"]):
        key = "ruling.word.epic_hero" if hero["epic"] else "ruling.word.hero"
        return tr(key, classes=_classes_in(tr, hero["classes"])) + number
    item = _ITEM.fullmatch(base)
    if item is not None and _classes(item["classes"]):
        return tr("item.of_class", classes=_classes_in(tr, item["classes"])) + number
    return label


def _classes(text: str) -> bool:
    return all(part in TREASURES for part in text.split("/"))


def _classes_in(tr: Translator, text: str) -> str:
    return "/".join(tr(f"treasure.{part}") for part in text.split("/"))


def ruling_text(tr: Translator, key: str, args: dict[str, Arg]) -> str:
    """One ruling sentence in ``tr``'s language (the engine's English for ``en``)."""
    catalogue_key = f"ruling.{key}"
    if tr.lang == "en" or not tr.has(catalogue_key):
        return explain(key, args)
    args = with_ability(args, lambda k, a: ruling_text(tr, k, a))  # a firing ability's words
    local = {name: _local_arg(tr, name, value) for name, value in args.items()}
    return as_sentence(key, tr(catalogue_key, **local))


def refused_by_rule(tr: Translator, error: RulesError) -> Refusal:
    """A refusal the rules made, as shown next to the control that caused it: why, and
    the rule behind it (a link under the words, as under a ruling)."""
    return Refusal(ruling_text(tr, error.key, error.args_map), error.rule)


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
    """The rule id as a link-styled button (48 px tall) that opens its glossary entry.

    Its words are the button's own label, styled, not a Text inside it: a control fewer
    per ruling, and a tap that shows rulings (Bait: one per Hero) sends each one (#13)."""
    return tagged(
        identifier,
        ft.TextButton(
            content=rule,
            icon=ft.Icons.MENU_BOOK,
            on_click=lambda _e: show_rule(app, rule),
            height=TOUCH,
            style=LINK_STYLE,
        ),
    )


def refusal_link(app: TableApp, refusal: Refusal, identifier: str) -> ft.Control | None:
    """The link to the rule behind ``refusal`` (None when no rule refused it)."""
    return None if refusal.rule is None else rule_link(app, refusal.rule, identifier)


def ruling_row(app: TableApp, ruling: Ruling, identifier: str, size: int = 16) -> ft.Control:
    """A ruling: its sentence (wrapping) and the rule link under it."""
    link = rule_link(app, ruling.rule, f"{identifier}-rule")
    return tagged(identifier, ft.Column([_sentence(app, ruling, size), link], spacing=0))


def ruling_lines(
    app: TableApp, ruling: Ruling, identifier: str, size: int = 16
) -> list[ft.Control]:
    """A ruling as two controls for a column of rulings: its sentence (tagged
    ``identifier``), then its rule link. Two fewer than ``ruling_row``: a tap that shows
    the rulings of its step (the Bait, with the Hero's first step) sends each (#31)."""
    return [
        tagged(identifier, _sentence(app, ruling, size)),
        rule_link(app, ruling.rule, f"{identifier}-rule"),
    ]


def _sentence(app: TableApp, ruling: Ruling, size: int) -> ft.Text:
    return ft.Text(ruling_text(app.tr, ruling.key, ruling.args), size=size)
