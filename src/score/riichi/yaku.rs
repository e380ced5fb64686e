//! The yaku: their names and han ([`Yaku`]), and sets of them.

use std::fmt;

macro_rules! yaku {
    ($($variant:ident = $name:literal, $closed:literal, $open:literal, $doc:literal;)*) => {
        /// A yaku, a yakuman, or a bonus (dora, ura-dora, red fives), by
        /// the identifiers of JSON and `Display`.
        ///
        /// | name | han closed | han open |
        /// |---|---|---|
        $(#[doc = concat!("| `", $name, "` | ", $closed, " | ", $open, " |")])*
        ///
        /// A yakuman's column is its multiple (13 han each in
        /// [`YakuHan`]); 0 open: closed hands only; `n`:
        /// the count.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(u8)]
        pub enum Yaku {
            $(#[doc = $doc] $variant,)*
        }

        impl Yaku {
            /// Every yaku, in the order they are listed.
            pub const ALL: [Yaku; [$($closed),*].len()] = [$(Yaku::$variant),*];

            /// Its identifier (`menzen_tsumo`, `kokushi_13`, `aka_dora`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Yaku::$variant => $name,)*
                }
            }

            /// Han in a closed hand and in an open one (0: not counted
            /// open); for a yakuman its multiple under `double_yakuman`.
            const fn table(self) -> (u8, u8) {
                match self {
                    $(Yaku::$variant => ($closed, $open),)*
                }
            }
        }
    };
}

yaku! {
    MenzenTsumo = "menzen_tsumo", 1, 0, "Self-drawn with a closed hand (門前清自摸和).";
    Riichi = "riichi", 1, 0, "Riichi (立直).";
    DoubleRiichi = "double_riichi", 2, 0, "Riichi on the first discard (両立直).";
    Ippatsu = "ippatsu", 1, 0, "Within a go-around of riichi (一発).";
    Chankan = "chankan", 1, 1, "Robbing a kong (槍槓).";
    Rinshan = "rinshan", 1, 1, "The replacement tile after a kong (嶺上開花).";
    Haitei = "haitei", 1, 1, "Self-drawn, the wall's last tile (海底摸月).";
    Houtei = "houtei", 1, 1, "On the last discard (河底撈魚).";
    Renhou = "renhou", 5, 0, "On a discard before the first draw, as a mangan (人和).";
    Pinfu = "pinfu", 1, 0, "All sequences, a pair of no value, a two-sided wait (平和).";
    Tanyao = "tanyao", 1, 1, "All simples (断幺九); open only with open_tanyao.";
    Iipeikou = "iipeikou", 1, 0, "Two identical sequences (一盃口).";
    YakuhaiHaku = "yakuhai_haku", 1, 1, "A triplet of white dragons (役牌 白).";
    YakuhaiHatsu = "yakuhai_hatsu", 1, 1, "A triplet of green dragons (役牌 發).";
    YakuhaiChun = "yakuhai_chun", 1, 1, "A triplet of red dragons (役牌 中).";
    SeatWind = "seat_wind", 1, 1, "A triplet of the seat wind (自風).";
    RoundWind = "round_wind", 1, 1, "A triplet of the round wind (場風).";
    Sanshoku = "sanshoku", 2, 1, "The same sequence in the three suits (三色同順).";
    Ittsu = "ittsu", 2, 1, "123, 456, 789 of one suit (一気通貫).";
    Chanta = "chanta", 2, 1, "A terminal or honour in every set, a sequence, an honour (混全帯幺九).";
    Honroutou = "honroutou", 2, 2, "Terminals and honours only (混老頭).";
    Toitoi = "toitoi", 2, 2, "Four triplets or kongs (対々和).";
    Sanankou = "sanankou", 2, 2, "Three concealed triplets or kongs (三暗刻).";
    Sankantsu = "sankantsu", 2, 2, "Three kongs (三槓子).";
    SanshokuDoukou = "sanshoku_doukou", 2, 2, "The same triplet in the three suits (三色同刻).";
    Chiitoitsu = "chiitoitsu", 2, 0, "Seven different pairs (七対子).";
    Shousangen = "shousangen", 2, 2, "Two dragon triplets and a dragon pair (小三元).";
    Honitsu = "honitsu", 3, 2, "One suit and honours (混一色).";
    Junchan = "junchan", 3, 2, "A terminal in every set, a sequence, no honour (純全帯幺九).";
    Ryanpeikou = "ryanpeikou", 3, 0, "Two pairs of identical sequences (二盃口).";
    Chinitsu = "chinitsu", 6, 5, "One suit, no honour (清一色).";
    Kokushi = "kokushi", 1, 1, "Thirteen orphans (国士無双).";
    Kokushi13 = "kokushi_13", 2, 2, "Thirteen orphans on a thirteen-sided wait (国士無双十三面).";
    Chuuren = "chuuren", 1, 1, "Nine gates (九蓮宝燈).";
    Chuuren9 = "chuuren_9", 2, 2, "Pure nine gates, on a nine-sided wait (純正九蓮宝燈).";
    Suuankou = "suuankou", 1, 1, "Four concealed triplets (四暗刻).";
    SuuankouTanki = "suuankou_tanki", 2, 2, "Four concealed triplets on a pair wait (四暗刻単騎).";
    Daisangen = "daisangen", 1, 1, "Three dragon triplets (大三元).";
    Shousuushii = "shousuushii", 1, 1, "Three wind triplets and a wind pair (小四喜).";
    Daisuushii = "daisuushii", 2, 2, "Four wind triplets (大四喜).";
    Ryuuiisou = "ryuuiisou", 1, 1, "All green: 23468s and 6z (緑一色).";
    Suukantsu = "suukantsu", 1, 1, "Four kongs (四槓子).";
    Tsuuiisou = "tsuuiisou", 1, 1, "All honours (字一色).";
    Chinroutou = "chinroutou", 1, 1, "All terminals (清老頭).";
    Tenhou = "tenhou", 1, 1, "The dealer's first draw (天和).";
    Chiihou = "chiihou", 1, 1, "Another seat's first draw (地和).";
    RenhouYakuman = "renhou", 1, 1, "On a discard before the first draw, as a yakuman (人和).";
    Dora = "dora", 1, 1, "Dora (ドラ), one han a copy.";
    UraDora = "ura_dora", 1, 1, "Ura-dora (裏ドラ), one han a copy, with riichi.";
    AkaDora = "aka_dora", 1, 1, "Red fives (赤ドラ), one han each.";
}

