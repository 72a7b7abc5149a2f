"""The words a search reads: normalised text, and the words too common to tell entries apart
(the glossary's and the card look-up's)."""

from __future__ import annotations

import re
import unicodedata

# Words too common to say anything about which entry is meant, and the words a question
# is asked with ("what does ... mean", "darf ich ...", "was passiert bei ..."): left out,
# a question reads as the terms it asks about.
_STOPWORD_TEXT = """
    a an and are as at be by can do does for from how i if in is it its me my of on or the
    to what when where which who why with you your
    about any could did get gets happen happens has have mean means meant may might much
    must should that then there this will would
    am auf aus bei das dem den der des die ein eine einen einem einer es fur ich im
    ist kann mit nach oder sie und von was wann wer wie wo zu zum zur
    bedeutet darf darfst durfen hat haben heisst kannst konnen man mein meine meinen
    muss musst passiert soll sollen wenn wird macht tut
"""
STOPWORDS = frozenset(_STOPWORD_TEXT.split())

_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def normalize(text: str) -> str:
    """Lower case, no diacritics (ß as ss), words separated by single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return _NON_ALNUM.sub(" ", plain).strip()
