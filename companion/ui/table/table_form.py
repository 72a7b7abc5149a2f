"""A card form of the game screen (a new Hero in town, a new Item), drawn from its draft
(``companion/ui/drawn_form.py``) in the table's language, redrawn with the screen."""

from __future__ import annotations

from abc import ABC

from companion.i18n import Lang
from companion.ui.drawn_form import DrawnForm
from companion.ui.table.context import TableContext
from companion.ui.typed_ahead import TypedAhead


class TableForm(DrawnForm, ABC):
    """The form numbered ``index`` (from 0), its controls tagged ``prefix``."""

    def __init__(self, ctx: TableContext, index: int, prefix: str) -> None:
        self.ctx = ctx
        self.index = index
        self.prefix = prefix
        self.options = []
        self.typing = TypedAhead()

    def _language(self) -> Lang:
        return self.ctx.app.tr.lang

    def redraw(self) -> None:
        self.ctx.redraw()
