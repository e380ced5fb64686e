//! An independent GB (国标) scorer, written from the rulebook's principles
//! as issue 31 states them and from `tests/data/gb-fans.tsv` (not from
//! `src/score/gb/`): every decomposition of the concealed tiles from their
//! counts (with the declared melds), every place of the winning tile, each
//! fan detected directly, the combination principles (不重复, 套算一次,
//! 不拆移) as a search over which pairs of sets combine, the 不计 lists of
//! the rulebook, and the best reading (就高不就低); and a generator of
//! random GB claims (mostly complete hands).
//!
//! Readings of the rulebook this scorer shares with the library (each
//! written in `src/score/gb/mod.rs` as a decision): a pung completed by a
//! claimed tile is melded; 边张/嵌张/单钓 only when the hand waited on that
//! one kind (by shape: a kind held four times may be a wait); 和绝张 also
//! when the other three copies are in the winner's declared melds; 平和 in
//! a 组合龙 hand whose set is a chow and pair suited; 全不靠 holding a whole
//! knitted straight counts 组合龙; a fan that rules out 门前清 rules out
//! 不求人 too; 九莲宝灯 rules out one 幺九刻.
#![allow(dead_code, clippy::needless_range_loop)]

use std::collections::BTreeMap;

use hupai::score::Claim;
use hupai::{Hand, Meld, MeldKind, Tile, WinHow};
use rand::Rng;

use super::gen::draw_set;

/// The points of each fan by its Chinese name, from `gb-fans.tsv`.
pub fn fan_points() -> BTreeMap<&'static str, u32> {
    include_str!("../data/gb-fans.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split('\t');
            let p: u32 = f.next().unwrap().parse().unwrap();
            (f.next().unwrap(), p)
        })
        .collect()
}

/// The oracle's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub legal: bool,
    pub complete: bool,
    /// Fans and flowers.
    pub total: u32,
    /// Without flowers.
    pub fan_points: u32,
    /// The fan lists (Chinese name, count; sorted) of every best reading.
    pub fans: Vec<Vec<(String, u8)>>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum K {
    Chow,
    Pung,
    Kong,
}

#[derive(Clone, Copy, Debug)]
struct Set {
    k: K,
    /// The lowest tile.
    t: usize,
    /// Declared (a meld).
    declared: bool,
    /// Concealed for the concealed-pung fans (a concealed kong, or a pung
    /// of the hand not completed by a claimed tile).
    concealed: bool,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Place {
    None,
    Edge,
    Closed,
    Pair,
}

#[derive(Clone, Debug)]
enum Shape {
    /// Sets (melds included) and a pair; with the knitted straight of a
    /// 组合龙 (its permutation) when there is one.
    Sets {
        sets: Vec<Set>,
        pair: usize,
        knit: Option<[usize; 3]>,
    },
    SevenPairs,
    Orphans,
    /// 全不靠 (七星不靠 with all seven honours), with the knitted
    /// permutation its suited tiles fit.
    Honors([usize; 3]),
}

/// The six knitted straights: for each, the offset (0, 1, 2 → 147, 258,
/// 369) of each suit.
const KNITS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

fn knit_tiles(p: [usize; 3]) -> [usize; 9] {
    let mut out = [0; 9];
    for s in 0..3 {
        for j in 0..3 {
            out[s * 3 + j] = 9 * s + p[s] + 3 * j;
        }
    }
    out
}

fn is_honor(t: usize) -> bool {
    t >= 27
}
fn is_terminal(t: usize) -> bool {
    t < 27 && (t % 9 == 0 || t % 9 == 8)
}
fn is_orphan(t: usize) -> bool {
    is_honor(t) || is_terminal(t)
}

/// A reading of concealed tiles: its sets (kind, lowest tile) and pair.
type Parts = (Vec<(K, usize)>, Option<usize>);

/// Every way to read `c` as `n` sets (chows, pungs) and, when `pair`, a
/// pair: each as (sets as (kind, tile), pair).
fn decompose(c: &mut [u8; 34], n: usize, pair: bool) -> Vec<Parts> {
    let mut out = Vec::new();
    let mut cur = Vec::new();
    fn rec(
        c: &mut [u8; 34],
        from: usize,
        left: usize,
        pair: Option<usize>,
        need_pair: bool,
        cur: &mut Vec<(K, usize)>,
        out: &mut Vec<Parts>,
    ) {
        let mut i = from;
        while i < 34 && c[i] == 0 {
            i += 1;
        }
        if i == 34 {
            if left == 0 && (pair.is_some() || !need_pair) {
                out.push((cur.clone(), pair));
            }
            return;
        }
        if need_pair && pair.is_none() && c[i] >= 2 {
            c[i] -= 2;
            rec(c, i, left, Some(i), need_pair, cur, out);
            c[i] += 2;
        }
        if left > 0 && c[i] >= 3 {
            c[i] -= 3;
            cur.push((K::Pung, i));
            rec(c, i, left - 1, pair, need_pair, cur, out);
            cur.pop();
            c[i] += 3;
        }
        if left > 0 && i < 27 && i % 9 <= 6 && c[i + 1] > 0 && c[i + 2] > 0 {
            for k in 0..3 {
                c[i + k] -= 1;
            }
            cur.push((K::Chow, i));
            rec(c, i, left - 1, pair, need_pair, cur, out);
            cur.pop();
            for k in 0..3 {
                c[i + k] += 1;
            }
        }
    }
    rec(c, 0, n, None, pair, &mut cur, &mut out);
    out
}

/// The shapes of the concealed counts `c` with `melds` (each shape's sets
/// not yet told where the winning tile is).
fn shapes(c: &[u8; 34], melds: &[Set]) -> Vec<Shape> {
    let mut out = Vec::new();
    let n = 4 - melds.len();
    let mut w = *c;
    for (sets, pair) in decompose(&mut w, n, true) {
        let mut all: Vec<Set> = melds.to_vec();
        all.extend(sets.into_iter().map(|(k, t)| Set {
            k,
            t,
            declared: false,
            concealed: true,
        }));
        out.push(Shape::Sets {
            sets: all,
            pair: pair.unwrap(),
            knit: None,
        });
    }
    for p in KNITS {
        let kt = knit_tiles(p);
        if melds.len() <= 1 && kt.iter().all(|&t| c[t] > 0) {
            let mut w = *c;
            for &t in &kt {
                w[t] -= 1;
            }
            for (sets, pair) in decompose(&mut w, 1 - melds.len(), true) {
                let mut all: Vec<Set> = melds.to_vec();
                all.extend(sets.into_iter().map(|(k, t)| Set {
                    k,
                    t,
                    declared: false,
                    concealed: true,
                }));
                out.push(Shape::Sets {
                    sets: all,
                    pair: pair.unwrap(),
                    knit: Some(p),
                });
            }
        }
    }
    if melds.is_empty() {
        let total: u32 = c.iter().map(|&x| x as u32).sum();
        if total == 14 && c.iter().all(|&x| x % 2 == 0) {
            out.push(Shape::SevenPairs);
        }
        if total == 14 && (0..34).all(|t| is_orphan(t) == (c[t] > 0)) {
            out.push(Shape::Orphans);
        }
        if total == 14 && c.iter().all(|&x| x <= 1) {
            for p in KNITS {
                let kt = knit_tiles(p);
                if (0..27).all(|t| c[t] == 0 || kt.contains(&t)) {
                    out.push(Shape::Honors(p));
                }
            }
        }
    }
    out
}

/// Does the hand complete (any form)? Counts may exceed 4 (a wait on a
/// kind held four times is a wait by shape).
fn complete(c: &[u8; 34], melds: &[Set]) -> bool {
    !shapes(c, melds).is_empty()
}

/// The fan points of one pair of chows (一般高, 喜相逢, 连六, 老少副).
fn chow_pair(a: usize, b: usize) -> Option<&'static str> {
    let (sa, sb, na, nb) = (a / 9, b / 9, a % 9, b % 9);
    if a == b {
        Some("一般高")
    } else if na == nb {
        Some("喜相逢")
    } else if sa == sb && na.abs_diff(nb) == 3 {
        Some("连六")
    } else if sa == sb && na.min(nb) == 0 && na.max(nb) == 6 {
        Some("老少副")
    } else {
        None
    }
}

