"""Rules.score: the dict of `hupai score --json`, the claim's fields as keywords,
errors naming the conflict; and, where the PyPI package `mahjong` (2.1.0, a
test-only requirement) is installed, a second reference on closed hands."""

import json

import pytest

import hupai


def test_score_returns_the_cli_dict():
    riichi = hupai.Rules("riichi")
    s = riichi.score("234567m234p67888s", "8s", how="self-drawn", riichi=True)
    assert s["hand"] == "234567m234p67888s"
    assert s["legal"] is True
    assert (s["han"], s["fu"]) == (4, 20)
    assert s["points"] == {"total": 7800, "others": 2600}
    assert [y["name"] for y in s["yaku"]] == ["menzen_tsumo", "riichi", "pinfu", "tanyao"]
    assert s["shape"] == "ryanmen"
    s = riichi.score("123m456p789s234s55p", "4s", seat_wind="2z", riichi=True, dora=["4p"])
    assert s["limit"] == "mangan" and s["points"]["discard"] == 8000


def test_score_no_yaku_is_not_legal():
    s = hupai.Rules("riichi").score("123m55z [789s] [777p] [123s]", "1m")
    assert s["legal"] is False and s["reason"] == "no_yaku"


def test_score_errors_name_the_conflict():
    riichi = hupai.Rules("riichi")
    with pytest.raises(ValueError, match="riichi with the open meld"):
        riichi.score("123m55z [789s] [777p] [123s]", "1m", riichi=True)
    with pytest.raises(ValueError, match='"colour" is not a claim field'):
        riichi.score("123m456p789s234s55p", "4s", colour="red")
    with pytest.raises(ValueError, match="no \\[scoring\\] table"):
        hupai.Rules("chinese").score("123m456p789s234s55p", "4s")


# Closed hands on which the `mahjong` package and hupai agree by the rulebook:
# (hand, winning, tsumo, riichi, dora indicators).
SECOND_REFERENCE = [
    ("123m456p789s234s55p", "4s", False, True, ""),
    ("234567m234p67888s", "8s", True, True, ""),
    ("112233m456p678s99s", "1m", False, False, ""),
    ("123m123p123s789m55p", "1s", False, False, ""),
    ("123m789p789s99m111s", "9m", False, False, ""),
    ("1133m5577p2288s66z", "6z", False, False, ""),
    ("123456789m234p55s", "1m", True, False, "4p"),
]


@pytest.mark.parametrize("hand,winning,tsumo,riichi,dora", SECOND_REFERENCE)
def test_score_agrees_with_the_mahjong_package(hand, winning, tsumo, riichi, dora):
    mahjong = pytest.importorskip("mahjong")
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.tile import TilesConverter

    def split(text):
        out = {"m": "", "p": "", "s": "", "z": ""}
        digits = ""
        for c in text:
            if c.isdigit():
                digits += c
            else:
                out[c] += digits
                digits = ""
        return out

    h = split(hand)
    tiles = TilesConverter.string_to_136_array(man=h["m"], pin=h["p"], sou=h["s"], honors=h["z"])
    w = split(winning)
    win_tile = TilesConverter.string_to_136_array(man=w["m"], pin=w["p"], sou=w["s"], honors=w["z"])[0]
    d = split(dora) if dora else None
    indicators = (
        TilesConverter.string_to_136_array(man=d["m"], pin=d["p"], sou=d["s"], honors=d["z"]) if d else None
    )
    # Seat south, round east: hupai's 2z and 1z.
    config = HandConfig(is_tsumo=tsumo, is_riichi=riichi, player_wind=28, round_wind=27)
    theirs = HandCalculator().estimate_hand_value(tiles, win_tile, dora_indicators=indicators, config=config)
    ours = hupai.Rules("riichi").score(
        hand, winning, how="self-drawn" if tsumo else "discard", riichi=riichi, seat_wind="2z", dora=dora
    )
    assert (ours["han"], ours["fu"]) == (theirs.han, theirs.fu), (mahjong.__name__, theirs.yaku)


def test_score_gb_returns_the_fans_with_both_names():
    gb = hupai.Rules("gb")
    s = gb.score("123456789m234s11z", "1z", how="self-drawn", flowers=2)
    assert s["legal"] is True
    assert s["points"] == {"total": 24, "fans": 22}
    assert s["fans"][0] == {"name": "Pure Straight", "name_zh": "清龙", "points": 16, "count": 1}
    assert {"name": "Flower Tiles", "name_zh": "花牌", "points": 1, "count": 2} in s["fans"]
    low = gb.score("234m567p789s11z [345s]", "1z")
    assert low["legal"] is False and low["reason"] == "under_8_points"
    with pytest.raises(ValueError, match="riichi"):
        gb.score("123456789m234s11z", "1z", riichi=True)


# Fan tables: two jokers (7z) under hongzhong, the claim flag kong_discard under sichuan.
FAN_CLAIMS = [
    ("hongzhong", "111222333456m77z", {"winning": "6m", "how": "self-drawn"}),
    ("sichuan", "111222333m55577p", {"winning": "7p", "kong_discard": True}),
]


@pytest.mark.parametrize("preset, hand, claim", FAN_CLAIMS)
def test_score_fans_returns_the_cli_dict(cli, preset, hand, claim):
    (expected,) = cli("score", preset, [json.dumps({"hand": hand, **claim})])
    fields = dict(claim)
    winning = fields.pop("winning")
    assert hupai.Rules(preset).score(hand, winning, **fields) == expected


def test_score_fans_counts_the_jokers_and_the_flags():
    s = hupai.Rules("hongzhong").score("111222333456m77z", "6m", how="self-drawn")
    assert s["legal"] is True
    assert [f["id"] for f in s["fans"]] == ["one_suit"]
    assert s["jokers"] == ["1m", "1m"]
    s = hupai.Rules("sichuan").score("111222333m55577p", "7p", kong_discard=True)
    assert [(f["id"], f["value"], f["count"]) for f in s["fans"]] == [("all_pungs", 1, 1), ("kong_discard", 1, 1)]
    assert (s["fan"], s["fan_capped"], s["points"]) == (2, 2, {"total": 4})
    s = hupai.Rules("kawuxing").score("111222333p55577s", "7s", revealed=True)
    assert [f["id"] for f in s["fans"]] == ["all_pungs", "revealed"]


def test_score_fans_refuses_a_wrong_type_and_a_field_it_does_not_read():
    sichuan = hupai.Rules("sichuan")
    with pytest.raises(TypeError, match="kong_discard"):
        sichuan.score("111222333m55577p", "7p", kong_discard="yes")
    with pytest.raises(TypeError, match="revealed"):
        sichuan.score("111222333m55577p", "7p", revealed=1)
    with pytest.raises(ValueError, match="riichi is not a fans claim field"):
        sichuan.score("111222333m55577p", "7p", riichi=True)