impl Yaku {
    /// Is it a yakuman?
    pub const fn is_yakuman(self) -> bool {
        (self as u8) >= (Yaku::Kokushi as u8) && (self as u8) <= (Yaku::RenhouYakuman as u8)
    }

    /// Is it a bonus (dora, ura-dora, red fives), which never makes a
    /// hand legal?
    pub const fn is_bonus(self) -> bool {
        (self as u8) >= (Yaku::Dora as u8)
    }

    /// Its han in a closed (`closed`) or open hand: 0 when it does not
    /// count open. A yakuman's is its multiple times 13.
    pub(crate) const fn han(self, closed: bool, double_yakuman: bool) -> u8 {
        let (c, o) = self.table();
        if self.is_yakuman() {
            return 13 * if double_yakuman { c } else { 1 };
        }
        if closed {
            c
        } else {
            o
        }
    }

    /// The bit of the yaku in a [`YakuSet`].
    pub(crate) const fn bit(self) -> u64 {
        1 << self as u8
    }
}

impl fmt::Display for Yaku {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of yaku, one bit each.
pub(crate) type YakuSet = u64;

/// The yaku of `set`, in [`Yaku`] order.
pub(crate) fn members(set: YakuSet) -> impl Iterator<Item = Yaku> {
    crate::swar::bits(set).filter_map(|i| Yaku::ALL.get(i).copied())
}

/// The yakuman bits of a [`YakuSet`].
pub(crate) const YAKUMAN: YakuSet = {
    let mut m = 0;
    let mut i = Yaku::Kokushi as u8;
    while i <= Yaku::RenhouYakuman as u8 {
        m |= 1 << i;
        i += 1;
    }
    m
};

/// A yaku and the han it counts (a yakuman: 13 per multiple; a bonus:
/// its count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct YakuHan {
    /// The yaku.
    pub yaku: Yaku,
    /// Its han.
    pub han: u32,
}

/// A claim's yaku with their han, in [`Yaku`] order, bonuses last: held
/// as a set of yaku and the bonuses' counts (16 bytes, no allocation),
/// read as an iterator of [`YakuHan`].
///
/// ```
/// use hupai::score::riichi::Yaku;
/// use hupai::score::{Claim, Score};
/// use hupai::{Rules, WinHow};
/// let mut claim = Claim::new("8s".parse()?, WinHow::SelfDrawn);
/// claim.riichi = true;
/// let score = Rules::riichi().score(&"234567m234p67888s".parse()?, &claim)?;
/// let Score::Riichi(s) = score else { unreachable!() };
/// assert_eq!(s.yaku.len(), 4);
/// assert_eq!(s.yaku.han(Yaku::Pinfu), Some(1));
/// let han: u32 = s.yaku.iter().map(|y| y.han).sum();
/// assert_eq!(han, s.han);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct YakuList {
    /// The yaku below the bonuses that count (han above 0).
    set: YakuSet,
    closed: bool,
    double_yakuman: bool,
    /// Dora, ura-dora and red fives held: a bonus counts when above 0.
    bonuses: [u8; 3],
}

/// The bonuses, which a [`YakuList`] counts apart from its set.
const BONUS: YakuSet = Yaku::Dora.bit() | Yaku::UraDora.bit() | Yaku::AkaDora.bit();