fn chow_three(v: [usize; 3]) -> Option<&'static str> {
    let mut v = v;
    v.sort();
    let s: Vec<usize> = v.iter().map(|t| t / 9).collect();
    let n: Vec<usize> = v.iter().map(|t| t % 9).collect();
    let same = s[0] == s[1] && s[1] == s[2];
    let mut ss = s.clone();
    ss.sort();
    ss.dedup();
    let three = ss.len() == 3;
    let mut nn = n.clone();
    nn.sort();
    if same {
        if v[0] == v[1] && v[1] == v[2] {
            return Some("一色三同顺");
        }
        if nn == [0, 3, 6] {
            return Some("清龙");
        }
        let d = nn[1] - nn[0];
        if (d == 1 || d == 2) && nn[2] - nn[1] == d {
            return Some("一色三步高");
        }
    }
    if three {
        if nn[0] == nn[1] && nn[1] == nn[2] {
            return Some("三色三同顺");
        }
        if nn == [0, 3, 6] {
            return Some("花龙");
        }
        if nn[1] == nn[0] + 1 && nn[2] == nn[1] + 1 {
            return Some("三色三步高");
        }
    }
    None
}

fn chow_four(v: [usize; 4]) -> Option<&'static str> {
    let mut v = v;
    v.sort();
    if v.iter().any(|t| t / 9 != v[0] / 9) {
        return None;
    }
    if v.iter().all(|&t| t == v[0]) {
        return Some("一色四同顺");
    }
    let d = v[1] - v[0];
    if (d == 1 || d == 2) && v[2] - v[1] == d && v[3] - v[2] == d {
        return Some("一色四步高");
    }
    None
}

fn pung_pair(a: usize, b: usize) -> Option<&'static str> {
    (a < 27 && b < 27 && a != b && a % 9 == b % 9).then_some("双同刻")
}

fn pung_three(v: [usize; 3]) -> Option<&'static str> {
    if v.iter().any(|&t| t >= 27) {
        return None;
    }
    let mut v = v;
    v.sort();
    let s: Vec<usize> = v.iter().map(|t| t / 9).collect();
    let mut n: Vec<usize> = v.iter().map(|t| t % 9).collect();
    if s[0] == s[1] && s[1] == s[2] {
        return (v[1] == v[0] + 1 && v[2] == v[1] + 1).then_some("一色三节高");
    }
    let mut ss = s.clone();
    ss.sort();
    ss.dedup();
    if ss.len() < 3 {
        return None;
    }
    n.sort();
    if n[0] == n[1] && n[1] == n[2] {
        return Some("三同刻");
    }
    (n[1] == n[0] + 1 && n[2] == n[1] + 1).then_some("三色三节高")
}

