//! `hupai`: decide mahjong hands from the command line.
//!
//! Each command takes hands as arguments, or one per line on standard input,
//! and prints one line per hand, in order. Exit status: 0 when every hand was
//! valid, 1 when any line had an error, 2 for a usage error.

mod check;
mod output;
mod stream;

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
        Command::Check(args) => {
            let job = check::Check {
                rules: args.rules,
                json: args.json,
            };
            stream::run(&job, &args.hands)
        }
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
