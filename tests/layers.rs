//! The layers of the crate: a file of `src/` imports only files of its own
//! layer or of a lower one, and no files import each other in a circle.
//!
//! An import is a path that names an item of the crate: a `use` line, or a
//! path written in code (`crate::notation::parse(s)`). Paths starting with
//! `crate::`, `super::`, `self::` or the name of a child module (`use
//! kind::Tile` in `src/tile.rs`) are read; comments (doc comments
//! included), string and character literals and `#[cfg(test)]` items are
//! left out. A path names the longest module that has a file
//! (`crate::tables::key::pow5` is `src/tables/key.rs`, `crate::Rules` is
//! `src/lib.rs`), and a name that file re-exports (`pub use`) is followed
//! to the file that defines it (`crate::Rules` is `src/rules/mod.rs`).
//!
//! The one list of layers is [`LAYERS`]; the upward imports allowed are
//! listed, each with its reason, in [`ALLOWED`].

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::Path;

/// The layers, bottom first: each a list of files of `src/`, or of folders
/// (ending in `/`) standing for every file under them. A file belongs to
/// its most specific entry (`src/tables/key.rs` before `src/tables/`).
/// A file may import files of its own layer and of the layers below; every
/// file of `src/` must be in a layer, and every entry must name a file.
const LAYERS: &[&[&str]] = &[
    // Leaves, importing nothing else of the crate: the tile sets as masks
    // and the plain tile types that read them, the per-suit tables' key
    // and value layout (which `build.rs` compiles too, by `#[path]`, so
    // they cannot import the crate), and the unit tests' seeded picks.
    &[
        "src/tile/sets.rs",
        "src/tile/kind.rs",
        "src/tables/key.rs",
        "src/tables/layout.rs",
        "src/seeded.rs",
    ],
    // What a declared meld is (`MeldKind`), named by the errors.
    &["src/meld/kind.rs"],
    // Every error of the library: they name tiles and meld kinds.
    &["src/error.rs"],
    // The tile constructors that check their input (`Tile::new`,
    // `Tile::from_index`, `Tile::from_code`), returning a `HandError`, and
    // the public paths `hupai::tile::*`.
    &["src/tile.rs"],
    // Byte-per-count words of a hand's counts.
    &["src/swar.rs"],
    // Declared melds, then hands, then the parser that reads both.
    &["src/meld.rs"],
    &["src/hand.rs"],
    &["src/notation.rs"],
    // The per-suit tables: their generator (compiled into `build.rs` too),
    // the values it makes and the compiled-in ones, the distance classes
    // and the profiles that name them, efficiency's draw rows and
    // shanten's near-win codes made from them, the tables with their
    // reads, then the tables made from raw bytes, shared, and read from
    // files.
    &["src/tables/gen.rs"],
    &[
        "src/tables/need.rs",
        "src/tables/distance.rs",
        "src/tables/counted.rs",
        "src/tables/builtin.rs",
    ],
    &["src/tables/class.rs"],
    &["src/tables/profile.rs"],
    &["src/tables/draw_rows.rs", "src/tables/near_win.rs"],
    &["src/tables/store.rs"],
    &[
        "src/tables/validate.rs",
        "src/tables/cache.rs",
        "src/tables/file.rs",
        "src/tables/mod.rs",
    ],
    // The forms by name (`Form`, `Forms`), and the knitted tiles the
    // knitted forms and the groups share.
    &["src/form/kind.rs", "src/form/knitted.rs"],
    // The compiled rule set the forms read, and the presets' names.
    &[
        "src/rules/compiled.rs",
        "src/rules/preset.rs",
        "src/rules/scoring.rs",
        "src/score/fans/table.rs",
    ],
    // A hand as the rules see it.
    &["src/position.rs"],
    // The groups of a split, and the splits.
    &["src/group.rs"],
    // The interface every form answers.
    &["src/form/judge.rs"],
    // The standard form, in the order of its files' jobs.
    &[
        "src/form/standard/needs.rs",
        "src/form/standard/distance.rs",
    ],
    &[
        "src/form/standard/win.rs",
        "src/form/standard/ranks.rs",
        "src/form/standard/draws.rs",
    ],
    &[
        "src/form/standard/reveal.rs",
        "src/form/standard/split.rs",
        "src/form/standard/joker_melds.rs",
        "src/form/standard/bounds.rs",
    ],
    &["src/form/standard/fifths.rs"],
    &["src/form/standard/mod.rs"],
    // The other forms (the knitted straight reads the standard form's
    // tables for its meld and pair), then every form by name.
    &["src/form/"],
    // Rules made from presets and rule files, each form asked why it can
    // never win.
    &["src/rules/"],
    // What is asked of the rules about a hand.
    &[
        "src/check.rs",
        "src/waits.rs",
        "src/split.rs",
        "src/reveal.rs",
        "src/win.rs",
        "src/shanten/",
    ],
    // Scoring: the claim (a win with its circumstances), the interface
    // every family answers, the reading model, each family's rules, then
    // the one entry point.
    &["src/score/claim.rs"],
    &["src/score/family.rs"],
    &["src/score/reading.rs"],
    &["src/score/riichi/", "src/score/gb/", "src/score/fans/"],
    &["src/score/mod.rs"],
    // A hand in play: draws, discards, claims.
    &["src/live.rs"],
    // Rows of hands in, an answer and a status per row out: the one layer
    // under the bindings.
    &["src/batch.rs"],
    // Serde for the public types (feature `serde`).
    &["src/serde_impls.rs"],
    // The crate root: module declarations and re-exports.
    &["src/lib.rs"],
];

