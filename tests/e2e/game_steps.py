"""Steps of a game at the table, driven through semantics identifiers (shared by e2e tests).

Waiting: ``said`` and ``shows`` poll the accessibility tree; ``tap`` and ``type_into`` retry
when Flutter rebuilt the node under the pointer. No fixed sleeps beyond what typing needs.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator

from tests.e2e.conftest import PHONE, AppPage, Server, new_context, reads
from tests.e2e.sync_seed import DEVICE_KEY, device_id


def said(app: AppPage, text: str, timeout: float = 30.0) -> None:
    """Wait until ``text`` is on screen (in the semantics tree).

    An upper bound, as ``AppPage.wait_for``'s: at load 18 on two cores (the browser suite
    beside others) a sixth phone's "You sit as Finn" came just after 10 s; the failure's
    own snapshot showed it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in app.snapshot():
            return
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared; screen says:\n{app.snapshot()}")


def shows(app: AppPage, identifier: str, text: str, timeout: float = 10.0) -> None:
    """Wait until the control tagged ``identifier`` reads ``text`` (opening the dungeon
    card it is in first, if that is shown closed)."""
    open_dungeon_around(app, identifier)
    deadline = time.monotonic() + timeout
    seen = ""
    while time.monotonic() < deadline:
        seen = reads(app.by_id(identifier).first)
        if text in seen:
            return
        time.sleep(0.1)
    raise AssertionError(f"{identifier} reads {seen!r}, not {text!r}")


#: Bars that stay put over the scrolling content: the app bar on top (56 px), the game's
#: bottom bar (72 px, and 46 more with the scores pinned on it once the game has begun).
#: A control under either can't take a tap, so it is scrolled clear.
TOP_BAR_PX = 64
BOTTOM_BAR_PX = 80
PINNED_SCORES_PX = 46
#: How long a control of a closed dungeon card is given to come by itself before its
#: card is opened with a tap.
GRACE_MS = 1_500


def _retry(action: Callable[[], None]) -> None:
    """Run a browser action, retrying when Flutter rebuilt the semantics node under it."""
    for attempt in range(4):
        try:
            action()
            return
        except PlaywrightError:
            if attempt == 3:
                raise
            time.sleep(0.3)


def _steady_box(
    target: Locator, timeout: float = 3.0, still_s: float = 0.06
) -> dict[str, float] | None:
    """The node's box once it has stood still for ``still_s``: by default two reads in a
    row agree (Flutter scrolls a frame after the DOM).

    A node can be in the DOM with no box for a moment while Flutter lays a screen out
    (seen once in CI on a watcher's screen just after it loaded, two browser tests at a
    time): that is waited out, and ``None`` comes back only if the node gets no box
    before ``timeout``; a box still moving at ``timeout`` comes back as it last stood.
    """
    deadline = time.monotonic() + timeout
    last, since = target.bounding_box(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.06)
        box = target.bounding_box()
        if box is None or box != last:
            last, since = box, time.monotonic()
        elif time.monotonic() - since >= still_s:
            return box  # type: ignore[return-value]
    return last  # type: ignore[return-value]


def _viewport(app: AppPage) -> tuple[int, int]:
    size = app.page.viewport_size
    return (size["width"], size["height"]) if size else (390, 844)


def _bottom_limit(app: AppPage) -> float:
    """Lowest y a tap may land on: above the game's bottom bar when the screen has one."""
    height = _viewport(app)[1]
    if app.by_id("undo").count() == 0:
        return height - 4
    pinned = PINNED_SCORES_PX if app.by_id("pinned-scores").count() > 0 else 0
    return height - BOTTOM_BAR_PX - pinned


def _middle(box: dict[str, float]) -> float:
    return box["y"] + box["height"] / 2


def open_dungeon_around(app: AppPage, identifier: str) -> None:
    """A control of a dungeon card shown closed (the compact turn view's summary row) is
    reached as a player reaches it: one tap on the row's arrow opens the card.

    A card also opens by itself when its dungeon gets busy (a Room just built, the walk
    moving there): the control is given a moment to come first, and an arrow that turned
    while it was tapped (the card opened meanwhile) is fine."""
    seat = re.match(r"p(\d+)-", identifier)
    if seat is None:
        return
    arrow, opened = f"dungeon-p{seat[1]}-expand", f"dungeon-p{seat[1]}-collapse"
    try:
        app.by_id(identifier).first.wait_for(state="attached", timeout=GRACE_MS)
        return
    except PlaywrightError:
        pass
    if app.by_id(arrow).count() == 0:
        return  # open already (the control is on its way), or no such dungeon
    try:
        tap(app, arrow)
        app.by_id(opened).first.wait_for(state="attached", timeout=10_000)
    except PlaywrightError:
        if app.by_id(opened).count() == 0:
            raise


