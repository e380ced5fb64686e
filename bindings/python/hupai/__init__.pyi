"""Type stubs for hupai (the extension module ``hupai._hupai`` and its re-exports)."""

import enum
from typing import Any, Dict, Iterable, List, Optional, Tuple, TypedDict

import numpy as np
import numpy.typing as npt

TILE_NAMES: List[str]

class Status(enum.IntEnum):
    """Why a batch row could not be answered: the library's table of status
    codes (the C header's ``HUPAI_E_*``), each negative; an answer or a status
    of 0 or more means the row was answered."""

    NULL = -1
    PARSE = -2
    BAD_UTF8 = -3
    TOO_MANY_COPIES = -4
    TOO_MANY_TILES = -5
    WRONG_SIZE = -6
    TILE_NOT_IN_RULES = -7
    BAD_HAND = -8
    RULES = -9
    ARGUMENT = -10
    INTERNAL = -11

E_NULL: Status
E_PARSE: Status
E_BAD_UTF8: Status
E_TOO_MANY_COPIES: Status
E_TOO_MANY_TILES: Status
E_WRONG_SIZE: Status
E_TILE_NOT_IN_RULES: Status
E_BAD_HAND: Status
E_RULES: Status
E_ARGUMENT: Status
E_INTERNAL: Status

class HandError(ValueError):
    """A hand that cannot be read or judged; the message names the bad value."""

#: The package's version (the workspace's, in Cargo.toml).
__version__: str

class RulesError(ValueError):
    """Rules that cannot be loaded; the message names the bad value."""

class SplitDict(TypedDict):
    form: str
    groups: List[str]

class CompletionDict(TypedDict):
    group: int
    shape: str

class WinSplitDict(TypedDict):
    form: str
    groups: List[str]
    completions: List[CompletionDict]

class WinDict(TypedDict):
    win: bool
    forms: List[str]
    winning: str
    how: str
    shapes: List[str]
    splits: List[WinSplitDict]

class RevealDict(TypedDict):
    waits: List[str]
    reveal: str