/// The imports allowed to go up a layer, each with its reason: `(from,
/// to, why)`. They are left out of the layer check, not of the circle
/// check; an entry that is no longer an upward import fails the test, so
/// that it is taken out.
const ALLOWED: &[(&str, &str, &str)] = &[
    // tables < rules: a table file records the rules it was made for.
    (
        "src/tables/file.rs",
        "src/rules/compiled.rs",
        "a table file is read into and written from Rules (crate::Rules)",
    ),
    (
        "src/tables/file.rs",
        "src/rules/file.rs",
        "a table file holds the rules' spec and its errors (RuleSpec, RulesError)",
    ),
];

/// One import: the file it is in, the line (1-based) and the file it names.
struct Import {
    from: String,
    to: String,
    line: usize,
}

#[test]
fn imports_point_down_and_make_no_circle() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = rust_files(&root.join("src"), root);
    let sources: BTreeMap<String, String> = files
        .iter()
        .map(|f| {
            let text = std::fs::read_to_string(root.join(f)).expect("a readable file");
            (f.clone(), text)
        })
        .collect();
    let crate_ = Crate::new(&sources);
    let imports = crate_.imports();

    let mut errors = String::new();
    for f in &files {
        if layer_of(f).is_none() {
            writeln!(errors, "{f} is in no layer: add it to LAYERS").unwrap();
        }
    }
    for entry in LAYERS.iter().flat_map(|l| l.iter()) {
        let names_a_file = if entry.ends_with('/') {
            files.iter().any(|f| f.starts_with(entry))
        } else {
            files.iter().any(|f| f == entry)
        };
        if !names_a_file {
            writeln!(errors, "LAYERS entry {entry} names no file of src/").unwrap();
        }
    }

    // Every import: the circles are looked for among all of them.
    let mut all: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    for i in &imports {
        all.entry(&i.from).or_default().insert(&i.to);
    }
    for i in &imports {
        let (Some(from), Some(to)) = (layer_of(&i.from), layer_of(&i.to)) else {
            continue;
        };
        if to > from && allowed(&i.from, &i.to).is_none() {
            writeln!(
                errors,
                "{}:{} imports {} (layer {to}) from layer {from}:\n    {}",
                i.from,
                i.line,
                i.to,
                crate_.line(&i.from, i.line)
            )
            .unwrap();
        }
    }
    for &(from, to, why) in ALLOWED {
        let exists = all.get(from).is_some_and(|t| t.contains(to));
        let upward = matches!((layer_of(from), layer_of(to)), (Some(f), Some(t)) if t > f);
        if !exists || !upward {
            writeln!(
                errors,
                "ALLOWED entry {from} -> {to} ({why}) is no longer an upward \
                 import: take it out"
            )
            .unwrap();
        }
    }
    for circle in find_circles(&all) {
        writeln!(errors, "import circle: {}", circle.join(" -> ")).unwrap();
        for pair in circle.windows(2) {
            let i = imports
                .iter()
                .find(|i| i.from == pair[0] && i.to == pair[1])
                .expect("an edge of the graph");
            writeln!(
                errors,
                "    {}:{} imports {}: {}",
                i.from,
                i.line,
                i.to,
                crate_.line(&i.from, i.line)
            )
            .unwrap();
        }
    }

    assert!(errors.is_empty(), "\n{errors}");
}

