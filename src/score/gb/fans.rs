//! The fans of the Chinese Official rules (国标, MCR) as data: the 81 fans
//! and 明暗杠, each with its points, English name and Chinese name, copied
//! from `shared/gb-fans.tsv` (the widely used open-source calculator's
//! names), in that file's order: points descending, then English name.
//! `tests/score_gb.rs` pins this table to the file row by row.
//!
//! [`Fan`]'s discriminant is the row's index, so a fan count array
//! ([`FanCounts`]) is indexed by `fan as usize`, and walking it in index
//! order walks the fans from the largest down, as the exclusion rules in
//! [`principles`](super::principles) need.

use std::fmt;

/// One fan (番种) of the Chinese Official rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Fan {
    /// 绿一色 All Green (88).
    AllGreen,
    /// 大四喜 Big Four Winds (88).
    BigFourWinds,
    /// 大三元 Big Three Dragons (88).
    BigThreeDragons,
    /// 四杠 Four Kongs (88).
    FourKongs,
    /// 九莲宝灯 Nine Gates (88).
    NineGates,
    /// 连七对 Seven Shifted Pairs (88).
    SevenShiftedPairs,
    /// 十三幺 Thirteen Orphans (88).
    ThirteenOrphans,
    /// 字一色 All Honors (64).
    AllHonors,
    /// 清幺九 All Terminals (64).
    AllTerminals,
    /// 四暗刻 Four Concealed Pungs (64).
    FourConcealedPungs,
    /// 小四喜 Little Four Winds (64).
    LittleFourWinds,
    /// 小三元 Little Three Dragons (64).
    LittleThreeDragons,
    /// 一色双龙会 Pure Terminal Chows (64).
    PureTerminalChows,
    /// 一色四节高 Four Pure Shifted Pungs (48).
    FourPureShiftedPungs,
    /// 一色四同顺 Quadruple Chow (48).
    QuadrupleChow,
    /// 混幺九 All Terminals and Honors (32).
    AllTerminalsAndHonors,
    /// 一色四步高 Four Pure Shifted Chows (32).
    FourPureShiftedChows,
    /// 三杠 Three Kongs (32).
    ThreeKongs,
    /// 全双刻 All Even Pungs (24).
    AllEvenPungs,
    /// 清一色 Full Flush (24).
    FullFlush,
    /// 七星不靠 Greater Honors and Knitted Tiles (24).
    GreaterHonorsAndKnittedTiles,
    /// 全小 Lower Tiles (24).
    LowerTiles,
    /// 全中 Middle Tiles (24).
    MiddleTiles,
    /// 一色三节高 Pure Shifted Pungs (24).
    PureShiftedPungs,
    /// 一色三同顺 Pure Triple Chow (24).
    PureTripleChow,
    /// 七对 Seven Pairs (24).
    SevenPairs,
    /// 全大 Upper Tiles (24).
    UpperTiles,
    /// 全带五 All Five (16).
    AllFive,
    /// 一色三步高 Pure Shifted Chows (16).
    PureShiftedChows,
    /// 清龙 Pure Straight (16).
    PureStraight,
    /// 三暗刻 Three Concealed Pungs (16).
    ThreeConcealedPungs,
    /// 三色双龙会 Three-Suited Terminal Chows (16).
    ThreeSuitedTerminalChows,
    /// 三同刻 Triple Pung (16).
    TriplePung,
    /// 三风刻 Big Three Winds (12).
    BigThreeWinds,
    /// 组合龙 Knitted Straight (12).
    KnittedStraight,
    /// 全不靠 Lesser Honors and Knitted Tiles (12).
    LesserHonorsAndKnittedTiles,
    /// 小于五 Lower Four (12).
    LowerFour,
    /// 大于五 Upper Four (12).
    UpperFour,
    /// 无番和 Chicken Hand (8).
    ChickenHand,
    /// 海底捞月 Last Tile Claim (8).
    LastTileClaim,
    /// 妙手回春 Last Tile Draw (8).
    LastTileDraw,
    /// 三色三节高 Mixed Shifted Pungs (8).
    MixedShiftedPungs,
    /// 花龙 Mixed Straight (8).
    MixedStraight,
    /// 三色三同顺 Mixed Triple Chow (8).
    MixedTripleChow,
    /// 杠上开花 Out with Replacement Tile (8).
    OutWithReplacementTile,
    /// 推不倒 Reversible Tiles (8).
    ReversibleTiles,
    /// 抢杠和 Robbing The Kong (8).
    RobbingTheKong,
    /// 碰碰和 All Pungs (6).
    AllPungs,
    /// 五门齐 All Types (6).
    AllTypes,
    /// 混一色 Half Flush (6).
    HalfFlush,
    /// 全求人 Melded Hand (6).
    MeldedHand,
    /// 三色三步高 Mixed Shifted Chows (6).
    MixedShiftedChows,
    /// 双暗杠 Two Concealed Kongs (6).
    TwoConcealedKongs,
    /// 双箭刻 Two Dragons Pungs (6).
    TwoDragonsPungs,
    /// 明暗杠 Concealed Kong and Melded Kong (5).
    ConcealedKongAndMeldedKong,
    /// 不求人 Fully Concealed Hand (4).
    FullyConcealedHand,
    /// 和绝张 Last Tile (4).
    LastTile,
    /// 全带幺 Outside Hand (4).
    OutsideHand,
    /// 双明杠 Two Melded Kongs (4).
    TwoMeldedKongs,
    /// 平和 All Chows (2).
    AllChows,
    /// 断幺 All Simples (2).
    AllSimples,
    /// 门前清 Concealed Hand (2).
    ConcealedHand,
    /// 暗杠 Concealed Kong (2).
    ConcealedKong,
    /// 双同刻 Double Pung (2).
    DoublePung,
    /// 箭刻 Dragon Pung (2).
    DragonPung,
    /// 圈风刻 Prevalent Wind (2).
    PrevalentWind,
    /// 门风刻 Seat Wind (2).
    SeatWind,
    /// 四归一 Tile Hog (2).
    TileHog,
    /// 双暗刻 Two Concealed Pungs (2).
    TwoConcealedPungs,
    /// 独听・嵌张 Closed Wait (1).
    ClosedWait,
    /// 独听・边张 Edge Wait (1).
    EdgeWait,
    /// 花牌 Flower Tiles (1).
    FlowerTiles,
    /// 明杠 Melded Kong (1).
    MeldedKong,
    /// 喜相逢 Mixed Double Chow (1).
    MixedDoubleChow,
    /// 无字 No Honors (1).
    NoHonors,
    /// 缺一门 One Voided Suit (1).
    OneVoidedSuit,
    /// 幺九刻 Pung of Terminals or Honors (1).
    PungOfTerminalsOrHonors,
    /// 一般高 Pure Double Chow (1).
    PureDoubleChow,
    /// 自摸 Self-Drawn (1).
    SelfDrawn,
    /// 连六 Short Straight (1).
    ShortStraight,
    /// 独听・单钓 Single Wait (1).
    SingleWait,
    /// 老少副 Two Terminal Chows (1).
    TwoTerminalChows,
}

