//! `hupai._hupai`: the Python extension module, a thin layer over the
//! library's public API. The pure-Python package `hupai` re-exports it (see
//! `hupai/__init__.py`, whose stub `hupai/__init__.pyi` documents each name).
//!
//! Per-hand calls take a hand in any notation the library reads and raise
//! `HandError` for a bad one. Batch calls take numpy arrays, release the GIL
//! while they work, and never raise for one bad row: a row's answer says it
//! was invalid.

use std::borrow::Cow;

use hupai::{Hand, Preset, Rules, WinHow, WinningTile, KINDS};
use numpy::ndarray::{ArrayView1, ArrayView2};
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

create_exception!(
    hupai,
    HandError,
    PyValueError,
    "A hand that cannot be read or judged; the message names the bad value."
);
create_exception!(
    hupai,
    RulesError,
    PyValueError,
    "Rules that cannot be loaded; the message names the bad value."
);

fn hand_err(e: impl std::fmt::Display) -> PyErr {
    HandError::new_err(e.to_string())
}

fn rules_err(e: impl std::fmt::Display) -> PyErr {
    RulesError::new_err(e.to_string())
}

fn parse(hand: &str) -> PyResult<Hand> {
    hand.parse::<Hand>().map_err(hand_err)
}

/// Where the rules came from, so that a pickle rebuilds the same rules.
#[derive(Clone)]
enum Source {
    /// A preset: its name is enough.
    Preset,
    /// A rule file or rule text: the rules as TOML.
    Toml(String),
}

/// Mahjong rules: a preset name or a rule file's path.
#[pyclass(name = "Rules", module = "hupai", frozen)]
struct PyRules {
    rules: Rules,
    /// The name Python sees: the preset, the file's path, or the rule text's.
    name: String,
    source: Source,
}

impl PyRules {
    fn from_text(text: &str, name: Option<String>) -> PyResult<PyRules> {
        let rules = Rules::from_toml_str(text).map_err(rules_err)?;
        let name = name.unwrap_or_else(|| rules.name().to_string());
        Ok(PyRules {
            rules,
            name,
            source: Source::Toml(text.to_string()),
        })
    }
}

/// One row of a `(n, 34)` count array as the library's count array.
fn row(counts: &ArrayView2<'_, u8>, i: usize) -> [u8; KINDS] {
    let mut out = [0u8; KINDS];
    for (o, c) in out.iter_mut().zip(counts.row(i)) {
        *o = *c;
    }
    out
}

/// Checks that `obj` is a numpy array of `uint8` with `ndim` dimensions
/// (and 34 columns when two), raising a `TypeError` or `ValueError` that
/// names the argument otherwise.
fn check_u8_array(obj: &Bound<'_, PyAny>, what: &str, ndim: usize) -> PyResult<usize> {
    let arr = obj.cast::<PyUntypedArray>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{what} must be a numpy.ndarray of uint8, not {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let dtype = arr.dtype();
    if !dtype.is_equiv_to(&numpy::dtype::<u8>(obj.py())) {
        return Err(PyTypeError::new_err(format!(
            "{what} must have dtype uint8, not {dtype} (convert with .astype(numpy.uint8))"
        )));
    }
    let shape = arr.shape();
    let ok = shape.len() == ndim && (ndim == 1 || shape[1] == KINDS);
    if !ok {
        let want = if ndim == 1 { "(n,)" } else { "(n, 34)" };
        return Err(PyValueError::new_err(format!(
            "{what} must have shape {want}, not {shape:?}"
        )));
    }
    Ok(shape[0])
}

/// The batch arguments, checked: counts `(n, 34)` and jokers `(n,)`, uint8.
fn batch_args<'py>(
    counts: &Bound<'py, PyAny>,
    jokers: &Bound<'py, PyAny>,
) -> PyResult<(PyReadonlyArray2<'py, u8>, PyReadonlyArray1<'py, u8>)> {
    let n = check_u8_array(counts, "counts", 2)?;
    let m = check_u8_array(jokers, "jokers", 1)?;
    if n != m {
        return Err(PyValueError::new_err(format!(
            "counts has {n} rows but jokers has {m}: one joker count per hand"
        )));
    }
    let counts = counts.cast::<PyArray2<u8>>()?.readonly();
    let jokers = jokers.cast::<PyArray1<u8>>()?.readonly();
    Ok((counts, jokers))
}

/// Runs `judge` on every row, reading a C-contiguous array in place and any
/// other layout a row at a time.
fn each_row<T: Send>(
    counts: ArrayView2<'_, u8>,
    jokers: ArrayView1<'_, u8>,
    judge: impl Fn(&[u8; KINDS], u8) -> T + Sync,
) -> Vec<T> {
    match (counts.as_slice(), jokers.as_slice()) {
        (Some(c), Some(j)) => c
            .chunks_exact(KINDS)
            .zip(j)
            .map(|(c, &j)| judge(c.try_into().expect("rows of 34"), j))
            .collect(),
        _ => (0..counts.nrows())
            .map(|i| judge(&row(&counts, i), jokers[i]))
            .collect(),
    }
}

