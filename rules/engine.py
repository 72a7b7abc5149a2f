"""The referee: ``decide`` whether a command is legal, ``evolve`` the state, ``replay`` a log.

Data flows one way: command → decide (raises ``RulesError`` naming the rule) → events
(each with its ruling) → evolve → new frozen state. A game is its set-up plus its
commands, so any state is rebuilt by replaying them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from pydantic import BaseModel, ConfigDict

from rules import (
    activated,
    adventure,
    bait,
    boss_actions,
    boss_turn_end,
    build,
    card_answers,
    card_triggers,
    expansions,
    follows,
    items,
    minibosses,
    phases,
    room_order,
    spell_bars,
)
from rules import commands as cmd
from rules import events as ev
from rules.end_of_turn import end_turn
from rules.errors import HeroError, PhaseError, RulesError, acting_player
from rules.evolve import evolve
from rules.models import GameSetup, GameState, Hero
from rules.rulings import Ruling
from rules.setup import new_game
from rules.table import MAX_TOWN

__all__ = [
    "Replay",
    "apply",
    "decide",
    "evolve",
    "new_game",
    "replay",
    "replay_partial",
]


class _Fold:
    """Events collected while the state moves forward, for commands made of steps."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[ev.EventBase] = []

    def add(self, events: Iterable[ev.EventBase]) -> None:
        for event in events:
            # The expansions' consequences ride along (R-ITEM, R-MINI): nothing without them.
            for step in (*expansions.before(self.state, event), event):
                self.state = evolve(self.state, step)
                self.events.append(step)
            self.add(expansions.after(self.state, event))

    def step(self, producer: Callable[[GameState], Sequence[ev.EventBase]]) -> None:
        self.add(producer(self.state))


def _go_on(fold: _Fold, command: BaseModel) -> None:
    """A command made with ``go_on``: the steps that follow by themselves come too, each
    after a note saying why nobody was asked (R-FOLLOWS), until the table may act."""
    if not getattr(command, "go_on", False):
        return
    last: Sequence[ev.EventBase] = fold.events
    while (step := follows.follows(fold.state, last)) is not None:
        fold.add([follows.note(fold.state, step)])
        then = _decide(fold.state, step)  # already folded: taken as it is
        fold.state, last = then.state, then.events
        fold.events += last


def _check_phase(state: GameState, command: BaseModel) -> None:
    if state.phase == "over":
        raise PhaseError(
            "R-END-WIN",
            "err.game_over",
            why=state.outcome.why if state.outcome else "a winner was declared",
        )
    allowed = phases.phases_of(type(command))
    if state.phase not in allowed:
        raise PhaseError("R-PHASE", "err.phase", phase=state.phase, expected=allowed[0])


def _after_walk(fold: _Fold) -> None:
    """A walk ended (death, Boss, sent back): the next Hero steps up, or the phase ends."""
    if fold.state.walk is None and fold.state.phase == "adventure":
        fold.step(adventure.next_walk)


def _walk_to_end(fold: _Fold) -> None:
    walk = fold.state.walk
    if walk is None:
        raise HeroError("R-ADV-WALK", "err.no_walk")
    room_order.check_walk_may_go_on(fold.state)  # a question about this Room waits
    hero = walk.hero
    while fold.state.walk is not None and fold.state.walk.hero == hero:
        fold.step(adventure.advance)
        _after_walk(fold)
        if room_order.walk_question(fold.state) is not None:
            return  # the walk waits for it (Magipede: Spell cards in hand)


