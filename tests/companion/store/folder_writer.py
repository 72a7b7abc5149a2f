"""Writer process for the two-process crash test: a server's saves, with its folder lock.

Run as ``python folder_writer.py DATA_DIR GAME_ID``. It locks the data folder as the
server does (``hold_data_folder``); if another process holds it, it prints
``refused <message>`` and exits 3 without touching a file. Otherwise it prints
``holding``, opens the game and saves one more command at a time, printing ``ack <n>``
after each save returns, until it is killed.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from sample_play import command_stream

from companion.store import GameStore
from companion.store.folder_lock import FolderInUse, hold_data_folder


def say(line: str) -> None:
    os.write(1, (line + "\n").encode())


def main(data_dir: str, game_id: str) -> int:
    try:
        lock = hold_data_folder(Path(data_dir))
    except FolderInUse as refused:
        say(f"refused {refused}")
        return 3
    say("holding")
    store = GameStore(data_dir, compact_every=8)
    game = store.load(game_id).game
    while True:
        new_game, _command = command_stream(game)
        store.save(game_id, new_game, after=game)
        game = new_game
        say(f"ack {len(game.log)}")
    lock.release()  # never reached: the test kills the writer


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