/// `waits_batch`'s answer: the wait masks and the status per hand.
type WaitsArrays<'py> = (Bound<'py, PyArray1<u64>>, Bound<'py, PyArray1<i8>>);

#[pymethods]
impl PyRules {
    /// Rules by preset name (`chinese`, `riichi`, ...) or rule file path.
    #[new]
    fn new(name_or_path: &str) -> PyResult<PyRules> {
        let rules = Rules::load(name_or_path).map_err(rules_err)?;
        let source = match Preset::from_name(name_or_path) {
            Some(_) => Source::Preset,
            None => Source::Toml(rules.to_spec().to_toml()),
        };
        Ok(PyRules {
            name: rules.name().to_string(),
            rules,
            source,
        })
    }

    /// Rules from the text of a rule file (TOML).
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<PyRules> {
        PyRules::from_text(text, None)
    }

    /// Rebuilds pickled rules (used by `__reduce__`).
    #[staticmethod]
    #[pyo3(signature = (name, toml=None))]
    fn _from_state(name: String, toml: Option<String>) -> PyResult<PyRules> {
        match toml {
            None => PyRules::new(&name),
            Some(text) => PyRules::from_text(&text, Some(name)),
        }
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let me = slf.get();
        let rebuild = slf.get_type().getattr("_from_state")?;
        let toml = match &me.source {
            Source::Preset => None,
            Source::Toml(t) => Some(t.clone()),
        };
        let args = (me.name.clone(), toml).into_pyobject(py)?;
        PyTuple::new(py, [rebuild, args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!("hupai.Rules({:?})", self.name)
    }

    /// The rules' name: the preset, the rule file's path, or `custom`.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The rules as rule-file text (TOML).
    fn to_toml(&self) -> String {
        self.rules.to_spec().to_toml()
    }

    /// Is the hand a win?
    fn is_win(&self, hand: &str) -> PyResult<bool> {
        self.rules.is_win(&parse(hand)?).map_err(hand_err)
    }

    /// The forms the hand wins by (`standard`, `seven-pairs`, ...); empty
    /// when it is no win.
    fn check(&self, hand: &str) -> PyResult<Vec<&'static str>> {
        let forms = self.rules.check(&parse(hand)?).map_err(hand_err)?;
        Ok(forms.iter().map(|f| f.name()).collect())
    }

    /// The tiles that complete a hand of 3N+1 tiles, in tile order.
    fn waits(&self, hand: &str) -> PyResult<Vec<String>> {
        let waits = self.rules.waits(&parse(hand)?).map_err(hand_err)?;
        Ok(waits.iter().map(|t| t.to_string()).collect())
    }

    /// Every way to split a winning hand into groups (at most `limit`), each
    /// as `{"form": str, "groups": [str, ...]}`; empty for no win.
    #[pyo3(signature = (hand, limit=1000))]
    fn split<'py>(
        &self,
        py: Python<'py>,
        hand: &str,
        limit: usize,
    ) -> PyResult<Bound<'py, PyList>> {
        let splits = self
            .rules
            .splits_limited(&parse(hand)?, limit)
            .map_err(hand_err)?;
        let out = PyList::empty(py);
        for s in &splits.splits {
            let d = PyDict::new(py);
            d.set_item("form", s.form.name())?;
            let groups: Vec<String> = s.groups.iter().map(|g| g.to_string()).collect();
            d.set_item("groups", groups)?;
            out.append(d)?;
        }
        Ok(out)
    }

    /// The win of a hand (3N+2 tiles, the winning tile among them) with
    /// `winning` (a tile, or `*` for a joker) as the tile that completed
    /// it, which came `how` (`self-drawn`, `discard`, `robbing-kong`), as
    /// `hupai check --winning --json` prints it (without the hand and
    /// with every split): `{"win", "forms", "winning", "how", "shapes",
    /// "splits": [{"form", "groups", "completions": [{"group",
    /// "shape"}]}]}`.
    #[pyo3(signature = (hand, winning, how="discard"))]
    fn win<'py>(
        &self,
        py: Python<'py>,
        hand: &str,
        winning: &str,
        how: &str,
    ) -> PyResult<Bound<'py, PyDict>> {
        let how: WinHow = how
            .parse()
            .map_err(|e: hupai::ParseError| PyValueError::new_err(e.to_string()))?;
        let hand = parse(hand)?;
        let winning: WinningTile = winning.trim().parse().map_err(hand_err)?;
        let win = self.rules.win(&hand, winning, how).map_err(hand_err)?;
        let d = PyDict::new(py);
        d.set_item("win", !win.forms.is_empty())?;
        let forms: Vec<&str> = win.forms.iter().map(|f| f.name()).collect();
        d.set_item("forms", forms)?;
        d.set_item("winning", win.winning.to_string())?;
        d.set_item("how", win.how.name())?;
        let shapes: Vec<&str> = win.shapes().iter().map(|s| s.name()).collect();
        d.set_item("shapes", shapes)?;
        let splits = PyList::empty(py);
        for s in &win.splits {
            let sd = PyDict::new(py);
            sd.set_item("form", s.split.form.name())?;
            let groups: Vec<String> = s.split.groups.iter().map(|g| g.to_string()).collect();
            sd.set_item("groups", groups)?;
            let completions = PyList::empty(py);
            for c in &s.completions {
                let cd = PyDict::new(py);
                cd.set_item("group", c.group)?;
                cd.set_item("shape", c.shape.name())?;
                completions.append(cd)?;
            }
            sd.set_item("completions", completions)?;
            splits.append(sd)?;
        }
        d.set_item("splits", splits)?;
        Ok(d)
    }

    /// The fewest tiles a ready player must show:
    /// `{"tiles": str, "waits": [str], "hidden_form": str | None}`.
    fn reveal<'py>(&self, py: Python<'py>, hand: &str) -> PyResult<Bound<'py, PyDict>> {
        let r = self.rules.reveal(&parse(hand)?).map_err(hand_err)?;
        let d = PyDict::new(py);
        d.set_item("tiles", r.tiles.to_string())?;
        let waits: Vec<String> = r.waits.iter().map(|t| t.to_string()).collect();
        d.set_item("waits", waits)?;
        d.set_item("hidden_form", r.hidden_form.map(|f| f.name()))?;
        Ok(d)
    }

    /// How far the hand is from a win: -1 a win, 0 ready, 1 one useful
    /// draw from ready, ...
    fn shanten(&self, hand: &str) -> PyResult<i8> {
        self.rules.shanten(&parse(hand)?).map_err(hand_err)
    }

    /// The draws that lower the hand's shanten, as the command's JSON:
    /// `{"shanten", "tiles", "count"}` for 3N+1 tiles, `{"shanten",
    /// "discards": [{"discard", "shanten", "tiles", "count"}, ...]}` for
    /// 3N+2, best discard first. `visible`: tiles seen outside the hand.
    #[pyo3(signature = (hand, visible=None))]
    fn efficiency<'py>(
        &self,
        py: Python<'py>,
        hand: &str,
        visible: Option<&str>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seen = match visible {
            Some(text) => hupai::notation::parse_tiles(text).map_err(hand_err)?,
            None => [0; KINDS],
        };
        let found = self
            .rules
            .efficiency(&parse(hand)?, &seen)
            .map_err(hand_err)?;
        let draws_into = |d: &Bound<'py, PyDict>, draws: &hupai::Draws| -> PyResult<()> {
            d.set_item("shanten", draws.shanten)?;
            let tiles: Vec<String> = draws.tiles.iter().map(|e| e.tile.to_string()).collect();
            d.set_item("tiles", tiles)?;
            d.set_item("count", draws.count)
        };
        let out = PyDict::new(py);
        match found {
            hupai::Efficiency::Draw(draws) => draws_into(&out, &draws)?,
            hupai::Efficiency::Discard { shanten, discards } => {
                out.set_item("shanten", shanten)?;
                let list = PyList::empty(py);
                for choice in &discards {
                    let d = PyDict::new(py);
                    d.set_item("discard", choice.discard.to_string())?;
                    draws_into(&d, &choice.draws)?;
                    list.append(d)?;
                }
                out.set_item("discards", list)?;
            }
        }
        Ok(out)
    }

    /// Shanten of `n` hands: returns int8 `(n,)`, -1 a win, 0 ready, ...,
    /// and -2 for an invalid hand.
    fn shanten_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        jokers: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let (counts, jokers) = batch_args(counts, jokers)?;
        let (c, j) = (counts.as_array(), jokers.as_array());
        let rules = &self.rules;
        let out = py.detach(|| each_row(c, j, |c, j| rules.shanten_counts(c, j).unwrap_or(-2)));
        Ok(PyArray1::from_vec(py, out))
    }

    /// Win checks of `n` hands: `counts` uint8 `(n, 34)`, `jokers` uint8
    /// `(n,)`; returns int8 `(n,)`: 1 win, 0 no, -1 invalid hand.
    fn is_win_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        jokers: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let (counts, jokers) = batch_args(counts, jokers)?;
        let (c, j) = (counts.as_array(), jokers.as_array());
        let rules = &self.rules;
        let out = py.detach(|| {
            each_row(c, j, |c, j| match rules.is_win_counts(c, j) {
                Ok(true) => 1i8,
                Ok(false) => 0,
                Err(_) => -1,
            })
        });
        Ok(PyArray1::from_vec(py, out))
    }

    /// Waits of `n` hands: returns `(waits, status)`: uint64 bitmasks (bit
    /// i = tile index i; 0 when not ready or invalid) and int8 status (1
    /// ready, 0 not ready, -1 invalid hand).
    fn waits_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        jokers: &Bound<'py, PyAny>,
    ) -> PyResult<WaitsArrays<'py>> {
        let (counts, jokers) = batch_args(counts, jokers)?;
        let (c, j) = (counts.as_array(), jokers.as_array());
        let rules = &self.rules;
        let (bits, status): (Vec<u64>, Vec<i8>) = py.detach(|| {
            each_row(c, j, |c, j| match rules.waits_counts(c, j) {
                Ok(w) => (w.bits(), i8::from(!w.is_empty())),
                Err(_) => (0, -1),
            })
            .into_iter()
            .unzip()
        });
        Ok((PyArray1::from_vec(py, bits), PyArray1::from_vec(py, status)))
    }
}

