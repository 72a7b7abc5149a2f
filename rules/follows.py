"""What comes by itself: the step the rules leave nobody a choice about (R-FOLLOWS).

Between some steps of a turn the rules give the table nothing to play, so the step after
may come in the same tap (a command made with ``go_on``), each said in the log:

- the Bait phase allows no Spell and no Room ability: once the Rooms are revealed, the
  Heroes are lured;
- Spells and abilities are played in a Room, after its damage (R-ADV-WALK): a Hero at a
  dungeon's entrance walks into its first Room;
- the End of Turn allows no Spell and no activated ability: once every Hero has been
  processed, the turn is ruled on;
- the Beginning of Turn allows none either: once the Heroes the turn reveals are entered,
  nothing is left to wait for (``heroes_reveal_on_entry``, asked by the Hero form).

The referee stops wherever something may still happen first: an ability waiting for its
owner's answer (an optional one too: its No is a choice), an ability that has just fired
(a reminder the table carries out by hand) or a Boss's Level Up (R-LEVELUP), an Item just
won face up, whose Boss effect may be used at once, or one to keep face up (R-ITEM), a
Miniboss whose Level 3 may be used (R-MINI: in any phase), or a command its phase holds
back.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules import commands as cmd
from rules import events as ev
from rules import items
from rules.models import GameState
from rules.phases import held_back
from rules.rulings import Ruling

Follow = cmd.ResolveBait | cmd.AdvanceHero | cmd.EndTurn

#: The message key of the note that says why each step came by itself.
NOTES: dict[type[Follow], str] = {
    cmd.ResolveBait: "follow.bait",
    cmd.AdvanceHero: "follow.enter",
    cmd.EndTurn: "follow.end",
}


def level3_ready(state: GameState) -> bool:
    """Whether a revealed Miniboss at Level 3 stands on an upright Room of a player still
    in the game: its owner may use it in any phase (R-MINI)."""
    return any(
        stack.miniboss is not None
        and not stack.miniboss.face_down
        and stack.miniboss.level == 3
        and not stack.deactivated
        for player in state.players
        if not player.eliminated
        for stack in player.dungeon
    )


def just_given(event: ev.EventBase) -> bool:
    """Whether ``event`` gave a player something to do now: an ability fired (an answer or
    a reminder, R-CARD-EFFECT), a Boss's Level Up (a Boss typed by hand has it carried out
    by hand, R-LEVELUP), an Item won face up (its Boss effect, R-ITEM)."""
    return isinstance(event, ev.CardEffectFired | ev.BossLeveledUp) or (
        isinstance(event, ev.ItemScored) and event.face_up
    )


def something_waits(state: GameState, just_happened: Sequence[ev.EventBase] = ()) -> bool:
    """Whether a player may still act before the turn goes on: an ability waits for its
    answer, an ability fired or an Item was won face up by the step just made, an Item may
    be kept face up (R-ITEM), a Miniboss's Level 3 may be used (R-MINI)."""
    return (
        bool(state.offers)
        or any(just_given(e) for e in just_happened)
        or any(items.open_choice(state, p) for p in state.players)
        or level3_ready(state)
    )


def follows(state: GameState, just_happened: Sequence[ev.EventBase] = ()) -> Follow | None:
    """The step that comes by itself now, or None where the table may act first (or
    nothing is due). ``just_happened``: the events of the step made just before."""
    if state.game_over or something_waits(state, just_happened):
        return None
    if state.phase == "bait" and not held_back(state, cmd.ResolveBait):
        return cmd.ResolveBait()
    walk = state.walk
    if state.phase == "adventure" and walk is not None and walk.room is None:
        return cmd.AdvanceHero()
    if state.phase == "end" and not held_back(state, cmd.EndTurn):
        return cmd.EndTurn()
    return None


def note(state: GameState, step: Follow) -> ev.Noted:
    """The log's line for a step that came by itself: what, and why nobody was asked."""
    args: dict[str, str | int] = {}
    if isinstance(step, cmd.AdvanceHero) and state.walk is not None:
        args = {"hero": state.hero(state.walk.hero).label(), "player": state.walk.player}
    return ev.Noted(ruling=Ruling(rule="R-FOLLOWS", key=NOTES[type(step)], args=args))


def heroes_reveal_on_entry(state: GameState) -> bool:
    """Whether the Heroes are revealed as soon as the turn's count is entered: the
    Beginning of Turn allows no Spell, Room or ability (R-FOLLOWS), so once they are in,
    only a wrong entry could keep them back (and Undo takes the reveal back)."""
    return (
        state.phase == "beginning"
        and not held_back(state, cmd.RevealHeroes)
        and not something_waits(state)
    )
