//! [`Tables`]: where the need tables and the profile columns live, their
//! making (compiled in, generated, or from a file's columns through
//! `validate.rs`), and every read of them: the needs, the public
//! distances, and the profiles and classes the forms read.

use std::sync::{Arc, OnceLock};

use super::builtin::{DEFAULT_CLASSES, DEFAULT_HONOR, DEFAULT_PROFILES, DEFAULT_SUIT};
use super::class::{DistanceClass, DistanceClasses, SuitMerge};
use super::distance::{self, Distance, HONOR_CAP, HONOR_FIFTH, SUIT_CAP, SUIT_FIFTH};
use super::draw_rows::{self, DrawRow};
use super::gen::{self, TableParams};
use super::key::{self, honor_key, suit_key, HonorRanking, SuitRanking};
use super::near_win::{self, NearColumn, NearWin, HONOR_SLOTS, SUIT_SLOTS};
use super::need::{Need, NeedColumn};
use super::profile::{self, ProfileColumn, SuitProfile};

/// The tables (numbered suits, honours) for one set of [`TableParams`]:
/// the need tables and the distance tables.
pub struct Tables {
    storage: Storage,
    /// The profile columns and the near-win codes: the compiled-in ones
    /// decoded on first use (a hand that is only checked for a win never
    /// needs them), so that every read is of one kind.
    columns: OnceLock<Columns>,
    /// The draw rows of the profile columns within four copies (numbered
    /// suits, honours), made the first time efficiency reads one.
    draw_rows: OnceLock<[Box<[DrawRow]>; 2]>,
    /// The distance classes the profiles name, padded with class 0 to
    /// every number a profile can hold (so reading one needs no bounds
    /// check).
    classes: DistanceClasses,
    suit_ranking: SuitRanking,
    honor_ranking: HonorRanking,
    params: TableParams,
}

/// The columns indexed by the rankings ([`Ranking::index_of`](key::Ranking::index_of)).
struct Columns {
    /// The four profile columns, in the order of the distance columns.
    profiles: [Box<[u32]>; 4],
    /// The near-win codes of the profile columns within four copies
    /// (numbered suits, honours), indexed as they are.
    near_wins: (NearColumn<SUIT_SLOTS>, NearColumn<HONOR_SLOTS>),
}

impl Columns {
    /// The columns of the profile columns `profiles`, whose classes are
    /// `classes`, ranked by `suit` and `honor` for patterns of at most
    /// `max_tiles` tiles.
    fn of(
        profiles: [Box<[u32]>; 4],
        classes: &DistanceClasses,
        (suit, honor): (&SuitRanking, &HonorRanking),
        max_tiles: u8,
    ) -> Columns {
        let near_wins = (
            near_win::column_of(
                suit,
                &profiles[SUIT_CAP],
                classes,
                key::SUIT_RANKS,
                max_tiles,
            ),
            near_win::column_of(
                honor,
                &profiles[HONOR_CAP],
                classes,
                key::HONOR_RANKS,
                max_tiles,
            ),
        );
        Columns {
            profiles,
            near_wins,
        }
    }
}

/// The columns the rankings index, found once
/// ([`Tables::ranked_reads`]): a hand's profiles and near-win codes at the
/// indexes of [`Tables::column_indexes`].
#[derive(Clone, Copy)]
pub(crate) struct RankedReads<'a>(&'a Columns);

impl RankedReads<'_> {
    /// The profiles within four copies of the four suits at `indexes`.
    #[inline(always)]
    pub(crate) fn profiles(self, indexes: &[usize; 4]) -> [SuitProfile; 4] {
        let columns = &self.0.profiles;
        let (suit, honor) = (&columns[SUIT_CAP], &columns[HONOR_CAP]);
        let read = SuitProfile::read;
        [
            read(suit, indexes[0]),
            read(suit, indexes[1]),
            read(suit, indexes[2]),
            read(honor, indexes[3]),
        ]
    }

    /// The near-win codes of the four suits at `indexes`, in one word
    /// ([`NearWin::codes`]).
    #[inline(always)]
    pub(crate) fn near_win_codes(self, indexes: &[usize; 4]) -> u32 {
        let (suit, honor) = &self.0.near_wins;
        NearWin::codes([
            suit.at(indexes[0]),
            suit.at(indexes[1]),
            suit.at(indexes[2]),
            honor.at(indexes[3]),
        ])
    }
}

