//! `hupai`: decide mahjong hands from the command line.
//!
//! Each command takes hands as arguments, or one per line on standard input,
//! and prints one line per hand, in order. Exit status:
//!
//! - 0: every hand was valid (or the command did what it was asked);
//! - 1: a line had an error (an error line was printed for it), or a
//!   `tables` command failed;
//! - 2: a usage error (bad options, unknown rules, a bad `--tables` file);
//! - 3: standard output could not be written (a full disk, an I/O error):
//!   the run stops, with one line on standard error;
//! - 141: standard output was closed (a broken pipe, as under `| head`): the
//!   run stops quietly, with the status a shell reports for a command killed
//!   by SIGPIPE, so `set -o pipefail` sees the output was cut short.
//!
//! A standard output closed before the run starts (`>&-`) is, once the
//! Rust runtime has reopened it on `/dev/null`, the same as `>/dev/null`
//! opened read and write (as `daemon(3)` and Python's `DEVNULL` open it):
//! the run writes there and exits 0.
//!
//! No write error panics. hupai writes to standard error when the run
//! fails, and one line when it reads standard input from a terminal
//! (`hupai: reading hands from standard input; Ctrl-D ends`); when standard
//! error cannot be written, the status stays what it was.

mod answer;
mod check;
mod check_line;
mod hints;
mod output;
mod reveal;
mod score;
mod shanten;
mod split;
mod stream;
mod tables;
mod waits;

use std::io::{self, Write};
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
    /// `HAND<TAB>error: MESSAGE`. With a winning tile, a win also gets
    /// `<TAB>SHAPES...<TAB>SPLIT: GROUP SHAPE, ... | SPLIT: ...`: the wait
    /// shapes the winning tile completed, and in every split the groups it
    /// can sit in. A line may carry its own winning tile and how it came,
    /// as `key=value` words after the hand (`46s5s 123p 55z [789m]
    /// (1111z) winning=5s how=self-drawn`) or as a JSON object (`{"hand":
    /// "...", "winning": "5s", "how": "self-drawn"}`); `--winning`,
    /// `--self-drawn` and `--robbing-kong` give what a line leaves out.
    Check(CheckArgs),
    /// The tiles that complete each hand of 3N+1 tiles. Prints
    /// `HAND<TAB>ready TILES...` or `HAND<TAB>no`. With `--values` (rules
    /// with a `[scoring]` table), each wait with what it pays on a
    /// discard and self-drawn: `HAND<TAB>TILE: DISCARD / SELF-DRAWN ...`,
    /// `no yaku` where it has none (riichi), `N under 8` where it does not
    /// reach 8 points without flowers (GB).
    Waits(WaitsArgs),
    /// Every way to split each winning hand into groups. Prints
    /// `HAND<TAB>FORM GROUPS... | FORM GROUPS...` or `HAND<TAB>no`; a hand
    /// with more than `--max-splits` splits gets the first ones found and
    /// `<TAB>truncated SHOWN of TOTAL`.
    Split(SplitArgs),
    /// How far each hand (3N+1 or 3N+2 tiles) is from a win: −1 a win, 0
    /// ready, 1 one tile from ready, ... Prints `HAND<TAB>N`.
    Shanten(CommonArgs),
    /// The draws that bring each hand closer to a win, with their unseen
    /// copies; for a hand of 3N+2 tiles, after every discard, best first.
    /// Prints `HAND<TAB>shanten N<TAB>C tiles: TILES...`, or for 3N+2
    /// `HAND<TAB>shanten N` then `<TAB>DISCARD: shanten N, C tiles: TILES...`
    /// per discard.
    Efficiency(EfficiencyArgs),
    /// The fewest tiles a ready player must show (亮倒). Prints
    /// `HAND<TAB>reveal TILES waits TILES...`.
    Reveal(CommonArgs),
    /// Whether each claim is a legal win and what it pays (rules with a
    /// `[scoring]` table, such as `riichi`, `gb`, `sichuan`). A claim per line: a JSON
    /// object (`{"hand": "234567m234p67888s", "winning": "8s", "how":
    /// "self-drawn", "riichi": true}`) or `HAND WINNING key=value ...`
    /// (`234567m234p67888s 8s how=self-drawn riichi dora=3m`). Prints
    /// `HAND<TAB>WINNING<TAB>TOTAL (PAYMENTS)<TAB>N han N fu [LIMIT]<TAB>YAKU:HAN ...`
    /// or `HAND<TAB>WINNING<TAB>not legal: REASON`; under a fan table
    /// (`sichuan`, `kawuxing`, `hongzhong`)
    /// `HAND<TAB>WINNING<TAB>POINTS<TAB>N fan [(capped M)]<TAB>NAME:VALUE[xCOUNT] ...[<TAB>jokers TILES]`.
    #[command(mut_arg("hands", |a| a.value_name("CLAIMS").help(CLAIMS_HELP)))]
    Score(CommonArgs),
    /// Build, verify or describe table files.
    #[command(subcommand)]
    Tables(Box<TablesCommand>),
}