/// Number of fans in the table (81 fans and 明暗杠).
pub const FAN_COUNT: usize = 82;

/// Every fan, in table order.
pub const ALL_FANS: [Fan; FAN_COUNT] = [
    Fan::AllGreen,
    Fan::BigFourWinds,
    Fan::BigThreeDragons,
    Fan::FourKongs,
    Fan::NineGates,
    Fan::SevenShiftedPairs,
    Fan::ThirteenOrphans,
    Fan::AllHonors,
    Fan::AllTerminals,
    Fan::FourConcealedPungs,
    Fan::LittleFourWinds,
    Fan::LittleThreeDragons,
    Fan::PureTerminalChows,
    Fan::FourPureShiftedPungs,
    Fan::QuadrupleChow,
    Fan::AllTerminalsAndHonors,
    Fan::FourPureShiftedChows,
    Fan::ThreeKongs,
    Fan::AllEvenPungs,
    Fan::FullFlush,
    Fan::GreaterHonorsAndKnittedTiles,
    Fan::LowerTiles,
    Fan::MiddleTiles,
    Fan::PureShiftedPungs,
    Fan::PureTripleChow,
    Fan::SevenPairs,
    Fan::UpperTiles,
    Fan::AllFive,
    Fan::PureShiftedChows,
    Fan::PureStraight,
    Fan::ThreeConcealedPungs,
    Fan::ThreeSuitedTerminalChows,
    Fan::TriplePung,
    Fan::BigThreeWinds,
    Fan::KnittedStraight,
    Fan::LesserHonorsAndKnittedTiles,
    Fan::LowerFour,
    Fan::UpperFour,
    Fan::ChickenHand,
    Fan::LastTileClaim,
    Fan::LastTileDraw,
    Fan::MixedShiftedPungs,
    Fan::MixedStraight,
    Fan::MixedTripleChow,
    Fan::OutWithReplacementTile,
    Fan::ReversibleTiles,
    Fan::RobbingTheKong,
    Fan::AllPungs,
    Fan::AllTypes,
    Fan::HalfFlush,
    Fan::MeldedHand,
    Fan::MixedShiftedChows,
    Fan::TwoConcealedKongs,
    Fan::TwoDragonsPungs,
    Fan::ConcealedKongAndMeldedKong,
    Fan::FullyConcealedHand,
    Fan::LastTile,
    Fan::OutsideHand,
    Fan::TwoMeldedKongs,
    Fan::AllChows,
    Fan::AllSimples,
    Fan::ConcealedHand,
    Fan::ConcealedKong,
    Fan::DoublePung,
    Fan::DragonPung,
    Fan::PrevalentWind,
    Fan::SeatWind,
    Fan::TileHog,
    Fan::TwoConcealedPungs,
    Fan::ClosedWait,
    Fan::EdgeWait,
    Fan::FlowerTiles,
    Fan::MeldedKong,
    Fan::MixedDoubleChow,
    Fan::NoHonors,
    Fan::OneVoidedSuit,
    Fan::PungOfTerminalsOrHonors,
    Fan::PureDoubleChow,
    Fan::SelfDrawn,
    Fan::ShortStraight,
    Fan::SingleWait,
    Fan::TwoTerminalChows,
];

