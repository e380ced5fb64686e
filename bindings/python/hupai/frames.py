"""Judging a pandas DataFrame of hands with the batch calls: the per-partition
step of the Dask example (``examples/dask_hands.py``).

>>> import pandas as pd, hupai
>>> from hupai.frames import judge_frame
>>> df = pd.DataFrame({"hand": ["123m456p789s11222z", "1112345678999m", "x"]})
>>> out = judge_frame(df, hupai.Rules("chinese"))
>>> out["win"].tolist(), out["ready"].tolist(), out["waits"].tolist()
([1, -6, -2], [-5, 1, -2], [0, 511, 0])
"""

import numpy as np

from . import parse_batch


def judge_frame(df, rules, column="hand"):
    """``df`` with three columns added, judged by ``rules`` (a ``hupai.Rules``):
    ``win`` (int8: 1 win, 0 no), ``ready`` (int8: 1 ready, 0 not) and ``waits``
    (uint64 bitmask, bit i = tile index i). A bad row's ``win`` and ``ready``
    hold its ``hupai.Status`` code (negative): the parse's (``PARSE``, ...) for
    an unreadable hand, else the call's (``WRONG_SIZE`` for ``win`` on 3N+1
    tiles, ...). Never raises for a bad row. Works on a pandas DataFrame, so it
    is what ``map_partitions`` runs on each Dask partition."""
    counts, jokers, status = parse_batch(df[column].astype(str).tolist())
    unread = status < 0
    out = df.copy()
    out["win"] = np.where(unread, status, rules.is_win_batch(counts, jokers))
    waits, ready = rules.waits_batch(counts, jokers)
    ready = np.where(ready < 0, ready, (waits != 0).astype(np.int8))
    out["ready"] = np.where(unread, status, ready).astype(np.int8)
    out["waits"] = waits
    return out


def frame_meta(df, column="hand"):
    """The empty frame Dask needs as ``meta`` for ``judge_frame``'s output."""
    import numpy as np

    meta = df._meta.copy() if hasattr(df, "_meta") else df.iloc[:0].copy()
    meta["win"] = np.array([], dtype=np.int8)
    meta["ready"] = np.array([], dtype=np.int8)
    meta["waits"] = np.array([], dtype=np.uint64)
    return meta
