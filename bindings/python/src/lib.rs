//! `hupai._hupai`: the Python extension module, a thin layer over the
//! library's public API. The pure-Python package `hupai` re-exports it (see
//! `hupai/__init__.py`, whose stub `hupai/__init__.pyi` documents each name).
//!
//! Per-hand calls take a hand in any notation the library reads and raise
//! `HandError` for a bad one; their dicts and lists are the library's
//! serialisation of its results (`hupai::serde_impls`, through
//! `pythonize`), as `hupai --json` prints them. Batch calls take numpy
//! arrays, release the GIL while `hupai::batch` works, and never raise for
//! one bad row: its slot holds its status code (`hupai::batch::Status`).

use std::borrow::Cow;

use hupai::batch::{self, LengthError, Rows, Status};
use hupai::score::{ClaimSpec, ClaimValue, ScoreError};
use hupai::{Hand, Preset, Rules, WinHow, WinningTile, KINDS};
use numpy::ndarray::ArrayView2;
use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyReadonlyArray1, PyReadonlyArray2,
    PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};

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

/// A claim that cannot be scored: `TypeError` for a field given a value of
/// the wrong type, `HandError` for a hand or a tile that does not read,
/// `ValueError` for the rest; the message names the field or the conflict.
fn score_err(e: ScoreError) -> PyErr {
    match e {
        ScoreError::WrongType { .. } => PyTypeError::new_err(e.to_string()),
        ScoreError::Hand(_) | ScoreError::Parse { .. } => hand_err(e),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// Sets the claim field `name` from a keyword's value, read one level deep
/// and by its exact type (a flag takes only `True` or `False`; a count an
/// `int` but not a `bool`; the indicators a `str`, or a list or tuple of
/// `str`): the library's reader decides what each field takes.
fn claim_field(
    spec: &mut ClaimSpec,
    name: &str,
    value: &Bound<'_, PyAny>,
) -> Result<(), ScoreError> {
    // A str's text, or None for a str that is not UTF-8 (a lone surrogate).
    let text = |v: &Bound<'_, PyAny>| v.extract::<String>().ok();
    if value.is_none() {
        return spec.set_field(name, ClaimValue::Absent);
    }
    if value.is_instance_of::<PyBool>() {
        return spec.set_field(name, ClaimValue::Flag(value.is_truthy().unwrap_or(false)));
    }
    if value.is_instance_of::<PyInt>() {
        let value = match value.extract::<i128>() {
            Ok(n) => ClaimValue::Count(n),
            Err(_) => ClaimValue::Other("an int out of range"),
        };
        return spec.set_field(name, value);
    }
    if value.is_instance_of::<PyString>() {
        return match text(value) {
            Some(t) => spec.set_field(name, ClaimValue::Text(&t)),
            None => spec.set_field(name, ClaimValue::Other("a str that is not UTF-8")),
        };
    }
    let items: Vec<Bound<'_, PyAny>> = if let Ok(list) = value.cast::<PyList>() {
        list.iter().collect()
    } else if let Ok(tuple) = value.cast::<PyTuple>() {
        tuple.iter().collect()
    } else {
        return spec.set_field(name, ClaimValue::Other(python_kind(value)));
    };
    let mut texts = Vec::with_capacity(items.len());
    for item in &items {
        match item
            .is_instance_of::<PyString>()
            .then(|| text(item))
            .flatten()
        {
            Some(t) => texts.push(t),
            None => {
                let kind = "a list holding a value that is not a str";
                return spec.set_field(name, ClaimValue::Other(kind));
            }
        }
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    spec.set_field(name, ClaimValue::Tiles(&texts))
}

/// A Python value's type, as a claim error names it.
fn python_kind(value: &Bound<'_, PyAny>) -> &'static str {
    if value.is_instance_of::<PyFloat>() {
        "a float"
    } else if value.is_instance_of::<PyDict>() {
        "a dict"
    } else {
        "an object of another type"
    }
}

/// A result as the library serialises it: dicts, lists, str, int, bool, None.
fn py_of<'py, T: serde::Serialize>(py: Python<'py>, value: &T) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value)?)
}