def bring_into_view(app: AppPage, identifier: str) -> None:
    """Scroll until the control sits between the bars, with the mouse wheel (opening the
    dungeon card it is in first, if that is shown closed).

    Scrolling the DOM (``scroll_into_view_if_needed``) moves Flutter's semantics nodes but
    not always the picture under them, right after a screen is redrawn: a tap then lands on
    whatever is drawn there. A wheel scrolls Flutter itself, and the nodes follow.
    """
    app.wait_for(identifier)  # an upper bound; if it never comes, what the screen shows
    target = app.by_id(identifier).first
    width, height = _viewport(app)
    bottom = _bottom_limit(app)
    aim = (TOP_BAR_PX + bottom) / 2
    box = _steady_box(target)
    for _step in range(12):
        if box is None:
            raise AssertionError(f"{identifier} has no box on screen")
        if TOP_BAR_PX <= _middle(box) <= bottom:
            return
        app.page.mouse.move(width / 2, aim)  # the page's very edge takes no wheel
        app.page.mouse.wheel(0, _middle(box) - aim)
        moved = _steady_box(target)
        if moved == box:
            # A bar's own buttons don't scroll; nor does the page past its top or end.
            if box["y"] >= 0 and box["y"] + box["height"] <= height:
                return
            break
        box = moved
    raise AssertionError(f"{identifier} could not be scrolled between the bars (box {box})")


def _tap_once(app: AppPage, identifier: str, answered: bool) -> None:
    app.traffic.settle(app.page)  # the last tap's redraw first: it may move this control
    bring_into_view(app, identifier)
    if answered:  # noted before the click: its answer can come while the click returns
        app.traffic.tapped()
    app.by_id(identifier).first.click()


def tap(app: AppPage, identifier: str, *, answered: bool = True) -> None:
    """Tap the control tagged ``identifier`` once it sits still, clear of the bars, and
    once the server has answered the tap before (``Traffic.settle``). ``answered=False``:
    the server does not answer this tap (a text field taking the keyboard), and the next
    tap need not wait for it."""
    _retry(lambda: _tap_once(app, identifier, answered))


def _focused_inside(target: Locator) -> bool:
    return bool(target.evaluate("node => node.contains(document.activeElement)"))


def keyboard_in(app: AppPage, identifier: str, timeout: float, poll_s: float = 0.1) -> bool:
    """Wait up to ``timeout`` seconds for the keyboard to be in the control tagged
    ``identifier``; whether it got there."""
    target = app.by_id(identifier).first
    deadline = time.monotonic() + timeout
    while not _focused_inside(target):
        if time.monotonic() >= deadline:
            return False
        time.sleep(poll_s)
    return True


def keyboard_at(app: AppPage) -> str:
    """Where the keyboard is (the focused element and the tagged node around it), for a
    failure message."""
    where: str = app.page.evaluate(
        "() => { const a = document.activeElement; if (!a) return 'nothing';"
        " const n = a.closest('[flt-semantics-identifier]');"
        " return `${a.tagName} in ${n ? n.getAttribute('flt-semantics-identifier') : 'no node'}`; }"
    )
    return where


def focus(app: AppPage, identifier: str) -> None:
    """Tap the field until its input has the keyboard focus (a loaded machine can take a
    while to give it, and keys typed meanwhile go to the field focused before)."""
    for _attempt in range(3):
        tap(app, identifier, answered=False)
        if keyboard_in(app, identifier, 2.0, poll_s=0.05):
            return
    raise AssertionError(f"{identifier} never took the keyboard focus")


def type_into(
    app: AppPage, identifier: str, text: str, delay_ms: float = 15, settle_s: float = 0.3
) -> None:
    """Focus the field, replace its text key by key, and give Flutter time to report it.

    Filling the hidden input in one go sometimes loses the change event; typing does not.
    Keys go only to this field: the tap is repeated until its input has the focus. Short
    texts (numbers, short names) are safe with a smaller ``delay_ms`` and ``settle_s``.

    With the accessibility tree on, a redraw that lands just after the tap can make the
    field's node anew: the keys typed then go nowhere and the field stays as it was (a
    Hero's Health typed right after its treasure tap, lost in CI on a loaded machine; a
    loop of such turns under load, its server logging every message, showed none for it). The
    field is read back, and typed into again if it does not show the text, as a player
    would who sees it empty.
    """
    target = app.by_id(identifier).first
    for attempt in range(3):
        focus(app, identifier)
        app.page.keyboard.press("Control+A")
        app.page.keyboard.type(text, delay=delay_ms)
        time.sleep(settle_s)
        shown = target.locator("input, textarea").first.input_value()
        if shown.casefold() == text.casefold():  # a join code's field writes capitals
            return
        print(f"typed {text!r} into {identifier} again: it showed {shown!r} (try {attempt + 1})")
    raise AssertionError(f"{identifier} never showed {text!r} typed into it")


