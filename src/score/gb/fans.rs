//! The fans of the Chinese Official rules (国标, MCR) as data: the 81 fans
//! of the rulebook 中国麻将竞赛规则 (2006) and 明暗杠, each with its points,
//! English name and Chinese name, written once in the `fans!` table below,
//! which makes the enum [`Fan`], [`ALL_FANS`] and the rows [`Fan::points`],
//! [`Fan::name`] and [`Fan::name_zh`] read.
//!
//! The points and the Chinese names are the rulebook's. The English names
//! are those of the open-source calculator of
//! `summerinsects/ChineseOfficialMahjongHelper` (its `fan_name_en`), and
//! 明暗杠 (5) is that calculator's reading of one concealed plus one
//! melded kong. `tests/data/gb-fans.tsv` holds the same rows as data
//! (points, Chinese name, English name), in this table's order: points
//! descending, then English name; `tests/score_gb.rs`
//! (`fan_table_is_gb_fans_tsv`) checks the table against it row by row.
//!
//! [`Fan`]'s discriminant is the row's index, so a fan count array
//! ([`FanCounts`]) is indexed by `fan as usize`, and walking it in index
//! order walks the fans from the largest down, as the exclusion rules in
//! [`principles`](super::principles) need.

use std::fmt;

macro_rules! fans {
    ($($variant:ident = $points:literal, $name:literal, $name_zh:literal;)*) => {
        /// One fan (番种) of the Chinese Official rules.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Fan {
            $(#[doc = concat!($name_zh, " ", $name, " (", $points, ").")] $variant,)*
        }

        /// Number of fans in the table (81 fans and 明暗杠).
        pub const FAN_COUNT: usize = [$($points),*].len();

        /// Every fan, in table order.
        pub const ALL_FANS: [Fan; FAN_COUNT] = [$(Fan::$variant),*];

        /// A fan's row: points, English name, Chinese name.
        const TABLE: [(u8, &str, &str); FAN_COUNT] = [$(($points, $name, $name_zh)),*];

        // The rulebook's 81 fans and 明暗杠.
        const _: () = assert!(FAN_COUNT == 82);
    };
}