/// Parses hands (any notation) into `(counts, jokers, valid)`: uint8
/// `(n, 34)`, uint8 `(n,)` and bool `(n,)`; an unreadable row is all zeros
/// and not valid.
#[pyfunction]
#[allow(clippy::type_complexity)]
fn parse_batch<'py>(
    py: Python<'py>,
    hands: &Bound<'py, PyAny>,
) -> PyResult<(
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<bool>>,
)> {
    if hands.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "hands must be a sequence of strings, not one string",
        ));
    }
    let mut texts: Vec<Option<Cow<'_, str>>> = Vec::new();
    let owned: Vec<Bound<'py, PyAny>> = hands
        .try_iter()
        .map_err(|_| PyTypeError::new_err("hands must be an iterable of strings"))?
        .collect::<PyResult<_>>()?;
    let strs: Vec<Option<Bound<'py, pyo3::types::PyString>>> = owned
        .iter()
        .map(|h| h.cast::<pyo3::types::PyString>().ok().cloned())
        .collect();
    for s in &strs {
        texts.push(match s {
            Some(s) => Some(s.to_cow()?),
            None => None,
        });
    }
    let n = texts.len();
    let (counts, jokers, valid) = py.detach(|| {
        let mut counts = vec![0u8; n * KINDS];
        let mut jokers = vec![0u8; n];
        let mut valid = vec![false; n];
        for (i, t) in texts.iter().enumerate() {
            if let Some(Ok(h)) = t.as_deref().map(str::parse::<Hand>) {
                counts[i * KINDS..(i + 1) * KINDS].copy_from_slice(h.counts());
                jokers[i] = h.jokers();
                valid[i] = true;
            }
        }
        (counts, jokers, valid)
    });
    let counts = PyArray1::from_vec(py, counts).reshape([n, KINDS])?;
    Ok((
        counts,
        PyArray1::from_vec(py, jokers),
        PyArray1::from_vec(py, valid),
    ))
}

