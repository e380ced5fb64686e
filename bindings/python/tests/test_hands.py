"""The Python package against the library's seed examples and the CLI's answers."""

import pickle
import threading

import numpy as np
import pytest

import hupai
from conftest import ROOT, TILES, bad_rows, naive_counts, random_hands, to_mpsz

PRESETS = ["basic", "changsha", "chinese", "hongzhong", "kawuxing", "riichi", "sichuan", "taiwan", "gb"]


def seed_examples():
    rows = []
    for line in (ROOT / "tests" / "data" / "seed_examples.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split("\t"))
    assert len(rows) > 50
    return rows


@pytest.mark.parametrize("op,rules,hand,expected", seed_examples())
def test_seed_examples(op, rules, hand, expected):
    r = hupai.Rules(rules)
    if op == "check":
        assert r.is_win(hand) == (expected == "win")
        assert bool(r.check(hand)) == (expected == "win")
        counts, jokers, status = hupai.parse_batch([hand])
        assert status[0] == 0
        assert r.is_win_batch(counts, jokers)[0] == (1 if expected == "win" else 0)
    else:
        assert op == "waits"
        assert r.waits(hand) == expected.split()
        counts, jokers, _ = hupai.parse_batch([hand])
        masks, status = r.waits_batch(counts, jokers)
        assert hupai.mask_to_tiles(masks[0]) == expected.split()
        assert status[0] == 0


@pytest.mark.parametrize("rules", PRESETS)
def test_random_hands_match_cli_check(cli, rules):
    counts, jokers = random_hands(1000 + PRESETS.index(rules), 3000, sizes=(14, 14, 14, 11, 13))
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)]
    answers = cli("check", rules, hands)
    r = hupai.Rules(rules)
    batch = r.is_win_batch(counts, jokers)
    wins = 0
    for hand, a, b in zip(hands, answers, batch):
        if "error" in a:
            assert b in list(hupai.Status), hand
            with pytest.raises(hupai.HandError) as e:
                r.check(hand)
            assert str(e.value) == a["error"]
        else:
            assert r.check(hand) == a["forms"], hand
            assert b == int(a["win"]), hand
            wins += a["win"]
    assert wins > 30  # the sample holds wins, not only misses


@pytest.mark.parametrize("rules", PRESETS)
def test_random_hands_match_cli_waits(cli, rules):
    counts, jokers = random_hands(2000 + PRESETS.index(rules), 2000, sizes=(13, 13, 10, 12))
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)]
    answers = cli("waits", rules, hands)
    r = hupai.Rules(rules)
    masks, status = r.waits_batch(counts, jokers)
    ready = 0
    for hand, a, m, s in zip(hands, answers, masks, status):
        if "error" in a:
            assert s in list(hupai.Status) and m == 0, hand
            with pytest.raises(hupai.HandError) as e:
                r.waits(hand)
            assert str(e.value) == a["error"]
        else:
            assert r.waits(hand) == a["waits"], hand
            assert hupai.mask_to_tiles(m) == a["waits"], hand
            assert s == 0
            ready += bool(a["waits"])
    assert ready > 30


def test_split_and_reveal_match_cli(cli):
    counts, jokers = random_hands(7, 300, sizes=(14,), max_jokers=2)
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)]
    r = hupai.Rules("chinese")
    for hand, a in zip(hands, cli("split", "chinese", hands)):
        if "error" in a:
            continue
        got = r.split(hand)
        assert [(s["form"], s["groups"]) for s in got] == [(s["form"], s["groups"]) for s in a.get("splits", [])]
    counts, jokers = random_hands(8, 300, sizes=(13,), max_jokers=2)
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)]
    for hand, a in zip(hands, cli("reveal", "chinese", hands)):
        if "error" in a:
            with pytest.raises(hupai.HandError) as e:
                r.reveal(hand)
            assert str(e.value) == a["error"]
        elif "reveal" in a:
            a.pop("hand")
            assert r.reveal(hand) == a, hand


def test_readme_examples():
    r = hupai.Rules("chinese")
    assert r.check("88饼11万东东中混混混混混混混") == ["standard", "seven-pairs"]
    basic = hupai.Rules("basic")
    assert basic.waits("1234677p") == ["5p"]
    assert basic.reveal("1234677p") == {"waits": ["5p"], "reveal": "46p"}
    assert basic.split("123m456p13s55z*")[0] == {"form": "standard", "groups": ["123m", "456p", "1*3s:123s", "55z"]}


