"""Rules.score reads its claim as the library's one reader does, in every
binding: each keyword by its exact type, one level deep, each item of an
indicator list one tile, a size limit; and a process that refused a claim
still answers the next good claim exactly (issue 49)."""

import subprocess
import sys

import pytest

import hupai

HAND = "234567m234p67888s"


def nested(depth):
    value = []
    for _ in range(depth):
        value = [value]
    return value


def assert_still_answers(rules):
    """The next good claim after a refused one: pinfu tanyao, 2,900; with riichi, 5,800."""
    assert rules.score(HAND, "8s")["points"] == {"total": 2900, "discard": 2900}
    assert rules.score(HAND, "8s", riichi=True)["points"] == {"total": 5800, "discard": 5800}


def test_a_deeply_nested_indicator_list_is_a_type_error_not_a_crash():
    script = f"""
import hupai
value = []
for _ in range(20000):
    value = [value]
rules = hupai.Rules("riichi")
try:
    rules.score({HAND!r}, "8s", dora=value)
except TypeError as e:
    print("TypeError", e)
print(rules.score({HAND!r}, "8s")["points"]["total"])
"""
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    lines = run.stdout.splitlines()
    assert lines[0].startswith("TypeError dora takes tiles"), lines
    assert lines[1] == "2900", lines


@pytest.mark.parametrize("depth", [2, 10_000, 20_000])
def test_nested_lists_are_refused_before_they_are_read(depth):
    riichi = hupai.Rules("riichi")
    with pytest.raises(TypeError, match="^dora takes tiles: a string, or a list of one-tile strings"):
        riichi.score(HAND, "8s", dora=nested(depth))
    assert_still_answers(riichi)


@pytest.mark.parametrize("value", ["false", "no", "0", [0], 0.5, object(), 1, 0])
def test_riichi_takes_only_true_or_false(value):
    riichi = hupai.Rules("riichi")
    with pytest.raises(TypeError, match="^riichi takes true or false, not "):
        riichi.score(HAND, "8s", riichi=value)
    assert_still_answers(riichi)


def test_ippatsu_false_as_a_string_and_honba_true_are_type_errors():
    riichi = hupai.Rules("riichi")
    with pytest.raises(TypeError, match="^ippatsu takes true or false, not a string"):
        riichi.score(HAND, "8s", riichi=True, ippatsu="false")
    assert_still_answers(riichi)
    with pytest.raises(TypeError, match="^honba takes a count .*, not a boolean"):
        riichi.score(HAND, "8s", honba=True)
    assert_still_answers(riichi)
    with pytest.raises(TypeError, match="^honba takes a count .*, not a float"):
        riichi.score(HAND, "8s", honba=1.0)
    with pytest.raises(ValueError, match="honba"):
        riichi.score(HAND, "8s", honba=-1)
    with pytest.raises(TypeError, match="^seat_wind takes a string, not a boolean"):
        riichi.score(HAND, "8s", seat_wind=True)
    assert_still_answers(riichi)
    # The right types still read: False is no riichi, a count an int.
    assert riichi.score(HAND, "8s", riichi=False)["points"]["total"] == 2900
    assert riichi.score(HAND, "8s", honba=1)["points"]["total"] == 3200


def test_each_item_of_an_indicator_list_is_one_tile():
    riichi = hupai.Rules("riichi")
    for dora in (["1", "2m"], ["3m", "", "7z"], ("3m7z",)):
        with pytest.raises(hupai.HandError, match="^dora: "):
            riichi.score(HAND, "8s", dora=dora)
        assert_still_answers(riichi)
    with pytest.raises(TypeError, match="^dora takes tiles"):
        riichi.score(HAND, "8s", dora=["3m", 7])
    assert_still_answers(riichi)
    # One tile an item, a list or a tuple: 3m points at 4m, a dora.
    for dora in (["3m"], ("3m", "7z"), "3m7z"):
        assert riichi.score(HAND, "8s", dora=dora)["points"]["total"] == 5800


def test_unknown_fields_are_refused():
    riichi = hupai.Rules("riichi")
    for name in ("seatWind", "riichiSticks", "uraDora", "Riichi"):
        with pytest.raises(ValueError, match=f'"{name}" is not a claim field'):
            riichi.score(HAND, "8s", **{name: "2z"})
        assert_still_answers(riichi)


def test_a_claim_text_longer_than_the_limit_is_refused():
    riichi = hupai.Rules("riichi")
    with pytest.raises(ValueError, match="^hand: 50000017 bytes, longer than 4096"):
        riichi.score(" " * 50_000_000 + HAND, "8s")
    assert_still_answers(riichi)
    with pytest.raises(ValueError, match="^dora: 5000 bytes, longer than 4096"):
        riichi.score(HAND, "8s", dora="3m" * 2500)
    assert_still_answers(riichi)
