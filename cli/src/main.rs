//! `hupai`: decide mahjong hands from the command line.
//!
//! Each command takes hands as arguments, or one per line on standard input,
//! and prints one line per hand, in order. Exit status: 0 when every hand was
//! valid, 1 when any line had an error, 2 for a usage error.

mod check;
mod output;
mod reveal;
mod split;
mod stream;
mod waits;

use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};
use hupai::Rules;

#[derive(Parser)]
#[command(
    name = "hupai",
    version,
    about = "Decide mahjong hands: wins, with any number of jokers"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Is each hand a win? Prints `HAND<TAB>win FORMS...`, `HAND<TAB>no` or
    /// `HAND<TAB>error: MESSAGE`.
    Check(CommonArgs),
    /// The tiles that complete each hand of 3N+1 tiles. Prints
    /// `HAND<TAB>ready TILES...` or `HAND<TAB>no`.
    Waits(CommonArgs),
    /// Every way to split each winning hand into groups. Prints
    /// `HAND<TAB>FORM GROUPS... | FORM GROUPS...` or `HAND<TAB>no`.
    Split(CommonArgs),
    /// The fewest tiles a ready player must show (亮倒). Prints
    /// `HAND<TAB>reveal TILES waits TILES...`.
    Reveal(CommonArgs),
}

/// Options shared by the commands that judge hands.
#[derive(Args)]
struct CommonArgs {
    /// Rules preset: basic, riichi or chinese.
    #[arg(long, default_value = "chinese", value_parser = parse_rules)]
    rules: Rules,
    /// One JSON object per line instead of text.
    #[arg(long)]
    json: bool,
    /// Hands in mpsz (`123m456p*`) or Chinese (`122334饼23499条中中中混`)
    /// notation. With none, hands are read from standard input, one per line.
    hands: Vec<String>,
}

fn parse_rules(name: &str) -> Result<Rules, String> {
    Rules::preset(name).map_err(|e| e.to_string())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(a) => stream::run(
            &check::Check {
                rules: a.rules,
                json: a.json,
            },
            &a.hands,
        ),
        Command::Waits(a) => stream::run(
            &waits::Waits {
                rules: a.rules,
                json: a.json,
            },
            &a.hands,
        ),
        Command::Split(a) => stream::run(
            &split::Splits {
                rules: a.rules,
                json: a.json,
            },
            &a.hands,
        ),
        Command::Reveal(a) => stream::run(
            &reveal::Shows {
                rules: a.rules,
                json: a.json,
            },
            &a.hands,
        ),
    };
    match result {
        Ok(stream::Outcome { errors: 0 }) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hupai: {e}");
            ExitCode::from(1)
        }
    }
}