# ---- errors


def test_hand_errors_name_the_bad_value():
    r = hupai.Rules("chinese")
    cases = [
        ("123m45x", "unknown character 'x' at byte 6"),
        ("8z", "rank 8 does not exist in suit 'z'"),
        ("11111m", "5 copies of 1m: at most 4"),
        ("123m", "3 tiles (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14)"),
    ]
    for hand, message in cases:
        with pytest.raises(hupai.HandError) as e:
            r.is_win(hand)
        assert str(e.value) == message
        assert isinstance(e.value, ValueError)
    with pytest.raises(hupai.HandError, match="is not ready"):
        r.reveal("1357m2468p13579s")
    with pytest.raises(hupai.HandError, match="expected 3N\\+1"):
        r.waits("123m")


def test_rules_errors_name_the_bad_value(tmp_path):
    with pytest.raises(hupai.RulesError, match='"nope"'):
        hupai.Rules("nope")
    with pytest.raises(hupai.RulesError, match="base \"nope\" is not a preset"):
        hupai.Rules.from_toml('base = "nope"')
    with pytest.raises(hupai.RulesError):
        hupai.Rules.from_toml("this is = = not toml")
    bad = tmp_path / "bad.toml"
    bad.write_text('forms = ["nine-gates"]')
    with pytest.raises(hupai.RulesError, match="nine-gates"):
        hupai.Rules(str(bad))
    assert issubclass(hupai.RulesError, ValueError) and issubclass(hupai.HandError, ValueError)


def test_batch_never_raises_for_a_bad_row():
    S = hupai.Status
    counts, jokers, status = hupai.parse_batch(["123m456p789s11222z", "11111m", "x", 5, "", "123m", "8z"])
    assert status.tolist() == [0, S.TOO_MANY_COPIES, S.PARSE, S.ARGUMENT, 0, 0, S.BAD_HAND]
    assert not counts[status < 0].any() and not jokers[status < 0].any()
    r = hupai.Rules("chinese")
    assert r.is_win_batch(counts, jokers).tolist() == [1] + [S.WRONG_SIZE] * 6
    # A count over 4 or a joker count over the limit, made directly in numpy.
    c = np.zeros((2, 34), dtype=np.uint8)
    c[0, 0] = 200
    c[1, 0] = 2
    j = np.array([0, 250], dtype=np.uint8)
    assert r.is_win_batch(c, j).tolist() == [S.TOO_MANY_COPIES, S.TOO_MANY_TILES]
    masks, status = r.waits_batch(c, j)
    assert masks.tolist() == [0, 0] and status.tolist() == [S.TOO_MANY_COPIES, S.TOO_MANY_TILES]
    shanten, status = r.shanten_batch(c, j)
    assert shanten.tolist() == [0, 0] and status.tolist() == [S.TOO_MANY_COPIES, S.TOO_MANY_TILES]


def slot(text):
    """A slot of bad_rows.tsv: a number, or a status name."""
    return int(text) if text.lstrip("-").isdigit() else hupai.Status[text]


@pytest.mark.parametrize("rules", sorted({row[0] for row in bad_rows()}))
def test_bad_rows_give_the_shared_statuses(rules):
    # The same rows and slots as the C, Java and JS tests (bindings/tests/bad_rows.tsv).
    rows = [row for row in bad_rows() if row[0] == rules]
    read = [naive_counts(row[1]) for row in rows]
    counts = np.array([c for c, _ in read], dtype=np.uint8)
    jokers = np.array([j for _, j in read], dtype=np.uint8)
    r = hupai.Rules(rules)
    wins = r.is_win_batch(counts, jokers)
    _, waits = r.waits_batch(counts, jokers)
    _, shanten = r.shanten_batch(counts, jokers)
    for row, w, ws, ss in zip(rows, wins, waits, shanten):
        assert (w, ws, ss) == tuple(slot(t) for t in row[2:5]), row


