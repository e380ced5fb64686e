"""hupai: exact mahjong win checks with any number of jokers.

>>> import hupai
>>> rules = hupai.Rules("chinese")
>>> rules.is_win("22567p12555678m*")
True
>>> rules.waits("1112345678999m")
['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']

Batch calls take numpy arrays and release the GIL while they work:

>>> counts, jokers, valid = hupai.parse_batch(["123m456p789s11222z", "123m", "x"])
>>> rules.is_win_batch(counts, jokers).tolist()
[1, -1, -1]
>>> valid.tolist()
[True, True, False]

Tile index i (bit i of a wait mask, column i of a count array) runs
1m..9m (0-8), 1p..9p (9-17), 1s..9s (18-26), 1z..7z (27-33).
"""

from ._hupai import HandError, Rules, RulesError, parse_batch

__all__ = ["HandError", "Rules", "RulesError", "parse_batch", "TILE_NAMES", "mask_to_tiles"]

#: The 34 tile names in index order (``TILE_NAMES[i]`` is bit ``i`` of a wait mask).
TILE_NAMES = [f"{r}{s}" for s, n in (("m", 9), ("p", 9), ("s", 9), ("z", 7)) for r in range(1, n + 1)]


def mask_to_tiles(mask: int) -> list:
    """The tile names of a wait bitmask from ``Rules.waits_batch``.

    >>> mask_to_tiles(0b101)
    ['1m', '3m']
    """
    mask = int(mask)
    return [name for i, name in enumerate(TILE_NAMES) if mask >> i & 1]
