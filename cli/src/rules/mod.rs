//! `holdem rules`: list the presets, print one, check a rules file (rules R1, R2).

use std::io::{Read, Write};
use std::process::ExitCode;

use holdem_rules_config::{Preset, Rules};

use crate::Escaped;

/// Exit status for a rules file or preset name that was rejected.
const REJECTED: u8 = 2;
/// Exit status for a file that could not be read.
const IO_ERROR: u8 = 1;

/// Arguments of `holdem rules`.
#[derive(clap::Args, Debug)]
pub struct RulesArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: RulesCommand,
}

/// The `holdem rules` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum RulesCommand {
    /// List the built-in presets, one per seed rules document.
    List,
    /// Print a preset's full TOML, comments naming the seed section of each option.
    Show {
        /// The preset: online-mtt, online-cash, live-tournament, club or live-tour.
        preset: String,
    },
    /// Check a rules file (TOML; `extends = "PRESET"` to start from a preset and
    /// override some keys, `unset = ["rake.cap"]` to drop optional ones): print a
    /// summary, or every error with its field path and exit with status 2.
    Check {
        /// The file to check; `-` reads standard input.
        file: String,
    },
}

/// Runs `holdem rules`, printing to `out` and standard error (best effort).
///
/// # Errors
/// Writing to `out` failed (a full disk, a closed pipe): the caller reports it.
pub fn run(args: &RulesArgs, out: &mut dyn Write) -> std::io::Result<ExitCode> {
    let stderr = std::io::stderr();
    run_to(args, out, &mut stderr.lock()).map(ExitCode::from)
}

/// Runs `holdem rules` with the given output streams; returns the exit status
/// (0 success, 1 unreadable file, 2 rejected rules or unknown preset).
///
/// # Errors
/// Writing to `out` failed. Messages on `err` are best effort.
pub fn run_to(args: &RulesArgs, out: &mut dyn Write, err: &mut dyn Write) -> std::io::Result<u8> {
    Ok(match &args.command {
        RulesCommand::List => {
            for preset in Preset::ALL {
                writeln!(out, "{:<16} {}", preset.name(), preset.about())?;
            }
            0
        }
        RulesCommand::Show { preset } => match Preset::from_name(preset) {
            Some(p) => {
                out.write_all(p.source().as_bytes())?;
                0
            }
            None => {
                let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                let _ = writeln!(
                    err,
                    "error: no preset named \"{}\"; the presets are {}",
                    Escaped(preset),
                    names.join(", ")
                );
                REJECTED
            }
        },
        RulesCommand::Check { file } => {
            let bytes = if file == "-" {
                let mut buf = Vec::new();
                std::io::stdin().read_to_end(&mut buf).map(|_| buf)
            } else {
                std::fs::read(file)
            };
            let name = Escaped(file);
            let bytes = match bytes {
                Ok(bytes) => bytes,
                Err(e) => {
                    let _ = writeln!(err, "error: cannot read {name}: {e}");
                    return Ok(IO_ERROR);
                }
            };
            match Rules::from_toml_bytes(&bytes) {
                Ok(rules) => {
                    writeln!(out, "{name}: ok")?;
                    writeln!(out, "{}", rules.summary())?;
                    0
                }
                Err(e) => {
                    let _ = writeln!(err, "{name}: {}", Escaped(&e.to_string()));
                    REJECTED
                }
            }
        }
    })
}

#[cfg(test)]
mod tests;
