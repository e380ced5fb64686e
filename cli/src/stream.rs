//! Runs a per-hand job over arguments or standard input.
//!
//! Standard input is read in batches: a batch ends when it holds
//! [`BATCH_LINES`] lines or [`BATCH_BYTES`] bytes, or when the input has no
//! more bytes ready (so an interactive caller that writes one line and waits
//! gets its answer). Large batches are split across all cores; results are
//! written in input order and flushed after each batch. Memory is bounded:
//! one batch of input (at most [`BATCH_BYTES`] plus one line of at most
//! [`MAX_LINE`] bytes) and its results are held at once, besides a 1 MiB
//! read buffer.

use std::io::{self, BufRead, Write};
use std::ops::Range;

use rayon::prelude::*;

use crate::output::error_line;

/// Lines held at once.
pub const BATCH_LINES: usize = 1 << 16;
/// Input bytes held at once (a batch closes once it reaches this size).
pub const BATCH_BYTES: usize = 4 << 20;
/// Longest line kept; the rest of a longer line is skipped and the line gets an error.
pub const MAX_LINE: usize = 4096;
/// Batches smaller than this run on the calling thread.
const PARALLEL_MIN: usize = 4096;
/// Lines per parallel work item.
const PIECE: usize = 1024;

/// What a command does with one hand.
pub trait Job: Sync {
    /// Are results JSON?
    fn json(&self) -> bool;
    /// Appends the result line for `hand` (as given) to `out`; false when it is an error line.
    fn line(&self, hand: &str, out: &mut String) -> bool;
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

    fn clear(&mut self) {
        self.text.clear();
        self.inputs.clear();
    }
}

fn run_one(job: &dyn Job, text: &str, input: &Input, out: &mut String) -> bool {
    match input {
        Input::Text(hand) => job.line(&text[hand.clone()], out),
        Input::NotUtf8(lossy) => {
            error_line(
                out,
                &text[lossy.clone()],
                &"line is not valid UTF-8",
                job.json(),
            );
            false
        }
        Input::TooLong { start, bytes } => {
            let start = &text[start.clone()];
            let message = format!("line of {bytes} bytes is longer than {MAX_LINE}");
            error_line(out, &format!("{start}..."), &message, job.json());
            false
        }
    }
}

/// Runs `job` on `hands`, or on standard input when there are none.
pub fn run(job: &dyn Job, hands: &[String]) -> io::Result<Outcome> {
    let stdout = io::stdout();
    let mut out = stdout.lock();
    if !hands.is_empty() {
        let mut errors = 0;
        let mut buf = String::new();
        for hand in hands {
            buf.clear();
            errors += !job.line(hand.trim(), &mut buf) as usize;
            out.write_all(buf.as_bytes())?;
        }
        out.flush()?;
        return Ok(Outcome { errors });
    }
    let stdin = io::stdin();
    let mut reader = io::BufReader::with_capacity(1 << 20, stdin.lock());
    let mut batch = Batch {
        text: String::with_capacity(BATCH_BYTES + MAX_LINE),
        inputs: Vec::with_capacity(BATCH_LINES),
    };
    let mut line = Vec::with_capacity(MAX_LINE);
    let mut errors = 0;
    loop {
        let read = read_line(&mut reader, &mut line)?;
        let Some(bytes) = read else { break };
        classify(&line, bytes, &mut batch);
        if batch.inputs.len() >= BATCH_LINES
            || batch.text.len() >= BATCH_BYTES
            || reader.buffer().is_empty()
        {
            errors += flush_batch(job, &mut batch, &mut out)?;
        }
    }
    errors += flush_batch(job, &mut batch, &mut out)?;
    Ok(Outcome { errors })
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
        let start = batch.keep(&String::from_utf8_lossy(&line[..64.min(line.len())]));
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

/// Runs and writes one batch, in order; returns its error count.
fn flush_batch(job: &dyn Job, batch: &mut Batch, out: &mut impl Write) -> io::Result<usize> {
    if batch.inputs.is_empty() {
        return Ok(0);
    }
    let text = batch.text.as_str();
    let results: Vec<(String, usize)> = if batch.inputs.len() < PARALLEL_MIN {
        vec![run_piece(job, text, &batch.inputs)]
    } else {
        batch
            .inputs
            .par_chunks(PIECE)
            .map(|piece| run_piece(job, text, piece))
            .collect()
    };
    let mut errors = 0;
    for (text, e) in &results {
        out.write_all(text.as_bytes())?;
        errors += e;
    }
    out.flush()?;
    batch.clear();
    Ok(errors)
}

fn run_piece(job: &dyn Job, text: &str, piece: &[Input]) -> (String, usize) {
    let mut out = String::with_capacity(piece.len() * 32);
    let errors = piece
        .iter()
        .filter(|input| !run_one(job, text, input, &mut out))
        .count();
    (out, errors)
}