// The table: `Variant = points, "English name", "Chinese name";`, in the
// order of `tests/data/gb-fans.tsv`.
fans! {
    AllGreen = 88, "All Green", "绿一色";
    BigFourWinds = 88, "Big Four Winds", "大四喜";
    BigThreeDragons = 88, "Big Three Dragons", "大三元";
    FourKongs = 88, "Four Kongs", "四杠";
    NineGates = 88, "Nine Gates", "九莲宝灯";
    SevenShiftedPairs = 88, "Seven Shifted Pairs", "连七对";
    ThirteenOrphans = 88, "Thirteen Orphans", "十三幺";
    AllHonors = 64, "All Honors", "字一色";
    AllTerminals = 64, "All Terminals", "清幺九";
    FourConcealedPungs = 64, "Four Concealed Pungs", "四暗刻";
    LittleFourWinds = 64, "Little Four Winds", "小四喜";
    LittleThreeDragons = 64, "Little Three Dragons", "小三元";
    PureTerminalChows = 64, "Pure Terminal Chows", "一色双龙会";
    FourPureShiftedPungs = 48, "Four Pure Shifted Pungs", "一色四节高";
    QuadrupleChow = 48, "Quadruple Chow", "一色四同顺";
    AllTerminalsAndHonors = 32, "All Terminals and Honors", "混幺九";
    FourPureShiftedChows = 32, "Four Pure Shifted Chows", "一色四步高";
    ThreeKongs = 32, "Three Kongs", "三杠";
    AllEvenPungs = 24, "All Even Pungs", "全双刻";
    FullFlush = 24, "Full Flush", "清一色";
    GreaterHonorsAndKnittedTiles = 24, "Greater Honors and Knitted Tiles", "七星不靠";
    LowerTiles = 24, "Lower Tiles", "全小";
    MiddleTiles = 24, "Middle Tiles", "全中";
    PureShiftedPungs = 24, "Pure Shifted Pungs", "一色三节高";
    PureTripleChow = 24, "Pure Triple Chow", "一色三同顺";
    SevenPairs = 24, "Seven Pairs", "七对";
    UpperTiles = 24, "Upper Tiles", "全大";
    AllFive = 16, "All Five", "全带五";
    PureShiftedChows = 16, "Pure Shifted Chows", "一色三步高";
    PureStraight = 16, "Pure Straight", "清龙";
    ThreeConcealedPungs = 16, "Three Concealed Pungs", "三暗刻";
    ThreeSuitedTerminalChows = 16, "Three-Suited Terminal Chows", "三色双龙会";
    TriplePung = 16, "Triple Pung", "三同刻";
    BigThreeWinds = 12, "Big Three Winds", "三风刻";
    KnittedStraight = 12, "Knitted Straight", "组合龙";
    LesserHonorsAndKnittedTiles = 12, "Lesser Honors and Knitted Tiles", "全不靠";
    LowerFour = 12, "Lower Four", "小于五";
    UpperFour = 12, "Upper Four", "大于五";
    ChickenHand = 8, "Chicken Hand", "无番和";
    LastTileClaim = 8, "Last Tile Claim", "海底捞月";
    LastTileDraw = 8, "Last Tile Draw", "妙手回春";
    MixedShiftedPungs = 8, "Mixed Shifted Pungs", "三色三节高";
    MixedStraight = 8, "Mixed Straight", "花龙";
    MixedTripleChow = 8, "Mixed Triple Chow", "三色三同顺";
    OutWithReplacementTile = 8, "Out with Replacement Tile", "杠上开花";
    ReversibleTiles = 8, "Reversible Tiles", "推不倒";
    RobbingTheKong = 8, "Robbing The Kong", "抢杠和";
    AllPungs = 6, "All Pungs", "碰碰和";
    AllTypes = 6, "All Types", "五门齐";
    HalfFlush = 6, "Half Flush", "混一色";
    MeldedHand = 6, "Melded Hand", "全求人";
    MixedShiftedChows = 6, "Mixed Shifted Chows", "三色三步高";
    TwoConcealedKongs = 6, "Two Concealed Kongs", "双暗杠";
    TwoDragonsPungs = 6, "Two Dragons Pungs", "双箭刻";
    ConcealedKongAndMeldedKong = 5, "Concealed Kong and Melded Kong", "明暗杠";
    FullyConcealedHand = 4, "Fully Concealed Hand", "不求人";
    LastTile = 4, "Last Tile", "和绝张";
    OutsideHand = 4, "Outside Hand", "全带幺";
    TwoMeldedKongs = 4, "Two Melded Kongs", "双明杠";
    AllChows = 2, "All Chows", "平和";
    AllSimples = 2, "All Simples", "断幺";
    ConcealedHand = 2, "Concealed Hand", "门前清";
    ConcealedKong = 2, "Concealed Kong", "暗杠";
    DoublePung = 2, "Double Pung", "双同刻";
    DragonPung = 2, "Dragon Pung", "箭刻";
    PrevalentWind = 2, "Prevalent Wind", "圈风刻";
    SeatWind = 2, "Seat Wind", "门风刻";
    TileHog = 2, "Tile Hog", "四归一";
    TwoConcealedPungs = 2, "Two Concealed Pungs", "双暗刻";
    ClosedWait = 1, "Closed Wait", "独听・嵌张";
    EdgeWait = 1, "Edge Wait", "独听・边张";
    FlowerTiles = 1, "Flower Tiles", "花牌";
    MeldedKong = 1, "Melded Kong", "明杠";
    MixedDoubleChow = 1, "Mixed Double Chow", "喜相逢";
    NoHonors = 1, "No Honors", "无字";
    OneVoidedSuit = 1, "One Voided Suit", "缺一门";
    PungOfTerminalsOrHonors = 1, "Pung of Terminals or Honors", "幺九刻";
    PureDoubleChow = 1, "Pure Double Chow", "一般高";
    SelfDrawn = 1, "Self-Drawn", "自摸";
    ShortStraight = 1, "Short Straight", "连六";
    SingleWait = 1, "Single Wait", "独听・单钓";
    TwoTerminalChows = 1, "Two Terminal Chows", "老少副";
}