/// A fan's row: points, English name, Chinese name.
const TABLE: [(u8, &str, &str); FAN_COUNT] = [
    (88, "All Green", "绿一色"),
    (88, "Big Four Winds", "大四喜"),
    (88, "Big Three Dragons", "大三元"),
    (88, "Four Kongs", "四杠"),
    (88, "Nine Gates", "九莲宝灯"),
    (88, "Seven Shifted Pairs", "连七对"),
    (88, "Thirteen Orphans", "十三幺"),
    (64, "All Honors", "字一色"),
    (64, "All Terminals", "清幺九"),
    (64, "Four Concealed Pungs", "四暗刻"),
    (64, "Little Four Winds", "小四喜"),
    (64, "Little Three Dragons", "小三元"),
    (64, "Pure Terminal Chows", "一色双龙会"),
    (48, "Four Pure Shifted Pungs", "一色四节高"),
    (48, "Quadruple Chow", "一色四同顺"),
    (32, "All Terminals and Honors", "混幺九"),
    (32, "Four Pure Shifted Chows", "一色四步高"),
    (32, "Three Kongs", "三杠"),
    (24, "All Even Pungs", "全双刻"),
    (24, "Full Flush", "清一色"),
    (24, "Greater Honors and Knitted Tiles", "七星不靠"),
    (24, "Lower Tiles", "全小"),
    (24, "Middle Tiles", "全中"),
    (24, "Pure Shifted Pungs", "一色三节高"),
    (24, "Pure Triple Chow", "一色三同顺"),
    (24, "Seven Pairs", "七对"),
    (24, "Upper Tiles", "全大"),
    (16, "All Five", "全带五"),
    (16, "Pure Shifted Chows", "一色三步高"),
    (16, "Pure Straight", "清龙"),
    (16, "Three Concealed Pungs", "三暗刻"),
    (16, "Three-Suited Terminal Chows", "三色双龙会"),
    (16, "Triple Pung", "三同刻"),
    (12, "Big Three Winds", "三风刻"),
    (12, "Knitted Straight", "组合龙"),
    (12, "Lesser Honors and Knitted Tiles", "全不靠"),
    (12, "Lower Four", "小于五"),
    (12, "Upper Four", "大于五"),
    (8, "Chicken Hand", "无番和"),
    (8, "Last Tile Claim", "海底捞月"),
    (8, "Last Tile Draw", "妙手回春"),
    (8, "Mixed Shifted Pungs", "三色三节高"),
    (8, "Mixed Straight", "花龙"),
    (8, "Mixed Triple Chow", "三色三同顺"),
    (8, "Out with Replacement Tile", "杠上开花"),
    (8, "Reversible Tiles", "推不倒"),
    (8, "Robbing The Kong", "抢杠和"),
    (6, "All Pungs", "碰碰和"),
    (6, "All Types", "五门齐"),
    (6, "Half Flush", "混一色"),
    (6, "Melded Hand", "全求人"),
    (6, "Mixed Shifted Chows", "三色三步高"),
    (6, "Two Concealed Kongs", "双暗杠"),
    (6, "Two Dragons Pungs", "双箭刻"),
    (5, "Concealed Kong and Melded Kong", "明暗杠"),
    (4, "Fully Concealed Hand", "不求人"),
    (4, "Last Tile", "和绝张"),
    (4, "Outside Hand", "全带幺"),
    (4, "Two Melded Kongs", "双明杠"),
    (2, "All Chows", "平和"),
    (2, "All Simples", "断幺"),
    (2, "Concealed Hand", "门前清"),
    (2, "Concealed Kong", "暗杠"),
    (2, "Double Pung", "双同刻"),
    (2, "Dragon Pung", "箭刻"),
    (2, "Prevalent Wind", "圈风刻"),
    (2, "Seat Wind", "门风刻"),
    (2, "Tile Hog", "四归一"),
    (2, "Two Concealed Pungs", "双暗刻"),
    (1, "Closed Wait", "独听・嵌张"),
    (1, "Edge Wait", "独听・边张"),
    (1, "Flower Tiles", "花牌"),
    (1, "Melded Kong", "明杠"),
    (1, "Mixed Double Chow", "喜相逢"),
    (1, "No Honors", "无字"),
    (1, "One Voided Suit", "缺一门"),
    (1, "Pung of Terminals or Honors", "幺九刻"),
    (1, "Pure Double Chow", "一般高"),
    (1, "Self-Drawn", "自摸"),
    (1, "Short Straight", "连六"),
    (1, "Single Wait", "独听・单钓"),
    (1, "Two Terminal Chows", "老少副"),
];