// Parsed once per run: the size of the rules in `Build` does not matter.
#[allow(clippy::large_enum_variant)]
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
    #[arg(long, help = rules_help())]
    rules: Option<String>,
    /// A table file (`hupai tables build`), used instead of generating the
    /// tables. It records its rules: alone, it sets them; with `--rules`,
    /// the two must agree.
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
    /// A test hook, hidden from the help: the judgement of exactly this
    /// hand panics, so the tests can show that one failing line never costs
    /// the others. Nothing but this option triggers it.
    #[arg(long, hide = true, value_name = "HAND")]
    test_panic_on: Option<String>,
}

/// The help of `score`'s arguments: claims, not hands.
const CLAIMS_HELP: &str = "Claims, each quoted as one argument: `HAND WINNING key=value ...` ('234567m234p67888s 8s how=self-drawn riichi') or a JSON object. With none, claims are read from standard input, one per line";

/// The `--rules` help, naming every preset.
fn rules_help() -> String {
    let names: Vec<&str> = hupai::Preset::ALL.iter().map(|p| p.name()).collect();
    let aliases: Vec<String> = hupai::Preset::ALIASES
        .iter()
        .map(|(alias, p)| format!("{alias} for {}", p.name()))
        .collect();
    format!(
        "A preset ({}; {}; in any case) or the path of a rule file (TOML) [default: chinese, or the rules of --tables]",
        names.join(", "),
        aliases.join(", ")
    )
}

/// The efficiency command's options.
#[derive(Args)]
struct EfficiencyArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Tiles seen outside the hand (discards, melds on the table), in
    /// either notation: each kind's unseen copies are 4 less those in the
    /// hand and those seen.
    #[arg(long, value_parser = parse_visible, value_name = "TILES")]
    visible: Option<[u8; hupai::KINDS]>,
}

fn parse_visible(text: &str) -> Result<[u8; hupai::KINDS], String> {
    hupai::notation::parse_tiles(text).map_err(|e| e.to_string())
}

/// The waits command's options.
#[derive(Args)]
struct WaitsArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Value every wait: its score on a discard and self-drawn.
    #[arg(long)]
    values: bool,
    /// With `--values`, the claim's other fields as `key=value` words
    /// (`seat_wind=2z round_wind=1z riichi dora=3m honba=1`).
    #[arg(long, requires = "values", default_value = "")]
    context: String,
}