impl Fan {
    /// Its points (番数).
    ///
    /// ```
    /// use hupai::score::gb::Fan;
    /// assert_eq!(Fan::ThirteenOrphans.points(), 88);
    /// assert_eq!(Fan::ConcealedKongAndMeldedKong.points(), 5);
    /// ```
    pub const fn points(self) -> u8 {
        POINTS[self as usize]
    }

    /// Its English name, as `gb-fans.tsv` (and JSON's `name`) writes it.
    pub const fn name(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// Its Chinese name (JSON's `name_zh`).
    pub const fn name_zh(self) -> &'static str {
        TABLE[self as usize].2
    }

    /// The fan whose English or Chinese name is `name`.
    ///
    /// ```
    /// use hupai::score::gb::Fan;
    /// assert_eq!(Fan::from_name("七对"), Some(Fan::SevenPairs));
    /// assert_eq!(Fan::from_name("Seven Pairs"), Some(Fan::SevenPairs));
    /// ```
    pub fn from_name(name: &str) -> Option<Fan> {
        ALL_FANS
            .into_iter()
            .find(|f| f.name() == name || f.name_zh() == name)
    }
}

impl fmt::Display for Fan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The points of each fan, indexed by `fan as usize`: the table's first
/// column on its own, so that a count array's points add up a few lanes
/// at a time.
const POINTS: [u8; FAN_COUNT] = {
    let mut points = [0; FAN_COUNT];
    let mut i = 0;
    while i < FAN_COUNT {
        points[i] = TABLE[i].0;
        i += 1;
    }
    points
};

/// How many times each fan counts, indexed by `fan as usize`, and which
/// fans count (a bit each), so that the fans counted are read without
/// passing over the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanCounts {
    counts: [u8; FAN_COUNT],
    /// Bit `fan as usize` set: its count is above 0.
    counted: u128,
}

impl Default for FanCounts {
    fn default() -> FanCounts {
        FanCounts {
            counts: [0; FAN_COUNT],
            counted: 0,
        }
    }
}

impl FanCounts {
    /// How many times `fan` counts.
    pub fn get(&self, fan: Fan) -> u8 {
        self.counts[fan as usize]
    }

    /// Sets how many times `fan` counts.
    pub(crate) fn set(&mut self, fan: Fan, n: u8) {
        self.counts[fan as usize] = n;
        let bit = 1u128 << fan as usize;
        if n > 0 {
            self.counted |= bit;
        } else {
            self.counted &= !bit;
        }
    }

    /// Counts `fan` once more.
    pub(crate) fn add(&mut self, fan: Fan) {
        self.counts[fan as usize] += 1;
        self.counted |= 1u128 << fan as usize;
    }

    /// The fans counted, in table order (the largest first).
    pub(crate) fn counted(&self) -> impl Iterator<Item = Fan> {
        let mut rest = self.counted;
        std::iter::from_fn(move || {
            let i = rest.trailing_zeros() as usize;
            rest &= rest.checked_sub(1)?;
            ALL_FANS.get(i).copied()
        })
    }

    /// The points of every fan counted, each times its count.
    pub fn points(&self) -> u32 {
        self.counts
            .iter()
            .zip(POINTS)
            .map(|(&count, points)| u32::from(count) * u32::from(points))
            .sum()
    }

    /// How many fans count.
    pub fn len(&self) -> usize {
        self.counted.count_ones() as usize
    }

    /// Does no fan count?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The fans counted, in table order, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        self.counted().map(|f| (f, self.get(f)))
    }
}
