//! Runs a per-hand job over arguments or standard input.
//!
//! Hands are judged in batches. On standard input a batch ends when it holds
//! [`BATCH_LINES`] lines or [`BATCH_BYTES`] bytes, or when the input read so
//! far holds no further complete line (so a caller that writes a line and
//! waits gets its answer, even when the write also carried the start of the
//! next line). Arguments are batched the same way. Large batches are split
//! into pieces run on all cores; results are written in input order, and a
//! batch's results are written as soon as the pieces run at once hold
//! [`OUTPUT_BYTES`] of output, so a command whose answers are long (`split`)
//! holds a bounded amount. Memory is bounded: one batch of input (at most
//! [`BATCH_BYTES`] plus one line of at most [`MAX_LINE`] bytes), about
//! [`OUTPUT_BYTES`] of results plus one line's, and the input read ahead
//! (at most [`CHUNKS`] chunks of [`CHUNK`] bytes, 4 MiB).
//!
//! One bad line never costs the others: each piece runs under
//! [`std::panic::catch_unwind`], and a piece that panics is run again line by
//! line, each line caught alone; a line whose judgement panics gets the error
//! line `HAND<TAB>error: internal error: MESSAGE` (counted as an error), the
//! others their answers. The default panic message is silenced for these
//! caught panics; instead one short line per failed hand goes to standard
//! error, `hupai: internal error at FILE:LINE:COLUMN on HAND: MESSAGE`.

use std::cell::Cell;
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::ops::Range;
use std::panic::{self, AssertUnwindSafe};
use std::sync::mpsc::{sync_channel, Receiver, TryRecvError};
use std::sync::Once;

use rayon::prelude::*;

use crate::output::{error_line, error_line_cut, json_str, needs_echo, push_hand, ECHO_CHARS};

/// Lines held at once.
pub const BATCH_LINES: usize = 1 << 16;
/// Input bytes held at once (a batch closes once it reaches this size).
pub const BATCH_BYTES: usize = 4 << 20;
/// Longest line kept; the rest of a longer line is skipped and the line gets an error.
pub const MAX_LINE: usize = 4096;
/// Output bytes held before they are written (the pieces run at once share
/// it; each piece may pass its share by one line's output).
pub const OUTPUT_BYTES: usize = 8 << 20;
/// Batches smaller than this run on the calling thread.
const PARALLEL_MIN: usize = 4096;
/// Lines per parallel work item (fewer when lines' outputs are long).
const PIECE: usize = 1024;
/// Parallel pieces run at once, per thread.
const PIECES_PER_THREAD: usize = 4;
/// The most bytes of input kept to echo a line that is too long.
const TOO_LONG_KEPT: usize = 256;

/// What a command does with one hand.
pub trait Job: Sync {
    /// Are results JSON?
    fn json(&self) -> bool;
    /// Appends the result line for `hand` (as given) to `out`; false when it
    /// is an error line. The line starts with the hand as given (text) or
    /// `{"hand":` and the hand as a JSON string; the stream replaces that
    /// echo with a safe one ([`crate::output::push_hand`]) when the hand
    /// needs it.
    fn line(&self, hand: &str, out: &mut String) -> bool;
}

/// A test hook: a job whose judgement panics for exactly one hand, so the
/// tests can show that one failing line never costs the others (see
/// `cli/tests/isolation.rs`). Only the hidden `--test-panic-on HAND` option
/// builds one, so no input can trigger it.
pub struct PanicOn {
    /// The job for every other hand.
    pub job: Box<dyn Job>,
    /// The hand (as given, trimmed) whose judgement panics.
    pub hand: String,
}

impl Job for PanicOn {
    fn json(&self) -> bool {
        self.job.json()
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        if hand == self.hand {
            panic!("test hook: the judgement of {hand} fails");
        }
        self.job.line(hand, out)
    }
}

/// How a run went.
pub struct Outcome {
    /// Lines that got an error line.
    pub errors: usize,
}

/// One input line as read; its text lies in the batch's buffer.
enum Input {
    Text(Range<usize>),
    NotUtf8(Range<usize>),
    TooLong { start: Range<usize>, bytes: usize },
}

/// The lines of one batch: their text, one after another in one buffer (no
/// allocation per line), and what each line is.
#[derive(Default)]
struct Batch {
    text: String,
    inputs: Vec<Input>,
}