class Rules:
    """Mahjong rules, compiled once; immutable, picklable, safe to share between threads.

    >>> Rules("riichi").name
    'riichi'
    """

    def __init__(self, name_or_path: str) -> None:
        """A preset (basic, changsha, chinese, gb, hongzhong, kawuxing, riichi,
        sichuan, taiwan) or the path of a rule file (TOML). Raises ``RulesError``."""
    @staticmethod
    def from_toml(text: str) -> "Rules":
        """Rules from rule-file text, e.g. ``Rules.from_toml('base = "riichi"')``.
        Raises ``RulesError``."""
    @property
    def name(self) -> str:
        """The preset's name, the rule file's path, or ``custom``."""
    def to_toml(self) -> str:
        """The rules as rule-file text."""
    def is_win(self, hand: str) -> bool:
        """``Rules("chinese").is_win("123m456p789s11222z")`` is True. Raises ``HandError``."""
    def check(self, hand: str) -> List[str]:
        """The forms the hand wins by (``standard``, ``seven-pairs``,
        ``thirteen-orphans``, ...); empty for no win. Raises ``HandError``."""
    def waits(self, hand: str) -> List[str]:
        """The tiles that complete a hand of 3N+1 tiles:
        ``Rules("chinese").waits("1112345678999m")`` is ``['1m', ..., '9m']``.
        Raises ``HandError``."""
    def split(self, hand: str, limit: int = 1000) -> List[SplitDict]:
        """Every way (at most ``limit``) to split a winning hand into groups:
        ``[{'form': 'standard', 'groups': ['123m', ...]}]``; empty for no win.
        Raises ``HandError``."""
    def win(self, hand: str, winning: str, how: str = "discard") -> WinDict:
        """The win of a hand of 3N+2 tiles (declared melds and kongs in brackets)
        with ``winning`` (a tile, or ``*`` for a joker) as the tile that
        completed it, which came ``how``: ``"self-drawn"`` (``"tsumo"``),
        ``"discard"`` (``"ron"``) or ``"robbing-kong"`` (``"chankan"``). As ``hupai check --winning TILE --json`` prints it,
        without the hand and with every split: the forms, the distinct wait
        shapes (``tanki``, ``kanchan``, ``penchan``, ``ryanmen``, ``shanpon``,
        ...), and per split the groups the winning tile can sit in:

        >>> w = Rules("chinese").win("46s5s 123p 55z [789m] (1111z)", "5s")
        >>> w["shapes"], w["splits"][0]["groups"], w["splits"][0]["completions"]
        (['kanchan'], ['123p', '456s', '55z', '[789m]', '(1111z)'], [{'group': 1, 'shape': 'kanchan'}])

        No win: ``win`` False, no split. Raises ``HandError`` for a bad hand or
        winning tile, or a winning tile the concealed part does not hold;
        ``ValueError`` for another ``how``."""
    def score(self, hand: str, winning: str, **claim: Any) -> Dict[str, Any]:
        """Whether a claim is a legal win and what it pays, under rules with a
        ``[scoring]`` table (``riichi``, ``gb``, and the fan tables of
        ``sichuan``, ``kawuxing``, ``hongzhong``): ``hand`` with ``winning``
        in its concealed part, the claim's other fields as keywords
        (``how="self-drawn"``, ``seat_wind="2z"``, ``riichi=True``,
        ``dora="3m7z"``, ``honba=1``; GB ``flowers=2``, ``last_copy=True``;
        fan tables ``kong_discard=True`` for 杠上炮, ``revealed=True`` for
        亮倒). Returns the dict ``hupai score --json`` prints a line as:
        riichi ``{'hand', 'legal', 'reason', 'han', 'fu', 'fu_details',
        'yaku', 'yakuman', 'limit', 'points', 'split', 'shape'}``, GB
        ``{'hand', 'legal', 'reason', 'fans', 'points', 'split', 'shape'}``,
        a fan table ``{'hand', 'legal', 'reason', 'fans': [{'id', 'name',
        'value', 'count'}], 'fan', 'fan_capped', 'points': {'total'},
        'split', 'shape', 'jokers'}`` (``fan`` before the cap,
        ``fan_capped`` after it, ``jokers`` the kind each joker stands for):
        ``Rules("riichi").score("123m456p789s234s55p", "4s", riichi=True,
        seat_wind="2z")["points"]`` is ``{'total': 2000, 'discard': 2000}``.
        Each keyword is read by its exact type: a flag takes only ``True`` or
        ``False``, a count an ``int`` (not a ``bool``), ``dora`` and
        ``ura_dora`` a ``str`` or a list or tuple of one-tile ``str``.
        Raises ``TypeError`` for a keyword of the wrong type (the message
        names the field), ``ValueError`` for a claim that cannot be scored
        (an unknown field, a text over 4,096 bytes; the message names the
        conflict), ``HandError`` for a bad hand or tile."""
    def reveal(self, hand: str) -> RevealDict:
        """The fewest tiles a ready player must show, as ``hupai reveal --json``
        prints them: ``Rules("basic").reveal("1234677p")`` is
        ``{'waits': ['5p'], 'reveal': '46p'}``. Raises ``HandError`` (also for
        a hand that is not ready)."""
    def shanten(self, hand: str) -> int:
        """How far a hand of 3N+1 or 3N+2 tiles is from a win: -1 a win, 0
        ready, 1 one useful draw from ready: ``Rules("riichi").shanten("147m258p369s1234z")``
        is ``6``. Raises ``HandError``."""
    def efficiency(self, hand: str, visible: Optional[str] = None) -> Dict[str, Any]:
        """The draws that lower the shanten, as ``hupai efficiency --json``
        prints them: ``{'shanten', 'tiles', 'count'}`` for 3N+1 tiles,
        ``{'shanten', 'discards': [{'discard', 'shanten', 'tiles', 'count'}]}``
        for 3N+2 (best discard first). ``visible``: tiles seen outside the
        hand, in any notation. Raises ``HandError``."""
    def shanten_batch(
        self, counts: npt.NDArray[np.uint8], jokers: npt.NDArray[np.uint8]
    ) -> Tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
        """Shanten of n hands: ``(shanten, status)``, int8 (n,) each: the
        shanten (-1 a win, 0 ready, ...) and status 0, or shanten 0 and the
        row's ``Status`` code. Arguments as ``is_win_batch``; never raises for
        a row."""
    def is_win_batch(
        self, counts: npt.NDArray[np.uint8], jokers: npt.NDArray[np.uint8]
    ) -> npt.NDArray[np.int8]:
        """Win checks of n hands: ``counts`` uint8 (n, 34), ``jokers`` uint8 (n,).
        Returns int8 (n,): 1 win, 0 no, or the row's ``Status`` code (negative).
        Never raises for a row; raises ``TypeError``/``ValueError`` for a wrong
        dtype or shape. Any strides are accepted (a C-contiguous array is read
        in place). The GIL is released while it works."""
    def waits_batch(
        self, counts: npt.NDArray[np.uint8], jokers: npt.NDArray[np.uint8]
    ) -> Tuple[npt.NDArray[np.uint64], npt.NDArray[np.int8]]:
        """Waits of n hands: ``(waits, status)``, uint64 bitmasks (bit i = tile
        index i; 0 when not ready) and int8 status: 0, or the row's ``Status``
        code (and a mask of 0). Arguments as ``is_win_batch``."""

def parse_batch(
    hands: Iterable[str],
) -> Tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.int8]]:
    """Parses hands (any notation) into ``(counts, jokers, status)``: uint8
    (n, 34), uint8 (n,), int8 (n,). A row that is read has status 0; an
    unreadable row is zeros and its ``Status`` code (``PARSE``,
    ``TOO_MANY_COPIES``, ...; ``ARGUMENT`` for a non-string). A hand the rules
    reject (wrong size...) is still read here and gets its code from the
    batch calls."""

def mask_to_tiles(mask: int) -> List[str]:
    """The tile names of a wait bitmask from ``Rules.waits_batch``."""

from .frames import frame_meta as frame_meta, judge_frame as judge_frame
