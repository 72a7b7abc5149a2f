"""Several devices at one table: join codes, seats, who may change a game, who is here.

Nothing in this package draws anything: the screens ask it who this device is in a game
(:mod:`companion.sync.access`), the server keeps each game's join code and seat claims
(:mod:`companion.sync.registry`) and which devices are connected right now
(:mod:`companion.sync.presence`).
"""
