"""Speed of hupai's Python batch call beside the native loop, a Python
per-hand loop, and the peers (the `mahjong` package's agari check, the
`xiangting` package), on seeded joker-free 14-tile hands under riichi rules.

    pip install ./bindings/python -r bindings/python/requirements-bench.txt
    python bindings/python/bench.py [--hands 1000000]

Prints ns per hand and ratios. The peers are optional: a missing one is
reported and skipped.
"""

import argparse
import os
import sys
import time

import numpy as np

# Import the installed package, not the source folder beside this script
# (which lacks the compiled extension).
sys.path = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]
import hupai  # noqa: E402


def hands(n, seed):
    """n random 14-tile hands from a 136-tile wall; every 8th is built from
    melds and a pair, so that wins are common enough to matter."""
    rng = np.random.default_rng(seed)
    wall = np.repeat(np.arange(34), 4)
    tiles = wall[np.argsort(rng.random((n, 136)), axis=1)[:, :14]]
    counts = np.zeros((n, 34), dtype=np.uint8)
    np.add.at(counts, (np.repeat(np.arange(n), 14), tiles.ravel()), 1)
    for i in range(0, n, 8):
        c = np.zeros(34, dtype=np.uint8)
        for _ in range(4):
            t = int(rng.integers(34))
            if t < 27 and t % 9 < 7 and rng.random() < 0.6:
                c[t : t + 3] += 1
            else:
                c[t] += 3
        c[int(rng.integers(34))] += 2
        if c.max() <= 4:
            counts[i] = c
    return counts, np.zeros(n, dtype=np.uint8)


def best(f, rounds=3):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - t)
    return min(times), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--loop-hands", type=int, default=100_000, help="hands for the per-hand loops")
    ap.add_argument("--peer-hands", type=int, default=50_000, help="hands for the peer packages")
    args = ap.parse_args()
    n = args.hands
    rules = hupai.Rules("riichi")
    counts, jokers = hands(n, seed=1)

    native_ns, native_wins = hupai._hupai._native_is_win_ns(rules, counts, jokers, 5)
    t, out = best(lambda: rules.is_win_batch(counts, jokers), 5)
    batch_ns = t / n * 1e9
    assert int((out == 1).sum()) == native_wins and (out >= 0).all()
    print(f"{n} joker-free 14-tile hands, riichi rules; {native_wins} wins")
    print(f"  native Rust loop (Rules::is_win_counts)  {native_ns:8.1f} ns/hand")
    print(f"  hupai is_win_batch (numpy in, numpy out) {batch_ns:8.1f} ns/hand  = {batch_ns / native_ns:.2f}x native")
    t = two_threads(rules, counts, jokers)
    print(f"  is_win_batch, two halves on 2 threads    {t / n * 1e9:8.1f} ns/hand  = {batch_ns / (t / n * 1e9):.2f}x one thread's throughput")

    m = min(args.loop_hands, n)
    strs = [hupai_str(c) for c in counts[:m]]
    t, _ = best(lambda: [rules.is_win(s) for s in strs], 1)
    loop_ns = t / m * 1e9
    print(f"  Python loop of rules.is_win(str)         {loop_ns:8.1f} ns/hand  = {loop_ns / batch_ns:.1f}x the batch")
    t, _ = best(lambda: hupai.parse_batch(strs), 1)
    print(f"  hupai.parse_batch (str -> arrays)        {t / m * 1e9:8.1f} ns/hand")

    k = min(args.peer_hands, n)
    want = out[:k] == 1
    lists = [c.tolist() for c in counts[:k]]
    try:
        from mahjong.agari import Agari

        agari = Agari()
        t, got = best(lambda: [agari.is_agari(c) for c in lists], 1)
        ns = t / k * 1e9
        agree = int((np.array(got) == want).sum())
        print(f"  mahjong {version('mahjong')} Agari.is_agari         {ns:8.1f} ns/hand  = {ns / batch_ns:.0f}x the batch ({agree}/{k} answers agree)")
    except ImportError:
        print("  mahjong: not installed (pip install -r bindings/python/requirements-bench.txt)")
    try:
        import xiangting

        four = xiangting.PlayerCount.FOUR
        f = xiangting.calculate_replacement_number
        t, got = best(lambda: [f(c, four) == 0 for c in lists], 1)
        ns = t / k * 1e9
        agree = int((np.array(got) == want).sum())
        print(f"  xiangting {version('xiangting')} replacement_number==0 {ns:8.1f} ns/hand  = {ns / batch_ns:.0f}x the batch ({agree}/{k} answers agree)")
    except ImportError:
        print("  xiangting: not installed (pip install -r bindings/python/requirements-bench.txt)")


def two_threads(rules, counts, jokers):
    """Wall time of the batch split over two threads (the GIL is released)."""
    import threading

    h = len(counts) // 2
    parts = [(counts[:h], jokers[:h]), (counts[h:], jokers[h:])]
    times = []
    for _ in range(5):
        threads = [threading.Thread(target=rules.is_win_batch, args=p) for p in parts]
        t = time.perf_counter()
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        times.append(time.perf_counter() - t)
    return min(times)


def hupai_str(c):
    return "".join(
        "".join(str(i - lo + 1) * int(c[i]) for i in range(lo, hi)) + s
        for s, lo, hi in (("m", 0, 9), ("p", 9, 18), ("s", 18, 27), ("z", 27, 34))
        if c[lo:hi].any()
    )


def version(pkg):
    from importlib.metadata import version as v

    return v(pkg)


if __name__ == "__main__":
    main()
