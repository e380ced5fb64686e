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
mod tables;
mod waits;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

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
    /// Build, verify or describe table files.
    #[command(subcommand)]
    Tables(TablesCommand),
}

#[derive(Subcommand)]
enum TablesCommand {
    /// Generate the tables for a rule set and write them to a file.
    Build {
        /// A preset name or a rule file (TOML).
        #[arg(long, default_value = "chinese", value_parser = parse_rules)]
        rules: Rules,
        /// The table file to write.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Check a table file: header, checksum, structure, and every value
    /// against the generator.
    Verify {
        /// The table file.
        file: PathBuf,
    },
    /// Print a table file's rules, parameters and sizes.
    Info {
        /// The table file.
        file: PathBuf,
    },
}

/// Options shared by the commands that judge hands.
#[derive(Args)]
struct CommonArgs {
    /// A preset or the path of a rule file (TOML).
    #[arg(long, default_value = "chinese", help = rules_help())]
    rules: String,
    /// A table file made for these rules (`hupai tables build`), used
    /// instead of generating the tables.
    #[arg(long)]
    tables: Option<PathBuf>,
    /// One JSON object per line instead of text.
    #[arg(long)]
    json: bool,
    /// Start each line with the hand in canonical mpsz (`12555678m22567p*`)
    /// instead of as typed, in JSON too; an error line keeps it as typed.
    #[arg(long)]
    canonical: bool,
    /// Hands in mpsz (`'123m456p*'`) or Chinese (`122334饼23499条中中中混`)
    /// notation; quote a hand holding `*`, which the shell would expand. With
    /// none, hands are read from standard input, one per line.
    hands: Vec<String>,
}

/// The `--rules` help, naming every preset.
fn rules_help() -> String {
    let names: Vec<&str> = hupai::Preset::ALL.iter().map(|p| p.name()).collect();
    format!(
        "A preset ({}) or the path of a rule file (TOML)",
        names.join(", ")
    )
}

fn parse_rules(name_or_path: &str) -> Result<Rules, String> {
    Rules::load(name_or_path).map_err(|e| e.to_string())
}

impl CommonArgs {
    /// The rules, with the table file's tables when one is given.
    fn rules(&self) -> Result<Rules, String> {
        let Some(path) = &self.tables else {
            return Rules::load(&self.rules).map_err(|e| e.to_string());
        };
        let (tables, _) = hupai::tables::file::read(path).map_err(|e| e.to_string())?;
        Rules::load_with_tables(&self.rules, Arc::new(tables))
            .map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// Runs a judging command; a bad `--tables` file is a usage error.
fn judge(
    args: &CommonArgs,
    job: impl Fn(Rules, bool, bool) -> Box<dyn stream::Job>,
) -> Result<stream::Outcome, ExitCode> {
    let rules = args.rules().map_err(|e| {
        eprintln!("hupai: error: {e}");
        ExitCode::from(2)
    })?;
    let job = job(rules, args.json, args.canonical);
    stream::run(job.as_ref(), &args.hands).map_err(|e| {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            ExitCode::SUCCESS
        } else {
            eprintln!("hupai: {e}");
            ExitCode::from(1)
        }
    })
}

fn report(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => {
            println!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("hupai: error: {e}");
            ExitCode::from(1)
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Check(a) => judge(&a, |rules, json, canonical| {
            Box::new(check::Check {
                rules,
                json,
                canonical,
            })
        }),
        Command::Waits(a) => judge(&a, |rules, json, canonical| {
            Box::new(waits::Waits {
                rules,
                json,
                canonical,
            })
        }),
        Command::Split(a) => judge(&a, |rules, json, canonical| {
            Box::new(split::Splits {
                rules,
                json,
                canonical,
            })
        }),
        Command::Reveal(a) => judge(&a, |rules, json, canonical| {
            Box::new(reveal::Shows {
                rules,
                json,
                canonical,
            })
        }),
        Command::Tables(TablesCommand::Build { rules, output }) => {
            return report(tables::build(&rules, &output))
        }
        Command::Tables(TablesCommand::Verify { file }) => return report(tables::verify(&file)),
        Command::Tables(TablesCommand::Info { file }) => return report(tables::info(&file)),
    };
    match result {
        Ok(stream::Outcome { errors: 0 }) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(1),
        Err(code) => code,
    }
}