/// Where the need tables live.
pub(super) enum Storage {
    /// The tables `build.rs` compiled in.
    Builtin,
    /// Tables generated at run time or loaded from a file.
    Owned { suit: Box<[u8]>, honor: Box<[u8]> },
}

impl Tables {
    /// The tables compiled in by `build.rs`, for [`TableParams::DEFAULT`].
    pub fn builtin() -> Arc<Tables> {
        static BUILTIN: OnceLock<Arc<Tables>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                Arc::new(Tables {
                    storage: Storage::Builtin,
                    columns: OnceLock::new(),
                    draw_rows: OnceLock::new(),
                    classes: DistanceClasses::of_steps(DEFAULT_CLASSES.iter().copied()),
                    suit_ranking: key::suit_ranking(TableParams::DEFAULT.max_tiles),
                    honor_ranking: key::honor_ranking(TableParams::DEFAULT.max_tiles),
                    params: TableParams::DEFAULT,
                })
            })
            .clone()
    }

    /// Generates the tables for `params` with the generator `build.rs` uses.
    ///
    /// ```
    /// use hupai::tables::{Tables, TableParams};
    /// let strict = TableParams { joker_fifth_copy: false, ..TableParams::DEFAULT };
    /// let tables = Tables::generate(&strict);
    /// // Melds plus a pair from 4444m: one joker when it may be a fifth 4m
    /// // (444m + 4*m), more when copies are capped at four.
    /// let permissive = Tables::builtin();
    /// let quad = [0, 0, 0, 4, 0, 0, 0, 0, 0];
    /// assert_eq!(permissive.suit(&quad).with_pair(), 1);   // 444m + 4*m (a fifth 4m)
    /// assert!(tables.suit(&quad).with_pair() > 1);          // capped at four copies
    /// ```
    pub fn generate(params: &TableParams) -> Tables {
        let suit = gen::suit_table(params);
        let honor = gen::honor_table(params);
        let stored = distance::stored_columns(params, &suit, &honor);
        Tables::owned(*params, suit, honor, stored)
    }

    /// The tables for `params` made of the need tables `suit` and `honor`
    /// and the stored distance columns `stored` (in the order of the
    /// distance columns), their profiles worked out here.
    pub(super) fn owned(
        params: TableParams,
        suit: Vec<u8>,
        honor: Vec<u8>,
        stored: [Box<[u8]>; 4],
    ) -> Tables {
        let (profiles, classes) = profile::profiles_of(&params, stored);
        let suit_ranking = key::suit_ranking(params.max_tiles);
        let honor_ranking = key::honor_ranking(params.max_tiles);
        let rankings = (&suit_ranking, &honor_ranking);
        let columns = Columns::of(profiles, &classes, rankings, params.max_tiles);
        Tables {
            storage: Storage::Owned {
                suit: suit.into_boxed_slice(),
                honor: honor.into_boxed_slice(),
            },
            columns: OnceLock::from(columns),
            draw_rows: OnceLock::new(),
            classes,
            suit_ranking,
            honor_ranking,
            params,
        }
    }

    /// The parameters these tables were generated for.
    pub fn params(&self) -> &TableParams {
        &self.params
    }
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}

impl Tables {
    /// The raw bytes of the two need tables (numbered suits, honours), as
    /// a table file stores them.
    #[inline(always)]
    pub fn raw(&self) -> (&[u8], &[u8]) {
        match &self.storage {
            Storage::Builtin => (DEFAULT_SUIT, DEFAULT_HONOR),
            Storage::Owned { suit, honor } => (suit, honor),
        }
    }