def pick_tile(app: AppPage, identifier: str) -> None:
    """Tap a tile that toggles (a Hero's treasure type) and wait until it shows picked.

    A tap is lost when the form moves under the pointer (the catalogue's matches for the
    name above came in late and were gone at the next key: the tap reached the server
    for a control already taken away). So it is tapped once more if it has not shown
    picked within 8 s; a tap only late is answered well within that.
    """
    picked = app.page.locator(
        f'[flt-semantics-identifier="{identifier}"][aria-current="true"]'
    ).first
    _tap_until_shown(app, identifier, lambda: picked.count() > 0, "picked")


def choose(app: AppPage, identifier: str) -> None:
    """Tap a choice shown as a checkbox (where a Room or Miniboss goes) and wait until it
    reads checked; tapped once more if it has not within 8 s, as ``pick_tile`` is (a
    catalogue pick just above takes its matches away and moves the choices up: a tap as
    that redraw lands is lost, seen in CI placing a Miniboss).
    """
    _tap_until_shown(
        app, identifier, lambda: "[checked]" in reads(app.by_id(identifier).first), "checked"
    )


def _tap_until_shown(app: AppPage, identifier: str, shown: Callable[[], bool], what: str) -> None:
    """Tap, wait 8 s for ``shown()``; tap once more if it has not come."""
    for attempt in range(2):
        if attempt:
            print(f"tapped {identifier} again: it did not show {what}")
        tap(app, identifier)
        deadline = time.monotonic() + 8.0
        while time.monotonic() < deadline:
            if shown():
                return
            time.sleep(0.1)
    raise AssertionError(f"{identifier} never showed {what}, tapped twice")


def matches_settled(app: AppPage, prefix: str, quiet_s: float = 0.8, limit_s: float = 8.0) -> None:
    """Wait until the catalogue matches under ``prefix``'s name stop changing for
    ``quiet_s`` (the server may be a few keys behind the typing): a tap aimed below them
    before then can land on a match that appears under the pointer."""
    options = app.page.locator(f'[flt-semantics-identifier^="{prefix}-option-"]')

    def shown() -> list[str]:
        # In one call: the matches can change between counting them and reading each.
        found: list[str] = options.evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('flt-semantics-identifier'))"
        )
        return found

    deadline = time.monotonic() + limit_s
    last, since = shown(), time.monotonic()
    while time.monotonic() < deadline and time.monotonic() - since < quiet_s:
        time.sleep(0.2)
        now = shown()
        if now != last:
            last, since = now, time.monotonic()


def build_room(
    app: AppPage, prefix: str, name: str, treasure: list[str], damage: int, advanced: bool = False
) -> None:
    type_into(app, f"{prefix}-name", name)
    # The catalogue's matches for the name come between it and the treasure tiles: a tap
    # on a tile aimed before they have come lands above the tile (a fresh-clone CI run,
    # six phones building: two taps on a tile added no icon).
    matches_settled(app, prefix)
    for count, t in enumerate(treasure, 1):
        add_treasure_icon(app, prefix, t, count)
    type_into(app, f"{prefix}-damage", str(damage))
    if advanced:
        tap(app, f"{prefix}-advanced")


def add_treasure_icon(app: AppPage, prefix: str, treasure: str, count: int) -> None:
    """Tap a Room's treasure tile and wait until it shows its ``count``-th icon.

    Each tap adds an icon, and the picker redraws under the pointer: a tap that lands
    while it does is lost (seen on a loaded machine, the Room then built without that
    icon). So the tap is made once more if the icon has not come within 8 s.
    """
    icon = f"{prefix}-icon-{count}"
    for attempt in range(2):
        tap(app, f"{prefix}-treasure-{treasure}")
        try:
            app.by_id(icon).first.wait_for(state="attached", timeout=8_000)
            return
        except PlaywrightError:
            print(f"tapped {prefix}-treasure-{treasure}: no {icon} (try {attempt + 1})")
    raise AssertionError(
        f"{prefix}-treasure-{treasure} tapped twice, and {icon} never showed; the screen"
        f" reads:\n{app.snapshot()}"
    )


def new_hero(app: AppPage, n: int, name: str, treasure: str, health: int) -> None:
    type_into(app, f"new-hero-{n}-name", name)
    matches_settled(app, f"new-hero-{n}")
    pick_tile(app, f"new-hero-{n}-treasure-{treasure}")
    type_into(app, f"new-hero-{n}-health", str(health))