/// The yaku of closed hands only: no han in an open hand.
const CLOSED_ONLY: YakuSet = {
    let mut m = 0;
    let mut i = 0;
    while i < Yaku::ALL.len() {
        let y = Yaku::ALL[i];
        if y.han(false, false) == 0 {
            m |= y.bit();
        }
        i += 1;
    }
    m
};

/// The bonuses in [`Yaku`] order, as [`YakuList`]'s counts hold them.
const BONUSES: [Yaku; 3] = [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora];

impl YakuList {
    /// The yaku of `set` that count in a hand `closed` or not, under
    /// `double_yakuman`, and the `bonuses` (dora, ura-dora, red fives).
    pub(crate) fn new(
        set: YakuSet,
        closed: bool,
        double_yakuman: bool,
        bonuses: [u8; 3],
    ) -> YakuList {
        let uncounted = if closed { BONUS } else { BONUS | CLOSED_ONLY };
        YakuList {
            set: set & !uncounted,
            closed,
            double_yakuman,
            bonuses,
        }
    }

    /// The yaku with their han, in [`Yaku`] order, bonuses last.
    pub fn iter(&self) -> YakuListIter {
        YakuListIter {
            list: *self,
            rest: self.listed(),
        }
    }

    /// The yaku listed, bonuses included, as a set.
    fn listed(&self) -> YakuSet {
        BONUSES
            .iter()
            .zip(self.bonuses)
            .filter(|&(_, n)| n > 0)
            .fold(self.set, |s, (y, _)| s | y.bit())
    }

    /// How many yaku are listed.
    pub fn len(&self) -> usize {
        self.listed().count_ones() as usize
    }

    /// Is no yaku listed (a claim that is not legal)?
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The han of `yaku`, when listed.
    pub fn han(&self, yaku: Yaku) -> Option<u32> {
        if let Some(b) = BONUSES.iter().position(|&y| y == yaku) {
            let n = self.bonuses[b];
            return (n > 0).then_some(u32::from(n));
        }
        (self.set & yaku.bit() != 0).then(|| u32::from(yaku.han(self.closed, self.double_yakuman)))
    }
}

/// The yaku of a [`YakuList`], with their han ([`YakuList::iter`]).
#[derive(Clone, Debug)]
pub struct YakuListIter {
    list: YakuList,
    /// The yaku not yet read.
    rest: YakuSet,
}

impl Iterator for YakuListIter {
    type Item = YakuHan;

    fn next(&mut self) -> Option<YakuHan> {
        let yaku = members(self.rest).next()?;
        self.rest &= !yaku.bit();
        let han = self.list.han(yaku)?;
        Some(YakuHan { yaku, han })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for YakuListIter {}

impl IntoIterator for &YakuList {
    type Item = YakuHan;
    type IntoIter = YakuListIter;

    fn into_iter(self) -> YakuListIter {
        self.iter()
    }
}

impl fmt::Debug for YakuList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The list as a `Vec` is built from every yaku in order: those of the
    /// set with han, then the bonuses with a count.
    fn listed_naively(set: YakuSet, closed: bool, double: bool, bonuses: [u8; 3]) -> Vec<YakuHan> {
        let mut out: Vec<YakuHan> = Yaku::ALL
            .iter()
            .filter(|y| !y.is_bonus() && set & y.bit() != 0)
            .map(|&y| YakuHan {
                yaku: y,
                han: u32::from(y.han(closed, double)),
            })
            .filter(|y| y.han > 0)
            .collect();
        for (y, n) in [Yaku::Dora, Yaku::UraDora, Yaku::AkaDora]
            .into_iter()
            .zip(bonuses)
        {
            if n > 0 {
                out.push(YakuHan {
                    yaku: y,
                    han: u32::from(n),
                });
            }
        }
        out
    }

    #[test]
    fn a_list_reads_as_its_yaku_with_han_in_order_bonuses_last() {
        // Sets mixing closed-only, open and yakuman yaku, seeded.
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        for _ in 0..2000 {
            let set = rng.gen::<u64>() & ((1 << Yaku::ALL.len()) - 1);
            let bonuses = [
                rng.gen_range(0..3),
                rng.gen_range(0..2),
                rng.gen_range(0..4),
            ];
            for (closed, double) in [(true, true), (false, true), (true, false), (false, false)] {
                let list = YakuList::new(set, closed, double, bonuses);
                let want = listed_naively(set, closed, double, bonuses);
                let got: Vec<YakuHan> = list.iter().collect();
                assert_eq!(got, want, "{set:#x} {closed} {double} {bonuses:?}");
                assert_eq!(list.len(), want.len());
                assert_eq!(list.iter().len(), want.len());
                assert_eq!(list.is_empty(), want.is_empty());
                assert_eq!(format!("{list:?}"), format!("{want:?}"));
                for y in Yaku::ALL {
                    let han = want.iter().find(|w| w.yaku == y).map(|w| w.han);
                    assert_eq!(list.han(y), han, "{y:?} in {set:#x}");
                }
            }
        }
    }
}
