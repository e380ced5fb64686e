"""The Dask example's pipeline on a LocalCluster of 2 worker processes,
compared with the single-process answers."""

import numpy as np
import pandas as pd
import pytest

import hupai
from conftest import random_hands, to_mpsz
from hupai.frames import frame_meta, judge_frame

dd = pytest.importorskip("dask.dataframe")
distributed = pytest.importorskip("dask.distributed")


def test_dask_local_cluster_matches_single_process(tmp_path):
    counts, jokers = random_hands(31, 4000, sizes=(14, 13, 14, 13, 5))
    hands = [to_mpsz(c, j) for c, j in zip(counts, jokers)] + ["bad", "11111m"]
    src = tmp_path / "hands.csv"
    pd.DataFrame({"hand": hands}).to_csv(src, index=False)
    out = tmp_path / "judged.parquet"
    rules = hupai.Rules.from_toml('base = "riichi"\n')  # rule text travels by pickle

    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    with cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        df = dd.read_csv(src, blocksize=20_000, dtype={"hand": "string"})
        assert df.npartitions > 1
        df.map_partitions(judge_frame, rules, meta=frame_meta(df)).to_parquet(out, write_index=False)

    got = pd.read_parquet(out)
    assert got["hand"].tolist() == hands
    want = judge_frame(pd.DataFrame({"hand": hands}), rules)
    for col in ("win", "ready", "waits"):
        assert (got[col].to_numpy() == want[col].to_numpy()).all(), col
    # And the single-process answers are the per-hand answers.
    for h, w in zip(hands[:300], want["win"]):
        try:
            assert w == int(rules.is_win(h))
        except hupai.HandError:
            assert w < 0
    assert (want["win"] == 1).sum() > 30 and (want["ready"] == 1).sum() > 30
    assert want["win"].iloc[-1] == hupai.Status.TOO_MANY_COPIES and want["win"].iloc[-2] == hupai.Status.PARSE