def test_status_is_the_library_table():
    assert [(s.name, int(s)) for s in hupai.Status] == [
        ("NULL", -1),
        ("PARSE", -2),
        ("BAD_UTF8", -3),
        ("TOO_MANY_COPIES", -4),
        ("TOO_MANY_TILES", -5),
        ("WRONG_SIZE", -6),
        ("TILE_NOT_IN_RULES", -7),
        ("BAD_HAND", -8),
        ("RULES", -9),
        ("ARGUMENT", -10),
        ("INTERNAL", -11),
    ]
    for s in hupai.Status:
        assert getattr(hupai, f"E_{s.name}") is s and f"E_{s.name}" in hupai.__all__
    assert "TOO_MANY_COPIES (-4): More than four copies of one tile." in hupai.Status.__doc__
    # The stub declares the same members and constants.
    import ast
    import pathlib

    stub = ast.parse((pathlib.Path(hupai.__file__).parent / "__init__.pyi").read_text(encoding="utf-8"))
    (cls,) = [n for n in stub.body if isinstance(n, ast.ClassDef) and n.name == "Status"]
    declared = {t.targets[0].id: ast.literal_eval(t.value) for t in cls.body if isinstance(t, ast.Assign)}
    assert declared == {s.name: int(s) for s in hupai.Status}
    constants = {n.target.id for n in stub.body if isinstance(n, ast.AnnAssign) and n.target.id.startswith("E_")}
    assert constants == {f"E_{s.name}" for s in hupai.Status}


def test_parse_batch_rejects_one_string():
    with pytest.raises(TypeError):
        hupai.parse_batch("123m")
    with pytest.raises(TypeError):
        hupai.parse_batch(5)


# ---- arrays


def test_wrong_dtype_shape_and_type_raise_clear_errors():
    r = hupai.Rules("chinese")
    c = np.zeros((3, 34), dtype=np.uint8)
    j = np.zeros(3, dtype=np.uint8)
    with pytest.raises(TypeError, match="counts must have dtype uint8, not int64"):
        r.is_win_batch(c.astype(np.int64), j)
    with pytest.raises(TypeError, match="jokers must have dtype uint8"):
        r.waits_batch(c, j.astype(np.float32))
    with pytest.raises(ValueError, match=r"counts must have shape \(n, 34\), not \[3, 33\]"):
        r.is_win_batch(c[:, :33], j)
    with pytest.raises(ValueError, match="jokers must have shape"):
        r.is_win_batch(c, c)
    with pytest.raises(ValueError, match="3 rows but jokers has 2"):
        r.is_win_batch(c, j[:2])
    with pytest.raises(TypeError, match="numpy.ndarray"):
        r.is_win_batch([[0] * 34], j)
    with pytest.raises(TypeError):
        r.is_win_batch(c)  # a missing argument


def test_non_contiguous_arrays_give_the_same_answers():
    counts, jokers = random_hands(11, 4000)
    r = hupai.Rules("chinese")
    want = r.is_win_batch(counts, jokers)
    wmasks, wstatus = r.waits_batch(counts[:, :], jokers)
    # Every other row, a Fortran-ordered copy, and a column-reversed view.
    assert (r.is_win_batch(counts[::2], jokers[::2]) == want[::2]).all()
    assert (r.is_win_batch(np.asfortranarray(counts), jokers) == want).all()
    big = np.zeros((4000, 68), dtype=np.uint8)
    big[:, ::2] = counts
    assert not big[:, ::2].flags.c_contiguous
    assert (r.is_win_batch(big[:, ::2], jokers) == want).all()
    masks, status = r.waits_batch(big[:, ::2], jokers)
    assert (masks == wmasks).all() and (status == wstatus).all()
    # Read-only input is fine, and the empty batch too.
    counts.flags.writeable = False
    assert (r.is_win_batch(counts, jokers) == want).all()
    empty = r.is_win_batch(np.zeros((0, 34), np.uint8), np.zeros(0, np.uint8))
    assert empty.dtype == np.int8 and empty.shape == (0,)


def test_result_dtypes():
    counts, jokers, status = hupai.parse_batch(["123m456p789s11222z"])
    assert counts.dtype == np.uint8 and counts.shape == (1, 34) and jokers.dtype == np.uint8
    assert status.dtype == np.int8
    r = hupai.Rules("riichi")
    assert r.is_win_batch(counts, jokers).dtype == np.int8
    masks, status = r.waits_batch(counts, jokers)
    assert masks.dtype == np.uint64 and status.dtype == np.int8
    shanten, status = r.shanten_batch(counts, jokers)
    assert shanten.dtype == np.int8 and status.dtype == np.int8