/// The check command's options.
#[derive(Args)]
struct CheckArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// The tile that completed each hand (`5s`, `五条`, or `*` for a joker;
    /// under rules whose copies of a kind are jokers, such as hongzhong's
    /// 7z, one of those is a joker), which the concealed part must hold:
    /// prints the wait shapes it completed (tanki, kanchan, penchan,
    /// ryanmen, shanpon, ...) per split. A line's own `winning=` comes
    /// first. Claimed from a discard unless `--self-drawn`,
    /// `--robbing-kong` or the line's `how=` say otherwise.
    #[arg(long, value_parser = parse_winning, value_name = "TILE")]
    winning: Option<hupai::WinningTile>,
    /// The winning tile was claimed from a discard (点炮 / ron), unless a
    /// line says otherwise: the default.
    #[arg(long, visible_alias = "ron", group = "how")]
    discard: bool,
    /// The winning tile was drawn by the winner (自摸 / tsumo), unless a
    /// line says otherwise.
    #[arg(long, visible_alias = "tsumo", group = "how")]
    self_drawn: bool,
    /// The winning tile was robbed from a kong (抢杠 / chankan), unless a
    /// line says otherwise: the winner holds no other copy of it, and it
    /// is never a joker.
    #[arg(long, visible_alias = "chankan", group = "how")]
    robbing_kong: bool,
    /// With a winning tile, the most splits printed per hand (the first ones
    /// found, in order; the search stops there); a hand with more says how
    /// many it has in all, and its wait shapes are those of every split.
    #[arg(long, default_value_t = check::DEFAULT_MAX_SPLITS)]
    max_splits: usize,
}

fn parse_winning(text: &str) -> Result<hupai::WinningTile, String> {
    text.trim()
        .parse()
        .map_err(|e: hupai::ParseError| e.to_string())
}

/// The split command's options.
#[derive(Args)]
struct SplitArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// The most splits printed per hand (the first ones found, in order;
    /// the search stops there); a hand with more says how many it has in
    /// all.
    #[arg(long, default_value_t = split::DEFAULT_MAX_SPLITS)]
    max_splits: usize,
}

fn parse_rules(name_or_path: &str) -> Result<Rules, String> {
    Rules::load(name_or_path).map_err(|e| e.to_string())
}

impl CommonArgs {
    /// The rules, with the table file's tables when one is given.
    fn rules(&self) -> Result<Rules, String> {
        let Some(path) = &self.tables else {
            let name = self.rules.as_deref().unwrap_or("chinese");
            return Rules::load(name).map_err(|e| e.to_string());
        };
        let Some(name) = &self.rules else {
            return Rules::from_table_file(path).map_err(|e| format!("{}: {e}", path.display()));
        };
        let (tables, info) = hupai::tables::file::read(path).map_err(|e| e.to_string())?;
        Rules::load_with_tables(name, Arc::new(tables)).map_err(|e| match e {
            hupai::RulesError::TablesMismatch { .. } => format!(
                "{}: the tables were made for the rules '{}', which differ from '{name}' ({e})",
                path.display(),
                info.rules
            ),
            e => format!("{}: {e}", path.display()),
        })
    }
}

/// Runs a judging command; a bad `--tables` file is a usage error.
fn judge(
    args: &CommonArgs,
    job: impl FnOnce(answer::Settings) -> Box<dyn stream::Job>,
) -> Result<stream::Outcome, ExitCode> {
    let rules = args.rules().map_err(|e| {
        complain(&e);
        ExitCode::from(USAGE)
    })?;
    hints::note_before_run(&args.hands);
    let mut job = job(answer::Settings {
        rules,
        json: args.json,
        canonical: args.canonical,
    });
    if let Some(hand) = &args.test_panic_on {
        job = Box::new(stream::PanicOn {
            job,
            hand: hand.clone(),
        });
    }
    stream::run(job.as_ref(), &args.hands).map_err(|e| output_failed(&e))
}

/// Exit status: a line had an error, or a `tables` command failed.
const FAILED: u8 = 1;
/// Exit status: a usage error.
const USAGE: u8 = 2;
/// Exit status: standard output could not be written.
const OUTPUT_FAILED: u8 = 3;
/// Exit status: standard output was closed (128 + SIGPIPE).
const OUTPUT_CLOSED: u8 = 141;

