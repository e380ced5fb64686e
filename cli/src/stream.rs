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

/// One input line as read.
enum Input {
    Text(String),
    NotUtf8(String),
    TooLong { start: String, bytes: usize },
}

fn run_one(job: &dyn Job, input: &Input, out: &mut String) -> bool {
    match input {
        Input::Text(hand) => job.line(hand, out),
        Input::NotUtf8(lossy) => {
            error_line(out, lossy, &"line is not valid UTF-8", job.json());
            false
        }
        Input::TooLong { start, bytes } => {
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
    let mut batch: Vec<Input> = Vec::with_capacity(BATCH_LINES);
    let mut batch_bytes = 0;
    let mut line = Vec::with_capacity(MAX_LINE);
    let mut errors = 0;
    loop {
        let read = read_line(&mut reader, &mut line)?;
        let Some(bytes) = read else { break };
        if let Some(input) = classify(&line, bytes) {
            batch_bytes += line.len();
            batch.push(input);
        }
        if batch.len() >= BATCH_LINES || batch_bytes >= BATCH_BYTES || reader.buffer().is_empty() {
            errors += flush_batch(job, &mut batch, &mut out)?;
            batch_bytes = 0;
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

/// The hand on a line, or `None` for a blank line.
fn classify(line: &[u8], bytes: usize) -> Option<Input> {
    if bytes > MAX_LINE {
        let start = String::from_utf8_lossy(&line[..64.min(line.len())]).into_owned();
        return Some(Input::TooLong { start, bytes });
    }
    match std::str::from_utf8(line) {
        Ok(text) => {
            let hand = text.trim();
            (!hand.is_empty()).then(|| Input::Text(hand.to_string()))
        }
        Err(_) => {
            let lossy = String::from_utf8_lossy(line);
            Some(Input::NotUtf8(lossy.trim().to_string()))
        }
    }
}

/// Runs and writes one batch, in order; returns its error count.
fn flush_batch(job: &dyn Job, batch: &mut Vec<Input>, out: &mut impl Write) -> io::Result<usize> {
    if batch.is_empty() {
        return Ok(0);
    }
    let results: Vec<(String, usize)> = if batch.len() < PARALLEL_MIN {
        vec![run_piece(job, batch)]
    } else {
        batch
            .par_chunks(PIECE)
            .map(|piece| run_piece(job, piece))
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

fn run_piece(job: &dyn Job, piece: &[Input]) -> (String, usize) {
    let mut text = String::with_capacity(piece.len() * 32);
    let errors = piece
        .iter()
        .filter(|input| !run_one(job, input, &mut text))
        .count();
    (text, errors)
}
