//! An independent riichi scorer, written from the text of issue 30 (not
//! from `src/score/`): every decomposition of the concealed tiles from
//! their counts, every place the winning tile can sit, the yaku, fu and
//! points counted directly; and a generator of random claims (mostly
//! complete hands) shared with the bench.
#![allow(dead_code, clippy::needless_range_loop)]

use hupai::score::Claim;
use hupai::{Hand, Meld, MeldKind, Tile, WinHow};
use rand::Rng;

use super::gen::draw_set;

/// The switches of a `[scoring]` table.
#[derive(Clone, Copy, Debug)]
pub struct Switches {
    pub open_tanyao: bool,
    pub red_fives: bool,
    pub double_yakuman: bool,
    pub kazoe_yakuman: bool,
    pub kiriage: bool,
    /// 0 none, 1 mangan, 2 yakuman.
    pub renhou: u8,
}

impl Switches {
    /// Every combination, in a fixed order.
    pub fn all() -> Vec<Switches> {
        let mut out = Vec::new();
        for bits in 0..32u32 {
            for renhou in 0..3 {
                out.push(Switches {
                    open_tanyao: bits & 1 != 0,
                    red_fives: bits & 2 != 0,
                    double_yakuman: bits & 4 != 0,
                    kazoe_yakuman: bits & 8 != 0,
                    kiriage: bits & 16 != 0,
                    renhou,
                });
            }
        }
        out
    }

    pub fn toml(&self) -> String {
        format!(
            "base = \"riichi\"\n[scoring]\nfamily = \"riichi\"\nopen_tanyao = {}\nred_fives = {}\ndouble_yakuman = {}\nkazoe = \"{}\"\nkiriage = {}\nrenhou = \"{}\"\n",
            self.open_tanyao,
            self.red_fives,
            self.double_yakuman,
            if self.kazoe_yakuman { "yakuman" } else { "sanbaiman" },
            self.kiriage,
            ["none", "mangan", "yakuman"][self.renhou as usize]
        )
    }
}

/// The oracle's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub legal: bool,
    /// "no_yaku", "not_complete", or "" when legal.
    pub reason: &'static str,
    pub han: u32,
    pub fu: u32,
    pub yakuman: u32,
    pub total: u32,
    /// (discard, dealer, others) payments, 0 where none.
    pub pays: (u32, u32, u32),
    /// The yaku names with their han, sorted by name: one list for each
    /// best reading (ties of total, han and fu may differ in their yaku).
    pub yaku: Vec<Vec<(String, u32)>>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum K {
    Chow,
    Pung,
    Kong,
    Pair,
}

#[derive(Clone, Copy, Debug)]
struct G {
    k: K,
    t: usize,
    /// Declared open (a chi, pon, open or added kong).
    open: bool,
    declared: bool,
}

fn orphan(t: usize) -> bool {
    t >= 27 || t % 9 == 0 || t % 9 == 8
}

fn honor(t: usize) -> bool {
    t >= 27
}