def reveal_item_and_heroes(
    app: AppPage, item: str, card_id: str, heroes: Sequence[tuple[str, str, int]]
) -> None:
    """Turn 1 with Items: reveal the Item ``item`` (catalogue ``card_id``), then the Heroes
    (name, treasure, Health), and wait for the Build phase; the first Hero able takes it."""
    app.wait_for("reveal-items")
    type_into(app, "new-item-1-name", item)
    tap(app, f"new-item-1-option-{card_id}")
    tap(app, "reveal-items")
    app.wait_for("reveal-heroes")
    for n, (name, treasure, health) in enumerate(heroes, 1):
        new_hero(app, n, name, treasure, health)
    tap(app, "reveal-heroes")
    app.wait_for("reveal-rooms")
    said(app, f"the first Hero able to carry {item} #1")


def open_game_with_first_rooms(phone: AppPage, expansions: Sequence[str] = ()) -> None:
    """New game (Ada 10 XP mage, Bert 5 XP fighter), first Rooms built and revealed.

    ``expansions`` are switched on by name first ("items", "minibosses").
    """
    tap(phone, "new-game")
    type_into(phone, "player-1-name", "Ada")
    type_into(phone, "player-1-boss", "Ada's Boss")
    type_into(phone, "player-1-xp", "10")
    tap(phone, "player-1-treasure-mage")
    type_into(phone, "player-2-name", "Bert")
    type_into(phone, "player-2-boss", "Bert's Boss")
    type_into(phone, "player-2-xp", "5")
    tap(phone, "player-2-treasure-fighter")
    for name in expansions:
        tap(phone, f"expansion-{name}")
    if expansions:
        bring_into_view(phone, f"expansion-{expansions[-1]}")
        phone.screenshot("new-game-expansions")
    tap(phone, "start-game")
    phone.wait_for("screen-setup")
    build_room(phone, "first-room-1", "Crypt", ["mage"], 2)
    tap(phone, "first-room-1-build")
    phone.wait_for("first-room-1-placed")
    build_room(phone, "first-room-2", "Pit", ["fighter"], 1)
    tap(phone, "first-room-2-build")
    phone.wait_for("first-room-2-placed")
    phone.screenshot("setup-first-rooms")
    tap(phone, "reveal-first-rooms")
    phone.wait_for("screen-game")
    # The address follows the screen by a moment on a loaded machine: wait for it.
    phone.page.wait_for_url(re.compile(r"/game/[a-z0-9-]+$"), timeout=30_000)


def sit(phone: AppPage, url_or_path: str, seat: int, player: str) -> None:
    """Open a join link (as a scanned QR code does) and take a seat."""
    phone.page.goto(url_or_path)
    phone.wait_ready()
    take_seat(phone, seat, player)


def take_seat(app: AppPage, seat: int, player: str) -> None:
    """On the join screen: tap a seat and wait until the device sits as ``player``."""
    tap(app, f"join-seat-{seat}")
    said(app, f"You sit as {player}")


def join_by_code(app: AppPage, code: str, seat: int, player: str) -> None:
    """On the join screen: type the game's code (in lower case), then take a seat."""
    type_into(app, "join-code", code.lower())
    tap(app, "join-go")
    take_seat(app, seat, player)


class Devices:
    """Browser contexts, one per device, each with a fixed device id in its storage."""

    def __init__(self, browser: object, server: Server, shots: Path) -> None:
        from playwright.sync_api import Browser

        assert isinstance(browser, Browser)
        self.browser = browser
        self.server = server
        self.shots = shots
        self.contexts: list[object] = []

    def open(self, n: int, path: str, name: str) -> AppPage:
        return self.open_many([(n, path, name)])[0]

    def open_many(self, wanted: list[tuple[int, str, str]]) -> list[AppPage]:
        """Open several devices at once (their first frames load side by side)."""
        pages = [self._new(n, name) for n, _path, name in wanted]
        for app, (_n, path, _name) in zip(pages, wanted, strict=True):
            app.page.goto(app.base_url + path)
        for app in pages:
            app.wait_ready()
        return pages

    def _new(self, n: int, name: str) -> AppPage:
        context = new_context(self.browser, PHONE)
        stored = json.dumps(json.dumps(device_id(n)))  # SharedPreferences keeps JSON
        context.add_init_script(f"localStorage.setItem({json.dumps(DEVICE_KEY)}, {stored})")
        self.contexts.append(context)
        return AppPage(context.new_page(), self.server.url, self.shots / name)

    def close(self) -> None:
        for context in self.contexts:
            context.close()  # type: ignore[attr-defined]