/// Writes `hupai: error: MESSAGE` (escaped and cut, line by line) to standard error; a
/// failure to write it changes nothing (the run is failing already).
fn complain(message: &str) {
    // Each line escaped and cut on its own, so a message of several lines
    // (the TOML parser's, with its caret) keeps them; at most 20 lines.
    let lines: Vec<String> = message.lines().take(20).map(output::safe_message).collect();
    let line = format!("hupai: error: {}\n", lines.join("\n"));
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// The status for a failed write to standard output, or a failed read of
/// standard input ([`stream::InputFailed`]).
fn output_failed(e: &io::Error) -> ExitCode {
    if let Some(read) = e
        .get_ref()
        .and_then(|e| e.downcast_ref::<stream::InputFailed>())
    {
        complain(&format!("reading standard input: {read}"));
        return ExitCode::from(FAILED);
    }
    if e.kind() == io::ErrorKind::BrokenPipe {
        ExitCode::from(OUTPUT_CLOSED)
    } else {
        complain(&format!("writing standard output: {e}"));
        ExitCode::from(OUTPUT_FAILED)
    }
}

/// Writes `text` and a newline to standard output.
fn print(text: &str) -> Result<(), ExitCode> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| output_failed(&e))
}

fn report(result: Result<String, String>) -> ExitCode {
    match result {
        Ok(text) => match print(&text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        Err(e) => {
            complain(&e);
            ExitCode::from(FAILED)
        }
    }
}

/// Parses the command line; help, the version and usage errors are printed
/// here, with write errors handled as everywhere else.
fn parse() -> Result<Cli, ExitCode> {
    let e = match Cli::try_parse() {
        Ok(cli) => return Ok(cli),
        Err(e) => e,
    };
    let printed = e.print().and_then(|()| io::stdout().flush());
    match (e.exit_code(), printed) {
        // Help and the version go to standard output.
        (0, Ok(())) => Err(ExitCode::SUCCESS),
        (0, Err(e)) => Err(output_failed(&e)),
        // A usage error went (or failed to go) to standard error.
        _ => Err(ExitCode::from(USAGE)),
    }
}

fn main() -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    let result = match cli.command {
        Command::Check(a) => {
            let how = if a.self_drawn {
                hupai::WinHow::SelfDrawn
            } else if a.robbing_kong {
                hupai::WinHow::RobbingKong
            } else {
                hupai::WinHow::Discard
            };
            judge(&a.common, |s| check::job(s, a.winning, how, a.max_splits))
        }
        Command::Waits(a) => {
            let context = if a.values {
                match hupai::score::ClaimSpec::default()
                    .with_fields(&a.context)
                    .and_then(|s| s.resolve_context())
                {
                    Ok(c) => Some(c),
                    Err(e) => {
                        complain(&format!("--context: {e}"));
                        return ExitCode::from(USAGE);
                    }
                }
            } else {
                None
            };
            judge(&a.common, |s| waits::job(s, context.clone()))
        }
        Command::Score(a) => judge(&a, score::job),
        Command::Split(a) => judge(&a.common, |s| split::job(s, a.max_splits)),
        Command::Shanten(a) => judge(&a, shanten::job),
        Command::Efficiency(a) => judge(&a.common, |s| {
            shanten::efficiency_job(s, a.visible.unwrap_or([0; hupai::KINDS]))
        }),
        Command::Reveal(a) => judge(&a, reveal::job),
        Command::Tables(command) => {
            return report(match *command {
                TablesCommand::Build { rules, output } => tables::build(&rules, &output),
                TablesCommand::Verify { file } => tables::verify(&file),
                TablesCommand::Info { file } => tables::info(&file),
            })
        }
    };
    match result {
        Ok(stream::Outcome { errors: 0 }) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::from(FAILED),
        Err(code) => code,
    }
}
