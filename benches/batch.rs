//! The batch path on many rows, riichi rules: `hupai::batch::is_win` and
//! `batch::shanten` over 2^20 rows of counts laid out flat (as Python's
//! numpy arrays and the JS typed arrays hand them over), beside the loop of
//! single calls (`Rules::is_win_counts`, `Rules::shanten_counts`) on the
//! same rows, and beside what the table loads alone cost: every row's four
//! base-5 suit keys read from the row and one byte loaded per key from
//! tables of the need tables' sizes (5^9 bytes a numbered suit, 5^7 the
//! honours), summed: no judgement reads less, and issue 47 measures a
//! batch kernel against it. Shanten's loads alone read
//! what its tables make it read for each key: the key's slot in the
//! distance columns' ranking (its two parts), a four-byte profile from a
//! column of the profile columns' size, and the eight-byte merge value of
//! the class the profile names. The same loads after each row's counts
//! are checked as hupai checks them (no count above 4, the size) are the
//! floor: what no batch with the same answers, errors included, can leave
//! out. The peers run on the same rows: `riichienv-core`'s shanten (a win
//! is shanten −1) and the bare dense-table sketch of `benches/peers` (the
//! standard form only, no validation), made complete as plainly written
//! and as lean as it can be written (the counts checked and the three
//! forms tested in the words the keys are worked out from).
//!
//! Run: `cargo bench --bench batch`

#[path = "../tests/common/mod.rs"]
mod common;
mod peers;

use std::hint::black_box;
use std::time::Duration;

use common::gen::{self, Raw};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::batch::{self, Rows};
use hupai::tables::key::{self, HonorRanking, Ranking, SuitRanking};
use hupai::Rules;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

const ROWS: usize = 1 << 20;
const KINDS: usize = 34;

/// The row sets: random 14-tile hands, standard-form wins, wins with one
/// tile changed; each as flat counts and joker counts. Then the winning
/// and near-winning sets' first 64 hands, repeated to as many rows: every
/// table read a few hands need stays in the first-level cache, which
/// shows what the tables' memory costs the distinct rows.
fn sets() -> Vec<(&'static str, Vec<u8>, Vec<u8>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let flat = |raws: Vec<Raw>| -> (Vec<u8>, Vec<u8>) {
        let counts = raws.iter().flat_map(|r| r.counts).collect();
        let jokers = raws.iter().map(|r| r.jokers).collect();
        (counts, jokers)
    };
    let random = flat((0..ROWS).map(|_| gen::uniform(&mut rng, 14, 0)).collect());
    let winning = flat((0..ROWS).map(|_| gen::standard_win(&mut rng, 14)).collect());
    let near = flat(
        (0..ROWS)
            .map(|_| {
                let win = gen::standard_win(&mut rng, 14);
                gen::spoil(&mut rng, win)
            })
            .collect(),
    );
    let cycled = |(counts, jokers): &(Vec<u8>, Vec<u8>)| {
        let counts = counts[..64 * KINDS]
            .iter()
            .copied()
            .cycle()
            .take(ROWS * KINDS)
            .collect();
        let jokers = jokers[..64].iter().copied().cycle().take(ROWS).collect();
        (counts, jokers)
    };
    let (winning_64, near_64) = (cycled(&winning), cycled(&near));
    vec![
        ("random-14", random.0, random.1),
        ("winning-14", winning.0, winning.1),
        ("near-winning-14", near.0, near.1),
        ("winning-14-64-hands", winning_64.0, winning_64.1),
        ("near-winning-14-64-hands", near_64.0, near_64.1),
    ]
}

/// Tables of the need tables' sizes, and of the sizes of what shanten
/// reads (the rankings of the distance columns, profile columns of their
/// lengths, a merge value for each of 512 classes), filled with seeded
/// values.
struct LoadsAlone {
    suit: Vec<u8>,
    honor: Vec<u8>,
    suit_ranking: SuitRanking,
    honor_ranking: HonorRanking,
    suit_profiles: Vec<u32>,
    honor_profiles: Vec<u32>,
    merges: Vec<u64>,
}

/// The slots a profile column of these loads holds past its ranking's
/// patterns: every row's keys index within them.
const PROFILE_PADDING: usize = 4096;

/// The class of a profile of these loads: its top bits, one of 512.
const CLASS_SHIFT: u32 = 23;

impl LoadsAlone {
    fn new() -> LoadsAlone {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut fill = |n: usize| {
            let mut v = vec![0u8; n];
            rng.fill_bytes(&mut v);
            v
        };
        let (suit, honor) = (fill(5usize.pow(9)), fill(5usize.pow(7)));
        let (suit_ranking, honor_ranking) = (key::suit_ranking(14), key::honor_ranking(14));
        let mut words =
            |n: usize| -> Vec<u32> { (0..n + PROFILE_PADDING).map(|_| rng.next_u32()).collect() };
        let (suit_profiles, honor_profiles) =
            (words(suit_ranking.len()), words(honor_ranking.len()));
        let merges = (0..1 << (32 - CLASS_SHIFT))
            .map(|_| rng.next_u64())
            .collect();
        LoadsAlone {
            suit,
            honor,
            suit_ranking,
            honor_ranking,
            suit_profiles,
            honor_profiles,
            merges,
        }
    }