impl Batch {
    /// Appends `text` to the buffer and returns where it lies.
    fn keep(&mut self, text: &str) -> Range<usize> {
        let start = self.text.len();
        self.text.push_str(text);
        start..self.text.len()
    }

    fn full(&self) -> bool {
        self.inputs.len() >= BATCH_LINES || self.text.len() >= BATCH_BYTES
    }

    fn clear(&mut self) {
        self.text.clear();
        self.inputs.clear();
    }
}

fn run_one(job: &dyn Job, text: &str, input: &Input, out: &mut String) -> bool {
    match input {
        Input::Text(hand) => {
            let hand = &text[hand.clone()];
            let start = out.len();
            let ok = job.line(hand, out);
            // An error line echoes the hand safely already.
            if ok && needs_echo(hand, ECHO_CHARS) {
                make_echo_safe(out, start, hand, job.json());
            }
            ok
        }
        Input::NotUtf8(lossy) => {
            error_line(
                out,
                &text[lossy.clone()],
                "line is not valid UTF-8",
                job.json(),
            );
            false
        }
        Input::TooLong { start, bytes } => {
            let message = format!("line of {bytes} bytes is longer than {MAX_LINE}");
            error_line_cut(out, &text[start.clone()], *bytes, &message, job.json());
            false
        }
    }
}

/// Replaces the raw echo of `hand` at the start of the line at `out[start..]`
/// with its safe echo. (Error lines echo it safely already.)
pub fn make_echo_safe(out: &mut String, start: usize, hand: &str, json: bool) {
    let mut raw = String::new();
    if json {
        raw.push_str("{\"hand\":");
        json_str(&mut raw, hand);
    } else {
        raw.push_str(hand);
    }
    if !out[start..].starts_with(&raw) {
        return;
    }
    let mut safe = String::new();
    if json {
        safe.push_str("{\"hand\":");
    }
    push_hand(&mut safe, hand, hand.len(), json);
    out.replace_range(start..start + raw.len(), &safe);
}

/// Runs `job` on `hands`, or on standard input when there are none.
pub fn run(job: &dyn Job, hands: &[String]) -> io::Result<Outcome> {
    quiet_caught_panics();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut batch = Batch::default();
    let mut errors = 0;
    if !hands.is_empty() {
        for hand in hands {
            let hand = batch.keep(hand.trim());
            batch.inputs.push(Input::Text(hand));
            if batch.full() {
                errors += flush_batch(job, &mut batch, &mut out)?;
            }
        }
        errors += flush_batch(job, &mut batch, &mut out)?;
        return Ok(Outcome { errors });
    }
    let mut reader = Chunks::spawn();
    batch.text.reserve(BATCH_BYTES + MAX_LINE);
    batch.inputs.reserve(BATCH_LINES);
    let mut line = Vec::with_capacity(MAX_LINE);
    loop {
        let read = read_line(&mut reader, &mut line)?;
        let Some(bytes) = read else { break };
        classify(&line, bytes, &mut batch);
        // Answer what has been read before waiting for more input.
        if batch.full() || !reader.line_ready() {
            errors += flush_batch(job, &mut batch, &mut out)?;
        }
    }
    errors += flush_batch(job, &mut batch, &mut out)?;
    Ok(Outcome { errors })
}

/// Standard input, read on a thread of its own in chunks, so that the stream
/// can tell whether a complete line is ready without waiting for one. At
/// most [`CHUNKS`] chunks of at most [`CHUNK`] bytes wait at once, besides
/// those looked at by [`Chunks::line_ready`] (at most [`CHUNK`] bytes more
/// than [`MAX_LINE`]).
struct Chunks {
    chunks: Receiver<io::Result<Vec<u8>>>,
    /// The chunk being read, and how much of it has been.
    chunk: Vec<u8>,
    at: usize,
    /// Chunks (or an error) received to see whether a line is ready, not
    /// yet read.
    ahead: VecDeque<io::Result<Vec<u8>>>,
}

/// A failed read of standard input, told apart from a failed write.
#[derive(Debug)]
pub struct InputFailed(io::Error);

impl std::fmt::Display for InputFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for InputFailed {}

/// Bytes per chunk read from standard input, at most.
const CHUNK: usize = 256 << 10;
/// Chunks waiting at once, at most.
const CHUNKS: usize = 16;

