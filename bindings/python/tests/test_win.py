"""Rules.win against `hupai check --winning TILE [--self-drawn|--robbing-kong] --json`."""

from collections import defaultdict

import pytest

import hupai
from conftest import TILES, random_hands, to_mpsz

HOW_FLAGS = {"discard": [], "self-drawn": ["--self-drawn"], "robbing-kong": ["--robbing-kong"]}

# (rules, hand, winning tile, how): declared melds and kongs, jokers, the
# special forms, and a few that do not win or are bad.
CASES = [
    ("chinese", "46s5s 123p 55z [789m] (1111z)", "5s", "discard"),
    ("chinese", "45666m [789p] [123s] (1111z)", "6m", "self-drawn"),
    ("chinese", "12m3m 456p 789s 11z [222z]", "3m", "discard"),
    ("chinese", "23m4m 456p [789s] [1111z+] 55z", "4m", "robbing-kong"),
    ("chinese", "11m222z456p [789s] [123s]", "2z", "discard"),
    ("chinese", "55m [123p] [456p] [789p] (1111z)", "5m", "self-drawn"),
    ("chinese", "78m9m 111p 55s [七八九条] （二二二二饼）", "9m", "discard"),
    ("chinese", "11223344556677m", "7m", "self-drawn"),
    ("chinese", "19m19p19s12345677z", "7z", "discard"),
    ("chinese", "19m19p19s1234567z1m", "1m", "self-drawn"),
    ("chinese", "123m456p13s55z*", "*", "self-drawn"),
    ("chinese", "123m456p13s55z*", "2s", "discard"),
    ("chinese", "123m456p789s1z* [222z]", "*", "discard"),
    ("chinese", "88饼11万东东中混混混混混混混", "混", "self-drawn"),
    ("chinese", "123m456p789s12345z", "1z", "discard"),
    ("chinese", "1112345678999m5m", "5m", "discard"),
    ("kawuxing", "46s5s 123p 789p 55z [666z]", "5s", "discard"),
    ("kawuxing", "4s6s5s 23p4p 789p 66z [555z]", "5s", "self-drawn"),
    ("kawuxing", "4s6s5s 23p4p 789p 66z [555z]", "4p", "discard"),
    ("kawuxing", "44s55s66s 789p 55z [666z]", "5s", "self-drawn"),
    ("kawuxing", "1133557799s1155p", "9s", "discard"),
    ("hongzhong", "123m456p789s1m7z [555m]", "7z", "self-drawn"),
    ("hongzhong", "123m456p789s1m7z [555m]", "1m", "self-drawn"),
    ("hongzhong", "13m 456p 789s 11s 7z (2222m)", "7z", "discard"),
    ("hongzhong", "13m 456p 789s 11s 7z (4444m)", "3m", "discard"),
    ("hongzhong", "123m456p789s11s777z", "7z", "self-drawn"),
    ("riichi", "23m4m 567p 11s [789s] (5555z)", "4m", "discard"),
    ("riichi", "23m4m 567p 11s [789s] (5555z)", "2m", "self-drawn"),
    ("riichi", "111m222m333m44p [777z]", "3m", "discard"),
    ("riichi", "19m19p19s1234567z9s", "1m", "robbing-kong"),
    ("riichi", "22334455667788p", "8p", "self-drawn"),
    ("sichuan", "123m456m78m9m 11p [222p]", "9m", "discard"),
    ("sichuan", "11m [222m] [333m] [444m] (5555p)", "1m", "self-drawn"),
    ("sichuan", "123m456m789m11p222p", "2p", "discard"),
    ("changsha", "123m456p789s22m [345s]", "2m", "self-drawn"),
    ("changsha", "123m456p789s25m [345s]", "5m", "discard"),
    ("gb", "147m258p69s12345z*", "*", "self-drawn"),
    ("gb", "147m258p369s1234z5z", "5z", "discard"),
    ("gb", "123m456p789s55z [111z]", "1m", "robbing-kong"),
    ("taiwan", "123m456m789m123p11z [789s]", "1z", "self-drawn"),
    ("basic", "123m456p789s11z [222z]", "1z", "discard"),
    ("basic", "123345m 11z [789p] (1111s)", "3m", "self-drawn"),
]


def cli_win(cli, rules, hands, winning, how):
    return cli("check", rules, hands, "--winning", winning, *HOW_FLAGS[how])


def expect_same(r, hand, winning, how, a):
    """Rules.win answers as the command's JSON line (or raises its error)."""
    if "error" in a:
        with pytest.raises(hupai.HandError) as e:
            r.win(hand, winning, how)
        assert str(e.value) == a["error"], hand
        return None
    got = r.win(hand, winning, how)
    a.pop("hand")
    if a.pop("truncated", False):
        assert len(got["splits"]) == a.pop("total"), hand
        got["splits"] = got["splits"][: len(a["splits"])]
    assert got == a, (hand, winning, how)
    return got


