"""Home, settings and rules screens."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.i18n import LANGS
from companion.theme import THEME_CHOICES, TOUCH
from companion.ui.at_table import settings_rows
from companion.ui.card_entry import card_page, card_route_id, card_tiles, found_cards
from companion.ui.saved_listing import SavedListing
from companion.ui.table.saved_games import saved_games
from companion.ui.widgets import Handler, big_button, heading, note, on_tap, tagged

if TYPE_CHECKING:
    from companion.ui.shell import TableApp


class HomeScreen:
    route = "/"

    def __init__(self, app: TableApp, route: str = "/") -> None:
        self.app = app
        self.listing = SavedListing()  # the saved games, read off the event loop

    def title(self) -> str:
        return "Dungeon Referee"

    def _listed(self) -> None:
        """The saved games were read anew: drawn again if Home is on screen."""
        if self.app.current is self:
            self.app.render_top()

    def phase(self) -> str | None:
        return None

    def _go(
        self, identifier: str, text: str, route: str, icon: ft.IconData, primary: bool = False
    ) -> ft.Control:
        """A full-width button that opens ``route``."""
        return big_button(
            identifier,
            text,
            lambda _e: self.app.go(route),
            icon=icon,
            primary=primary,
            expand=True,
        )

    def build(self) -> list[ft.Control]:
        tr = self.app.tr
        return [
            heading(tr("home.welcome")),
            note(tr("home.intro")),
            self._go("new-game", tr("home.new_game"), "/new", ft.Icons.ADD, primary=True),
            self._go("open-rules-home", tr("nav.rules"), "/rules", ft.Icons.MENU_BOOK),
            self._go(
                "open-saved-games", tr("home.all_saved_games"), "/games", ft.Icons.FOLDER_OPEN
            ),
            self._go("open-history", tr("home.history"), "/history", ft.Icons.INSIGHTS),
            *saved_games(self.app, self.listing, self._listed),
            ft.Text(tr("home.unofficial"), size=13, italic=True),
        ]


class SettingsScreen:
    route = "/settings"

    def __init__(self, app: TableApp, route: str = "/settings") -> None:
        self.app = app

    def title(self) -> str:
        return self.app.tr("nav.settings")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        tr = self.app.tr
        theme = ft.SegmentedButton(
            segments=[
                ft.Segment(value=choice, label=ft.Text(tr(f"settings.theme.{choice}")))
                for choice in THEME_CHOICES
            ],
            selected=[self.app.settings.theme],
            on_change=self._on_theme,
        )
        lang = ft.SegmentedButton(
            segments=[
                ft.Segment(value=code, label=ft.Text(tr(f"settings.lang.{code}"))) for code in LANGS
            ],
            selected=[self.app.settings.lang],
            on_change=self._on_lang,
        )
        return [
            heading(tr("settings.theme")),
            tagged("settings-theme", theme),
            heading(tr("settings.lang")),
            tagged("settings-lang", lang),
            *settings_rows(self.app),  # keep the screen awake, haptic ticks
        ]

    def _on_theme(self, event: ft.Event[ft.SegmentedButton]) -> None:
        choice = event.control.selected[0] if event.control.selected else "system"
        for known in ("system", "light", "dark"):
            if choice == known:
                self.app.set_theme(known)

    def _on_lang(self, event: ft.Event[ft.SegmentedButton]) -> None:
        code = event.control.selected[0] if event.control.selected else "en"
        for known in LANGS:
            if code == known:
                self.app.set_lang(known)


def link_tile(identifier: str, title: str, on_click: Handler) -> ft.Control:
    """A full-width row that opens something: a title and a chevron, 56 px high."""
    return tagged(
        identifier,
        ft.ListTile(
            title=ft.Text(title, size=17),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            on_click=on_click,
            min_height=56,
        ),
    )


#: The glossary's groups in the order a player at the table most likely needs them.
RULES_CATEGORIES: tuple[str, ...] = (
    "turn",
    "concepts",
    "terms",
    "rules",
    "variants",
    "expansions",
    "faq",
)


#: Letters typed before the Rules search may say it found nothing (fuzzy matches need 3).
MIN_TYPED = 3


class RulesScreen:
    """Search the glossary as you type; open an entry to read it and follow its links.

    The route may name an entry: `/rules/rule-bait-highest` opens that entry directly.
    """

    route = "/rules"

    def __init__(self, app: TableApp, route: str = "/rules") -> None:
        self.app = app
        self.route = route
        self.query = ""
        parts = route.split("?")[0].strip("/").split("/")
        #: A card's page ('/rules/card/<id>') or an entry's; a card found opens its page.
        self.card_id: str | None = card_route_id(parts)
        self.entry_id: str | None = parts[1] if len(parts) > 1 and self.card_id is None else None
        self.results = ft.Column(spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.entry_view = ft.Column(spacing=10, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)
        self.box = ft.TextField(
            value=self.query,
            prefix_icon=ft.Icons.SEARCH,
            on_change=self._on_query,
            # Opened to search: type at once. Opened on an entry (a ruling's rule link):
            # read it, without a phone's keyboard popping up over it.
            autofocus=self.entry_id is None and self.card_id is None,
            text_size=18,
        )
        # A little room above the field, so its floating label clears the app bar.
        self.shown: list[ft.Control] = [
            ft.Container(tagged("rules-search", self.box), padding=ft.Padding.only(top=6)),
            # Each its own node for screen readers: a changing "nothing found" line must
            # not relabel the node that holds the search field (the browser would rebuild
            # the field's input under the typing finger and drop keys).
            ft.Semantics(container=True, content=self.entry_view),
            ft.Semantics(container=True, content=self.results),
        ]

    def title(self) -> str:
        return self.app.tr("nav.rules")

    def phase(self) -> str | None:
        return None

    def build(self) -> list[ft.Control]:
        # The field is kept between drawings (a word typed right after ← reaches it), in
        # the language of the moment.
        self.box.label = self.app.tr("rules.search")
        self._show_results()
        self._show_entry()
        return self.shown

    def _on_query(self, event: ft.Event[ft.TextField]) -> None:
        self.query = event.control.value
        self.entry_id = None
        self.card_id = None
        self._show_entry()
        self._show_results()

    def open_entry(self, entry_id: str) -> None:
        self.entry_id = entry_id
        self.card_id = None
        self._show_entry()
        self._show_results()
        self.app.refresh()

    def open_card(self, card_id: str) -> None:
        self.card_id = card_id
        self.entry_id = None
        self._show_entry()
        self._show_results()
        self.app.refresh()

    def _show_results(self) -> None:
        tr = self.app.tr
        self.results.controls.clear()
        if self.entry_id is not None or self.card_id is not None:
            return
        try:
            from companion.glossary_search import search
        except ImportError:
            self.results.controls.append(note(tr("rules.unavailable")))
            return
        if not self.query.strip():
            self.results.controls.append(note(tr("rules.hint")))
            self.results.controls.extend(self._index())
            return
        hits = search(self.query, self.app.settings.lang, 12)
        # A card the query names comes first ("goblin armory"), cards it shares a word
        # with after the entries ("Goblin-Waffenkammer" offers the Goblin cards).
        named, alike = found_cards(self.app, self.query)
        self.results.controls.extend(card_tiles(self.app, named, self.open_card, link_tile))
        if not hits and not named and not alike:
            # Not a dead end: the topics are there to browse, as before typing. A word
            # still being typed (under three letters) is not "nothing found" yet.
            typing = len(self.query.strip()) < MIN_TYPED
            said = tr("rules.hint") if typing else tr("rules.nothing", query=self.query)
            self.results.controls.append(note(said))
            self.results.controls.extend(self._index())
            return
        for hit in hits:
            self.results.controls.append(
                link_tile(
                    f"rules-hit-{hit.entry_id}", hit.title, on_tap(self.open_entry, hit.entry_id)
                )
            )
        more = "rules.cards_more" if named else "rules.cards"  # not "Cards" twice in a row
        self.results.controls.extend(card_tiles(self.app, alike, self.open_card, link_tile, more))

    def _index(self) -> list[ft.Control]:
        """Every entry, by its group (phases, concepts, card terms, ...), A to Z: a reader
        finds an entry without knowing its name. Groups open on a tap."""
        from companion.glossary import load_glossary

        tr = self.app.tr
        lang = self.app.settings.lang
        glossary = load_glossary()
        groups = dict(glossary.categories)
        order = [c for c in RULES_CATEGORIES if c in groups] + [
            c for c in groups if c not in RULES_CATEGORIES
        ]
        index: list[ft.Control] = [ft.Text(tr("rules.browse"), size=18, weight=ft.FontWeight.BOLD)]
        for category in order:
            entries = sorted(
                (glossary.entry(entry_id) for entry_id in groups[category]),
                key=lambda e: e.title[lang].casefold(),
            )
            index.append(
                tagged(
                    f"rules-category-{category}",
                    ft.ExpansionTile(
                        title=ft.Text(
                            tr(
                                "rules.category_count",
                                name=tr(f"rules.category.{category}"),
                                count=len(entries),
                            ),
                            size=17,
                        ),
                        controls=[
                            link_tile(
                                f"rules-index-{e.id}", e.title[lang], on_tap(self.open_entry, e.id)
                            )
                            for e in entries
                        ],
                        min_tile_height=TOUCH + 8,
                    ),
                )
            )
        return index

    def _show_entry(self) -> None:
        tr = self.app.tr
        lang = self.app.settings.lang
        self.entry_view.controls.clear()
        if self.card_id is not None:
            page = card_page(self.app, self.card_id, self.open_entry, link_tile, self.open_card)
            self.entry_view.controls.extend(
                page or [note(tr("rules.no_entry", entry=self.card_id))]
            )
            return
        if self.entry_id is None:
            return
        try:
            from companion.glossary import load_glossary

            entry = load_glossary().entry(self.entry_id)
        except (ImportError, KeyError, ValueError):
            self.entry_view.controls.append(note(tr("rules.no_entry", entry=self.entry_id)))
            return
        glossary = load_glossary()
        related: list[ft.Control] = []
        for other_id in entry.related:
            other = glossary.entry(other_id)
            related.append(
                link_tile(
                    f"rules-related-{other_id}",
                    other.title[lang],
                    on_tap(self.open_entry, other_id),
                )
            )
        self.entry_view.controls.extend(
            [
                tagged("rules-entry-title", heading(entry.title[lang])),
                tagged("rules-entry-body", ft.Text(entry.body[lang], size=17)),
                ft.Text(" · ".join(entry.rules), size=14, italic=True, visible=bool(entry.rules)),
                *(
                    [ft.Text(tr("rules.related"), size=16, weight=ft.FontWeight.BOLD)]
                    if related
                    else []
                ),
                *related,
            ]
        )
