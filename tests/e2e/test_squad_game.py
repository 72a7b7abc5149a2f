"""The squad game (rulebook 004) in Chromium on phones: a whole 3-player game from set-up
to the I WIN! race for a tie, with a second phone sitting as one of the tied players,
and one Resolve phase in German.

The game: Ann and Bob each keep a red squad of strength 3 standing, so each wins the tie
for red on their own turn (R-SQ-TIE) and captures the red card in SLOT1; eleven captures
use up the TIMER deck (the card dealt and 9 more, R-SQ-REFILL) and take the FINALE.
Ann kidnaps a red princess (red, red: 4 + 1 pair), Bob a green and a yellow one (blue,
green, yellow: 6); Ann's FINALE makes 6 each, a tie (R-SQ-SCORE, R-SQ-PAIRS).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.i18n import Translator
from tests.e2e.conftest import OUTPUT, PHONE, AppPage, Server, new_context
from tests.e2e.game_steps import said, tap, type_into

pytestmark = pytest.mark.e2e

PLAYERS = (("Ann", "Grumpus", "red"), ("Bob", "Hexlord", "blue"), ("Cy", "Boneking", "green"))
#: The princess each capture kidnaps from the wilds (by capture, from 1); none otherwise.
KIDNAPPED = {1: "red", 2: "green", 4: "yellow"}
GERMAN_PHONE = {"width": 360, "height": 740}


def typed(app: AppPage, identifier: str, text: str) -> None:
    type_into(app, identifier, text, delay_ms=10, settle_s=0.2)


def new_squad_game(app: AppPage, kind_label: str) -> None:
    tap(app, "new-game")
    app.wait_for("game-kind")
    app.page.get_by_role("button", name=kind_label).click()
    app.wait_for("sq-start")
    for n, (name, boss, color) in enumerate(PLAYERS, 1):
        typed(app, f"sq-player-{n}-name", name)
        typed(app, f"sq-player-{n}-boss", boss)
        typed(app, f"sq-player-{n}-princess", color)
    # The princesses' colours are offered to tap (R-SQ-TYPED): a tap for each slot.
    tap(app, "sq-slot-1-color-pick-red")
    tap(app, "sq-slot-2-color-pick-blue")
    tap(app, "sq-start")
    app.wait_for("sq-status")


def deploy_red(app: AppPage, number: int, words: str = "Squad {n}: red, strength 3") -> None:
    tap(app, "sq-deploy-color-pick-red")  # Ann's princess is red: offered
    typed(app, "sq-deploy-strength", "3")
    tap(app, "sq-deploy")
    said(app, words.format(n=number))


@pytest.fixture
def second_phone(
    browser: object, server: Server, request: pytest.FixtureRequest
) -> Iterator[AppPage]:
    """Another device (its own browser storage) at a 390×844 phone."""
    context = new_context(browser, PHONE)
    shots = OUTPUT / re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name) / "phone-2"
    yield AppPage(context.new_page(), server.url, Path(shots))
    context.close()


def test_a_whole_three_player_game_to_the_i_win_race(phone: AppPage, second_phone: AppPage) -> None:
    new_squad_game(phone, "Squad game (004)")
    said(phone, "Turn 1: Ann, Deploy phase")
    phone.screenshot("squad-table")
    deploy_red(phone, 1)
    tap(phone, "sq-end-turn")
    said(phone, "Turn 2: Bob, Deploy phase")
    deploy_red(phone, 2)
    tap(phone, "sq-end-turn")
    said(phone, "Cy has no standing squad, so the Resolve phase is skipped.")
    tap(phone, "sq-end-turn")
    said(phone, "Turn 4: Ann, Resolve phase")

    # --- Bob's own phone joins with the game's link and sits as Bob --------------------
    link = re.search(r"http\S+/join\?code=\w+", phone.snapshot())
    assert link is not None, phone.snapshot()
    second_phone.page.goto(link.group(0))
    second_phone.wait_ready()
    tap(second_phone, "join-seat-2")
    said(second_phone, "Turn 4: Ann, Resolve phase", timeout=30)

    squad_of = {"Ann": 0, "Bob": 1}
    made = 2
    turn = 4
    for capture in range(1, 11):
        player = "Ann" if capture % 2 else "Bob"
        colour = KIDNAPPED.get(capture)
        if colour in {princess for _name, _boss, princess in PLAYERS}:
            tap(phone, f"sq-princess-pick-{colour}")  # a princess's colour: offered
        elif colour is not None:
            typed(phone, "sq-princess", colour)  # on no card yet: typed
        tap(phone, f"sq-capture-{squad_of[player]}-1")
        said(phone, f"{player}'s turn, which wins the tie: it captures Kidnap from SLOT1")
        if capture == 1:
            phone.screenshot("first-capture-tie")
        tap(phone, "sq-refill-1-color-pick-red")  # the FINALE's colour after the 10th
        tap(phone, "sq-finish-resolve")
        said(phone, f"Turn {turn}: {player}, Deploy phase")
        made += 1
        deploy_red(phone, made)
        squad_of[player] = made - 1
        tap(phone, "sq-end-turn")
        turn += 1
        if player == "Bob":
            said(phone, f"Turn {turn}: Cy, Deploy phase")
            tap(phone, "sq-end-turn")
            turn += 1
        said(phone, f"Turn {turn}: {'Bob' if player == 'Ann' else 'Ann'}, Resolve phase")
    said(phone, "SLOT1: FINALE (red)")
    said(phone, "TIMER: 0 cards above the FINALE")
    phone.screenshot("finale-in-slot1")

    # --- Ann captures the FINALE: the game ends, Ann and Bob tie at 6 ------------------
    tap(phone, f"sq-capture-{squad_of['Ann']}-1")
    said(phone, "Ann captures the FINALE: +1 point, and the game ends at once.")
    said(phone, "Ann: 6 points (2 princesses, 1 pair, FINALE 1)")
    said(phone, "Bob: 6 points (3 princesses, 0 pairs, FINALE 0)")
    said(phone, "Cy: 2 points (1 princess, 0 pairs, FINALE 0)")
    # One phone for the table shows every tied player's button; Bob's phone, his own.
    phone.wait_for("sq-iwin-1")
    phone.wait_for("sq-iwin-2")
    second_phone.wait_for("sq-iwin-2", timeout=30_000)
    assert second_phone.by_id("sq-iwin-1").count() == 0
    phone.screenshot("i-win-race-table")
    second_phone.screenshot("i-win-race-bob")
    tap(second_phone, "sq-iwin-2")
    said(second_phone, "Bob wins!")
    said(phone, "Bob wins!", timeout=30)
    said(phone, "first and wins.")  # Bob shouted "I WIN!" (R-SQ-IWIN)
    said(phone, "R-SQ-IWIN")
    phone.screenshot("bob-wins")


def test_one_resolve_phase_in_german(browser: object, server: Server) -> None:
    context = new_context(browser, GERMAN_PHONE, locale="de-DE")
    app = AppPage(context.new_page(), server.url, OUTPUT / "squad-resolve-de" / "phone-de")
    try:
        de = Translator("de")
        app.open("/")
        new_squad_game(app, de("squads.kind.squads"))
        said(app, "Zug 1: Ann, Aufstellphase")
        deploy_red(app, 1, "Trupp {n}: red, Stärke 3")
        tap(app, "sq-end-turn")
        typed(app, "sq-deploy-color", "red")
        typed(app, "sq-deploy-strength", "2")
        tap(app, "sq-deploy")
        said(app, "Trupp 2: red, Stärke 2")
        tap(app, "sq-end-turn")
        said(app, "Cy hat keinen Trupp im Feld, also entfällt die Auswertungsphase.")
        tap(app, "sq-end-turn")
        said(app, "Zug 4: Ann, Auswertungsphase")
        said(app, de("squads.victorious", strength=3))
        app.screenshot("resolve-de")
        tap(app, "sq-capture-0-1")
        said(app, "erobert Kidnap aus SLOT1 und zieht sich ganz zurück")
        said(app, "R-SQ-STRONGEST")
        typed(app, "sq-refill-1-color", "gelb")
        tap(app, "sq-finish-resolve")
        said(app, "Zug 4: Ann, Aufstellphase")
        refilled = "SLOT1 wird vom TIMER-Stapel aufgefüllt: Kidnap (gelb)"
        said(app, f"{refilled}; über dem FINALE liegen noch 8 Karten.")
        app.screenshot("resolved-de")
    finally:
        context.close()