    #[inline(always)]
    fn suit_bytes(&self) -> &[u8] {
        self.raw().0
    }

    #[inline(always)]
    fn honor_bytes(&self) -> &[u8] {
        self.raw().1
    }

    /// The need of one numbered suit, from its 9 counts (each at most 4).
    #[inline]
    pub fn suit(&self, counts: &[u8; 9]) -> Need {
        Need::from_byte(self.suit_bytes()[suit_key(counts)])
    }

    /// The need of the honours, from their 7 counts (each at most 4).
    #[inline]
    pub fn honor(&self, counts: &[u8; 7]) -> Need {
        Need::from_byte(self.honor_bytes()[honor_key(counts)])
    }

    /// The need of suit `suit` (0–2 numbered, 3 honours) at `key`; "none"
    /// for a key outside the table (a count above 4 reads past it).
    #[inline(always)]
    pub(crate) fn need_at(&self, suit: usize, key: usize) -> Need {
        self.need_column(suit).at(key)
    }

    /// The need table of suit `suit` (0–2 numbered, 3 honours), for a run
    /// of look-ups in one suit.
    #[inline(always)]
    pub(crate) fn need_column(&self, suit: usize) -> NeedColumn<'_> {
        NeedColumn(if suit == 3 {
            self.honor_bytes()
        } else {
            self.suit_bytes()
        })
    }

    /// The needs of the four suits whose keys are `keys` (every key within
    /// its table: the acceptance step checked the counts).
    #[inline(always)]
    pub(crate) fn needs(&self, keys: [usize; 4]) -> [Need; 4] {
        let read = |suit: &[u8], honor: &[u8]| {
            [
                Need::from_byte(suit[keys[0]]),
                Need::from_byte(suit[keys[1]]),
                Need::from_byte(suit[keys[2]]),
                Need::from_byte(honor[keys[3]]),
            ]
        };
        // One read for each storage: the compiled-in tables' addresses and
        // sizes are constants of their branch.
        match &self.storage {
            Storage::Builtin => read(DEFAULT_SUIT, DEFAULT_HONOR),
            Storage::Owned { suit, honor } => read(suit, honor),
        }
    }

    /// Bytes the two need tables take in memory.
    pub fn size_bytes(&self) -> usize {
        self.suit_bytes().len() + self.honor_bytes().len()
    }
}

/// The profile columns within four copies, their rankings and their draw
/// rows ([`Tables::draw_columns`]): the numbered suits', then the
/// honours'.
#[derive(Clone, Copy)]
pub(crate) struct DrawColumns<'a>([(&'a SuitRanking, &'a [u32], &'a [DrawRow]); 2]);

impl DrawColumns<'_> {
    /// The profile of suit `suit`'s pattern whose key is cut in halves
    /// `(low, high)` ([`key::halves_of`]), within four copies, and its
    /// draw row ([`DrawRow`]): one index for both.
    #[inline(always)]
    pub(crate) fn at(&self, suit: usize, (low, high): (usize, usize)) -> (SuitProfile, DrawRow) {
        let (ranking, column, rows) = self.0[(suit == 3) as usize];
        let index = ranking.index_of(low, high);
        (SuitProfile::read(column, index), rows[index])
    }
}

impl Tables {
    /// The distances of one numbered suit from its 9 counts (each at most
    /// 4, at most `max_tiles` in all), with every kind within four copies
    /// ([`Distance::fifth`] says whether a joker as a fifth copy would do
    /// better).
    ///
    /// ```
    /// use hupai::tables::Tables;
    /// let tables = Tables::builtin();
    /// let d = tables.suit_distance(&[4, 0, 0, 0, 0, 0, 0, 0, 0]); // 1111m
    /// assert_eq!(d.melds(1), 0);     // 111m
    /// assert_eq!(d.with_pair(1), 2); // 111m + 1m, 2m or 3m missing: 11m 123m or 111m 22m
    /// assert!(d.fifth());            // 111m 11m, the fifth 1m a joker
    /// assert_eq!(tables.suit_distance_fifth(&[4, 0, 0, 0, 0, 0, 0, 0, 0]).with_pair(1), 1);
    /// ```
    pub fn suit_distance(&self, counts: &[u8; 9]) -> Distance {
        self.distance_at(0, suit_key(counts), false)
    }

