"""The Bait forecast on screen: under the Room a player drafts, and for the whole table on
the host once every Room is revealed.

What is forecast is the engine's (``rules.forecast``); this module only puts it in words.
``forecast_lines`` is plain data (tested without Flet); ``ForecastPanel`` is the Flet
component that shows them. The build form keeps one ``DraftWatch`` and one panel while it
is open: setting the watch (the Room drafted, where, the table it stands on) redraws the
panel alone, not the game screen.

A face-down Room this device may not see (``sees_face_down``) is taken off the table
before the forecast is made, and the panel says whose Room is still hidden (R-BUILD-ONE).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, cast

import flet as ft

from companion.i18n import Translator
from companion.ui.component_updates import start_component_updates
from companion.ui.new_game_form import FormErrors
from companion.ui.room_picker import RoomDraft
from companion.ui.screen_view import component
from companion.ui.sync_link import access_of, sees_face_down
from companion.ui.table.components import memo_component, table_app
from companion.ui.table.rulings import card_label, rule_link, ruling_text
from companion.ui.widgets import tagged
from rules.forecast import Draft, Forecast, HeroForecast, forecast, visible_table
from rules.models import GameState, Room
from rules.rulings import capitalized

if TYPE_CHECKING:
    from companion.ui.shell import TableApp
    from companion.ui.table.context import TableContext

BOLD = ft.FontWeight.BOLD


@dataclass(frozen=True)
class Line:
    """One line of the forecast: ``text`` in the player's words, the ``rule`` behind it
    (a link), ``strong`` for what the draft changes."""

    key: str
    text: str
    rule: str | None = None
    strong: bool = False


def hidden_here(app: TableApp, state: GameState) -> tuple[str, ...]:
    """Players whose face-down Room or Miniboss this device may not see."""
    return tuple(p.name for p in state.players if not sees_face_down(app, p.name))


def _who(tr: Translator, player: str, you: str | None) -> str:
    return tr("forecast.you") if player == you else player


def _change(tr: Translator, hero: str, now: str | None, before: str | None, you: str | None) -> str:
    """What the draft changes for one Hero, in one sentence."""
    if now is None:
        assert before is not None
        return tr("forecast.instead_stays", hero=hero, before=_who(tr, before, you))
    if before is None:
        return tr("forecast.instead_of_town", hero=hero, player=_who(tr, now, you))
    return tr(
        "forecast.instead", hero=hero, player=_who(tr, now, you), before=_who(tr, before, you)
    )


def _hero_lines(
    tr: Translator, n: int, hero: HeroForecast, change: bool, you: str | None
) -> list[Line]:
    """One Hero's lines: where it would go, why, and (``change``) what the draft changes."""
    label = capitalized(card_label(tr, hero.label))
    if hero.player is None:
        goes = Line(f"hero-{n}", tr("forecast.stays", hero=label))
    else:
        goes = Line(f"hero-{n}", tr("forecast.goes", hero=label, player=_who(tr, hero.player, you)))
    why = ruling_text(tr, hero.ruling.key, hero.ruling.args)
    lines = [goes, Line(f"hero-{n}-why", why, hero.ruling.rule)]
    if change and hero.changed:
        said = _change(tr, label, hero.player, hero.without, you)
        lines.append(Line(f"hero-{n}-change", said, strong=True))
    return lines


#: A Hero's lines by what they say it (their words are made once, while they stay the same).
Said = dict[tuple[Any, ...], list[Line]]


