"""Writer process for the crash test: saves commands in a loop until it is killed.

Run as ``python crash_writer.py DATA_DIR``. It imports everything once, prints ``ready``,
then for each ``<game_id>`` line on stdin forks a child that opens the game and saves one
more command at a time, printing ``<game_id> ack <n>`` after each save returns (so ``n``
commands are acknowledged). Most saves append to the game's journal (as a session's do),
which is written whole in the background every ``COMPACT_EVERY`` lines; every
``WHOLE_EVERY``-th save writes the game whole at once instead. The parent reports
``child <game_id> <pid>`` and, once the child has died, ``exit <game_id> <pid> <status>``.
Forking spares each run the cost of starting Python and importing pydantic, so hundreds
of kills fit in a short test.
"""

from __future__ import annotations

import os
import sys

from sample_play import command_stream

from companion.store import GameStore

COMPACT_EVERY = 8
WHOLE_EVERY = 11


def say(line: str) -> None:
    os.write(1, (line + "\n").encode())  # one write per line: lines never interleave


def write_forever(data_dir: str, game_id: str) -> None:
    store = GameStore(data_dir, compact_every=COMPACT_EVERY)
    game = store.load(game_id).game
    say(f"{game_id} start {len(game.log)}")
    while True:
        new_game, _command = command_stream(game)
        if new_game.version % WHOLE_EVERY == 0:
            store.save(game_id, new_game)
        else:
            store.save(game_id, new_game, after=game)
        game = new_game
        say(f"{game_id} ack {len(game.log)}")


def serve(data_dir: str) -> None:
    say("ready")
    for line in sys.stdin:
        game_id = line.strip()
        if not game_id:
            continue
        pid = os.fork()
        if pid == 0:
            code = 0
            try:
                write_forever(data_dir, game_id)
            except BaseException as error:  # report, then leave without running atexit code
                say(f"{game_id} error {type(error).__name__}: {error}")
                code = 3
            os._exit(code)
        say(f"child {game_id} {pid}")
        _, status = os.waitpid(pid, 0)
        say(f"exit {game_id} {pid} {status}")


if __name__ == "__main__":
    serve(sys.argv[1])