    /// [`Tables::suit_distance`] where a joker may stand for a fifth copy
    /// (the same values when the parameters cap jokers at four copies).
    pub fn suit_distance_fifth(&self, counts: &[u8; 9]) -> Distance {
        self.distance_at(0, suit_key(counts), true)
    }

    /// The distances of the honours from their 7 counts, as
    /// [`Tables::suit_distance`].
    pub fn honor_distance(&self, counts: &[u8; 7]) -> Distance {
        self.distance_at(3, honor_key(counts), false)
    }

    /// [`Tables::honor_distance`] with fifth copies, as
    /// [`Tables::suit_distance_fifth`].
    pub fn honor_distance_fifth(&self, counts: &[u8; 7]) -> Distance {
        self.distance_at(3, honor_key(counts), true)
    }

    /// The distances of suit `suit` (0–2 numbered, 3 honours) at dense key
    /// `key` (a pattern of at most `max_tiles` tiles), within four copies
    /// or (`fifth`) not.
    #[inline(always)]
    pub(crate) fn distance_at(&self, suit: usize, key: usize, fifth: bool) -> Distance {
        let profile = self.profile_at(suit, key, fifth);
        profile.distance(self.class(profile))
    }

    /// The raw bytes of the four distance columns, as a table file stores
    /// them (named by [`DIST_COLUMNS`](distance::DIST_COLUMNS); the stored layout, not the
    /// profiles held in memory).
    pub(crate) fn raw_distances(&self) -> [Vec<u8>; 4] {
        [SUIT_CAP, SUIT_FIFTH, HONOR_CAP, HONOR_FIFTH].map(|i| {
            self.profile_words(i)
                .iter()
                .flat_map(|&v| {
                    let profile = SuitProfile::from_bits(v);
                    profile.distance(self.class(profile)).stored().to_le_bytes()
                })
                .collect()
        })
    }
}

impl Tables {
    /// The profile of suit `suit` (0–2 numbered, 3 honours) at dense key
    /// `key`, within four copies or (`fifth`) not; [`SuitProfile::NONE`]
    /// for a key outside the table.
    #[inline(always)]
    pub(crate) fn profile_at(&self, suit: usize, key: usize, fifth: bool) -> SuitProfile {
        self.profile_of_halves(suit, key::halves_of(key), fifth)
    }

    /// [`Tables::profile_at`] for a key cut in halves
    /// ([`key::halves_of`]), which the rankings index with no division.
    #[inline(always)]
    pub(crate) fn profile_of_halves(
        &self,
        suit: usize,
        halves: (usize, usize),
        fifth: bool,
    ) -> SuitProfile {
        self.profile_column(suit, fifth).at(halves)
    }