/// The check itself, on sources made up for it.
#[test]
fn the_reader_finds_what_it_should() {
    let sources: BTreeMap<String, String> = [
        ("src/lib.rs", "mod a;\nmod b;\npub use b::Thing;\n"),
        (
            "src/a.rs",
            "//! Docs name crate::c::X, which is no import.\n\
             use crate::b::{self, Other as O};\n\
             mod inner;\n\
             fn f() { let _ = \"crate::c::Y\"; let _ = '{'; crate::Thing::new(); }\n\
             /* crate::c::Z */\n\
             #[cfg(test)]\n\
             mod tests { use crate::c::W; fn g() { if true { } } }\n\
             fn h() { inner::go(); super::c::d(); }\n",
        ),
        ("src/a/inner.rs", "use super::super::b::Other;\n"),
        (
            "src/b/mod.rs",
            "pub(crate) use self::deep::Thing;\nmod deep;\n",
        ),
        ("src/b/deep.rs", "pub struct Thing;\n"),
        ("src/c.rs", "pub fn d() {}\n"),
    ]
    .into_iter()
    .map(|(f, t)| (f.to_string(), t.to_string()))
    .collect();
    let crate_ = Crate::new(&sources);
    let found: Vec<(String, String, usize)> = crate_
        .imports()
        .into_iter()
        .map(|i| (i.from, i.to, i.line))
        .collect();
    let want = [
        ("src/a.rs", "src/b/mod.rs", 2),
        ("src/a.rs", "src/b/deep.rs", 4),
        ("src/a.rs", "src/a/inner.rs", 8),
        ("src/a.rs", "src/c.rs", 8),
        ("src/a/inner.rs", "src/b/mod.rs", 1),
        ("src/b/mod.rs", "src/b/deep.rs", 1),
        ("src/lib.rs", "src/b/deep.rs", 3),
    ];
    let mut want: Vec<(String, String, usize)> = want
        .iter()
        .map(|&(f, t, l)| (f.to_string(), t.to_string(), l))
        .collect();
    want.sort();
    assert_eq!(found, want);

    let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
    graph.entry("x").or_default().insert("y");
    graph.entry("y").or_default().insert("z");
    assert!(find_circles(&graph).is_empty());
    graph.entry("z").or_default().insert("x");
    assert_eq!(find_circles(&graph), [["x", "y", "z", "x"]]);
}

/// The entry of [`ALLOWED`] for an import of `to` by `from`.
fn allowed(from: &str, to: &str) -> Option<&'static str> {
    ALLOWED
        .iter()
        .find(|&&(f, t, _)| f == from && t == to)
        .map(|&(_, _, why)| why)
}

/// The layer of `file`: the index in [`LAYERS`] of its most specific entry.
fn layer_of(file: &str) -> Option<usize> {
    LAYERS
        .iter()
        .enumerate()
        .flat_map(|(n, l)| l.iter().map(move |e| (n, *e)))
        .filter(|&(_, e)| {
            if e.ends_with('/') {
                file.starts_with(e)
            } else {
                file == e
            }
        })
        .max_by_key(|&(_, e)| (!e.ends_with('/'), e.len()))
        .map(|(n, _)| n)
}

/// Every `.rs` file under `dir`, as a path from `root` with `/` separators.
fn rust_files(dir: &Path, root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a readable folder")
        .map(|e| e.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(rust_files(&path, root));
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under the root");
            let parts: Vec<_> = rel.iter().map(|p| p.to_string_lossy()).collect();
            out.push(parts.join("/"));
        }
    }
    out
}