def _reveal_heroes(state: GameState, command: cmd.RevealHeroes) -> list[ev.EventBase]:
    items.check_heroes_may_come(state)
    if len(state.town) + len(command.heroes) > MAX_TOWN:
        # More Heroes waiting than every Hero deck holds: not a real table (the turn
        # reveals fewer then: ``phases.reveal_count``).
        raise HeroError("R-SETUP-HEROES", "err.town_full", most=MAX_TOWN)
    expected = phases.reveal_count(state)
    if len(command.heroes) != expected:
        raise HeroError(
            "R-TURN-REVEAL", "err.reveal_count", expected=expected, got=len(command.heroes)
        )
    out: list[ev.EventBase] = []
    heroes: list[Hero] = []
    for i, card in enumerate(command.heroes):
        if i < state.ordinary_left and card.epic:
            raise HeroError("R-SETUP-HEROES", "err.reveal_epic_early", left=state.ordinary_left)
        if i >= state.ordinary_left and not card.epic:
            raise HeroError("R-SETUP-HEROES", "err.reveal_ordinary_late")
        if state.setup.ruleset.hard_mode and not card.epic and card.health == 4:
            raise HeroError("R-SETUP-HEROES", "err.hard_mode", hero=card.label())
        hero = Hero(id=len(state.heroes) + i, card=card)
        heroes.append(hero)
        out.append(
            ev.HeroRevealed(
                hero=hero,
                ruling=Ruling(
                    rule="R-BAIT-ORDER", key="turn.revealed", args={"hero": hero.label()}
                ),
            )
        )
    out += items.taken_by_new_heroes(state, heroes)
    out.append(phases.phase_done(state))
    return out


def _no_town_offer_waiting(state: GameState) -> None:
    """Refuse the Bait while an ability that picks a Hero in town waits for its answer:
    "when you build" and Level Up abilities resolve at the reveal, before any Hero is lured
    (R-BUILD-ONE), so luring first would take its targets away."""
    waiting = phases.town_offer_waiting(state)
    if waiting is not None:
        raise RulesError(
            "R-CARD-EFFECT", "err.offer_before_bait", card=waiting.card, player=waiting.player
        )


def _no_must_do_offer_waiting(state: GameState) -> None:
    """Refuse to end the turn while an ability the card does not make optional waits:
    offers lapse when the next turn begins, so ending it would drop the ability unplayed
    (an optional one left unanswered is simply a No)."""
    waiting = phases.must_do_offer_waiting(state)
    if waiting is not None:
        raise RulesError(
            "R-CARD-EFFECT", "err.offer_before_end", card=waiting.card, player=waiting.player
        )


def _no_score_below_zero(state: GameState, name: str, souls: int, wounds: int) -> None:
    """A table counts Souls and Wounds from zero: a correction that would leave either below
    zero is a slip of the thumb, refused with what the score would become (R-SCORE-CORRECT)."""
    for score, now, change in (
        ("souls", state.souls(name), souls),
        ("wounds", state.wounds(name), wounds),
    ):
        if now + change < 0:
            raise RulesError(
                "R-SCORE-CORRECT", f"err.{score}_below_zero", player=name, now=now, change=change
            )


def _resolve_bait(state: GameState) -> list[ev.EventBase]:
    out: list[ev.EventBase] = []
    for lure in bait.resolve(state):
        if lure.player is None:
            out.append(ev.HeroStayed(hero=lure.hero, ruling=lure.ruling))
        else:
            out.append(ev.HeroLured(hero=lure.hero, player=lure.player, ruling=lure.ruling))
    out.append(phases.phase_done(state))
    return out


def _reveal_rooms(state: GameState) -> list[ev.EventBase]:
    out = [*build.reveal(state), *minibosses.reveal(state)]
    if state.phase == "setup":
        out.append(ev.Noted(ruling=Ruling(rule="R-SETUP-FIRST", key="setup.done", args={})))
    out.append(phases.phase_done(state))
    return out


