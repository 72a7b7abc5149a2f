"""The squad game (rulebook 004): monster bosses send squads of minions to capture MAP
cards and kidnap princesses before the winter FINALE.

Its modules, beside Boss Monster's in ``rules/``:

* ``models``: the table (players, squads, princesses, the two MAP slots, the TIMER);
* ``commands`` and ``events``: what players ask, and what happened with its ruling;
* ``engine`` (decide) and ``evolve``: the turn, Resolve, recruits; ``map_cards``: what a
  captured MAP card does;
* ``resolve``: who wins a colour; ``scoring``: the score and the winners;
* ``game``: a game as its set-up plus its command log; ``table``: ``python -m rules
  squads``'s input and answer; ``messages``: its sentences by key.

What it shares with Boss Monster: ``rules.command_log`` (log, undo, redo, replay),
``rules.errors`` (refusals naming a rule), ``rules.rulings`` (rule ids and sentences),
``rules.events.EventBase``, ``rules.cli`` and ``rules.json_text`` (the CLI contract).
The rulings where the rulebook is silent are ``data/glossary/squads_rulings.md``.
"""