    /// The four keys of a row cut in halves (`low + CUT·high`), as hupai
    /// works them out: the first eight counts of a suit as one word, two
    /// multiply-shift steps (`key::word_halves`), the ninth count added to
    /// the high half.
    #[inline(always)]
    fn halves(c: &[u8]) -> [(usize, usize); 4] {
        let word = |from: usize| u64::from_le_bytes(c[from..from + 8].try_into().expect("8"));
        let suit = |from: usize| {
            let (low, high) = key::word_halves(word(from));
            (low, high + key::CUT * c[from + 8] as usize)
        };
        [suit(0), suit(9), suit(18), key::word_halves(word(26) >> 8)]
    }

    /// The four keys of a row, one byte loaded for each, summed.
    #[inline(always)]
    fn row(&self, c: &[u8]) -> u32 {
        let key = |(low, high): (usize, usize)| low + key::CUT * high;
        let [m, p, s, z] = Self::halves(c);
        u32::from(self.suit[key(m)])
            + u32::from(self.suit[key(p)])
            + u32::from(self.suit[key(s)])
            + u32::from(self.honor[key(z)])
    }

    /// The four keys of a row, for each its profile read through the
    /// ranking and the merge value of the profile's class, summed.
    #[inline(always)]
    fn shanten_row(&self, c: &[u8]) -> u32 {
        let merge = |ranking: &Ranking<{ key::CUT }>, profiles: &[u32], (low, high)| {
            let profile = profiles[ranking.index_of(low, high)];
            self.merges[(profile >> CLASS_SHIFT) as usize]
        };
        let [m, p, s, z] = Self::halves(c);
        let suit = |halves| merge(&self.suit_ranking, &self.suit_profiles, halves);
        let honor = merge(&self.honor_ranking, &self.honor_profiles, z);
        (suit(m)
            .wrapping_add(suit(p))
            .wrapping_add(suit(s))
            .wrapping_add(honor)
            >> 32) as u32
    }
}

/// `loads_of` a row whose counts [`peers::checked_words`] accepts, -1 for
/// another: a floor's measure, the function given by its item (static
/// dispatch, inlined as the others' measures are).
fn checked<'a>(
    loads: &'a LoadsAlone,
    loads_of: impl Fn(&LoadsAlone, &[u8]) -> u32 + 'a,
) -> impl Fn(&[u8; KINDS], u8) -> i32 + 'a {
    move |c, j| {
        if peers::checked_words(c, j).is_some() {
            loads_of(loads, c) as i32
        } else {
            -1
        }
    }
}

/// The rows of flat counts, 34 a row, each through `black_box` (no work
/// moves across rows).
fn each_row(flat: &[u8]) -> impl Iterator<Item = &[u8; KINDS]> {
    flat.chunks_exact(KINDS)
        .map(|c| black_box(<&[u8; KINDS]>::try_from(c).expect("34 counts")))
}

/// The rows of `flat` (with their joker counts `jokers`) that `judge`
/// finds winning. Each timed loop is this function or [`sum_of`], out of
/// line with its arguments, as a caller's loop is: the same loop written
/// in the bench's closure compiled 1.1–1.7× slower (its captures read
/// through the closure).
#[inline(never)]
fn wins_of(flat: &[u8], jokers: &[u8], judge: impl Fn(&[u8; KINDS], u8) -> bool) -> usize {
    each_row(flat)
        .zip(jokers)
        .filter(|&(c, &j)| judge(c, j))
        .count()
}

/// The sum of `measure` over the rows of `flat`, as [`wins_of`] counts.
#[inline(never)]
fn sum_of(flat: &[u8], jokers: &[u8], measure: impl Fn(&[u8; KINDS], u8) -> i32) -> i32 {
    each_row(flat)
        .zip(jokers)
        .map(|(c, &j)| measure(c, j))
        .sum()
}

