"""Durable saved games: one crash-safe TinyDB file per game, listing, backups, export."""

from companion.store.export import export_table
from companion.store.games import BackupInfo, GameStore, LoadedGame
from companion.store.listing import Listing
from companion.store.paths import default_data_dir, resolve_data_dir
from companion.store.problems import (
    FailedCommand,
    FieldError,
    GameNotFound,
    GameUnreadable,
    ImportRejected,
    NoBackup,
    SaveFailed,
    StoreError,
    StoreProblem,
)
from companion.store.records import GameSummary, Progress

__all__ = [
    "BackupInfo",
    "FailedCommand",
    "FieldError",
    "GameNotFound",
    "GameStore",
    "GameSummary",
    "GameUnreadable",
    "ImportRejected",
    "Listing",
    "LoadedGame",
    "NoBackup",
    "Progress",
    "SaveFailed",
    "StoreError",
    "StoreProblem",
    "default_data_dir",
    "export_table",
    "resolve_data_dir",
]
