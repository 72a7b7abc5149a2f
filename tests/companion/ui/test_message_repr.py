"""What a tap sends is cheap to write out as text.

Flet's web server writes every message it sends into a debug line (``send_message:
{message}``) whether or not that line is logged, so the repr of a message costs its
time on every tap. A message holds the components drawn anew, and each holds the tab's
app in its context (``TABLE``): with the app's dataclass repr, which holds the page and
everything on it, a Bait tap's message was 9 million characters and took 0.4 s."""

from __future__ import annotations

from pathlib import Path

from tests.companion.ui.conftest import AppFactory, at_bait

#: Characters the messages of one Bait tap may take as text (about 170,000 now; the Bait
#: results, the Adventure and the tiles that change are in it).
MOST = 1_000_000


def test_the_messages_of_a_bait_tap_write_out_short(table_app: AppFactory, tmp_path: Path) -> None:
    harness, app, _screen = at_bait(table_app, tmp_path)
    assert len(repr(app)) < 200  # the app names itself, not its page
    before = len(harness.conn.messages)
    harness.tap("resolve-bait")
    sent = harness.conn.messages[before:]
    assert sent, "the tap sent nothing"
    assert sum(len(repr(m)) for m in sent) < MOST
