"""The squad game's screens (rulebook 004, ``rules/squads/``), written as Flet components.

* ``screens``: the two screens the shell shows (``/new-squads``, ``/squads/<id>``), thin
  holders of one component each; ``squad_screen_for`` sends a squad game's ``/game``,
  ``/table`` or ``/setup`` address to its own screen;
* ``new_game``: players, bosses, first princesses and the two slots dealt at set-up;
* ``turn``: the table (slots, TIMER, each player's squads and princesses), the turn's
  actions and the Resolve phase with its rulings; ``end``: the score and the I WIN! race;
* ``parts``: small controls the components share.

Shared with Boss Monster's screens: the shell (navigation, settings, the glossary), the
session (saved after every action, undo and redo, every phone of the game), ``sending``
(a refusal with its rule), ``table.rulings`` (a ruling's sentence and its rule link).
"""
