"""The question that tells when the browser shows a redraw (``redraw.when_shown``) is
started before the redraw is sent, so it leaves right behind it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.ui import shell
from tests.companion.ui.conftest import AppFactory, at_bait


@pytest.mark.parametrize("how", ["tap", "back"])
def test_the_question_about_a_redraw_is_started_before_the_redraw_is_sent(
    table_app: AppFactory, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """A game tap (the screen redrawn in place), and ← to the game (every view sent anew)."""
    harness, app, _screen = at_bait(table_app, tmp_path)
    if how == "back":
        harness.tap("open-settings")
    sent_when_asked: list[int] = []

    def when_shown(_app: Any, mark: Any, confirm: Any) -> None:
        sent_when_asked.append(len(harness.conn.messages))
        confirm(mark)

    monkeypatch.setattr(shell, "when_shown", when_shown)
    before = len(harness.conn.messages)
    if how == "back":
        app.back()
    else:
        harness.tap("resolve-bait")
    assert sent_when_asked == [before]  # asked once, before anything of the redraw went out
    assert len(harness.conn.messages) > before  # then it did