fn pung_four(v: [usize; 4]) -> Option<&'static str> {
    let mut v = v;
    v.sort();
    (v[0] < 27 && v.iter().all(|t| t / 9 == v[0] / 9) && (1..4).all(|i| v[i] == v[i - 1] + 1))
        .then_some("一色四节高")
}

/// Every best way (by points) to combine the sets `v` (tiles of chows, or
/// of pungs) by the principles: a fan of all four takes all; else a fan of
/// three, and the fourth may combine once with one of the three; else
/// pairs such that every pair brings a set not yet combined and no set
/// combines more than twice (套算一次) nor twice into the same fan
/// (不重复). Returns (points, fan lists).
fn combine(
    v: &[usize],
    pts: &BTreeMap<&str, u32>,
    two: fn(usize, usize) -> Option<&'static str>,
    three: fn([usize; 3]) -> Option<&'static str>,
    four: fn([usize; 4]) -> Option<&'static str>,
) -> Vec<Vec<&'static str>> {
    let n = v.len();
    let mut options: Vec<Vec<&'static str>> = vec![vec![]];
    if n == 4 {
        if let Some(f) = four([v[0], v[1], v[2], v[3]]) {
            return vec![vec![f]];
        }
    }
    if n >= 3 {
        for out in 0..n {
            let idx: Vec<usize> = (0..n).filter(|&i| i != out || n == 3).collect();
            if n == 3 && out > 0 {
                break;
            }
            let tri = [v[idx[0]], v[idx[1]], v[idx[2]]];
            if let Some(f) = three(tri) {
                options.push(vec![f]);
                if n == 4 {
                    for &i in &idx {
                        if let Some(g) = two(v[out], v[i]) {
                            options.push(vec![f, g]);
                        }
                    }
                }
            }
        }
    }
    // Pairs: an edge set that is a forest with every degree <= 2 and no set
    // twice in one kind.
    let mut edges = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            if let Some(f) = two(v[i], v[j]) {
                edges.push((i, j, f));
            }
        }
    }
    for mask in 1u32..(1 << edges.len()) {
        let chosen: Vec<&(usize, usize, &str)> = (0..edges.len())
            .filter(|b| mask >> b & 1 == 1)
            .map(|b| &edges[b])
            .collect();
        let mut deg = [0; 4];
        let mut comp = [0, 1, 2, 3];
        fn find(c: &mut [usize; 4], x: usize) -> usize {
            if c[x] == x {
                x
            } else {
                let r = find(c, c[x]);
                c[x] = r;
                r
            }
        }
        let mut ok = true;
        let mut kinds: Vec<(usize, &str)> = Vec::new();
        for &&(i, j, f) in &chosen {
            deg[i] += 1;
            deg[j] += 1;
            let (a, b) = (find(&mut comp, i), find(&mut comp, j));
            if a == b || deg[i] > 2 || deg[j] > 2 {
                ok = false;
                break;
            }
            comp[a] = b;
            if kinds.contains(&(i, f)) || kinds.contains(&(j, f)) {
                ok = false;
                break;
            }
            kinds.push((i, f));
            kinds.push((j, f));
        }
        if ok {
            options.push(chosen.iter().map(|e| e.2).collect());
        }
    }
    let value = |o: &Vec<&str>| o.iter().map(|f| pts[f]).sum::<u32>();
    let best = options.iter().map(value).max().unwrap_or(0);
    let mut out: Vec<Vec<&str>> = options.into_iter().filter(|o| value(o) == best).collect();
    for o in &mut out {
        o.sort();
    }
    out.sort();
    out.dedup();
    out
}