fn length_err(e: LengthError) -> PyErr {
    PyValueError::new_err(e.to_string())
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

/// Runs `job` on the rows of `counts` and `jokers` (checked as
/// [`batch_args`] does) with the GIL released: a C-contiguous array is read
/// in place, any other layout copied first.
fn with_rows<T: Send>(
    py: Python<'_>,
    counts: &Bound<'_, PyAny>,
    jokers: &Bound<'_, PyAny>,
    job: impl FnOnce(Rows<'_>) -> Result<T, LengthError> + Send,
) -> PyResult<T> {
    let (counts, jokers) = batch_args(counts, jokers)?;
    let (c, j) = (counts.as_array(), jokers.as_array());
    py.detach(|| {
        let (c, j) = (c.as_standard_layout(), j.as_standard_layout());
        let (c, j) = (c.as_slice().unwrap_or(&[]), j.as_slice().unwrap_or(&[]));
        job(Rows::from_flat(c, j)?)
    })
    .map_err(length_err)
}

/// An answer per hand and a status per hand.
type AnswersAndStatus<'py, A> = (Bound<'py, PyArray1<A>>, Bound<'py, PyArray1<i8>>);

/// A batch call of the library's that gives an answer and a status per
/// row (`hupai::batch::waits`, `hupai::batch::shanten`), on the rows of
/// `counts` and `jokers` (as [`with_rows`]).
fn answers_and_status<'py, A: numpy::Element + Default + Clone + Send>(
    py: Python<'py>,
    counts: &Bound<'py, PyAny>,
    jokers: &Bound<'py, PyAny>,
    answer: impl FnOnce(Rows<'_>, &mut [A], &mut [i8]) -> Result<usize, LengthError> + Send,
) -> PyResult<AnswersAndStatus<'py, A>> {
    let (answers, status) = with_rows(py, counts, jokers, |rows| {
        let (mut answers, mut status) = (vec![A::default(); rows.len()], vec![0; rows.len()]);
        answer(rows, &mut answers, &mut status)?;
        Ok((answers, status))
    })?;
    Ok((
        PyArray1::from_vec(py, answers),
        PyArray1::from_vec(py, status),
    ))
}

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
    fn check<'py>(&self, py: Python<'py>, hand: &str) -> PyResult<Bound<'py, PyAny>> {
        py_of(py, &self.rules.check(&parse(hand)?).map_err(hand_err)?)
    }

    /// The tiles that complete a hand of 3N+1 tiles, in tile order.
    fn waits<'py>(&self, py: Python<'py>, hand: &str) -> PyResult<Bound<'py, PyAny>> {
        py_of(py, &self.rules.waits(&parse(hand)?).map_err(hand_err)?)
    }

    /// Every way to split a winning hand into groups (at most `limit`), each
    /// as `{"form": str, "groups": [str, ...]}`; empty for no win.
    #[pyo3(signature = (hand, limit=1000))]
    fn split<'py>(&self, py: Python<'py>, hand: &str, limit: usize) -> PyResult<Bound<'py, PyAny>> {
        let splits = self
            .rules
            .splits_limited(&parse(hand)?, limit)
            .map_err(hand_err)?;
        py_of(py, &splits.splits)
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
    ) -> PyResult<Bound<'py, PyAny>> {
        let how: WinHow = how
            .parse()
            .map_err(|e: hupai::ParseError| PyValueError::new_err(e.to_string()))?;
        let hand = parse(hand)?;
        let winning: WinningTile = winning.trim().parse().map_err(hand_err)?;
        py_of(py, &self.rules.win(&hand, winning, how).map_err(hand_err)?)
    }

    /// Scores a claim under rules with a `[scoring]` table (such as
    /// `riichi`): `hand` (the winning tile in its concealed part) won on
    /// `winning`, the claim's other fields as keywords (`how="self-drawn"`,
    /// `seat_wind="2z"`, `riichi=True`, `dora="3m7z"` or `["3m", "7z"]`,
    /// `honba=1`, ...). Returns the dict `hupai score --json` prints a line
    /// as: `{"hand", "legal", "reason", "han", "fu", "fu_details", "yaku",
    /// "yakuman", "limit", "points", "split", "shape"}` under riichi rules,
    /// `{"hand", "legal", "reason", "fans": [{"name", "name_zh", "points",
    /// "count"}], "points": {"total", "fans"}, "split", "shape"}` under GB
    /// rules (`flowers=2`, `last_copy=True`), `{"hand", "legal", "reason",
    /// "fans": [{"id", "name", "value", "count"}], "fan", "fan_capped",
    /// "points": {"total"}, "split", "shape", "jokers"}` under a fan table
    /// (`sichuan`, `kawuxing`, `hongzhong`: `kong_discard=True` for 杠上炮,
    /// `revealed=True` for 亮倒). Raises TypeError for a field of the wrong
    /// type (`kong_discard="yes"`), ValueError for a claim that cannot be
    /// scored (the message names the conflict), HandError for a bad hand.
    #[pyo3(signature = (hand, winning, **claim))]
    fn score<'py>(
        &self,
        py: Python<'py>,
        hand: &str,
        winning: &str,
        claim: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut spec = ClaimSpec::default();
        if let Some(claim) = claim {
            for (name, value) in claim.iter() {
                let name: String = name.extract()?;
                claim_field(&mut spec, &name, &value).map_err(score_err)?;
            }
        }
        spec.set_field("hand", ClaimValue::Text(hand))
            .and_then(|()| spec.set_field("winning", ClaimValue::Text(winning)))
            .map_err(score_err)?;
        let scored = spec.resolve().and_then(|(h, c)| self.rules.score(&h, &c));
        let score = scored.map_err(score_err)?;
        py_of(
            py,
            &hupai::serde_impls::Scored {
                hand,
                score: &score,
            },
        )
    }

    /// The fewest tiles a ready player must show, as `hupai reveal --json`
    /// prints them: `{"waits": [str], "reveal": str}`.
    fn reveal<'py>(&self, py: Python<'py>, hand: &str) -> PyResult<Bound<'py, PyAny>> {
        py_of(py, &self.rules.reveal(&parse(hand)?).map_err(hand_err)?)
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
    ) -> PyResult<Bound<'py, PyAny>> {
        let seen = match visible {
            Some(text) => hupai::notation::parse_tiles(text).map_err(hand_err)?,
            None => [0; KINDS],
        };
        let found = self
            .rules
            .efficiency(&parse(hand)?, &seen)
            .map_err(hand_err)?;
        py_of(py, &found)
    }

    /// Shanten of `n` hands: returns `(shanten, status)`, int8 `(n,)`
    /// each: -1 a win, 0 ready, ... and status 0, or 0 and the hand's
    /// status code.
    fn shanten_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        jokers: &Bound<'py, PyAny>,
    ) -> PyResult<AnswersAndStatus<'py, i8>> {
        answers_and_status(py, counts, jokers, |rows, shanten, status| {
            batch::shanten(&self.rules, rows, shanten, status)
        })
    }

    /// Win checks of `n` hands: `counts` uint8 `(n, 34)`, `jokers` uint8
    /// `(n,)`; returns int8 `(n,)`: 1 win, 0 no, or the hand's status code.
    fn is_win_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        jokers: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let out = with_rows(py, counts, jokers, |rows| {
            let mut out = vec![0; rows.len()];
            batch::is_win(&self.rules, rows, &mut out)?;
            Ok(out)
        })?;
        Ok(PyArray1::from_vec(py, out))
    }

    /// Waits of `n` hands: returns `(waits, status)`: uint64 bitmasks (bit
    /// i = tile index i; 0 when not ready) and int8 status (0, or the
    /// hand's status code and a mask of 0).
    fn waits_batch<'py>(
        &self,
        py: Python<'py>,
        counts: &Bound<'py, PyAny>,
        jokers: &Bound<'py, PyAny>,
    ) -> PyResult<AnswersAndStatus<'py, u64>> {
        answers_and_status(py, counts, jokers, |rows, masks, status| {
            batch::waits(&self.rules, rows, masks, status)
        })
    }
}