def test_cases_match_cli(cli):
    wins = 0
    for rules, hand, winning, how in CASES:
        (a,) = cli_win(cli, rules, [hand], winning, how)
        got = expect_same(hupai.Rules(rules), hand, winning, how, a)
        wins += bool(got and got["win"])
    assert wins >= 30  # most cases win


@pytest.mark.parametrize("rules", ["basic", "chinese", "hongzhong", "kawuxing", "riichi", "sichuan", "gb"])
def test_random_hands_match_cli(cli, rules):
    # Seeded hands, each with one of its own tiles (or a joker) as the winning
    # tile: one command run per (winning, how).
    counts, jokers = random_hands(5000 + len(rules), 400, sizes=(14, 11, 8), max_jokers=2)
    groups = defaultdict(list)
    for i, (c, j) in enumerate(zip(counts, jokers)):
        held = [TILES[k] for k in range(34) if c[k]]
        if j and (i % 3 == 0 or not held):
            winning = "*"
        elif held:
            winning = held[i % len(held)]
        else:
            continue
        how = list(HOW_FLAGS)[i % 3]
        groups[(winning, how)].append(to_mpsz(c, j))
    r = hupai.Rules(rules)
    wins = 0
    for (winning, how), hands in groups.items():
        for hand, a in zip(hands, cli_win(cli, rules, hands, winning, how)):
            got = expect_same(r, hand, winning, how, a)
            wins += bool(got and got["win"])
    assert wins > 10


def test_readme_example():
    w = hupai.Rules("kawuxing").win("4s6s5s 23p4p 789p 66z [555z]", "5s", "self-drawn")
    assert w["win"] and w["how"] == "self-drawn" and w["winning"] == "5s"
    assert "kanchan" in w["shapes"]
    assert all(w["splits"][0]["groups"][c["group"]] == "456s" for c in w["splits"][0]["completions"])
    # The default is a discard; a copy of hongzhong's joker kind wins as a joker.
    assert hupai.Rules("chinese").win("123m456p789s11z [222z]", "1z")["how"] == "discard"
    assert hupai.Rules("hongzhong").win("123m456p789s1m7z [555m]", "7z")["winning"] == "*"


def test_win_how_reads_tsumo_ron_chankan():
    r = hupai.Rules("chinese")
    hand = "46s5s 123p 55z [789m] (1111z)"
    for word, how in [("tsumo", "self-drawn"), ("Ron", "discard"), ("chankan", "robbing-kong")]:
        assert r.win(hand, "5s", word) == r.win(hand, "5s", how), word
        assert r.win(hand, "5s", how=word)["how"] == how
    riichi = hupai.Rules("riichi")
    tsumo = riichi.score("234567m234p67888s", "8s", how="tsumo", riichi=True)
    assert tsumo == riichi.score("234567m234p67888s", "8s", how="self-drawn", riichi=True)


def test_win_errors():
    r = hupai.Rules("chinese")
    with pytest.raises(hupai.HandError, match="5s"):
        r.win("123m456p789s11z [222z]", "5s")  # not held
    with pytest.raises(hupai.HandError):
        r.win("123m456p789s11z [222z]", "*")  # no joker
    with pytest.raises(hupai.HandError, match="x"):
        r.win("123m456p789s11z [222z]", "5x")  # unreadable
    with pytest.raises(hupai.HandError):
        r.win("123m456p789s11z [222z]", "11z")  # two tiles
    with pytest.raises(hupai.HandError):
        r.win("123m456p789s11z [222z]", "")  # none
    with pytest.raises(hupai.HandError, match="expected 3N\\+2"):
        r.win("123m", "1m")
    with pytest.raises(hupai.HandError, match="unknown character 'x'"):
        r.win("123m45x", "1m")
    with pytest.raises(ValueError, match='"flying"') as e:
        r.win("123m456p789s11z [222z]", "1z", "flying")
    assert not isinstance(e.value, hupai.HandError)
    with pytest.raises(TypeError):
        r.win("123m456p789s11z [222z]")  # no winning tile


def test_stub_examples():
    # The stub's docstring examples (Rules.win's among them) run as doctests.
    import ast
    import doctest
    import pathlib

    text = (pathlib.Path(hupai.__file__).parent / "__init__.pyi").read_text(encoding="utf-8")
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    sources = []
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and ast.get_docstring(node):
            test = parser.get_doctest(ast.get_docstring(node), {"Rules": hupai.Rules}, node.name, None, 0)
            sources += [e.source for e in test.examples]
            runner.run(test)
    assert any("win(" in s for s in sources)
    assert runner.summarize(verbose=False).failed == 0
