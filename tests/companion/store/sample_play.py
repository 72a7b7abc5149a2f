"""Deterministic sample games for the store's tests, crash test and benchmark.

``play_turns`` drives a game through whole turns with legal commands only: each player
builds a Room (over the first one once the dungeon is full), Heroes are revealed, baited
and walked, the turn ends. Heroes carry treasure the dungeons also carry, so Heroes do
walk, die and wound; Hero Health is high and score corrections keep the game going, so
a game lasts as many turns as asked.
"""

from __future__ import annotations

from rules.commands import (
    BuildRoom,
    Command,
    CorrectScore,
    EndTurn,
    FinishAdventure,
    ResolveBait,
    RevealHeroes,
    RevealRooms,
)
from rules.errors import RulesError
from rules.game import Game
from rules.models import TREASURES, GameSetup, HeroCard, PlayerSetup, Room
from rules.phases import reveal_count


def sample_setup(players: int = 3) -> GameSetup:
    names = ["Ada", "Brann", "Cyra", "Dorn", "Eira", "Finn"][:players]
    return GameSetup(
        players=tuple(
            PlayerSetup(name=n, boss=f"Boss of {n}", xp=10 + i, boss_treasure=(TREASURES[i % 5],))
            for i, n in enumerate(names)
        ),
        ordinary_heroes=999,
        epic_heroes=0,
    )


def next_commands(game: Game, step: int) -> list[Command]:
    """The commands that move the game one phase forward."""
    state = game.state
    phase = state.phase
    if phase in ("setup", "build"):
        out: list[Command] = []
        for i, p in enumerate(state.players):
            if p.eliminated or p.pending is not None or p.built_this_phase:
                continue
            treasure = TREASURES[(step + i) % 4]
            room = Room(name="", treasure=(treasure,), damage=1 + (step + i) % 3)
            over = 0 if len(p.dungeon) >= 5 else None
            out.append(BuildRoom(player=p.name, room=room, over=over))
        return [*out, RevealRooms()]
    if phase == "beginning":
        heroes = tuple(
            HeroCard(treasure=(TREASURES[(step + i) % 4],), health=4 + (step + i) % 5)
            for i in range(reveal_count(state))
        )
        return [RevealHeroes(heroes=heroes)]
    if phase == "bait":
        return [ResolveBait()]
    if phase == "adventure":
        return [FinishAdventure()]
    if phase == "end":
        fixes: list[Command] = []
        for p in state.players:
            souls, wounds = state.souls(p.name), state.wounds(p.name)
            if souls >= 6 or wounds >= 3:
                fixes.append(
                    CorrectScore(player=p.name, souls=-souls, wounds=-wounds, reason="sample")
                )
        return [*fixes, EndTurn()]
    raise AssertionError(f"sample game cannot continue from phase {phase!r}")


def play_turns(game: Game, turns: int) -> Game:
    """Play until ``turns`` turns have been completed (state.turn == turns + 1)."""
    step = 0
    while game.state.turn <= turns and not game.state.game_over:
        for command in next_commands(game, step):
            game, _ = game.play(command)
        step += 1
    return game


def command_stream(game: Game) -> tuple[Game, Command]:
    """One more legal command (for loops that save after every command)."""
    command = next_commands(game, game.version)[0]
    new_game, _ = game.play(command)
    return new_game, command


#: The sample dungeons offer TREASURES[0..3] (and each Boss its own): with three players
#: nobody offers TREASURES[4], so a Hero carrying it stays in town.
UNBAITED = TREASURES[4]


def crowded_game(length: int, players: int = 3) -> Game:
    """A game of ``length`` commands whose town is as full as the rules allow."""
    game = Game.new(sample_setup(players))
    while game.version < length:
        if game.state.phase == "beginning":
            count = reveal_count(game.state)
            crowd = RevealHeroes(heroes=(HeroCard(treasure=(UNBAITED,), health=4),) * count)
            try:
                game, _ = game.play(crowd)
                continue
            except RulesError:
                pass  # not these Heroes: the sample's own (a full town reveals none)
        game, _ = game.play(next_commands(game, game.version)[0])
    return game