/// The 不计 lists: each fan with the fans it rules out (`幺九刻` wholly,
/// except 九莲宝灯's one).
fn implied(fan: &str) -> &'static [&'static str] {
    match fan {
        "大四喜" => &["三风刻", "碰碰和", "圈风刻", "门风刻", "小四喜"],
        "大三元" => &["双箭刻", "箭刻", "小三元"],
        "绿一色" => &["混一色"],
        "九莲宝灯" => &["清一色", "门前清", "不求人", "无字", "缺一门"],
        "四杠" => &[
            "三杠",
            "双明杠",
            "双暗杠",
            "明暗杠",
            "明杠",
            "暗杠",
            "碰碰和",
            "独听・单钓",
        ],
        "连七对" => &[
            "清一色",
            "七对",
            "不求人",
            "门前清",
            "独听・单钓",
            "无字",
            "缺一门",
        ],
        "十三幺" => &[
            "五门齐",
            "不求人",
            "门前清",
            "独听・单钓",
            "混幺九",
            "全带幺",
        ],
        "字一色" => &["碰碰和", "幺九刻", "混幺九", "全带幺"],
        "清幺九" => &[
            "碰碰和",
            "双同刻",
            "三同刻",
            "幺九刻",
            "无字",
            "混幺九",
            "全带幺",
        ],
        "四暗刻" => &["门前清", "不求人", "碰碰和", "三暗刻", "双暗刻"],
        "小四喜" => &["三风刻"],
        "小三元" => &["双箭刻", "箭刻"],
        "一色双龙会" => &[
            "七对",
            "平和",
            "清一色",
            "一般高",
            "老少副",
            "无字",
            "缺一门",
        ],
        "一色四节高" => &["一色三节高", "一色三同顺", "碰碰和"],
        "一色四同顺" => &["一色三节高", "一色三同顺", "一般高", "四归一"],
        "一色四步高" => &["一色三步高", "连六", "老少副"],
        "三杠" => &["双明杠", "双暗杠", "明暗杠", "明杠", "暗杠"],
        "混幺九" => &["碰碰和", "幺九刻", "全带幺"],
        "七对" => &["不求人", "门前清", "独听・单钓"],
        "七星不靠" => &["五门齐", "不求人", "门前清", "独听・单钓", "全不靠"],
        "全双刻" => &["碰碰和", "断幺", "无字"],
        "清一色" => &["无字", "缺一门"],
        "一色三同顺" => &["一色三节高", "一般高"],
        "一色三节高" => &["一色三同顺"],
        "全大" => &["大于五", "无字"],
        "全中" => &["断幺", "无字"],
        "全小" => &["小于五", "无字"],
        "清龙" => &["连六", "老少副"],
        "三色双龙会" => &["喜相逢", "老少副", "无字", "平和"],
        "全带五" => &["断幺", "无字"],
        "三同刻" => &["双同刻"],
        "三暗刻" => &["双暗刻"],
        "全不靠" => &["五门齐", "不求人", "门前清", "独听・单钓"],
        "大于五" | "小于五" => &["无字"],
        "推不倒" => &["缺一门"],
        "妙手回春" | "杠上开花" => &["自摸"],
        "抢杠和" => &["和绝张"],
        "全求人" => &["独听・单钓"],
        "双暗杠" => &["双暗刻", "暗杠"],
        "双箭刻" => &["箭刻"],
        "明暗杠" => &["暗杠", "明杠"],
        "不求人" => &["门前清", "自摸"],
        "双明杠" => &["明杠"],
        "平和" | "断幺" => &["无字"],
        _ => &[],
    }
}

/// The facts of the claim.
struct Ctx<'a> {
    all: [u8; 34],
    before: [u8; 34],
    melds: &'a [Set],
    claim: &'a Claim,
    single_wait: bool,
    last_copy: bool,
    pts: &'a BTreeMap<&'static str, u32>,
}

