"""Singular or plural, chosen by a count: ``"{count} {count:Hero|Heroes}"``.

A message's placeholder may carry a choice instead of a format spec: ``{n:one|other}``
prints ``one`` when ``n`` is 1 (or -1) and ``other`` for any other number. The number
itself is printed by its own ``{n}``, so a language may put it where it belongs, or leave
it out. English and German need only these two forms, so a message never has to fall
back on "Hero(es)" or "Seele(n)".

>>> render("{n} {n:Soul|Souls}", {"n": 1})
'1 Soul'
>>> render("{n} {n:Seele|Seelen}", {"n": 3})
'3 Seelen'

Both the engine's English sentences (``rules.rulings.explain``) and the app's translated
catalogues (``companion.i18n.Translator``) render through :func:`render`; every other
format spec (``{souls:+d}``) works as in ``str.format``.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

CHOICE = "|"

#: The value of a message's argument: a name, a number.
Arg = str | int


class PluralFormatter(string.Formatter):
    """``str.format`` plus the ``{n:one|other}`` choice."""

    def format_field(self, value: object, format_spec: str) -> str:
        if CHOICE not in format_spec:
            return str(super().format_field(value, format_spec))
        one, _, other = format_spec.partition(CHOICE)
        if CHOICE in other:
            raise ValueError(f"a plural choice has two forms, not {format_spec!r}")
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"a plural choice needs a whole number, not {value!r}")
        return one if abs(value) == 1 else other


_FORMATTER = PluralFormatter()


def render(template: str, args: Mapping[str, object]) -> str:
    """Fill ``template``'s placeholders from ``args``, choosing plural forms by count."""
    return _FORMATTER.vformat(template, (), dict(args))


def choices(template: str) -> list[tuple[str, str]]:
    """Each plural choice in a template as (placeholder, spec), for checking catalogues."""
    return [
        (name, spec or "")
        for _, name, spec, _ in string.Formatter().parse(template)
        if name and spec and CHOICE in spec
    ]
