"""The referee engine: pure, typed Python (no UI, storage, clock or randomness).

It referees two games, side by side:

* **Boss Monster** (the modules directly in ``rules/``): ``models``, ``commands``,
  ``events``, ``engine`` (decide) and ``evolve``, ``setup``, ``bait``, ``build``,
  ``adventure``, ``end_of_turn``, ``items``, ``minibosses``, ``spells``, the card
  abilities (``effects``, ``card_effects``, ``card_messages``, ``card_text``),
  ``expansions``, ``game`` (a game and its log), ``table`` (``python -m rules turn``).
* **The squad game** of rulebook 004 (the package ``rules/squads/``): its own models,
  commands, events, engine, resolve, scoring, game and table; see its docstring.

What both games share: ``command_log`` (a game as set-up plus command log: undo, redo,
replay), ``errors`` (a refusal names its rule), ``rulings`` (rule ids and the sentences
a player reads, ``R-…`` and ``R-SQ-…``), ``plurals``, ``json_text`` and ``printable``
(hostile input), ``input_errors`` and ``cli`` (``python -m rules turn|squads``: exit 0
and JSON, or exit 2 and one line naming the field). ``game_kinds`` names both games for
the code that keeps either (the app's store and session).
"""
