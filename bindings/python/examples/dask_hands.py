"""Judge millions of hands with Dask: read a CSV of hands (one `mpsz` string
per row, column `hand`), parse and judge each partition with hupai's batch
calls, write the answers to Parquet.

    python examples/dask_hands.py --hands 2000000            # a LocalCluster here
    python examples/dask_hands.py --scheduler tcp://HOST:8786  # a real cluster

On a real cluster the code is the same: every worker needs `pip install hupai`
(the wheel from `maturin build --release`, abi3, any CPython >= 3.9) and the
input/output paths must be visible to every worker (a shared filesystem, or
s3://... / gs://... URLs with s3fs / gcsfs installed). The Rules object is
pickled to the workers as its name (presets) or its rule text.
"""

import argparse
import os
import time

import numpy as np


def write_hands(path, n, seed=0):
    """n random 14-tile hands (0-2 jokers) from a 136-tile wall, as a CSV."""
    rng = np.random.default_rng(seed)
    names = np.array([f"{r}{s}" for s, k in (("m", 9), ("p", 9), ("s", 9), ("z", 7)) for r in range(1, k + 1)])
    wall = np.repeat(np.arange(34), 4)
    order = np.argsort(rng.random((n, 136)), axis=1)[:, :14]
    tiles = np.sort(wall[order], axis=1)
    jokers = rng.integers(0, 3, n)
    with open(path, "w") as f:
        f.write("hand\n")
        for row, j in zip(tiles, jokers):
            # Tile by tile ("1m2m3m..."), which hupai reads like "123m".
            f.write("".join(names[row[j:]]) + "*" * int(j) + "\n")


def main():
    import dask.dataframe as dd
    from dask.distributed import Client, LocalCluster

    import hupai
    from hupai.frames import frame_meta, judge_frame

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hands", type=int, default=2_000_000, help="rows to generate when --input is missing")
    ap.add_argument("--input", default="hands.csv")
    ap.add_argument("--output", default="judged.parquet")
    ap.add_argument("--rules", default="chinese")
    ap.add_argument("--scheduler", help="a Dask scheduler address; default: a LocalCluster")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--blocksize", default="16MB")
    args = ap.parse_args()

    if not os.path.exists(args.input):
        t = time.perf_counter()
        write_hands(args.input, args.hands)
        print(f"wrote {args.hands} hands to {args.input} in {time.perf_counter() - t:.1f} s")

    if args.scheduler:
        client = Client(args.scheduler)
    else:
        client = Client(LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True))
    rules = hupai.Rules(args.rules)

    t = time.perf_counter()
    df = dd.read_csv(args.input, blocksize=args.blocksize, dtype={"hand": "string"})
    judged = df.map_partitions(judge_frame, rules, meta=frame_meta(df))
    judged.to_parquet(args.output, write_index=False)
    seconds = time.perf_counter() - t

    n = len(dd.read_parquet(args.output, columns=["win"]))
    wins = int((dd.read_parquet(args.output, columns=["win"])["win"] == 1).sum().compute())
    print(
        f"{n} hands in {seconds:.2f} s: {n / seconds / 1e6:.2f} M hands/s "
        f"(read CSV, parse, judge, write Parquet) on {len(client.scheduler_info()['workers'])} workers; "
        f"{wins} wins -> {args.output}"
    )
    client.close()


if __name__ == "__main__":
    main()