/// The fan lists of one reading (several when the sets combine in ties).
fn reading_fans(
    cx: &Ctx,
    shape: &Shape,
    place: Place,
    won_in: Option<usize>,
) -> Vec<Vec<(&'static str, u8)>> {
    let claim = cx.claim;
    let all = &cx.all;
    let self_drawn = claim.how == WinHow::SelfDrawn;
    let mut f: BTreeMap<&'static str, u8> = BTreeMap::new();
    let add = |f: &mut BTreeMap<&'static str, u8>, n: &'static str, k: u8| {
        if k > 0 {
            *f.entry(n).or_default() += k;
        }
    };
    let open_melds = cx
        .melds
        .iter()
        .filter(|m| m.declared && !(m.k == K::Kong && m.concealed))
        .count();
    // Circumstances.
    if self_drawn {
        add(&mut f, "自摸", 1);
    }
    if open_melds == 0 {
        add(&mut f, if self_drawn { "不求人" } else { "门前清" }, 1);
    }
    if cx.last_copy {
        add(&mut f, "和绝张", 1);
    }
    if claim.last_tile {
        add(
            &mut f,
            if self_drawn {
                "妙手回春"
            } else {
                "海底捞月"
            },
            1,
        );
    }
    if claim.after_kong {
        add(&mut f, "杠上开花", 1);
    }
    if claim.how == WinHow::RobbingKong {
        add(&mut f, "抢杠和", 1);
    }
    if cx.single_wait {
        match place {
            Place::Edge => add(&mut f, "独听・边张", 1),
            Place::Closed => add(&mut f, "独听・嵌张", 1),
            Place::Pair => add(&mut f, "独听・单钓", 1),
            Place::None => {}
        }
    }
    // Tiles alone.
    let kinds: Vec<usize> = (0..34).filter(|&t| all[t] > 0).collect();
    let suits: Vec<bool> = (0..3)
        .map(|s| kinds.iter().any(|&t| t / 9 == s && t < 27))
        .collect();
    let nsuits = suits.iter().filter(|&&b| b).count();
    let honors = kinds.iter().any(|&t| t >= 27);
    let winds = kinds.iter().any(|&t| (27..31).contains(&t));
    let dragons = kinds.iter().any(|&t| t >= 31);
    if kinds.iter().all(|t| [19, 20, 21, 23, 25, 32].contains(t)) {
        add(&mut f, "绿一色", 1);
    }
    if !honors {
        add(&mut f, "无字", 1);
    }
    if nsuits == 2 {
        add(&mut f, "缺一门", 1);
    }
    if nsuits == 3 && winds && dragons {
        add(&mut f, "五门齐", 1);
    }
    if nsuits == 1 && !honors {
        add(&mut f, "清一色", 1);
    }
    if nsuits == 1 && honors {
        add(&mut f, "混一色", 1);
    }
    if nsuits == 0 {
        add(&mut f, "字一色", 1);
    }
    if kinds.iter().all(|&t| !is_orphan(t)) {
        add(&mut f, "断幺", 1);
    }
    if kinds.iter().all(|&t| is_terminal(t)) {
        add(&mut f, "清幺九", 1);
    } else if kinds.iter().all(|&t| is_orphan(t)) && nsuits > 0 && honors {
        add(&mut f, "混幺九", 1);
    }
    let ranks = |lo: usize, hi: usize| {
        kinds
            .iter()
            .all(|&t| t < 27 && (lo..=hi).contains(&(t % 9)))
    };
    if ranks(6, 8) {
        add(&mut f, "全大", 1);
    }
    if ranks(3, 5) {
        add(&mut f, "全中", 1);
    }
    if ranks(0, 2) {
        add(&mut f, "全小", 1);
    }
    if ranks(5, 8) {
        add(&mut f, "大于五", 1);
    }
    if ranks(0, 3) {
        add(&mut f, "小于五", 1);
    }
    let rev = [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31];
    if kinds.iter().all(|t| rev.contains(t)) {
        add(&mut f, "推不倒", 1);
    }
    let kong_kinds: Vec<usize> = cx
        .melds
        .iter()
        .filter(|m| m.k == K::Kong)
        .map(|m| m.t)
        .collect();
    let hogs = (0..34)
        .filter(|&t| all[t] == 4 && !kong_kinds.contains(&t))
        .count();
    add(&mut f, "四归一", hogs as u8);
    // 九莲宝灯: no melds, the hand before the win 1112345678999 of one suit.
    if cx.melds.is_empty() {
        for s in 0..3 {
            let frame = [3, 1, 1, 1, 1, 1, 1, 1, 3];
            if (0..34).all(|t| {
                cx.before[t]
                    == if t / 9 == s && t < 27 {
                        frame[t % 9]
                    } else {
                        0
                    }
            }) {
                add(&mut f, "九莲宝灯", 1);
            }
        }
    }
    // The form.
    let mut set_options: Vec<Vec<&'static str>> = vec![vec![]];
    match shape {
        Shape::SevenPairs => {
            let pk: Vec<usize> = kinds.clone();
            if pk.len() == 7 && pk[6] < 27 && pk[0] / 9 == pk[6] / 9 && pk[6] - pk[0] == 6 {
                add(&mut f, "连七对", 1);
            }
            add(&mut f, "七对", 1);
        }
        Shape::Orphans => add(&mut f, "十三幺", 1),
        Shape::Honors(p) => {
            if (27..34).all(|t| all[t] > 0) {
                add(&mut f, "七星不靠", 1);
            }
            add(&mut f, "全不靠", 1);
            if knit_tiles(*p).iter().all(|&t| all[t] > 0) {
                add(&mut f, "组合龙", 1);
            }
        }
        Shape::Sets { sets, pair, knit } => {
            if knit.is_some() {
                add(&mut f, "组合龙", 1);
            }
            let chows: Vec<usize> = sets
                .iter()
                .filter(|s| s.k == K::Chow)
                .map(|s| s.t)
                .collect();
            let pungs: Vec<&Set> = sets.iter().filter(|s| s.k != K::Chow).collect();
            let pt: Vec<usize> = pungs.iter().map(|s| s.t).collect();
            if chows.len() == sets.len() && *pair < 27 {
                add(&mut f, "平和", 1);
            }
            if knit.is_none() {
                if pungs.len() == 4 {
                    add(&mut f, "碰碰和", 1);
                }
                let group_tiles = |s: &Set| -> Vec<usize> {
                    if s.k == K::Chow {
                        vec![s.t, s.t + 1, s.t + 2]
                    } else {
                        vec![s.t]
                    }
                };
                if sets
                    .iter()
                    .all(|s| group_tiles(s).iter().any(|&t| is_orphan(t)))
                    && is_orphan(*pair)
                {
                    add(&mut f, "全带幺", 1);
                }
                if sets
                    .iter()
                    .all(|s| group_tiles(s).iter().any(|&t| t < 27 && t % 9 == 4))
                    && *pair < 27
                    && *pair % 9 == 4
                {
                    add(&mut f, "全带五", 1);
                }
                if pungs.len() == 4 && pt.iter().chain([pair]).all(|&t| t < 27 && t % 9 % 2 == 1) {
                    add(&mut f, "全双刻", 1);
                }
                // The dragons-chow fans with the pair.
                if chows.len() == 4 && *pair < 27 {
                    let mut c = chows.clone();
                    c.sort();
                    let s = c[0] / 9;
                    if c == [9 * s, 9 * s, 9 * s + 6, 9 * s + 6] && *pair == 9 * s + 4 {
                        add(&mut f, "一色双龙会", 1);
                    }
                    let ps = *pair / 9;
                    let others: Vec<usize> = (0..3).filter(|&x| x != ps).collect();
                    let mut want = vec![
                        9 * others[0],
                        9 * others[0] + 6,
                        9 * others[1],
                        9 * others[1] + 6,
                    ];
                    want.sort();
                    if c == want && *pair % 9 == 4 {
                        add(&mut f, "三色双龙会", 1);
                    }
                }
            }
            // Honour pungs.
            let wind_p = pt.iter().filter(|&&t| (27..31).contains(&t)).count();
            let dragon_p = pt.iter().filter(|&&t| t >= 31).count();
            let wind_pair = (27..31).contains(pair);
            let dragon_pair = *pair >= 31;
            if wind_p == 4 {
                add(&mut f, "大四喜", 1);
            } else if wind_p == 3 && wind_pair {
                add(&mut f, "小四喜", 1);
            } else if wind_p == 3 {
                add(&mut f, "三风刻", 1);
            }
            if dragon_p == 3 {
                add(&mut f, "大三元", 1);
            } else if dragon_p == 2 && dragon_pair {
                add(&mut f, "小三元", 1);
            } else if dragon_p == 2 {
                add(&mut f, "双箭刻", 1);
            }
            add(&mut f, "箭刻", dragon_p as u8);
            let seat = claim.seat_wind.index();
            let round = claim.round_wind.index();
            if pt.contains(&round) {
                add(&mut f, "圈风刻", 1);
            }
            if pt.contains(&seat) {
                add(&mut f, "门风刻", 1);
            }
            // A wind pung is 幺九刻 unless it is the seat's or the round's,
            // or one of three or four wind pungs (三风刻, 小四喜, 大四喜 hold
            // them).
            let yaojiu = pt
                .iter()
                .filter(|&&t| {
                    is_terminal(t)
                        || ((27..31).contains(&t) && t != seat && t != round && wind_p < 3)
                })
                .count();
            add(&mut f, "幺九刻", yaojiu as u8);
            // Kongs.
            let ck = sets
                .iter()
                .filter(|s| s.k == K::Kong && s.concealed)
                .count();
            let mk = sets
                .iter()
                .filter(|s| s.k == K::Kong && !s.concealed)
                .count();
            match (ck + mk, ck) {
                (4, _) => add(&mut f, "四杠", 1),
                (3, _) => add(&mut f, "三杠", 1),
                (2, 2) => add(&mut f, "双暗杠", 1),
                (2, 1) => add(&mut f, "明暗杠", 1),
                (2, 0) => add(&mut f, "双明杠", 1),
                (1, 1) => add(&mut f, "暗杠", 1),
                (1, 0) => add(&mut f, "明杠", 1),
                _ => {}
            }
            // Concealed pungs: a pung of the hand completed by a claimed
            // tile is melded.
            let conc = sets
                .iter()
                .enumerate()
                .filter(|(i, s)| {
                    s.k != K::Chow
                        && s.concealed
                        && !(Some(*i) == won_in && !self_drawn && !s.declared)
                })
                .count();
            match conc {
                4 => add(&mut f, "四暗刻", 1),
                3 => add(&mut f, "三暗刻", 1),
                2 => add(&mut f, "双暗刻", 1),
                _ => {}
            }
            // 全求人: four open melds, won on a discard on the pair.
            if open_melds == 4 && claim.how != WinHow::SelfDrawn {
                add(&mut f, "全求人", 1);
            }
            // Set combinations.
            let pung_suited: Vec<usize> = pt.clone();
            let co = combine(&chows, cx.pts, chow_pair, chow_three, chow_four);
            let po = combine(&pung_suited, cx.pts, pung_pair, pung_three, pung_four);
            set_options = Vec::new();
            for a in &co {
                for b in &po {
                    let mut v = a.clone();
                    v.extend(b.iter().copied());
                    set_options.push(v);
                }
            }
        }
    }
    // 不计, from the largest fan down.
    let mut out = Vec::new();
    for extra in set_options {
        let mut g = f.clone();
        for n in extra {
            *g.entry(n).or_default() += 1;
        }
        let mut order: Vec<&'static str> = g.keys().copied().collect();
        order.sort_by_key(|n| std::cmp::Reverse(cx.pts[n]));
        let mut ruled: Vec<&str> = Vec::new();
        let mut yaojiu_minus = 0u8;
        for n in &order {
            if ruled.contains(n) {
                continue;
            }
            if *n == "九莲宝灯" {
                yaojiu_minus = 1;
            }
            for r in implied(n) {
                if !ruled.contains(r) {
                    ruled.push(r);
                }
            }
        }
        let mut list: Vec<(&'static str, u8)> = g
            .into_iter()
            .filter(|(n, _)| !ruled.contains(n))
            .map(|(n, k)| {
                if n == "幺九刻" {
                    (n, k.saturating_sub(yaojiu_minus))
                } else {
                    (n, k)
                }
            })
            .filter(|&(_, k)| k > 0)
            .collect();
        if list.is_empty() {
            list.push(("无番和", 1));
        }
        out.push(list);
    }
    out
}

/// Scores the claim from scratch.
pub fn score(hand: &Hand, claim: &Claim) -> Answer {
    let pts = fan_points();
    let mut conc = [0u8; 34];
    for t in 0..34 {
        conc[t] = hand.count(Tile::from_index(t).unwrap());
    }
    let mut all = conc;
    let mut melds = Vec::new();
    for m in hand.melds() {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
        let k = match m.kind() {
            MeldKind::Chi => K::Chow,
            MeldKind::Pon => K::Pung,
            _ => K::Kong,
        };
        let t = m.tiles().map(|t| t.index()).min().unwrap();
        melds.push(Set {
            k,
            t,
            declared: true,
            concealed: m.kind() == MeldKind::ConcealedKong,
        });
    }
    let w = claim.winning.index();
    let mut before = conc;
    before[w] -= 1;
    let waits: Vec<usize> = (0..34)
        .filter(|&t| {
            let mut c = before;
            c[t] += 1;
            complete(&c, &melds)
        })
        .collect();
    let in_melds: usize = hand
        .melds()
        .iter()
        .map(|m| m.tiles().filter(|t| t.index() == w).count())
        .sum();
    let cx = Ctx {
        all,
        before,
        melds: &melds,
        claim,
        single_wait: waits == [w],
        // 和绝张: the fourth copy after three shown; a copy concealed in
        // the hand before the win is not shown.
        last_copy: (claim.last_copy && before[w] == 0) || in_melds == 3,
        pts: &pts,
    };
    let value = |l: &Vec<(&str, u8)>| l.iter().map(|(n, k)| pts[n] * *k as u32).sum::<u32>();
    let mut best = 0;
    let mut lists: Vec<Vec<(String, u8)>> = Vec::new();
    let shapes = shapes(&conc, &melds);
    let consider =
        |lists: &mut Vec<Vec<(String, u8)>>, best: &mut u32, ls: Vec<Vec<(&str, u8)>>| {
            for l in ls {
                let v = value(&l);
                let l: Vec<(String, u8)> = l.into_iter().map(|(n, k)| (n.to_string(), k)).collect();
                if v > *best || lists.is_empty() {
                    *best = v;
                    lists.clear();
                }
                if v == *best && !lists.contains(&l) {
                    lists.push(l);
                }
            }
        };
    for shape in &shapes {
        match shape {
            Shape::Sets { sets, pair, knit } => {
                let mut any = false;
                // The winning tile in a concealed set, or the pair.
                for (i, s) in sets.iter().enumerate() {
                    if s.declared {
                        continue;
                    }
                    let place = match s.k {
                        K::Chow if s.t + 1 == w => Place::Closed,
                        K::Chow if (s.t == w && s.t % 9 == 6) || (s.t + 2 == w && s.t % 9 == 0) => {
                            Place::Edge
                        }
                        K::Chow if w >= s.t && w <= s.t + 2 => Place::None,
                        K::Pung if s.t == w => Place::None,
                        _ => continue,
                    };
                    any = true;
                    consider(
                        &mut lists,
                        &mut best,
                        reading_fans(&cx, shape, place, Some(i)),
                    );
                }
                if *pair == w {
                    any = true;
                    consider(
                        &mut lists,
                        &mut best,
                        reading_fans(&cx, shape, Place::Pair, None),
                    );
                }
                if let Some(p) = knit {
                    if knit_tiles(*p).contains(&w) {
                        any = true;
                        consider(
                            &mut lists,
                            &mut best,
                            reading_fans(&cx, shape, Place::None, None),
                        );
                    }
                }
                assert!(any, "the winning tile has a place");
            }
            _ => consider(
                &mut lists,
                &mut best,
                reading_fans(&cx, shape, Place::None, None),
            ),
        }
    }
    if shapes.is_empty() {
        return Answer {
            legal: false,
            complete: false,
            total: 0,
            fan_points: 0,
            fans: vec![],
        };
    }
    let flowers = claim.flowers as u32;
    let mut fans = lists;
    if flowers > 0 {
        for l in &mut fans {
            l.push(("花牌".to_string(), claim.flowers));
        }
    }
    for l in &mut fans {
        l.sort();
    }
    Answer {
        legal: best >= 8,
        complete: true,
        total: best + flowers,
        fan_points: best,
        fans,
    }
}

fn pick<R: Rng>(rng: &mut R, palette: u8) -> usize {
    match palette {
        0 => {
            if rng.gen_bool(0.25) {
                27 + rng.gen_range(0..7)
            } else {
                rng.gen_range(0..9)
            }
        }
        1 => 9 * rng.gen_range(0..3) + rng.gen_range(1..8),
        2 => [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33][rng.gen_range(0..13)],
        3 => [19, 20, 21, 23, 25, 32][rng.gen_range(0..6)],
        4 => 9 * rng.gen_range(0..3) + [0, 3, 6, 4][rng.gen_range(0..4)],
        5 => [9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31][rng.gen_range(0..14)],
        _ => rng.gen_range(0..34),
    }
}

/// A random GB claim, mostly a complete hand of varied shape.
pub fn random_claim<R: Rng>(rng: &mut R) -> (Hand, Claim) {
    loop {
        if let Some(c) = try_claim(rng) {
            return c;
        }
    }
}

fn try_claim<R: Rng>(rng: &mut R) -> Option<(Hand, Claim)> {
    let palette = rng.gen_range(0..9u8);
    let mut conc = [0u8; 34];
    let mut melds: Vec<Meld> = Vec::new();
    let mut all = [0u8; 34];
    let kind = rng.gen_range(0..100);
    if kind < 8 {
        let mut n = 0;
        let palette = if palette == 3 { 8 } else { palette };
        let chain = rng.gen_bool(0.15);
        let start = 9 * rng.gen_range(0..3) + rng.gen_range(0..3);
        while n < 7 {
            let t = if chain { start + n } else { pick(rng, palette) };
            if conc[t] <= 2 && (chain || rng.gen_bool(0.1) || conc[t] == 0) {
                conc[t] += 2;
                n += 1;
            }
        }
    } else if kind < 11 {
        for i in 0..34 {
            if is_orphan(i) {
                conc[i] = 1;
            }
        }
        let o: Vec<usize> = (0..34).filter(|&i| is_orphan(i)).collect();
        conc[o[rng.gen_range(0..13)]] += 1;
    } else if kind < 16 {
        // 全不靠 / 七星不靠.
        let p = KNITS[rng.gen_range(0..6)];
        let kt = knit_tiles(p);
        let mut pool: Vec<usize> = kt.to_vec();
        pool.extend(27..34);
        let honors = rng.gen_range(5..=7);
        let mut hs: Vec<usize> = (27..34).collect();
        while hs.len() > honors {
            hs.remove(rng.gen_range(0..hs.len()));
        }
        let mut ks: Vec<usize> = kt.to_vec();
        while ks.len() > 14 - honors {
            ks.remove(rng.gen_range(0..ks.len()));
        }
        for t in hs.into_iter().chain(ks) {
            conc[t] = 1;
        }
    } else if kind < 22 {
        // 组合龙 with a set and a pair.
        let p = KNITS[rng.gen_range(0..6)];
        for t in knit_tiles(p) {
            conc[t] += 1;
            all[t] += 1;
        }
        let t = pick(rng, palette);
        if t < 27 && rng.gen_bool(0.6) {
            let t = t / 9 * 9 + (t % 9).min(6);
            if rng.gen_bool(0.3) {
                melds.push(Meld::new(MeldKind::Chi, Tile::from_index(t).ok()?).ok()?);
            } else {
                for k in 0..3 {
                    conc[t + k] += 1;
                }
            }
            for k in 0..3 {
                all[t + k] += 1;
            }
        } else if rng.gen_bool(0.3) {
            melds.push(Meld::new(MeldKind::Pon, Tile::from_index(t).ok()?).ok()?);
            all[t] += 3;
        } else {
            conc[t] += 3;
            all[t] += 3;
        }
        let q = pick(rng, palette);
        conc[q] += 2;
        all[q] += 2;
        if all.iter().any(|&c| c > 4) {
            return None;
        }
    } else if kind < 25 {
        // 九莲宝灯 frames and near them.
        let s = rng.gen_range(0..3);
        for (i, c) in [3, 1, 1, 1, 1, 1, 1, 1, 3].into_iter().enumerate() {
            conc[9 * s + i] = c;
        }
        conc[9 * s + rng.gen_range(0..9)] += 1;
    } else {
        let open_p = [0.0, 0.0, 0.2, 0.5, 0.9][rng.gen_range(0..5)];
        let chow_p = [0.0, 0.3, 0.6, 0.9][rng.gen_range(0..4)];
        // Sometimes the sets are shifted copies of one (to reach the
        // combination fans).
        let pattern = rng.gen_bool(0.35);
        let base = pick(rng, palette);
        let step = rng.gen_range(0..4);
        let suit_shift = rng.gen_bool(0.5);
        // Sometimes a template: the dragon chows (一色双龙会, 三色双龙会)
        // or the four winds, each set a chow or a pung as its tile says.
        let s1 = rng.gen_range(0..3);
        let s2 = (s1 + rng.gen_range(1..3)) % 3;
        let template: Option<[usize; 5]> = match rng.gen_range(0..100) {
            0..=1 => Some([9 * s1, 9 * s1, 9 * s1 + 6, 9 * s1 + 6, 9 * s1 + 4]),
            2..=3 => Some([
                9 * s1,
                9 * s1 + 6,
                9 * s2,
                9 * s2 + 6,
                9 * (3 - s1 - s2) + 4,
            ]),
            4 => Some([27, 28, 29, 30, pick(rng, palette)]),
            _ => None,
        };
        for i in 0..4 {
            if let Some(tp) = template {
                let t = tp[i];
                if t < 27 {
                    for k in 0..3 {
                        all[t + k] += 1;
                    }
                    if rng.gen_bool(open_p) {
                        melds.push(Meld::new(MeldKind::Chi, Tile::from_index(t).ok()?).ok()?);
                    } else {
                        for k in 0..3 {
                            conc[t + k] += 1;
                        }
                    }
                } else if rng.gen_bool(open_p) {
                    all[t] += 3;
                    melds.push(Meld::new(MeldKind::Pon, Tile::from_index(t).ok()?).ok()?);
                } else {
                    all[t] += 3;
                    conc[t] += 3;
                }
                continue;
            }
            let t = if pattern && base < 27 && i < 3 {
                let s = if suit_shift {
                    (base / 9 + i) % 3
                } else {
                    base / 9
                };
                let n = (base % 9 + step * i) % 9;
                9 * s + n
            } else {
                pick(rng, palette)
            };
            draw_set(rng, t, chow_p, open_p, &mut all, &mut conc, &mut melds)?;
        }
        let p = template.map_or_else(|| pick(rng, palette), |tp| tp[4]);
        all[p] += 2;
        conc[p] += 2;
        if all.iter().any(|&c| c > 4) {
            return None;
        }
        if rng.gen_range(0..100) < 4 {
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
    let mut total_w = conc[w] as usize;
    for m in &melds {
        total_w += m.tiles().filter(|t| t.index() == w).count();
    }
    let how = match rng.gen_range(0..100) {
        0..=44 => WinHow::SelfDrawn,
        45..=93 => WinHow::Discard,
        _ if total_w == 1 => WinHow::RobbingKong,
        _ => WinHow::Discard,
    };
    let mut claim = Claim::new(Tile::from_index(w).ok()?, how);
    claim.seat_wind = Tile::from_index(27 + rng.gen_range(0..4)).ok()?;
    claim.round_wind = Tile::from_index(27 + rng.gen_range(0..4)).ok()?;
    let kong = melds.iter().any(|m| m.kind().is_kong());
    claim.after_kong = kong && how == WinHow::SelfDrawn && rng.gen_bool(0.3);
    claim.last_tile = !claim.after_kong && how != WinHow::RobbingKong && rng.gen_bool(0.06);
    claim.last_copy = rng.gen_bool(0.08);
    claim.flowers = if rng.gen_bool(0.2) {
        rng.gen_range(1..=8)
    } else {
        0
    };
    Some((hand, claim))
}