/// Circles of the graph, each as its files with the first repeated at the
/// end: one for each edge back to a file on the path of a depth-first
/// search, so none when the graph has no circle.
fn find_circles<'a>(graph: &BTreeMap<&'a str, BTreeSet<&'a str>>) -> Vec<Vec<&'a str>> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        OnPath,
        Done,
    }
    fn visit<'a>(
        node: &'a str,
        graph: &BTreeMap<&'a str, BTreeSet<&'a str>>,
        state: &mut BTreeMap<&'a str, State>,
        path: &mut Vec<&'a str>,
        circles: &mut Vec<Vec<&'a str>>,
    ) {
        state.insert(node, State::OnPath);
        path.push(node);
        for &next in graph.get(node).into_iter().flatten() {
            match state.get(next) {
                None => visit(next, graph, state, path, circles),
                Some(State::OnPath) => {
                    let start = path.iter().position(|&n| n == next).expect("on the path");
                    let mut circle = path[start..].to_vec();
                    circle.push(next);
                    circles.push(circle);
                }
                Some(State::Done) => {}
            }
        }
        path.pop();
        state.insert(node, State::Done);
    }
    let mut state = BTreeMap::new();
    let mut circles = Vec::new();
    for &node in graph.keys() {
        if !state.contains_key(node) {
            visit(node, graph, &mut state, &mut Vec::new(), &mut circles);
        }
    }
    circles
}

/// The files of a crate: their text as written, their code with comments,
/// literals and `#[cfg(test)]` items blanked, and the names each re-exports.
struct Crate<'a> {
    sources: &'a BTreeMap<String, String>,
    code: BTreeMap<String, String>,
    /// Per file, a re-exported name and the path (from the crate root) it
    /// stands for.
    reexports: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

impl<'a> Crate<'a> {
    fn new(sources: &'a BTreeMap<String, String>) -> Crate<'a> {
        let code: BTreeMap<String, String> = sources
            .iter()
            .map(|(f, text)| (f.clone(), without_tests(&blank(text))))
            .collect();
        let mut crate_ = Crate {
            sources,
            code,
            reexports: BTreeMap::new(),
        };
        let mut reexports = BTreeMap::new();
        for (file, code) in &crate_.code {
            let module = module_of(file);
            let mut names = BTreeMap::new();
            for (start, _) in code.match_indices("use ") {
                let word_start = start == 0 || !is_ident(code.as_bytes()[start - 1] as char);
                if !word_start || !is_pub_use(&code[..start]) {
                    continue;
                }
                let mut at = start + "use ".len();
                for (path, alias) in parse_tree(code, &mut at, &[]) {
                    let Some(abs) = crate_.absolute(&module, &path) else {
                        continue;
                    };
                    let name = alias.unwrap_or_else(|| path.last().cloned().unwrap_or_default());
                    names.insert(name, abs);
                }
            }
            reexports.insert(file.clone(), names);
        }
        crate_.reexports = reexports;
        crate_
    }

    /// Line `line` (1-based) of `file`, trimmed.
    fn line(&self, file: &str, line: usize) -> &str {
        self.sources[file]
            .lines()
            .nth(line - 1)
            .unwrap_or("")
            .trim()
    }

    /// Every import of every file, one per file named and line.
    fn imports(&self) -> Vec<Import> {
        let mut out = Vec::new();
        for (file, code) in &self.code {
            let module = module_of(file);
            let mut seen = BTreeSet::new();
            let bytes = code.as_bytes();
            for (at, _) in code.match_indices("::") {
                // The first `::` of a path: its first segment is the word before.
                let start = code[..at]
                    .rfind(|c: char| !is_ident(c))
                    .map_or(0, |p| p + 1);
                let first = &code[start..at];
                if first.is_empty() || (start >= 1 && bytes[start - 1] == b':') {
                    continue;
                }
                if !matches!(first, "crate" | "super" | "self")
                    && self
                        .file_of_module(&[module.clone(), vec![first.to_string()]].concat())
                        .is_none()
                {
                    continue;
                }
                let mut pos = start;
                for (path, _) in parse_tree(code, &mut pos, &[]) {
                    let Some(abs) = self.absolute(&module, &path) else {
                        continue;
                    };
                    let Some(to) = self.resolve(&abs, 0) else {
                        continue;
                    };
                    let line = code[..start].matches('\n').count() + 1;
                    if &to != file && seen.insert((to.clone(), line)) {
                        out.push(Import {
                            from: file.clone(),
                            to,
                            line,
                        });
                    }
                }
            }
        }
        out.sort_by(|a, b| (&a.from, &a.to, a.line).cmp(&(&b.from, &b.to, b.line)));
        out
    }

    /// `path`, as written in `module`, from the crate root; `None` for a
    /// path outside the crate (`std::fmt`, a local item).
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let mut base: Vec<String> = module.to_vec();
        let mut rest = path;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                base.clear();
                rest = &rest[1..];
            }
            Some("super" | "self") => {
                while let Some(s) = rest.first().map(String::as_str) {
                    match s {
                        "super" => {
                            base.pop()?;
                        }
                        "self" => {}
                        _ => break,
                    }
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let child = [module.to_vec(), vec![first.to_string()]].concat();
                self.file_of_module(&child)?;
            }
            None => return None,
        }
        Some([base, rest.to_vec()].concat())
    }

    /// The file that defines the item at `path` (from the crate root): the
    /// longest module of the path that has a file, then the re-exports of
    /// that file followed.
    fn resolve(&self, path: &[String], depth: usize) -> Option<String> {
        let (len, file) = (0..=path.len())
            .rev()
            .find_map(|n| self.file_of_module(&path[..n]).map(|f| (n, f)))?;
        if depth < 8 {
            if let Some(target) = path
                .get(len)
                .and_then(|name| self.reexports.get(&file)?.get(name))
            {
                let target = [target.clone(), path[len + 1..].to_vec()].concat();
                if let Some(f) = self.resolve(&target, depth + 1) {
                    return Some(f);
                }
            }
        }
        Some(file)
    }

    /// The file of the module at `path` from the crate root, if it has one.
    fn file_of_module(&self, path: &[String]) -> Option<String> {
        if path.is_empty() {
            return Some("src/lib.rs".to_string());
        }
        let stem = format!("src/{}", path.join("/"));
        [format!("{stem}.rs"), format!("{stem}/mod.rs")]
            .into_iter()
            .find(|f| self.code.contains_key(f))
    }
}