/// The native per-hand time of `Rules::is_win_counts` over hands held in
/// Rust memory (no numpy, no Python), in nanoseconds per hand, best of
/// `rounds`: the baseline that `bench.py` compares the batch call with.
#[pyfunction]
fn _native_is_win_ns(
    py: Python<'_>,
    rules: &PyRules,
    counts: &Bound<'_, PyAny>,
    jokers: &Bound<'_, PyAny>,
    rounds: usize,
) -> PyResult<(f64, usize)> {
    let (counts, jokers) = batch_args(counts, jokers)?;
    let (c, j) = (counts.as_array(), jokers.as_array());
    let hands: Vec<([u8; KINDS], u8)> = (0..c.nrows()).map(|i| (row(&c, i), j[i])).collect();
    let rules = &rules.rules;
    Ok(py.detach(|| {
        let mut best = f64::INFINITY;
        let mut wins = 0;
        for _ in 0..rounds.max(1) {
            let t = std::time::Instant::now();
            wins = hands
                .iter()
                .filter(|(c, j)| {
                    matches!(rules.is_win_counts(std::hint::black_box(c), *j), Ok(true))
                })
                .count();
            let ns = t.elapsed().as_nanos() as f64 / hands.len().max(1) as f64;
            best = best.min(ns);
        }
        (best, wins)
    }))
}

#[pymodule]
fn _hupai(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_function(wrap_pyfunction!(parse_batch, m)?)?;
    m.add_function(wrap_pyfunction!(_native_is_win_ns, m)?)?;
    m.add("HandError", m.py().get_type::<HandError>())?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    Ok(())
}