def forecast_lines(
    tr: Translator, result: Forecast, you: str | None = None, said: Said | None = None
) -> list[Line]:
    """The forecast in words: each Hero, where it would go and why, and what the draft
    changes ("Sir Dudley #1 would go to you instead of Ann"); ``you`` is the player this
    device is seated as. ``said``: the Heroes' lines of the last call (updated to this
    one's), reused for a Hero whose forecast is the same."""
    lines: list[Line] = []
    if result.refused is not None:
        why = ruling_text(tr, result.refused.key, result.refused.args)
        lines.append(Line("refused", tr("forecast.refused", why=why), result.refused.rule))
    change = result.draft is not None and result.refused is None
    last: Said = {} if said is None else said
    now: Said = {}
    for n, hero in enumerate(result.heroes, 1):
        ruling = hero.ruling
        key = (n, hero.label, hero.player, hero.without, ruling.key, *ruling.args.items())
        key += (change, you, tr.lang)
        now[key] = last.get(key) or _hero_lines(tr, n, hero, change, you)
        lines += now[key]
    if said is not None:
        said.clear()
        said.update(now)
    if not result.heroes:
        lines.append(Line("none", tr("forecast.no_heroes")))
    for name in result.hidden:
        lines.append(Line(f"hidden-{name}", tr("forecast.hidden", player=name), "R-BUILD-ONE"))
    if result.waiting:
        lines.append(Line("waiting", tr("forecast.waiting", cards=", ".join(result.waiting))))
    return lines


@ft.observable
@dataclass
class DraftWatch:
    """What the forecast under a build form is made from; the form sets it as the player
    drafts, and the panel redraws itself when it changes."""

    room: Room | None = None
    over: int | None = None
    #: The table the draft stands on: (state version, players whose Room is hidden here).
    table: tuple[Any, ...] = field(default_factory=tuple)


def forecast_room(room: Room) -> Room:
    """The draft as forecast: a typed name changes no Bait, so only a catalogue card keeps
    its name (typing a name then redraws nothing)."""
    return room if room.card_id else room.model_copy(update={"name": ""})


#: The controls a panel drew last time, by what they show: a redraw puts the same control
#: back for a line that did not change (Flet then skips it: nothing compared, nothing sent).
Kept = dict[tuple[str, ...], ft.Control]


def _kept(kept: Kept, now: Kept, key: tuple[str, ...], make: Any) -> ft.Control:
    control = kept.get(key)
    if control is None:
        control = make()
    now[key] = control
    return control


def _panel(
    app: TableApp, identifier: str, title: str, lines: list[Line], kept: Kept | None = None
) -> ft.Control:
    """The lines in few controls (the panel is drawn again as the draft changes, and every
    control costs that redraw): a Hero's line and its why share one Text; the rules behind
    the lines are linked once each, at the end. ``kept``: the controls of the last drawing
    (updated to this one's), reused where the words are the same; the panel is then the
    body of a component (its lines), boxed and tagged ``identifier`` from outside (a box
    and a tag made once, not at every redraw)."""
    texts: list[tuple[str, bool]] = []
    for line in lines:
        if line.key.endswith("-why") and texts:
            texts[-1] = (f"{texts[-1][0]}\n{line.text}", texts[-1][1])
        else:
            texts.append((line.text, line.strong))
    last: Kept = {} if kept is None else kept
    now: Kept = {}
    rows = [_kept(last, now, ("title", title), lambda: ft.Text(title, size=17, weight=BOLD))]
    rows += [
        _kept(
            last,
            now,
            ("line", text, str(strong)),
            lambda text=text, strong=strong: ft.Text(
                text, size=16 if strong else 15, weight=BOLD if strong else None
            ),
        )
        for text, strong in texts
    ]
    rules = tuple(dict.fromkeys(line.rule for line in lines if line.rule is not None))
    if rules:
        rows.append(
            _kept(
                last,
                now,
                ("rules", *rules),
                lambda: ft.Row(
                    [rule_link(app, rule, f"{identifier}-rule-{rule}") for rule in rules],
                    wrap=True,
                    spacing=4,
                ),
            )
        )
    column = ft.Column(rows, spacing=4)
    if kept is None:
        return tagged(identifier, _boxed(column))
    kept.clear()
    kept.update(now)
    return column


def _boxed(content: ft.Control) -> ft.Control:
    return ft.Container(
        content,
        padding=8,
        border_radius=10,
        border=ft.Border.all(1, ft.Colors.OUTLINE_VARIANT),
    )


