"""Which Rooms a card played from the hand may be aimed at (R-CARD-EFFECT): the engine
refuses a Room of the wrong owner or kind before any effect (``spell_effects.check_aim``),
and ``flow.spell_rooms`` offers the Spell panel only the Rooms its dry run does not refuse
for being that Room; ``flow.spell_players`` does the same for the players a card names,
and ``flow.spell_heroes`` gives the Heroes it may name."""

from __future__ import annotations

from referee_fixtures import bait_state, refused, run, t_hero, t_player
from test_card_effects import _in_build, plain, walking

from rules import commands as c
from rules import flow
from rules.models import GameState, RoomStack, ScoredHero
from rules.spell_effects import PLAYER_REFUSALS

ANNIHILATOR = "BMA040"  # Adventure: a Trap Room +N
SECRET_STASH = "TNL067"  # Build: a Room of yours, one more treasure of the type named
SUPER_EFFECTIVE = "TNL069"  # Adventure: a Room of yours +2 (or +4)
SURPRISE_GIFT = "TNL070"  # Build: your build, face down over an opponent's Room


def _b_builds(state: GameState) -> GameState:
    """B gets a Monster Room and a Trap Room (``walking`` leaves B none)."""
    rooms = (RoomStack(rooms=(plain("monster", 1),)), RoomStack(rooms=(plain("trap", 1),)))
    b = state.player("B").model_copy(update={"dungeon": rooms})
    return state.model_copy(update={"players": (state.players[0], b)})


def test_a_spell_for_a_room_of_yours_is_refused_on_an_opponents_room() -> None:
    """Super Effective! aimed at B's Room by A: refused, nothing boosted; on A's own, +2."""
    state = _b_builds(walking([plain("monster", 1)], [t_hero("fighter", 20)] * 2))
    error = refused(
        state, c.CastSpell(player="A", card_id=SUPER_EFFECTIVE, target="B", room=0), "R-CARD-EFFECT"
    )
    assert error.key == "err.spell_own_room"
    state = run(state, c.CastSpell(player="A", card_id=SUPER_EFFECTIVE, target="A", room=0))
    assert state.player("A").dungeon[0].boost == 2


def test_a_gift_for_an_opponents_room_is_refused_on_ones_own() -> None:
    """Surprise Gift aimed at A's own Room by A: refused for the owner, before the Room
    card it would place is even asked for."""
    state = _in_build([plain("monster", 1)], [])
    command = c.CastSpell(player="A", card_id=SURPRISE_GIFT, target="A", room=0)
    assert refused(state, command, "R-CARD-EFFECT").key == "err.spell_opponent_room"


def test_spell_rooms_are_the_casters_own_for_a_room_of_yours() -> None:
    """Secret Stash (no treasure named yet: that refusal leaves the Rooms in): A's two
    Rooms for A, B's one for B, all three while nobody is named as the caster."""
    state = _in_build([plain("monster", 1), plain("trap", 2)], [])
    assert flow.spell_rooms(state, "A", SECRET_STASH) == [("A", 0), ("A", 1)]
    assert flow.spell_rooms(state, "B", SECRET_STASH) == [("B", 0)]
    assert flow.spell_rooms(state, None, SECRET_STASH) == [("A", 0), ("A", 1), ("B", 0)]


def test_spell_rooms_for_a_gift_are_the_opponents() -> None:
    state = _in_build([plain("monster", 1), plain("trap", 2)], [])
    assert flow.spell_rooms(state, "A", SURPRISE_GIFT) == [("B", 0)]
    assert flow.spell_rooms(state, "B", SURPRISE_GIFT) == [("A", 0), ("A", 1)]


def test_spell_rooms_leave_out_another_kind_and_a_deactivated_room() -> None:
    """Annihilator takes an active Trap Room in any dungeon: A's Monster Room and A's
    deactivated Trap are left out; A's other Trap and B's Trap are offered."""
    rooms = [plain("monster", 1), plain("trap", 1), plain("trap", 1)]
    state = _b_builds(walking(rooms, [t_hero("fighter", 20)], deactivated=(2,)))
    assert flow.spell_rooms(state, "A", ANNIHILATOR) == [("A", 1), ("B", 1)]


# --- The players and Heroes a card names (``flow.spell_players``, ``flow.spell_heroes``) ---

ANOTHER_CASTLE = "TNL057"  # the Hero walking your dungeon to an opponent's entrance
PARTY_UP = "TNL064"  # the Heroes entering the dungeon named: +1 Health
SHORT_CIRCUIT = "RMB077"  # the opponent named pays a Coin per Spell this turn
MEDDLING_KIDS = "TNL062"  # a Room +N, or a player who cannot win this turn
AGENT_OF_EVIL = "TPU013"  # a Hero in town to an opponent's entrance
UNDEAD_MINION = "TNL071"  # a face-down Hero of yours leaves the game: its Health as damage
GIANT_SIZE = "BMA047"  # a Monster Room +3: names no player