impl Fan {
    /// Its points (番数).
    ///
    /// ```
    /// use hupai::score::gb::Fan;
    /// assert_eq!(Fan::ThirteenOrphans.points(), 88);
    /// assert_eq!(Fan::ConcealedKongAndMeldedKong.points(), 5);
    /// ```
    pub const fn points(self) -> u8 {
        TABLE[self as usize].0
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

/// How many times each fan counts, indexed by `fan as usize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FanCounts(pub(crate) [u8; FAN_COUNT]);

impl Default for FanCounts {
    fn default() -> FanCounts {
        FanCounts([0; FAN_COUNT])
    }
}

impl FanCounts {
    /// How many times `fan` counts.
    pub fn get(&self, fan: Fan) -> u8 {
        self.0[fan as usize]
    }

    /// Sets how many times `fan` counts.
    pub(crate) fn set(&mut self, fan: Fan, n: u8) {
        self.0[fan as usize] = n;
    }

    /// Counts `fan` once more.
    pub(crate) fn add(&mut self, fan: Fan) {
        self.0[fan as usize] += 1;
    }

    /// The points of every fan counted, each times its count.
    pub fn points(&self) -> u32 {
        ALL_FANS
            .iter()
            .map(|&f| f.points() as u32 * self.get(f) as u32)
            .sum()
    }

    /// The fans counted, in table order, with their counts.
    pub fn iter(&self) -> impl Iterator<Item = (Fan, u8)> + '_ {
        ALL_FANS
            .into_iter()
            .filter_map(|f| (self.get(f) > 0).then_some((f, self.get(f))))
    }
}