def _destroy(fold: _Fold, command: cmd.DestroyRoom) -> None:
    state = fold.state
    player = acting_player(state, command.player)
    event = build.destroy(state, player, command.index)
    walk = state.walk
    if (
        walk is not None
        and walk.player == player.name
        and walk.room == command.index
        and state.walk_lethal
    ):
        # The Hero leaves the destroyed Room at once, and leaving with damage at least its
        # Health it dies there (R-ADV-DEATH; rulebook FAQ: it moves on only if it survives).
        fold.step(adventure.advance)
        fold.add([event])
        fold.add(card_triggers.destroyed(state, fold.state, player.name, command.index))
        _after_walk(fold)
        return
    fold.add([event])
    fold.add(card_triggers.destroyed(state, fold.state, player.name, command.index))
    stack = player.dungeon[command.index]
    if (
        walk is not None
        and walk.player == player.name
        and walk.room == command.index
        and len(stack.rooms) > 1
    ):
        # The Hero stood in the destroyed Room: it moves on without taking the damage of
        # the Room uncovered beneath (rulebook FAQ; R-DESTROY).
        fold.add(
            [
                ev.Noted(
                    ruling=Ruling(
                        rule="R-DESTROY",
                        key="adv.room_destroyed_under",
                        args={"hero": state.hero(walk.hero).label()},
                    )
                )
            ]
        )


def _heal_wound(state: GameState, command: cmd.HealWound) -> list[ev.EventBase]:
    player = acting_player(state, command.player)
    wounds = player.healable
    if not wounds:
        raise HeroError("R-HEAL", "err.no_wound", player=player.name)
    if command.hero is not None:
        chosen = [s for s in wounds if s.hero == command.hero]
        if not chosen:
            raise HeroError("R-HEAL", "err.no_wound", player=player.name)
        target = chosen[0]
    else:
        # The most valuable Wound first: an Epic Hero turns two Wounds into two Souls.
        target = max(wounds, key=lambda s: state.hero(s.hero).card.worth)
    return [
        ev.WoundHealed(
            player=player.name,
            hero=target.hero,
            ruling=Ruling(
                rule="R-HEAL",
                key="heal.wound",
                args={"player": player.name, "hero": state.hero(target.hero).label()},
            ),
        )
    ]