/// `parse_batch`'s answer: counts, jokers and status.
type ParsedArrays<'py> = (
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<u8>>,
    Bound<'py, PyArray1<i8>>,
);

/// Parses hands (any notation) into `(counts, jokers, status)`: uint8
/// `(n, 34)`, uint8 `(n,)` and int8 `(n,)`; an unreadable row (or one that
/// is not a str) is all zeros with its status code.
#[pyfunction]
fn parse_batch<'py>(py: Python<'py>, hands: &Bound<'py, PyAny>) -> PyResult<ParsedArrays<'py>> {
    if hands.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(
            "hands must be a sequence of strings, not one string",
        ));
    }
    let owned: Vec<Bound<'py, PyAny>> = hands
        .try_iter()
        .map_err(|_| PyTypeError::new_err("hands must be an iterable of strings"))?
        .collect::<PyResult<_>>()?;
    // A row that is not a str, or a str that is not valid Unicode, is None.
    let texts: Vec<Option<Cow<'_, str>>> = owned
        .iter()
        .map(|h| h.cast::<pyo3::types::PyString>().ok()?.to_cow().ok())
        .collect();
    let n = texts.len();
    let (counts, jokers, status) = py
        .detach(|| {
            let (mut counts, mut jokers, mut status) = (vec![0; n * KINDS], vec![0; n], vec![0; n]);
            batch::parse(&texts, &mut counts, &mut jokers, &mut status)?;
            Ok((counts, jokers, status))
        })
        .map_err(length_err)?;
    let counts = PyArray1::from_vec(py, counts).reshape([n, KINDS])?;
    Ok((
        counts,
        PyArray1::from_vec(py, jokers),
        PyArray1::from_vec(py, status),
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
    // The library's status table, for `hupai.Status` (hupai/__init__.py).
    let statuses: Vec<(&str, i8, &str)> = Status::ALL
        .iter()
        .map(|s| (s.name(), s.code(), s.meaning()))
        .collect();
    m.add("_STATUSES", statuses)?;
    m.add("RulesError", m.py().get_type::<RulesError>())?;
    // The workspace's version (Cargo.toml), which the wheel carries too.
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