# ---- pickling and threads


@pytest.mark.parametrize("rules", ["chinese", "riichi"])
def test_presets_pickle(rules):
    r = hupai.Rules(rules)
    back = pickle.loads(pickle.dumps(r))
    assert back.name == rules
    assert back.to_toml() == r.to_toml()


def test_rule_files_and_text_pickle(tmp_path):
    text = 'base = "riichi"\nforms = ["standard"]\n'
    path = tmp_path / "mine.toml"
    path.write_text(text)
    for r in (hupai.Rules(str(path)), hupai.Rules.from_toml(text)):
        back = pickle.loads(pickle.dumps(r))
        assert back.name == r.name
        assert back.to_toml() == r.to_toml()
        # Seven pairs is off in these rules, before and after the round trip.
        assert r.check("1133557799m1122p") == [] == back.check("1133557799m1122p")
    path.unlink()  # the pickle carries the rules, not the path
    assert pickle.loads(pickle.dumps(hupai.Rules.from_toml(text))).is_win("123m456p789s11122z")


def test_two_threads_give_the_same_answers():
    counts, jokers = random_hands(21, 200_000)
    r = hupai.Rules("chinese")
    want = r.is_win_batch(counts, jokers)
    wmasks, _ = r.waits_batch(counts[:, :], np.maximum(jokers, 0))
    got = [None, None]

    def work(k):
        got[k] = (r.is_win_batch(counts, jokers), r.waits_batch(counts, jokers)[0])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for wins, masks in got:
        assert (wins == want).all()
        assert (masks == wmasks).all()


def test_tile_names_are_the_index_order():
    assert hupai.TILE_NAMES == TILES
    assert hupai.mask_to_tiles(1 << 33) == ["7z"]


def test_docstring_examples():
    import doctest

    import hupai.frames

    for module in (hupai, hupai.frames):
        result = doctest.testmod(module)
        assert result.failed == 0 and result.attempted > 0, module


def test_batch_releases_the_gil():
    # A Python thread keeps counting while the batch works: it could not if
    # the batch held the GIL.
    counts, jokers = random_hands(41, 50_000)
    counts, jokers = np.tile(counts, (40, 1)), np.tile(jokers, 40)
    r = hupai.Rules("chinese")
    spins, stop, started = [0], threading.Event(), threading.Event()

    def spin():
        started.set()
        while not stop.is_set():
            spins[0] += 1

    t = threading.Thread(target=spin)
    t.start()
    started.wait()
    before = spins[0]
    r.is_win_batch(counts, jokers)
    during = spins[0] - before
    stop.set()
    t.join()
    assert during > 0


@pytest.mark.parametrize("rules", PRESETS)
def test_random_hands_match_cli_shanten(cli, rules):
    counts, jokers = random_hands(3000 + PRESETS.index(rules), 1500, sizes=(14, 13, 11, 10, 8))
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)]
    answers = cli("shanten", rules, hands)
    r = hupai.Rules(rules)
    batch, status = r.shanten_batch(counts, jokers)
    assert batch.dtype == np.int8
    seen = set()
    for hand, a, b, s in zip(hands, answers, batch, status):
        if "error" in a:
            assert b == 0 and s in list(hupai.Status), hand
            with pytest.raises(hupai.HandError) as e:
                r.shanten(hand)
            assert str(e.value) == a["error"]
        else:
            assert r.shanten(hand) == a["shanten"] == b and s == 0, hand
            seen.add(int(b))
    assert {-1, 0, 1} <= seen


def test_efficiency_matches_cli(cli):
    counts, jokers = random_hands(41, 200, sizes=(14, 13), max_jokers=2)
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)]
    r = hupai.Rules("chinese")
    for hand, a in zip(hands, cli("efficiency", "chinese", hands)):
        if "error" in a:
            with pytest.raises(hupai.HandError):
                r.efficiency(hand)
            continue
        got = r.efficiency(hand)
        a.pop("hand")
        assert got == a, hand
    got = r.efficiency("123m456p789s11z23p", visible="1p1p")
    assert got == {"shanten": 0, "tiles": ["1p", "4p", "7p"], "count": 9}
