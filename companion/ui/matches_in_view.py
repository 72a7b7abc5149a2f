"""Catalogue matches stay in view while a card's name is typed.

A card name field offers up to four catalogue matches right under it; near the bottom of
the page they opened below the visible area. Flutter scrolls a field being typed into
into view, keeping ``scroll_padding`` around it clear: with room for the matches below,
every keystroke brings them into view too, with no scroll sent from the server.
"""

from __future__ import annotations

import flet as ft

#: A name field's ``scroll_padding``: four 52 px match buttons with their spacing, and a
#: little air.
MATCHES_HEIGHT = 4 * (52 + 8) + 20
MATCHES_IN_VIEW = ft.Padding.only(left=20, top=20, right=20, bottom=MATCHES_HEIGHT)
