"""The app's routes: which ones show a game, and their names and game ids."""

from __future__ import annotations

#: The routes that show a game ('/<name>/<id>'). Each of them passes the join-code gate
#: (``gate_route``); a new screen that shows a game belongs here.
GAME_ROUTES = frozenset({"game", "setup", "table"})


def route_game_id(route: str) -> str | None:
    """'/game/<id>', '/table/<id>' or '/setup/<id>' -> '<id>' (the game a route is
    about), else None.
    Other screens' routes carry other things ('/rules/<entry>'): they name no game."""
    parts = route.split("?")[0].strip("/").split("/")
    if parts[0] not in GAME_ROUTES:
        return None
    return parts[1] if len(parts) > 1 and parts[1] else None


def route_name(route: str) -> str:
    """'/setup?x=1' -> 'setup'; '/' -> 'home'. Used in semantics identifiers."""
    path = route.split("?")[0].strip("/")
    return path.split("/")[0] or "home"
