"""Shared fixtures: the repository root, the Rust CLI, seeded random hands."""

import json
import os
import pathlib
import shutil
import subprocess

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[3]
TILES = [f"{r}{s}" for s, n in (("m", 9), ("p", 9), ("s", 9), ("z", 7)) for r in range(1, n + 1)]


def cli_path():
    """The `hupai` command: $HUPAI_CLI, else target/release/hupai (built if missing)."""
    path = os.environ.get("HUPAI_CLI") or str(ROOT / "target" / "release" / "hupai")
    if not os.path.exists(path):
        cargo = shutil.which("cargo")
        if cargo is None:
            pytest.skip("no hupai command and no cargo to build it")
        subprocess.run([cargo, "build", "--release", "-q", "-p", "hupai-cli"], cwd=ROOT, check=True)
    return path


@pytest.fixture(scope="session")
def cli():
    """Runs `hupai COMMAND --rules RULES [ARGS...]` on hands, one JSON answer per hand."""
    path = cli_path()

    def run(command, rules, hands, *args):
        out = subprocess.run(
            [path, command, "--json", "--rules", rules, *args],
            input="\n".join(hands) + "\n",
            capture_output=True,
            text=True,
        ).stdout
        answers = [json.loads(line) for line in out.splitlines()]
        assert len(answers) == len(hands)
        return answers

    return run


def to_mpsz(counts, jokers):
    """A count row and a joker count in mpsz notation (`*` per joker)."""
    out = []
    for s, (lo, hi) in zip("mpsz", ((0, 9), (9, 18), (18, 27), (27, 34))):
        digits = "".join(str(i - lo + 1) * int(counts[i]) for i in range(lo, hi))
        if digits:
            out.append(digits + s)
    return "".join(out) + "*" * int(jokers)


def random_hands(seed, n, sizes=(14,), max_jokers=3):
    """n seeded hands drawn from a 136-tile wall, some tiles turned into jokers;
    a quarter are built from melds so that wins and waits are common."""
    rng = np.random.default_rng(seed)
    counts = np.zeros((n, 34), dtype=np.uint8)
    jokers = np.zeros(n, dtype=np.uint8)
    wall = np.repeat(np.arange(34), 4)
    for i in range(n):
        size = int(rng.choice(sizes))
        if rng.random() < 0.25:
            tiles = []
            while len(tiles) + 3 <= size - 2:
                t = int(rng.integers(34))
                if t < 27 and t % 9 < 7 and rng.random() < 0.6:
                    tiles += [t, t + 1, t + 2]
                else:
                    tiles += [t] * 3
            p = int(rng.integers(34))
            tiles += [p] * (size - len(tiles))
            tiles = np.array(tiles)
        else:
            tiles = rng.choice(wall, size=size, replace=False)
        j = int(rng.integers(0, max_jokers + 1))
        j = min(j, size)
        tiles = rng.permutation(tiles)[: size - j]
        np.add.at(counts[i], tiles, 1)
        jokers[i] = j
    return counts, jokers


def naive_counts(hand):
    """A hand in mpsz read without checks (a fifth copy stays a fifth copy):
    its count row and jokers."""
    counts, jokers, digits = np.zeros(34, dtype=np.uint8), 0, []
    for ch in hand:
        if ch == "*":
            jokers += 1
        elif ch.isdigit():
            digits.append(int(ch) - 1)
        else:
            base = 9 * "mpsz".index(ch)
            for r in digits:
                counts[base + r] += 1
            digits = []
    return counts, jokers


def bad_rows():
    """The rows of bindings/tests/bad_rows.tsv: (rules, hand, is_win, waits,
    shanten), each slot a number or a status name."""
    rows = []
    for line in (ROOT / "bindings" / "tests" / "bad_rows.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(tuple(line.split("\t")[:5]))
    return rows
