"""The Rules screen's cards: the cards a search names, and a card's page.

A card's page shows its name (the German edition's name first, in German, where a source
gives it), its printed facts, what each ability does and how the referee handles it, and
the rules it touches as links to their glossary entries (``companion.card_lookup``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import flet as ft

from companion.card_lookup import CardHit, card_answer, card_hits, card_title
from companion.glossary import load_glossary
from companion.ui.own_card_names import give_name, own_names
from companion.ui.widgets import big_button, heading, on_tap, tagged

if TYPE_CHECKING:
    from companion.ui.shell import TableApp

#: A card's page in the Rules screen's route: '/rules/card/<id>'.
CARD_ROUTE = "card"


def card_route_id(parts: list[str]) -> str | None:
    """'/rules/card/BMA015' split at '/' -> 'BMA015', else None."""
    if len(parts) > 2 and parts[1] == CARD_ROUTE and parts[2]:
        return parts[2]
    return None


def found_cards(app: TableApp, query: str) -> tuple[list[CardHit], list[CardHit]]:
    """The cards ``query`` names whole (shown before the glossary's entries) and those it
    only shares a word with (shown after them)."""
    hits = card_hits(query, app.catalogue, own=own_names(app))
    return [h for h in hits if h.strong], [h for h in hits if not h.strong]


def card_tiles(
    app: TableApp,
    hits: list[CardHit],
    open_card: Callable[[str], None],
    tile: TileMaker,
    heading: str = "rules.cards",
) -> list[ft.Control]:
    """One link per card, under a heading ("Cards"; "More cards" for those found after
    others)."""
    if not hits:
        return []
    tr = app.tr
    return [
        ft.Text(tr(heading), size=16, weight=ft.FontWeight.BOLD),
        *(
            tile(
                f"rules-card-{hit.card.id}",
                tr("rules.card_open", name=card_title(hit.card, app.catalogue, tr, own_names(app))),
                on_tap(open_card, hit.card.id),
            )
            for hit in hits
        ),
    ]


TileMaker = Callable[[str, str, Callable[[object], None]], ft.Control]


def card_page(
    app: TableApp,
    card_id: str,
    open_entry: Callable[[str], None],
    tile: TileMaker,
    open_card: Callable[[str], None] | None = None,
) -> list[ft.Control] | None:
    """A card's page; None when the catalogue has no such card."""
    tr = app.tr
    lang = app.settings.lang
    try:
        card = app.catalogue.card(card_id)
    except KeyError:
        return None
    answer = card_answer(card, app.catalogue, tr, own_names(app))
    out: list[ft.Control] = [
        tagged("rules-card-title", heading(answer.title)),
        tagged("rules-card-facts", ft.Text(answer.facts, size=17)),
        *_naming(app, card_id, open_card),
        ft.Text(tr("lookup.ability"), size=16, weight=ft.FontWeight.BOLD),
    ]
    for n, (does, handled) in enumerate(answer.abilities, 1):
        out.append(tagged(f"rules-card-ability-{n}", ft.Text(does, size=17)))
        if handled:
            out.append(
                tagged(
                    f"rules-card-handling-{n}",
                    ft.Row(
                        [
                            ft.Icon(ft.Icons.GAVEL, size=20),
                            ft.Text(handled, size=16, italic=True, expand=True),
                        ],
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                )
            )
    glossary = load_glossary()
    links: list[ft.Control] = []
    for rule in answer.rules:
        try:
            entry = glossary.for_rule(rule)
        except KeyError:
            continue
        links.append(
            tile(
                f"rules-card-rule-{rule}",
                f"{rule} · {entry.title[lang]}",
                on_tap(open_entry, entry.id),
            )
        )
    if links:
        out += [ft.Text(tr("lookup.rules"), size=16, weight=ft.FontWeight.BOLD), *links]
    return out


def _naming(app: TableApp, card_id: str, reopen: Callable[[str], None] | None) -> list[ft.Control]:
    """In a language whose name for the card no source gives: a field to give it the name
    on the table's own cards, remembered on this device (``own_card_names``)."""
    tr = app.tr
    lang = app.settings.lang
    if lang == "en" or app.catalogue.local_name(card_id, lang) is not None:
        return []
    given = own_names(app).get(card_id)
    field = ft.TextField(label=tr("lookup.own_name"), value=given or "", text_size=17)
    said = ft.Text(
        tr("lookup.own_name_saved", name=given, card=app.catalogue.card(card_id).name)
        if given
        else tr("lookup.own_name_note"),
        size=15,
        italic=True,
    )

    def save(_event: object) -> None:
        kept = give_name(app, card_id, field.value or "")
        if kept is not None:
            field.value = kept
            said.value = tr(
                "lookup.own_name_saved", name=kept, card=app.catalogue.card(card_id).name
            )
            if reopen is not None:
                reopen(card_id)  # the title names the card by it now
            else:
                app.refresh()

    return [
        tagged("rules-card-own-name-note", said),
        tagged("rules-card-own-name", field),
        big_button(
            "rules-card-own-name-save", tr("lookup.own_name_save"), save, icon=ft.Icons.SAVE
        ),
    ]