def _three(phase: str = "adventure") -> GameState:
    """A, B and C; C is out of the game. In the Adventure, a Fighter walks A's two Traps;
    in the Build phase (``phase="build"``), it waits in town with a Mage. A holds the
    Mage as a Soul (face down) and a Thief as a Wound (face up)."""
    players = [t_player("A", 900, boss_treasure=["fighter"]), t_player("B", 100)]
    heroes = [t_hero("fighter", 9), t_hero("mage", 4), t_hero("thief", 4)]
    state = bait_state([*players, t_player("C", 50)], heroes)
    traps = (RoomStack(rooms=(plain("trap", 1),)), RoomStack(rooms=(plain("trap", 1),)))
    scored = (ScoredHero(hero=1, face_up=False), ScoredHero(hero=2, face_up=True))
    a = state.player("A").model_copy(update={"dungeon": traps, "scored": scored})
    state = state.model_copy(
        update={"players": (a, *state.players[1:]), "town": (0,), "ordinary_left": 10}
    )
    if phase == "adventure":
        state = run(state, c.ResolveBait(), c.AdvanceHero())
        assert state.walk is not None and state.walk.player == "A"
    else:
        state = state.model_copy(update={"phase": phase})
    return state.with_player("C", eliminated=True)


def _taken(state: GameState, caster: str, card: str, players: list[str]) -> None:
    """Each player offered is one the engine's dry run does not refuse for being that
    player, and each other player at the table is refused for it."""
    for name in ("A", "B", "C"):
        error = flow.why_not(state, c.CastSpell(player=caster, card_id=card, target=name))
        refused_for_player = error is not None and error.key in PLAYER_REFUSALS
        assert refused_for_player == (name not in players), (card, caster, name, error)


def test_an_opponents_entrance_is_never_the_casters_nor_a_player_out() -> None:
    """Another Castle and Short Circuit name an opponent still in the game: B for A, A for
    B; with no caster named yet, both (each is someone's opponent). C is out: never."""
    state = _three()
    for card in (ANOTHER_CASTLE, SHORT_CIRCUIT):
        assert flow.spell_players(state, "A", card) == ["B"]
        assert flow.spell_players(state, "B", card) == ["A"]
        assert flow.spell_players(state, None, card) == ["A", "B"]
    _taken(state, "A", ANOTHER_CASTLE, ["B"])
    _taken(state, "A", SHORT_CIRCUIT, ["B"])
    _taken(state, "B", SHORT_CIRCUIT, ["A"])


def test_a_dungeon_named_is_anyones_still_in_the_game() -> None:
    """Party Up names any dungeon, the caster's own too, but not that of a player out."""
    state = _three()
    assert flow.spell_players(state, "A", PARTY_UP) == ["A", "B"]
    assert flow.spell_players(state, "B", PARTY_UP) == ["A", "B"]
    _taken(state, "B", PARTY_UP, ["A", "B"])


def test_a_player_named_instead_of_a_room_is_anyone_still_in_the_game() -> None:
    """Meddling Kids!, in the Build phase: any player still in the game, the caster too."""
    state = _three("build")
    assert flow.spell_players(state, "A", MEDDLING_KIDS) == ["A", "B"]
    assert flow.spell_players(state, "A", AGENT_OF_EVIL) == ["B"]
    assert flow.spell_players(state, "A", GIANT_SIZE) == []


def test_the_heroes_a_card_names_are_in_town_or_the_casters_souls() -> None:
    """Agent of Evil names a Hero in town; Undead Minion one of the caster's face-down
    Heroes (A's Mage, not its Wound, the Thief), and none while no caster is named."""
    assert flow.spell_heroes(_three("build"), "A", AGENT_OF_EVIL) == [0]
    state = _three()
    assert flow.spell_heroes(state, "A", UNDEAD_MINION) == [1]
    assert flow.spell_heroes(state, "B", UNDEAD_MINION) == []
    assert flow.spell_heroes(state, None, UNDEAD_MINION) == []
    assert flow.spell_heroes(state, "A", GIANT_SIZE) == []
    error = flow.why_not(state, c.CastSpell(player="A", card_id=UNDEAD_MINION, hero=2))
    assert error is not None and error.key == "err.spell_needs_own_soul"  # a Wound, no Soul
    assert flow.why_not(state, c.CastSpell(player="A", card_id=UNDEAD_MINION, hero=1)) is None


def test_the_casters_are_the_players_still_in_the_game() -> None:
    assert flow.casters(_three()) == ["A", "B"]