@component
def ForecastPanel(app: TableApp, state_of: Any, player: str, watch: DraftWatch) -> ft.Control:
    """The forecast under ``player``'s build form: redrawn when ``watch`` changes."""
    tr = app.tr
    state: GameState = state_of()
    draft = None if watch.room is None else Draft(player=player, room=watch.room, over=watch.over)
    if (
        draft is not None
        and draft.over is not None
        and draft.over >= len(state.player(player).dungeon)
    ):
        draft = draft.model_copy(update={"over": None})
    hidden = hidden_here(app, state)
    # The table's own Bait is worked out once per table (for every form on every tab);
    # each draft asks only about itself.
    result = visible_table(state, hidden).forecast(draft)
    seat = access_of(app).seat
    title = tr("forecast.title") if draft is not None else tr("forecast.title_now")
    kept = ft.use_ref(cast(Kept, {}))
    said = ft.use_ref(cast(Said, {}))
    # The same forecast in the same words: the controls on screen stay as they are.
    return ft.use_memo(
        lambda: _panel(
            app,
            f"forecast-{player}",
            title,
            forecast_lines(tr, result, seat, said.current),
            kept.current,
        ),
        [result, title, seat, tr.lang],
    )


def draft_panel(app: TableApp, state_of: Any, player: str, watch: DraftWatch) -> ft.Control:
    """The panel as a control to put in a build form (kept by the form while it is open).
    Made while the game screen's component draws (the form is part of its drawing), so it
    is a component of that drawing; the same one put back in the next drawing stays as it
    is on screen, and redraws itself when ``watch`` changes."""
    start_component_updates(app)
    panel = ForecastPanel(app, state_of, player, watch)
    return tagged(f"forecast-{player}", _boxed(panel))


class DraftForecast:
    """The forecast under one build form: the form tells it the draft as it changes and
    puts ``control`` under its places; ``reset`` when the form closes or builds."""

    def __init__(self, app: TableApp, state_of: Any, player: str) -> None:
        self.app = app
        self.state_of = state_of
        self.player = player
        self.watch = DraftWatch()
        self.panel: ft.Control | None = None

    def control(self, over: int | None) -> ft.Control:
        """The panel (the same one while the form is open), on the table as it is now."""
        self.watch.over = over
        self.follow()
        if self.panel is None:
            self.panel = draft_panel(self.app, self.state_of, self.player, self.watch)
        return self.panel

    def follow(self) -> None:
        """The table as it is now (its version, whose Rooms are hidden here): the panel
        redraws itself when that changed, whether or not its form is drawn again."""
        state: GameState = self.state_of()
        # Set alike, nothing happens (an observable tells only of a changed value).
        self.watch.table = (state.version, hidden_here(self.app, state))

    def drafted(self, draft: RoomDraft) -> None:
        """The Room drafted changed (a card picked, a treasure, the damage, Advanced)."""
        try:
            room: Room | None = forecast_room(draft.to_room())
        except FormErrors:
            room = None  # the form says what is wrong; the forecast waits for a Room
        self.watch.room = room

    def reset(self) -> None:
        self.panel = None
        self.watch = DraftWatch()


@memo_component
def TableForecast(state: GameState, hidden: tuple[str, ...], lang: str) -> ft.Control:
    """The whole table's Bait before the button is tapped (every Room revealed): one line
    per Hero, with why. Drawn again only when the table or what this device may not see
    (``hidden``) changed; ``lang`` is a prop so a language change draws it again."""
    app = table_app()
    result = forecast(state, None, hidden)
    return _panel(
        app, "forecast-table", app.tr("forecast.title_table"), forecast_lines(app.tr, result)
    )


def bait_forecast(ctx: TableContext) -> list[ft.Control]:
    """On the host (or a table device), before Bait is tapped: where each Hero would go."""
    app = ctx.app
    if access_of(app).role not in ("host", "table"):
        return []
    state = ctx.state
    hidden = hidden_here(app, state)
    lang = app.settings.lang
    return [TableForecast(state, hidden, lang, key="bait-forecast")]