def _decide(state: GameState, command: BaseModel) -> _Fold:
    expansions.check_enabled(state, command)
    _check_phase(state, command)
    fold = _Fold(state)
    if isinstance(command, expansions.ITEM_COMMANDS + expansions.MINIBOSS_COMMANDS):
        fold.add(expansions.decide(state, command))
        _after_walk(fold)  # an Item's Reward may end a walk (Vorpal Blade kills the Hero)
        return fold
    match command:
        case cmd.BuildRoom(player=name, room=room, over=over):
            fold.add([build.place(state, acting_player(state, name), room, over)])
        case cmd.RevealRooms():
            fold.add(_reveal_rooms(state))
        case cmd.RevealHeroes():
            fold.add(_reveal_heroes(state, command))
        case cmd.ResolveBait():
            _no_town_offer_waiting(state)
            fold.add(_resolve_bait(state))
            fold.step(adventure.next_walk)
        case cmd.AdvanceHero():
            room_order.check_walk_may_go_on(state)
            fold.step(adventure.advance)
            _after_walk(fold)
        case cmd.FinishWalk():
            _walk_to_end(fold)
        case cmd.FinishAdventure():
            while fold.state.phase == "adventure" and fold.state.walk is not None:
                _walk_to_end(fold)
                if room_order.walk_question(fold.state) is not None:
                    break  # answered first, then the Adventure goes on
        case cmd.DamageHero(amount=amount):
            fold.add(adventure.damage(state, amount))
        case cmd.HealHero(amount=amount):
            fold.add(adventure.heal(state, amount))
        case cmd.KillHero():
            fold.add(adventure.kill(state))
            _after_walk(fold)
        case cmd.SendHeroBack(to=to):
            fold.add(adventure.send_back(state, to))
            _after_walk(fold)
        case cmd.SkipRoom():
            fold.add(adventure.skip(state))
        case cmd.DestroyRoom():
            _destroy(fold, command)
        case cmd.UseRoomAbility():  # its effect, then its cost's Room destroyed
            events, destroys = activated.use(state, command)
            fold.add(events)
            for index in destroys:  # last first: the others keep their places
                _destroy(fold, cmd.DestroyRoom(player=command.player, index=index))
            _after_walk(fold)
        case cmd.UseBossAbility():  # a Boss's Level Up used at will (its own button)
            fold.add(boss_actions.use(state, command))
        case cmd.DeactivateRoom(player=name, index=index):
            fold.add([build.deactivate(state, acting_player(state, name), index)])
        case cmd.SetTreasureBonus(player=name, treasure=treasure, amount=amount):
            player = acting_player(state, name)
            fold.add(
                [
                    ev.TreasureBonusSet(
                        player=player.name,
                        treasure=treasure,
                        amount=amount,
                        ruling=Ruling(
                            rule="R-BAIT-TOTAL",
                            key="bonus.set",
                            args={"player": player.name, "treasure": treasure, "amount": amount},
                        ),
                    )
                ]
            )
        case cmd.HealWound():
            fold.add(_heal_wound(state, command))
        case cmd.CorrectScore(player=name, souls=souls, wounds=wounds, reason=reason):
            player = acting_player(state, name, active=False)
            _no_score_below_zero(state, player.name, souls, wounds)
            fold.add(
                [
                    ev.ScoreCorrected(
                        player=player.name,
                        souls=souls,
                        wounds=wounds,
                        ruling=Ruling(
                            rule="R-SCORE-CORRECT",
                            key="score.corrected",
                            args={
                                "player": player.name,
                                "souls": souls,
                                "wounds": wounds,
                                "reason": reason or "correction",
                            },
                        ),
                    )
                ]
            )
        case cmd.EndTurn():
            _no_must_do_offer_waiting(state)
            asked = card_triggers.end_choices(state)  # Blockpile Puzzle: asked first
            asked += boss_turn_end.asked(state)  # Shellda's swap, from its Level Up on
            if any(isinstance(e, ev.CardEffectFired) for e in asked):
                fold.add(asked)  # the turn ends once they are answered
            else:
                fold.add([*asked, *end_turn(state)])
        case cmd.CastSpell(player=name):
            fold.add(spell_bars.cast(state, command, acting_player(state, name)))
            _after_walk(fold)
        case cmd.AnswerCardEffect(player=name, card_id=card_id, accept=accept):
            heal = card_answers.find_offer(state, name, card_id).offer == "heal_wound"
            fold.add(card_answers.answer(state, command))
            if accept and heal:  # the owner's HealWound (R-HEAL)
                fold.add(_heal_wound(fold.state, cmd.HealWound(player=name)))
            _after_walk(fold)  # an answer may end a walk (a die's damage kills the Hero)
        case _:
            raise TypeError(f"not a command: {command!r}")
    _go_on(fold, command)
    return fold


def apply(state: GameState, command: BaseModel) -> tuple[GameState, tuple[ev.EventBase, ...]]:
    """The state after ``command`` and the events that explain it (raises ``RulesError``)."""
    fold = _decide(state, command)
    new_state = fold.state.model_copy(update={"version": state.version + 1})
    return new_state, tuple(fold.events)


def decide(state: GameState, command: BaseModel) -> tuple[ev.EventBase, ...]:
    """The events ``command`` causes in ``state``; raises ``RulesError`` if it is illegal."""
    return apply(state, command)[1]


def replay(setup: GameSetup, commands: Iterable[BaseModel]) -> GameState:
    """The state a game reaches: its set-up, then every command in order."""
    state = new_game(setup)
    for command in commands:
        state, _ = apply(state, command)
    return state


class Replay(BaseModel):
    """How far a stored log replays: ``failure`` names the first command that no longer
    does (``applied`` is its index), and ``state`` is the table just before it."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    state: GameState
    applied: int
    failure: RulesError | None = None


def replay_partial(setup: GameSetup, commands: Sequence[BaseModel]) -> Replay:
    state = new_game(setup)
    for index, command in enumerate(commands):
        try:
            state, _ = apply(state, command)
        except RulesError as error:
            return Replay(state=state, applied=index, failure=error)
    return Replay(state=state, applied=len(commands))