/// The module path of a file: `src/a/b.rs` and `src/a/b/mod.rs` are `a::b`.
fn module_of(file: &str) -> Vec<String> {
    let rel = file.strip_prefix("src/").expect("a file of src/");
    let rel = rel.strip_suffix(".rs").expect("a .rs file");
    let rel = rel.strip_suffix("/mod").unwrap_or(rel);
    match rel {
        "lib" | "main" => Vec::new(),
        _ => rel.split('/').map(str::to_string).collect(),
    }
}

/// Does the code before a `use` make it a re-export (`pub use`,
/// `pub(crate) use`)?
fn is_pub_use(before: &str) -> bool {
    let before = before.trim_end();
    if before.ends_with("pub") {
        return true;
    }
    before.ends_with(')') && {
        let open = before.rfind('(').unwrap_or(0);
        before[..open].trim_end().ends_with("pub")
    }
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Reads a path or a use tree starting at byte `*at` of `code`
/// (`a::b::{c, d::e as f}`), and returns each leaf path, prefixed by
/// `prefix`, with its alias. Stops at the first byte that continues no
/// path (`(`, `<`, `;`, …).
fn parse_tree(code: &str, at: &mut usize, prefix: &[String]) -> Vec<(Vec<String>, Option<String>)> {
    let bytes = code.as_bytes();
    let skip_space = |at: &mut usize| {
        while *at < bytes.len() && bytes[*at].is_ascii_whitespace() {
            *at += 1;
        }
    };
    let word = |at: &mut usize| {
        let start = *at;
        while *at < bytes.len() && is_ident(bytes[*at] as char) {
            *at += 1;
        }
        code[start..*at].to_string()
    };
    let mut out = Vec::new();
    let mut path = prefix.to_vec();
    loop {
        skip_space(at);
        if *at < bytes.len() && bytes[*at] == b'{' {
            *at += 1;
            loop {
                skip_space(at);
                if *at >= bytes.len() || bytes[*at] == b'}' {
                    *at += 1;
                    break;
                }
                out.extend(parse_tree(code, at, &path));
                skip_space(at);
                if *at < bytes.len() && bytes[*at] == b',' {
                    *at += 1;
                }
            }
            return out;
        }
        if *at < bytes.len() && bytes[*at] == b'*' {
            *at += 1;
            out.push((path, None));
            return out;
        }
        let w = word(at);
        if w.is_empty() {
            if path.len() > prefix.len() {
                out.push((path, None));
            }
            return out;
        }
        if w == "self" && path.len() == prefix.len() && !prefix.is_empty() {
            // `a::{self, b}`: the module `a` itself.
        } else {
            path.push(w);
        }
        let mut look = *at;
        skip_space(&mut look);
        if code[look..].starts_with("::") {
            *at = look + 2;
            continue;
        }
        // `as alias`
        let mut alias = None;
        if code[look..].starts_with("as") && !code[look + 2..].starts_with(is_ident) {
            let mut after = look + 2;
            skip_space(&mut after);
            let name = word(&mut after);
            if !name.is_empty() {
                alias = Some(name);
                *at = after;
            }
        }
        out.push((path, alias));
        return out;
    }
}

/// `text` with comments and string and character literals replaced by
/// spaces, line breaks kept (so byte offsets and lines stay those of
/// `text`).
fn blank(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut i = 0;
    let clear = |out: &mut Vec<u8>, from: usize, to: usize| {
        for c in &mut out[from..to.min(b.len())] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    };
    let ident_before = |i: usize| i > 0 && is_ident(b[i - 1] as char);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
                clear(&mut out, i, end);
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let (mut depth, mut j) = (1, i + 2);
                while j < b.len() && depth > 0 {
                    if b[j..].starts_with(b"/*") {
                        depth += 1;
                        j += 2;
                    } else if b[j..].starts_with(b"*/") {
                        depth -= 1;
                        j += 2;
                    } else {
                        j += 1;
                    }
                }
                clear(&mut out, i, j);
                i = j;
            }
            // `r"…"`, `r#"…"#`, `br"…"`
            b'r' if (!ident_before(i) || (b[i - 1] == b'b' && !ident_before(i - 1)))
                && matches!(b.get(i + 1), Some(b'"' | b'#')) =>
            {
                let hashes = b[i + 1..].iter().take_while(|&&c| c == b'#').count();
                if b.get(i + 1 + hashes) != Some(&b'"') {
                    i += 1;
                    continue;
                }
                let close = format!("\"{}", "#".repeat(hashes));
                let body = i + 2 + hashes;
                let end = text[body..]
                    .find(&close)
                    .map_or(b.len(), |n| body + n + close.len());
                clear(&mut out, i, end);
                i = end;
            }
            b'"' => {
                let mut j = i + 1;
                while j < b.len() && b[j] != b'"' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                clear(&mut out, i, j + 1);
                i = j + 1;
            }
            b'\'' => {
                // A character literal ('x', '\n', '\u{4e00}'), or a lifetime.
                let rest = &text[i + 1..];
                let end = if rest.starts_with('\\') {
                    rest[2..].find('\'').map(|n| i + 1 + 2 + n + 1)
                } else {
                    let mut chars = rest.chars();
                    match (chars.next(), chars.next()) {
                        (Some(c), Some('\'')) => Some(i + 1 + c.len_utf8() + 1),
                        _ => None,
                    }
                };
                match end {
                    Some(end) => {
                        clear(&mut out, i, end);
                        i = end;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    String::from_utf8(out).expect("blanking keeps UTF-8")
}

/// `code` (already blanked) with each `#[cfg(test)]` item blanked: the
/// attribute, any attributes after it, and the item to its closing brace
/// or semicolon.
fn without_tests(code: &str) -> String {
    let b = code.as_bytes();
    let mut out = b.to_vec();
    let mut from = 0;
    while let Some(n) = code[from..].find("#[cfg(test)]") {
        let start = from + n;
        let mut i = start;
        let mut depth = 0i32;
        // To the end of the item: a `;` or the `}` closing its first `{`,
        // outside brackets and parentheses.
        while i < b.len() {
            match b[i] {
                b'(' | b'[' => depth += 1,
                b')' | b']' => depth -= 1,
                b';' if depth == 0 => break,
                b'{' if depth == 0 => {
                    let mut braces = 0;
                    while i < b.len() {
                        match b[i] {
                            b'{' => braces += 1,
                            b'}' => {
                                braces -= 1;
                                if braces == 0 {
                                    break;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                    }
                    break;
                }
                _ => {}
            }
            i += 1;
        }
        let end = (i + 1).min(b.len());
        for c in &mut out[start..end] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
        from = end;
    }
    String::from_utf8(out).expect("blanking keeps UTF-8")
}