/// Every way to cut `c` into chows and pungs (sets listed in order).
fn sets(c: &mut [u8; 34], out: &mut Vec<Vec<G>>, cur: &mut Vec<G>) {
    let Some(i) = (0..34).find(|&i| c[i] > 0) else {
        out.push(cur.clone());
        return;
    };
    if c[i] >= 3 {
        c[i] -= 3;
        cur.push(G {
            k: K::Pung,
            t: i,
            open: false,
            declared: false,
        });
        sets(c, out, cur);
        cur.pop();
        c[i] += 3;
    }
    if i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        cur.push(G {
            k: K::Chow,
            t: i,
            open: false,
            declared: false,
        });
        sets(c, out, cur);
        cur.pop();
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

fn next_dora(i: usize) -> usize {
    if i < 27 {
        let s = i / 9 * 9;
        s + (i - s + 1) % 9
    } else if i < 31 {
        27 + (i - 27 + 1) % 4
    } else {
        31 + (i - 31 + 1) % 3
    }
}

/// One reading's value.
struct Val {
    legal: bool,
    han: u32,
    fu: u32,
    yakuman: u32,
    total: u32,
    pays: (u32, u32, u32),
    yaku: Vec<(String, u32)>,
}

fn ceil100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// Scores `hand` won by `claim` (a claim the library accepts), with `red`
/// red fives held.
pub fn score(sw: &Switches, hand: &Hand, claim: &Claim, red: u32) -> Answer {
    let conc: [u8; 34] = *hand.counts();
    let melds: Vec<Meld> = hand.melds().to_vec();
    let mut every = conc;
    for m in &melds {
        for t in m.tiles() {
            every[t.index()] += 1;
        }
    }
    let w = claim.winning.index();
    let tsumo = claim.how == WinHow::SelfDrawn;
    let ron = !tsumo;
    let menzen = melds.iter().all(|m| m.kind() == MeldKind::ConcealedKong);
    let oya = claim.seat_wind.index() == 27;
    let seat = claim.seat_wind.index();
    let round = claim.round_wind.index();
    let riichi_declared = claim.riichi || claim.double_riichi;

    // Decompositions: (groups, form) where form 0 standard, 1 seven pairs, 2 kokushi.
    let mut forms: Vec<(Vec<G>, u8)> = Vec::new();
    let declared: Vec<G> = melds
        .iter()
        .map(|m| G {
            k: match m.kind() {
                MeldKind::Chi => K::Chow,
                MeldKind::Pon => K::Pung,
                _ => K::Kong,
            },
            t: m.tile().index(),
            open: m.kind() != MeldKind::ConcealedKong,
            declared: true,
        })
        .collect();
    for p in 0..34 {
        if conc[p] >= 2 {
            let mut c = conc;
            c[p] -= 2;
            let mut found = Vec::new();
            sets(&mut c, &mut found, &mut Vec::new());
            for mut s in found {
                if s.len() + melds.len() != 4 {
                    continue;
                }
                s.push(G {
                    k: K::Pair,
                    t: p,
                    open: false,
                    declared: false,
                });
                s.extend(declared.iter().copied());
                forms.push((s, 0));
            }
        }
    }
    if melds.is_empty() {
        if (0..34).filter(|&i| conc[i] == 2).count() == 7 {
            let s = (0..34)
                .filter(|&i| conc[i] == 2)
                .map(|i| G {
                    k: K::Pair,
                    t: i,
                    open: false,
                    declared: false,
                })
                .collect();
            forms.push((s, 1));
        }
        let orphans: Vec<usize> = (0..34).filter(|&i| orphan(i)).collect();
        if orphans.iter().all(|&i| conc[i] >= 1)
            && orphans.iter().map(|&i| conc[i] as u32).sum::<u32>() == 14
        {
            forms.push((Vec::new(), 2));
        }
    }
    if forms.is_empty() {
        return Answer {
            legal: false,
            reason: "not_complete",
            han: 0,
            fu: 0,
            yakuman: 0,
            total: 0,
            pays: (0, 0, 0),
            yaku: Vec::new(),
        };
    }

    // Dora of the whole hand.
    let dora: u32 = claim
        .dora
        .iter()
        .map(|t| every[next_dora(t.index())] as u32)
        .sum();
    let ura: u32 = if riichi_declared {
        claim
            .ura_dora
            .iter()
            .map(|t| every[next_dora(t.index())] as u32)
            .sum()
    } else {
        0
    };
    let aka = if sw.red_fives { red } else { 0 };

    let mut vals: Vec<Val> = Vec::new();
    for (groups, form) in &forms {
        // The places of the winning tile: (group index or usize::MAX, wait name).
        let mut places: Vec<(usize, &'static str)> = Vec::new();
        match form {
            2 => {
                // Thirteen-sided when the hand without it holds all 13 once.
                let thirteen = conc[w] == 2;
                places.push((usize::MAX, if thirteen { "13" } else { "single" }));
            }
            1 => places.push((usize::MAX, "tanki")),
            _ => {
                for (i, g) in groups.iter().enumerate() {
                    if g.declared {
                        continue;
                    }
                    match g.k {
                        K::Pair if g.t == w => places.push((i, "tanki")),
                        K::Pung if g.t == w => places.push((i, "shanpon")),
                        K::Chow if w >= g.t && w <= g.t + 2 => {
                            let pos = w - g.t;
                            let r = g.t % 9 + 1; // rank of the chow's first tile
                            let shape = if pos == 1 {
                                "kanchan"
                            } else if (pos == 0 && r == 7) || (pos == 2 && r == 1) {
                                "penchan"
                            } else {
                                "ryanmen"
                            };
                            places.push((i, shape));
                        }
                        _ => {}
                    }
                }
            }
        }
        for &(at, shape) in &places {
            vals.push(value(
                sw, claim, groups, *form, at, shape, &every, menzen, oya, seat, round, tsumo, ron,
                dora, ura, aka, w,
            ));
        }
    }
    // The best: legal, then total, then a yakuman over a counted one, then
    // han, then fu.
    let key = |v: &Val| (v.legal, v.total, v.yakuman, v.han, v.fu);
    let best = vals.iter().map(key).max().unwrap();
    let v = vals.iter().find(|v| key(v) == best).unwrap();
    let mut lists: Vec<Vec<(String, u32)>> = vals
        .iter()
        .filter(|v| key(v) == best)
        .map(|v| v.yaku.clone())
        .collect();
    lists.sort();
    lists.dedup();
    if !v.legal {
        return Answer {
            legal: false,
            reason: "no_yaku",
            han: 0,
            fu: 0,
            yakuman: 0,
            total: 0,
            pays: (0, 0, 0),
            yaku: Vec::new(),
        };
    }
    Answer {
        legal: true,
        reason: "",
        han: v.han,
        fu: v.fu,
        yakuman: v.yakuman,
        total: v.total,
        pays: v.pays,
        yaku: lists,
    }
}

#[allow(clippy::too_many_arguments)]
fn value(
    sw: &Switches,
    claim: &Claim,
    groups: &[G],
    form: u8,
    at: usize,
    shape: &'static str,
    every: &[u8; 34],
    menzen: bool,
    oya: bool,
    seat: usize,
    round: usize,
    tsumo: bool,
    ron: bool,
    dora: u32,
    ura: u32,
    aka: u32,
    w: usize,
) -> Val {
    let mut yakuman: Vec<(&str, u32)> = Vec::new();
    let mut yaku: Vec<(&str, u32)> = Vec::new();
    let dbl = |n: u32| if sw.double_yakuman { n } else { 1 };
    let held: Vec<usize> = (0..34).filter(|&i| every[i] > 0).collect();
    let suits_used: Vec<usize> = {
        let mut s: Vec<usize> = held.iter().filter(|&&i| i < 27).map(|&i| i / 9).collect();
        s.dedup();
        s.sort();
        s.dedup();
        s
    };
    let any_honor = held.iter().any(|&i| honor(i));

    // The groups as open/closed for this reading: a pung completed by a
    // discard is open.
    let g: Vec<G> = groups
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let mut g = *g;
            if i == at && g.k == K::Pung && ron {
                g.open = true;
            }
            g
        })
        .collect();

    // Circumstances.
    if claim.first_turn {
        if tsumo && oya {
            yakuman.push(("tenhou", 1));
        } else if tsumo {
            yakuman.push(("chiihou", 1));
        } else if !oya && claim.how == WinHow::Discard {
            match sw.renhou {
                1 => yaku.push(("renhou", 5)),
                2 => yakuman.push(("renhou", 1)),
                _ => {}
            }
        }
    }
    if claim.double_riichi {
        yaku.push(("double_riichi", 2));
    } else if claim.riichi {
        yaku.push(("riichi", 1));
    }
    if claim.ippatsu {
        yaku.push(("ippatsu", 1));
    }
    if menzen && tsumo {
        yaku.push(("menzen_tsumo", 1));
    }
    if claim.how == WinHow::RobbingKong {
        yaku.push(("chankan", 1));
    }
    if claim.after_kong {
        yaku.push(("rinshan", 1));
    }
    if claim.last_tile && tsumo {
        yaku.push(("haitei", 1));
    }
    if claim.last_tile && ron {
        yaku.push(("houtei", 1));
    }
    // Colour and terminals, from the tiles.
    if held.iter().all(|&i| !orphan(i)) && (menzen || sw.open_tanyao) {
        yaku.push(("tanyao", 1));
    }
    if suits_used.len() == 1 && !any_honor {
        yaku.push(("chinitsu", if menzen { 6 } else { 5 }));
    }
    if suits_used.len() == 1 && any_honor {
        yaku.push(("honitsu", if menzen { 3 } else { 2 }));
    }
    if held.iter().all(|&i| orphan(i)) && any_honor && !suits_used.is_empty() {
        yaku.push(("honroutou", 2));
    }
    if suits_used.is_empty() {
        yakuman.push(("tsuuiisou", 1));
    }
    if held.iter().all(|&i| orphan(i) && !honor(i)) {
        yakuman.push(("chinroutou", 1));
    }
    if held.iter().all(|&i| [19, 20, 21, 23, 25, 32].contains(&i)) {
        yakuman.push(("ryuuiisou", 1));
    }
    // Nine gates: no meld at all, one suit, 1112345678999 + 1.
    if groups.iter().all(|g| !g.declared) && form == 0 && suits_used.len() == 1 && !any_honor {
        let s = suits_used[0] * 9;
        let base = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
        if (0..9).all(|r| every[s + r] >= base[r]) {
            let mut less = *every;
            less[w] -= 1;
            if (0..9).all(|r| less[s + r] == base[r]) {
                yakuman.push(("chuuren_9", dbl(2)));
            } else {
                yakuman.push(("chuuren", 1));
            }
        }
    }
    let mut fu: u32;
    match form {
        2 => {
            if shape == "13" {
                yakuman.push(("kokushi_13", dbl(2)));
            } else {
                yakuman.push(("kokushi", 1));
            }
            fu = 0;
        }
        1 => {
            yaku.push(("chiitoitsu", 2));
            fu = 25;
        }
        _ => {
            let chows: Vec<usize> = g.iter().filter(|g| g.k == K::Chow).map(|g| g.t).collect();
            let pungs: Vec<&G> = g
                .iter()
                .filter(|g| g.k == K::Pung || g.k == K::Kong)
                .collect();
            let pair = g.iter().find(|g| g.k == K::Pair).unwrap().t;
            let valued_pair = pair >= 31 || pair == seat || pair == round;
            // Yakuhai.
            for p in &pungs {
                match p.t {
                    31 => yaku.push(("yakuhai_haku", 1)),
                    32 => yaku.push(("yakuhai_hatsu", 1)),
                    33 => yaku.push(("yakuhai_chun", 1)),
                    _ => {}
                }
                if p.t == seat {
                    yaku.push(("seat_wind", 1));
                }
                if p.t == round {
                    yaku.push(("round_wind", 1));
                }
            }
            let pinfu = menzen && chows.len() == 4 && !valued_pair && shape == "ryanmen";
            if pinfu {
                yaku.push(("pinfu", 1));
            }
            // Identical chows.
            if menzen {
                let mut c = chows.clone();
                c.sort();
                let mut pairs = 0;
                let mut i = 0;
                while i + 1 < c.len() {
                    if c[i] == c[i + 1] {
                        pairs += 1;
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                if pairs == 2 {
                    yaku.push(("ryanpeikou", 3));
                } else if pairs == 1 {
                    yaku.push(("iipeikou", 1));
                }
            }
            for r in 0..7 {
                if chows.contains(&r) && chows.contains(&(r + 9)) && chows.contains(&(r + 18)) {
                    yaku.push(("sanshoku", if menzen { 2 } else { 1 }));
                    break;
                }
            }
            for s in 0..3 {
                if chows.contains(&(9 * s))
                    && chows.contains(&(9 * s + 3))
                    && chows.contains(&(9 * s + 6))
                {
                    yaku.push(("ittsu", if menzen { 2 } else { 1 }));
                    break;
                }
            }
            let each_has_orphan = g.iter().all(|g| match g.k {
                K::Chow => g.t % 9 == 0 || g.t % 9 == 6,
                _ => orphan(g.t),
            });
            if each_has_orphan && !chows.is_empty() {
                if g.iter().any(|g| g.k != K::Chow && honor(g.t)) {
                    yaku.push(("chanta", if menzen { 2 } else { 1 }));
                } else {
                    yaku.push(("junchan", if menzen { 3 } else { 2 }));
                }
            }
            if pungs.len() == 4 {
                yaku.push(("toitoi", 2));
            }
            let ankou = pungs.iter().filter(|p| !p.open).count();
            if ankou == 4 {
                if shape == "tanki" {
                    yakuman.push(("suuankou_tanki", dbl(2)));
                } else {
                    yakuman.push(("suuankou", 1));
                }
            } else if ankou == 3 {
                yaku.push(("sanankou", 2));
            }
            let kongs = pungs.iter().filter(|p| p.k == K::Kong).count();
            if kongs == 4 {
                yakuman.push(("suukantsu", 1));
            } else if kongs == 3 {
                yaku.push(("sankantsu", 2));
            }
            for r in 0..9 {
                let has = |t: usize| pungs.iter().any(|p| p.t == t);
                if has(r) && has(r + 9) && has(r + 18) {
                    yaku.push(("sanshoku_doukou", 2));
                }
            }
            let dragons = pungs.iter().filter(|p| p.t >= 31).count();
            let winds = pungs.iter().filter(|p| (27..31).contains(&p.t)).count();
            if dragons == 3 {
                yakuman.push(("daisangen", 1));
            } else if dragons == 2 && pair >= 31 {
                yaku.push(("shousangen", 2));
            }
            if winds == 4 {
                yakuman.push(("daisuushii", dbl(2)));
            } else if winds == 3 && (27..31).contains(&pair) {
                yakuman.push(("shousuushii", 1));
            }
            // Fu.
            fu = 20;
            if menzen && ron {
                fu += 10;
            }
            if !pinfu {
                if tsumo {
                    fu += 2;
                }
                if matches!(shape, "kanchan" | "penchan" | "tanki") {
                    fu += 2;
                }
                if pair >= 31 {
                    fu += 2;
                }
                if pair == seat {
                    fu += 2;
                }
                if pair == round {
                    fu += 2;
                }
                for p in &pungs {
                    let mut f = if p.k == K::Kong { 8 } else { 2 };
                    if !p.open {
                        f *= 2;
                    }
                    if orphan(p.t) {
                        f *= 2;
                    }
                    fu += f;
                }
                if !menzen && ron && fu == 20 {
                    fu = 30;
                }
            }
            fu = fu.div_ceil(10) * 10;
        }
    }
    let (han, ym, list): (u32, u32, Vec<(String, u32)>) = if !yakuman.is_empty() {
        let m: u32 = yakuman.iter().map(|y| y.1).sum();
        (
            13 * m,
            m,
            yakuman
                .iter()
                .map(|y| (y.0.to_string(), 13 * y.1))
                .collect(),
        )
    } else {
        let base: u32 = yaku.iter().map(|y| y.1).sum();
        let mut list: Vec<(String, u32)> = yaku.iter().map(|y| (y.0.to_string(), y.1)).collect();
        if base > 0 {
            for (n, c) in [("dora", dora), ("ura_dora", ura), ("aka_dora", aka)] {
                if c > 0 {
                    list.push((n.to_string(), c));
                }
            }
        }
        (base + if base > 0 { dora + ura + aka } else { 0 }, 0, list)
    };
    let legal = han > 0;
    if ym > 0 {
        fu = 0;
    }
    if !legal {
        return Val {
            legal,
            han: 0,
            fu: 0,
            yakuman: 0,
            total: 0,
            pays: (0, 0, 0),
            yaku: Vec::new(),
        };
    }
    let basic: u32 = if ym > 0 {
        8000 * ym
    } else if han >= 13 {
        if sw.kazoe_yakuman {
            8000
        } else {
            6000
        }
    } else if han >= 11 {
        6000
    } else if han >= 8 {
        4000
    } else if han >= 6 {
        3000
    } else if han == 5 {
        2000
    } else {
        let b = fu * 2u32.pow(han + 2);
        if b > 2000 || (sw.kiriage && ((han == 4 && fu == 30) || (han == 3 && fu == 60))) {
            2000
        } else {
            b
        }
    };
    let h = claim.honba;
    let sticks = 1000 * claim.riichi_sticks;
    let (total, pays) = if ron {
        let p = ceil100(basic * if oya { 6 } else { 4 }) + 300 * h;
        (p + sticks, (p, 0, 0))
    } else if oya {
        let p = ceil100(basic * 2) + 100 * h;
        (3 * p + sticks, (0, 0, p))
    } else {
        let d = ceil100(basic * 2) + 100 * h;
        let o = ceil100(basic) + 100 * h;
        (d + 2 * o + sticks, (0, d, o))
    };
    let mut list = list;
    list.sort();
    Val {
        legal,
        han,
        fu,
        yakuman: ym,
        total,
        pays,
        yaku: list,
    }
}

/// A random claim the library must accept: mostly complete hands (random
/// sets and a pair, some declared), some seven pairs and thirteen
/// orphans, a few incomplete; random winds, flags, dora.
pub fn random_claim<R: Rng>(rng: &mut R) -> (Hand, Claim) {
    loop {
        if let Some(c) = try_claim(rng) {
            return c;
        }
    }
}

fn pick_tile<R: Rng>(rng: &mut R, palette: u8) -> usize {
    match palette {
        // One suit and honours.
        0 => {
            if rng.gen_bool(0.3) {
                27 + rng.gen_range(0..7)
            } else {
                rng.gen_range(0..9)
            }
        }
        // Simples.
        1 => {
            let s = rng.gen_range(0..3);
            9 * s + rng.gen_range(1..8)
        }
        // Terminals and honours.
        2 => [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33][rng.gen_range(0..13)],
        // Greens.
        3 => [19, 20, 21, 23, 25, 32][rng.gen_range(0..6)],
        _ => rng.gen_range(0..34),
    }
}

fn try_claim<R: Rng>(rng: &mut R) -> Option<(Hand, Claim)> {
    let palette = rng.gen_range(0..8u8);
    let mut conc = [0u8; 34];
    let mut melds: Vec<Meld> = Vec::new();
    let mut all = [0u8; 34];
    let kind = rng.gen_range(0..100);
    if kind < 8 {
        // Seven pairs.
        let mut n = 0;
        let palette = if palette == 3 { 4 } else { palette };
        while n < 7 {
            let t = pick_tile(rng, palette);
            if conc[t] == 0 {
                conc[t] = 2;
                n += 1;
            }
        }
    } else if kind < 10 {
        for i in 0..34 {
            if orphan(i) {
                conc[i] = 1;
            }
        }
        let o: Vec<usize> = (0..34).filter(|&i| orphan(i)).collect();
        conc[o[rng.gen_range(0..13)]] += 1;
    } else {
        let open_p = [0.0, 0.0, 0.2, 0.5][rng.gen_range(0..4)];
        let chow_p = [0.0, 0.3, 0.6, 0.9][rng.gen_range(0..4)];
        for _ in 0..4 {
            let t = pick_tile(rng, palette);
            draw_set(rng, t, chow_p, open_p, &mut all, &mut conc, &mut melds)?;
        }
        let p = pick_tile(rng, palette);
        all[p] += 2;
        conc[p] += 2;
        if all.iter().any(|&c| c > 4) {
            return None;
        }
        if rng.gen_range(0..100) < 4 {
            // Not complete: one concealed tile becomes another.
            let from: Vec<usize> = (0..34).filter(|&i| conc[i] > 0).collect();
            let f = from[rng.gen_range(0..from.len())];
            let t = rng.gen_range(0..34);
            conc[f] -= 1;
            conc[t] += 1;
        }
    }
    let hand = Hand::from_counts(&conc, 0).ok()?.with_melds(&melds).ok()?;
    let held: Vec<usize> = (0..34).filter(|&i| conc[i] > 0).collect();
    let w = held[rng.gen_range(0..held.len())];
    // A robbed kong's tile is the only copy the winner holds.
    let total_w = conc[w] as usize
        + melds
            .iter()
            .flat_map(|m| m.tiles())
            .filter(|t| t.index() == w)
            .count();
    let how = match rng.gen_range(0..100) {
        0..=44 => WinHow::SelfDrawn,
        45..=94 => WinHow::Discard,
        _ if total_w == 1 => WinHow::RobbingKong,
        _ => WinHow::Discard,
    };
    let mut claim = Claim::new(Tile::from_index(w).ok()?, how);
    claim.seat_wind = Tile::from_index(27 + rng.gen_range(0..4)).ok()?;
    claim.round_wind = Tile::from_index(27 + rng.gen_range(0..4)).ok()?;
    let closed = melds.iter().all(|m| m.kind() == MeldKind::ConcealedKong);
    let kong = melds.iter().any(|m| m.kind().is_kong());
    if closed && rng.gen_bool(0.45) {
        if rng.gen_bool(0.2) {
            claim.double_riichi = true;
        } else {
            claim.riichi = true;
        }
        claim.ippatsu = rng.gen_bool(0.3);
    }
    // The winner's own kong ends ippatsu.
    claim.after_kong = kong && how == WinHow::SelfDrawn && !claim.ippatsu && rng.gen_bool(0.3);
    claim.last_tile = !claim.after_kong && how != WinHow::RobbingKong && rng.gen_bool(0.06);
    claim.first_turn = melds.is_empty()
        && !claim.riichi
        && !claim.double_riichi
        && how != WinHow::RobbingKong
        && rng.gen_bool(0.04);
    // Indicators are copies too: at most four of a kind in all.
    let mut copies = conc;
    melds
        .iter()
        .flat_map(|m| m.tiles())
        .for_each(|t| copies[t.index()] += 1);
    let mut indicator = |rng: &mut R| {
        let t = rng.gen_range(0..34);
        copies[t] += 1;
        (copies[t] <= 4).then(|| Tile::from_index(t).ok()).flatten()
    };
    for _ in 0..rng.gen_range(1..4) {
        claim.dora.extend(indicator(rng));
    }
    if claim.riichi || claim.double_riichi || rng.gen_bool(0.1) {
        for _ in 0..rng.gen_range(1..4) {
            claim.ura_dora.extend(indicator(rng));
        }
    }
    claim.honba = rng.gen_range(0..4);
    claim.riichi_sticks = rng.gen_range(0..3);
    Some((hand, claim))
}

/// `hand` with some of its fives made red (each numbered suit holding a
/// five gets one red five with probability 0.4, in the concealed part or
/// in a meld holding one), written in mpsz by this generator and read back
/// by the library's parser; with the number of red fives held (placed,
/// or one of four fives of a suit), which the oracle counts as aka dora
/// without asking the library.
pub fn paint_red<R: Rng>(rng: &mut R, hand: &Hand) -> (Hand, u32) {
    // Where each suit's red five goes: None, Some(None) concealed,
    // Some(Some(i)) the meld i.
    let mut red: [Option<Option<usize>>; 3] = [None; 3];
    for (s, place) in red.iter_mut().enumerate() {
        let five = 9 * s + 4;
        let mut places: Vec<Option<usize>> = Vec::new();
        if hand.counts()[five] > 0 {
            places.push(None);
        }
        for (i, m) in hand.melds().iter().enumerate() {
            if m.tiles().any(|t| t.index() == five) {
                places.push(Some(i));
            }
        }
        if !places.is_empty() && rng.gen_bool(0.4) {
            *place = Some(places[rng.gen_range(0..places.len())]);
        }
    }
    // The concealed part suit by suit, a red five first of its suit
    // (`01m`, never `10m`).
    let mut text = String::new();
    for (s, letter) in ['m', 'p', 's', 'z'].into_iter().enumerate() {
        let ranks = if s == 3 { 7 } else { 9 };
        let mut digits = String::new();
        if s < 3 && red[s] == Some(None) {
            digits.push('0');
        }
        for r in 0..ranks {
            let mut n = hand.counts()[9 * s + r];
            if r == 4 && s < 3 && red[s] == Some(None) {
                n -= 1;
            }
            for _ in 0..n {
                digits.push(char::from(b'1' + r as u8));
            }
        }
        if !digits.is_empty() {
            text.push_str(&digits);
            text.push(letter);
        }
    }
    for (i, m) in hand.melds().iter().enumerate() {
        let written = m.to_string();
        let s = m.tile().index() / 9;
        text.push(' ');
        if s < 3 && red[s] == Some(Some(i)) {
            text.push_str(&written.replacen('5', "0", 1));
        } else {
            text.push_str(&written);
        }
    }
    let painted: Hand = text
        .parse()
        .unwrap_or_else(|e| panic!("{text:?} does not read: {e}"));
    assert_eq!(painted.counts(), hand.counts(), "{text}");
    assert_eq!(painted.melds(), hand.melds(), "{text}");
    // A suit whose four fives are all held holds its red five, painted or
    // not (the riichi module's reading).
    let fives = |s: usize| {
        let five = 9 * s + 4;
        hand.counts()[five] as usize
            + hand
                .melds()
                .iter()
                .map(|m| m.tiles().filter(|t| t.index() == five).count())
                .sum::<usize>()
    };
    let held = (0..3).filter(|&s| red[s].is_some() || fives(s) == 4);
    (painted, held.count() as u32)
}