fn bench_batch(c: &mut Criterion) {
    let rules = Rules::riichi();
    // Riichi's rules with the standard form alone: the work the bare
    // sketch does (its table, no other form), with hupai's checks of the
    // counts.
    let standard_only = common::standard_form_only(include_str!("../rules/riichi.toml"));
    let loads = LoadsAlone::new();
    let sketch = peers::DenseSketch::new();
    for (name, counts, jokers) in sets() {
        let rows = Rows::from_flat(&counts, &jokers).expect("34 counts a row");
        let mut out = vec![0i8; ROWS];
        let mut status = vec![0i8; ROWS];
        // The batch answers as the single calls do.
        batch::is_win(&rules, rows, &mut out).expect("one slot a row");
        let each = |row: usize| -> &[u8; KINDS] {
            counts[KINDS * row..KINDS * (row + 1)]
                .try_into()
                .expect("34 counts")
        };
        for row in (0..ROWS).step_by(97) {
            // The loads read the slots of the row's keys.
            let c = each(row);
            let keys =
                [(0, 9), (9, 9), (18, 9), (27, 7)].map(|(from, n)| key::key_of(&c[from..from + n]));
            assert_eq!(LoadsAlone::halves(c), keys.map(key::halves_of));
            let single = rules.is_win_counts(each(row), jokers[row]);
            assert_eq!(
                peers::checked_words(c, jokers[row]).is_some(),
                single.is_ok()
            );
            assert_eq!(out[row], single.clone().map_or(-1, i8::from), "row {row}");
            assert_eq!(peers::riichienv_is_win(each(row)), single == Ok(true));
            assert_eq!(sketch.is_win_complete(each(row)), single.clone().ok());
            assert_eq!(sketch.is_win_lean(each(row)), single.clone().ok());
            assert_eq!(
                rules.shanten_counts(each(row), 0).ok(),
                Some(peers::riichienv_shanten(each(row)))
            );
        }

        let mut group = c.benchmark_group(format!("batch/{name}"));
        group.throughput(Throughput::Elements(ROWS as u64));
        group.sample_size(20);
        group.measurement_time(Duration::from_secs(4));
        let (flat, jokers) = (&counts[..], &jokers[..]);
        group.bench_function(BenchmarkId::new("win", "single calls"), |b| {
            b.iter(|| {
                wins_of(black_box(flat), jokers, |c, j| {
                    rules.is_win_counts(c, j) == Ok(true)
                })
            })
        });
        // A riichi caller passes no jokers, as riichienv-core takes none.
        group.bench_function(BenchmarkId::new("win", "single calls, no jokers"), |b| {
            b.iter(|| {
                wins_of(black_box(flat), jokers, |c, _| {
                    rules.is_win_counts(c, 0) == Ok(true)
                })
            })
        });
        group.bench_function(
            BenchmarkId::new("win", "single calls, standard form only"),
            |b| {
                b.iter(|| {
                    wins_of(black_box(flat), jokers, |c, _| {
                        standard_only.is_win_counts(c, 0) == Ok(true)
                    })
                })
            },
        );
        group.bench_function(BenchmarkId::new("win", "batch"), |b| {
            b.iter(|| batch::is_win(&rules, black_box(rows), &mut out))
        });
        group.bench_function(BenchmarkId::new("win", "riichienv-core"), |b| {
            b.iter(|| wins_of(black_box(flat), jokers, |c, _| peers::riichienv_is_win(c)))
        });
        group.bench_function(BenchmarkId::new("win", "dense sketch"), |b| {
            b.iter(|| wins_of(black_box(flat), jokers, |c, _| sketch.is_win(c)))
        });
        group.bench_function(BenchmarkId::new("win", "dense sketch, complete"), |b| {
            b.iter(|| {
                wins_of(black_box(flat), jokers, |c, _| {
                    sketch.is_win_complete(c) == Some(true)
                })
            })
        });
        group.bench_function(BenchmarkId::new("win", "dense sketch, lean"), |b| {
            b.iter(|| {
                wins_of(black_box(flat), jokers, |c, _| {
                    sketch.is_win_lean(c) == Some(true)
                })
            })
        });
        group.bench_function(BenchmarkId::new("shanten", "single calls"), |b| {
            b.iter(|| {
                sum_of(black_box(flat), jokers, |c, j| {
                    rules.shanten_counts(c, j).unwrap_or(0) as i32
                })
            })
        });
        group.bench_function(
            BenchmarkId::new("shanten", "single calls, no jokers"),
            |b| {
                b.iter(|| {
                    sum_of(black_box(flat), jokers, |c, _| {
                        rules.shanten_counts(c, 0).unwrap_or(0) as i32
                    })
                })
            },
        );
        group.bench_function(BenchmarkId::new("shanten", "batch"), |b| {
            b.iter(|| batch::shanten(&rules, black_box(rows), &mut out, &mut status))
        });
        group.bench_function(BenchmarkId::new("shanten", "riichienv-core"), |b| {
            b.iter(|| {
                sum_of(black_box(flat), jokers, |c, _| {
                    peers::riichienv_shanten(c) as i32
                })
            })
        });
        group.bench_function(BenchmarkId::new("table loads", "alone"), |b| {
            b.iter(|| sum_of(black_box(flat), jokers, |c, _| loads.row(c) as i32))
        });
        // What no batch with the same answers can skip: each row's counts
        // checked, then its table loads.
        let id = |name| BenchmarkId::new(name, "with the counts' checks");
        group.bench_function(id("table loads"), |b| {
            b.iter(|| sum_of(black_box(flat), jokers, checked(&loads, LoadsAlone::row)))
        });
        group.bench_function(id("shanten table loads"), |b| {
            b.iter(|| {
                sum_of(
                    black_box(flat),
                    jokers,
                    checked(&loads, LoadsAlone::shanten_row),
                )
            })
        });
        group.bench_function(BenchmarkId::new("shanten table loads", "alone"), |b| {
            b.iter(|| sum_of(black_box(flat), jokers, |c, _| loads.shanten_row(c) as i32))
        });
        group.finish();
    }
}

criterion_group!(benches, bench_batch);
criterion_main!(benches);
