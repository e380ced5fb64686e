"""hupai: exact mahjong win checks with any number of jokers.

>>> import hupai
>>> rules = hupai.Rules("chinese")
>>> rules.is_win("22567p12555678m*")
True
>>> rules.waits("1112345678999m")
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']

Batch calls take numpy arrays and release the GIL while they work. A bad
row never raises: its slot holds a negative status code (``hupai.Status``,
the same codes as the C header's ``HUPAI_E_*``):

>>> counts, jokers, status = hupai.parse_batch(["123m456p789s11222z", "123m", "x"])
>>> [hupai.Status(s).name if s < 0 else int(s) for s in status]
[0, 0, 'PARSE']
>>> [hupai.Status(w).name if w < 0 else int(w) for w in rules.is_win_batch(counts, jokers)]
[1, 'WRONG_SIZE', 'WRONG_SIZE']

Tile index i (bit i of a wait mask, column i of a count array) runs
1m..9m (0-8), 1p..9p (9-17), 1s..9s (18-26), 1z..7z (27-33).
"""

import enum

from ._hupai import _STATUSES, HandError, Rules, RulesError, __version__, parse_batch

#: Why a batch row could not be answered: the library's table of status
#: codes (``hupai::batch::Status``), each negative; an answer or a status of
#: 0 or more means the row was answered.
Status = enum.IntEnum("Status", [(name, code) for name, code, _ in _STATUSES], module=__name__)
Status.__doc__ = "Why a batch row could not be answered: " + "; ".join(
    f"{name} ({code}): {meaning}" for name, code, meaning in _STATUSES
)

# The codes as module constants, as the C header names them without its
# HUPAI_ prefix: E_TOO_MANY_COPIES is Status.TOO_MANY_COPIES (-4).
globals().update({f"E_{s.name}": s for s in Status})

__all__ = ["__version__", "HandError", "Rules", "RulesError", "Status", "parse_batch", "TILE_NAMES", "mask_to_tiles"]
__all__ += [f"E_{s.name}" for s in Status]

#: The 34 tile names in index order (``TILE_NAMES[i]`` is bit ``i`` of a wait mask).
TILE_NAMES = [f"{r}{s}" for s, n in (("m", 9), ("p", 9), ("s", 9), ("z", 7)) for r in range(1, n + 1)]


def mask_to_tiles(mask: int) -> list:
    """The tile names of a wait bitmask from ``Rules.waits_batch``.

    >>> mask_to_tiles(0b101)
    ['1m', '3m']
    """
    mask = int(mask)
    return [name for i, name in enumerate(TILE_NAMES) if mask >> i & 1]


# The DataFrame step of the Dask example, at the top level too (it needs
# pandas only when called: ``pip install "hupai[dask]"``).
from .frames import frame_meta, judge_frame  # noqa: E402

__all__ += ["frame_meta", "judge_frame"]