impl Chunks {
    fn spawn() -> Chunks {
        let (send, chunks) = sync_channel(CHUNKS);
        std::thread::spawn(move || {
            use std::io::Read;
            let mut stdin = io::stdin().lock();
            let mut buf = vec![0; CHUNK];
            loop {
                let chunk = match stdin.read(&mut buf) {
                    Ok(0) => return,
                    Ok(n) => Ok(buf[..n].to_vec()),
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(e) => Err(io::Error::new(e.kind(), InputFailed(e))),
                };
                let failed = chunk.is_err();
                if send.send(chunk).is_err() || failed {
                    return;
                }
            }
        });
        Chunks {
            chunks,
            chunk: Vec::new(),
            at: 0,
            ahead: VecDeque::new(),
        }
    }

    /// Is a complete line (or the end of the input, or an error) ready to
    /// be read without waiting?
    fn line_ready(&mut self) -> bool {
        if self.chunk[self.at..].contains(&b'\n') {
            return true;
        }
        let mut looked = self.chunk.len() - self.at;
        for chunk in &self.ahead {
            match chunk {
                Ok(chunk) if !chunk.contains(&b'\n') => looked += chunk.len(),
                _ => return true,
            }
        }
        while looked <= MAX_LINE {
            match self.chunks.try_recv() {
                Ok(Ok(chunk)) => {
                    let line = chunk.contains(&b'\n');
                    looked += chunk.len();
                    self.ahead.push_back(Ok(chunk));
                    if line {
                        return true;
                    }
                }
                Ok(Err(e)) => {
                    self.ahead.push_back(Err(e));
                    return true;
                }
                Err(TryRecvError::Empty) => return false,
                Err(TryRecvError::Disconnected) => return true,
            }
        }
        // A long line is still arriving: answer the lines before it.
        false
    }
}

impl io::Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Chunks {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.at == self.chunk.len() {
            let next = match self.ahead.pop_front() {
                Some(chunk) => chunk,
                None => self.chunks.recv().unwrap_or(Ok(Vec::new())),
            };
            self.chunk = next?;
            self.at = 0;
        }
        Ok(&self.chunk[self.at..])
    }

    fn consume(&mut self, n: usize) {
        self.at += n;
    }
}

/// Reads one line (without its `\n`) into `line`, keeping at most
/// [`MAX_LINE`] bytes. Returns the line's full length, or `None` at the end.
fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<usize>> {
    line.clear();
    let mut total = 0usize;
    let mut any = false;
    loop {
        let available = match reader.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            return Ok(any.then_some(total));
        }
        any = true;
        let (chunk, done) = match available.iter().position(|&b| b == b'\n') {
            Some(i) => (&available[..i], Some(i + 1)),
            None => (available, None),
        };
        let room = MAX_LINE.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room + 1)]);
        total += chunk.len();
        let used = done.unwrap_or(chunk.len());
        reader.consume(used);
        if done.is_some() {
            return Ok(Some(total));
        }
    }
}

/// Adds the hand on a line to `batch`; a blank line adds nothing.
fn classify(line: &[u8], bytes: usize, batch: &mut Batch) {
    let input = if bytes > MAX_LINE {
        let kept = String::from_utf8_lossy(&line[..TOO_LONG_KEPT.min(line.len())]);
        let start = batch.keep(kept.trim_end_matches('\u{fffd}'));
        Input::TooLong { start, bytes }
    } else {
        match std::str::from_utf8(line) {
            Ok(text) => {
                let hand = text.trim();
                if hand.is_empty() {
                    return;
                }
                Input::Text(batch.keep(hand))
            }
            Err(_) => Input::NotUtf8(batch.keep(String::from_utf8_lossy(line).trim())),
        }
    };
    batch.inputs.push(input);
}

/// The results of some consecutive lines of a batch.
struct Piece {
    /// Their result lines.
    out: String,
    /// How many lines were run (fewer than given when the output passed its bound).
    lines: usize,
    /// How many of them got an error line.
    errors: usize,
    /// One line per judgement that panicked, for standard error.
    panics: Vec<String>,
}

