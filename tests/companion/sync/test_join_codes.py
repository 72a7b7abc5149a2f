"""Join codes: readable, unambiguous, typed any reasonable way."""

from __future__ import annotations

import pytest

from companion.sync.codes import (
    ALPHABET,
    CODE_LENGTH,
    BadJoinCode,
    display_code,
    new_code,
    normalise_code,
)


def test_new_codes_use_only_unambiguous_characters() -> None:
    codes = {new_code() for _ in range(200)}
    assert all(len(c) == CODE_LENGTH and set(c) <= set(ALPHABET) for c in codes)
    assert not set("0O1IL") & set(ALPHABET)
    assert len(codes) > 190  # random, not a counter


def test_a_new_code_is_never_one_already_taken() -> None:
    taken = {new_code() for _ in range(50)}
    assert new_code(taken) not in taken


def test_typed_codes_are_upper_cased_and_lose_separators() -> None:
    assert normalise_code(" k7m-2qx ") == "K7M2QX"
    assert normalise_code("k7m 2qx") == "K7M2QX"


def test_a_code_with_look_alike_characters_names_them() -> None:
    with pytest.raises(BadJoinCode, match=r"no '0', 'O'.*no 0, O, 1, I or L"):
        normalise_code("O0ABCD")


def test_a_code_of_the_wrong_length_says_how_long_it_must_be() -> None:
    with pytest.raises(BadJoinCode, match="6 characters; 'ABC' has 3"):
        normalise_code("ABC")
    with pytest.raises(BadJoinCode, match="type the join code"):
        normalise_code("  - ")


def test_codes_are_shown_in_two_halves() -> None:
    assert display_code("K7M2QX") == "K7M-2QX"