    /// The profiles of suit `suit` (0–2 numbered, 3 honours), within four
    /// copies or (`fifth`) not, read by key halves: the column and its
    /// ranking chosen once for many reads.
    #[inline(always)]
    pub(crate) fn profile_column(&self, suit: usize, fifth: bool) -> ProfileColumn<'_> {
        let columns = self.profile_columns();
        if suit == 3 {
            ProfileColumn(&self.honor_ranking, &columns[HONOR_CAP + fifth as usize])
        } else {
            ProfileColumn(&self.suit_ranking, &columns[SUIT_CAP + fifth as usize])
        }
    }

    /// [`Tables::profile_at`] within four copies for the four suits' keys
    /// at once (the storage read once).
    #[inline(always)]
    pub(crate) fn profiles(&self, keys: &[usize; 4]) -> [SuitProfile; 4] {
        self.profiles_of_halves(&keys.map(key::halves_of))
    }

    /// [`Tables::profiles`] for the four suits' keys cut in halves
    /// (`SuitWords::halves`), which the rankings index with no division.
    #[inline(always)]
    pub(crate) fn profiles_of_halves(&self, halves: &[(usize, usize); 4]) -> [SuitProfile; 4] {
        self.profiles_at(&self.column_indexes(halves))
    }

    /// The indexes in the profile columns (and the near-win codes) of the
    /// four suits whose keys are cut in halves `halves`.
    #[inline(always)]
    pub(crate) fn column_indexes(&self, halves: &[(usize, usize); 4]) -> [usize; 4] {
        let suit_at = |(low, high)| self.suit_ranking.index_of(low, high);
        [
            suit_at(halves[0]),
            suit_at(halves[1]),
            suit_at(halves[2]),
            self.honor_ranking.index_of(halves[3].0, halves[3].1),
        ]
    }

    /// The profiles within four copies of the four suits at `indexes`
    /// ([`Tables::column_indexes`]).
    #[inline(always)]
    pub(crate) fn profiles_at(&self, indexes: &[usize; 4]) -> [SuitProfile; 4] {
        self.ranked_reads().profiles(indexes)
    }

    /// The columns the rankings index, found once for the reads of a hand.
    #[inline(always)]
    pub(crate) fn ranked_reads(&self) -> RankedReads<'_> {
        RankedReads(self.columns())
    }

    /// The profile columns within four copies with their rankings and
    /// draw rows, found once for many reads ([`DrawColumns::at`]).
    #[inline(always)]
    pub(crate) fn draw_columns(&self) -> DrawColumns<'_> {
        let columns = self.profile_columns();
        let [suit_rows, honor_rows] = self.draw_rows();
        DrawColumns([
            (&self.suit_ranking, &columns[SUIT_CAP], suit_rows),
            (&self.honor_ranking, &columns[HONOR_CAP], honor_rows),
        ])
    }

    /// The draw rows of the numbered suits and the honours, made on first
    /// use.
    #[inline(always)]
    fn draw_rows(&self) -> &[Box<[DrawRow]>; 2] {
        self.draw_rows.get_or_init(|| {
            let columns = self.profile_columns();
            let max = self.params.max_tiles;
            let rows = |ranking, column: &[u32], ranks| {
                draw_rows::rows_of(ranking, column, &self.classes, ranks, max)
            };
            [
                rows(&self.suit_ranking, &columns[SUIT_CAP], key::SUIT_RANKS),
                rows(&self.honor_ranking, &columns[HONOR_CAP], key::HONOR_RANKS),
            ]
        })
    }

    /// The class a profile names.
    #[inline(always)]
    pub(crate) fn class(&self, p: SuitProfile) -> &DistanceClass {
        // Every profile names a class of its tables (the generator numbers
        // them, class 0 first).
        self.classes.get(p.class_index())
    }

    /// The merge value of the class a profile names
    /// ([`DistanceClass::merge`]).
    #[inline(always)]
    pub(crate) fn merge(&self, p: SuitProfile) -> SuitMerge {
        self.classes.merge(p.class_index())
    }

    /// The columns the rankings index (the compiled-in ones decoded here
    /// the first time).
    #[inline(always)]
    fn columns(&self) -> &Columns {
        self.columns.get_or_init(|| {
            let profiles = DEFAULT_PROFILES.map(profile::words);
            let rankings = (&self.suit_ranking, &self.honor_ranking);
            Columns::of(profiles, &self.classes, rankings, self.params.max_tiles)
        })
    }

    /// The four profile columns, in the order of the distance columns.
    #[inline(always)]
    fn profile_columns(&self) -> &[Box<[u32]>; 4] {
        &self.columns().profiles
    }

    /// Profile column `column` (in the order of the distance columns),
    /// its patterns' slots.
    pub(super) fn profile_words(&self, column: usize) -> &[u32] {
        profile::patterns(&self.profile_columns()[column])
    }
}