/// Runs and writes one batch, in order; returns its error count.
fn flush_batch(job: &dyn Job, batch: &mut Batch, out: &mut impl Write) -> io::Result<usize> {
    let text = batch.text.as_str();
    let inputs = &batch.inputs[..];
    let parallel = inputs.len() >= PARALLEL_MIN;
    let pieces_at_once = rayon::current_num_threads() * PIECES_PER_THREAD;
    let mut piece_len = PIECE;
    let mut done = 0;
    let mut errors = 0;
    while done < inputs.len() {
        let rest = &inputs[done..];
        let work: Vec<&[Input]> = if parallel {
            rest.chunks(piece_len).take(pieces_at_once).collect()
        } else {
            vec![rest]
        };
        let share = OUTPUT_BYTES / work.len();
        let pieces: Vec<Piece> = if parallel {
            work.par_iter()
                .map(|lines| run_piece(job, text, lines, share))
                .collect()
        } else {
            vec![run_piece(job, text, rest, OUTPUT_BYTES)]
        };
        // Write up to and including the first piece cut short by its output
        // bound; the pieces after it are run again, shorter.
        let mut all_whole = true;
        for (piece, given) in pieces.iter().zip(&work) {
            out.write_all(piece.out.as_bytes())?;
            for panic in &piece.panics {
                let _ = io::stderr().write_all(panic.as_bytes());
            }
            done += piece.lines;
            errors += piece.errors;
            if piece.lines < given.len() {
                piece_len = piece.lines.max(1);
                all_whole = false;
                break;
            }
        }
        if all_whole {
            piece_len = (piece_len * 2).min(PIECE);
        }
        out.flush()?;
    }
    batch.clear();
    Ok(errors)
}

/// Runs `lines` until their output reaches `bound` bytes. When a judgement
/// panics, runs them again one by one, each caught alone.
fn run_piece(job: &dyn Job, text: &str, lines: &[Input], bound: usize) -> Piece {
    let whole = catching(|| {
        let mut out = String::with_capacity(lines.len().min(PIECE) * 32);
        let mut errors = 0;
        let mut n = 0;
        while n < lines.len() && out.len() < bound {
            errors += !run_one(job, text, &lines[n], &mut out) as usize;
            n += 1;
        }
        Piece {
            out,
            lines: n,
            errors,
            panics: Vec::new(),
        }
    });
    if let Ok(piece) = whole {
        return piece;
    }
    let mut piece = Piece {
        out: String::new(),
        lines: 0,
        errors: 0,
        panics: Vec::new(),
    };
    while piece.lines < lines.len() && piece.out.len() < bound {
        let input = &lines[piece.lines];
        let start = piece.out.len();
        let result = catching(|| run_one(job, text, input, &mut piece.out));
        piece.lines += 1;
        match result {
            Ok(ok) => piece.errors += !ok as usize,
            Err(failure) => {
                piece.out.truncate(start);
                let hand = match input {
                    Input::Text(r) | Input::NotUtf8(r) | Input::TooLong { start: r, .. } => {
                        &text[r.clone()]
                    }
                };
                let message = format!("internal error: {}", failure.message);
                error_line(&mut piece.out, hand, &message, job.json());
                let mut note = format!("hupai: internal error at {} on ", failure.location);
                push_hand(&mut note, hand, hand.len(), false);
                note.push_str(": ");
                crate::output::push_message(&mut note, &failure.message, true);
                note.push('\n');
                piece.panics.push(note);
                piece.errors += 1;
            }
        }
    }
    piece
}

/// A caught panic.
struct Failure {
    message: String,
    location: String,
}

thread_local! {
    /// Is this thread inside [`catching`]? Then the panic hook is quiet.
    static CATCHING: Cell<bool> = const { Cell::new(false) };
    /// Where the last quiet panic on this thread happened.
    static LOCATION: Cell<Option<String>> = const { Cell::new(None) };
}

/// Installs, once, a panic hook that stays quiet for panics [`catching`]
/// catches (it records their location) and prints every other panic as the
/// default hook does.
fn quiet_caught_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = panic::take_hook();
        panic::set_hook(Box::new(move |info| {
            if CATCHING.get() {
                LOCATION.set(info.location().map(|l| l.to_string()));
            } else {
                default(info);
            }
        }));
    });
}

/// Runs `f`, catching a panic.
fn catching<T>(f: impl FnOnce() -> T) -> Result<T, Failure> {
    let outer = CATCHING.replace(true);
    let result = panic::catch_unwind(AssertUnwindSafe(f));
    CATCHING.set(outer);
    result.map_err(|payload| Failure {
        message: payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string()),
        location: LOCATION
            .take()
            .unwrap_or_else(|| "an unknown place".to_string()),
    })
}
