//! `holdem convert` and `holdem gen-histories`: write hand histories in the
//! format their file extension names.

use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::Args;
use holdem_history::corpus::{HandWriter, read_hands};
use holdem_history::generate::HandGenerator;

use crate::{Escaped, error};

/// Arguments of `holdem convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// The input file (.phh, .phhs, .jsonl, .postcard, or a site's text: PokerStars, GGPoker, Full Tilt, Winamax, WPN, 888, PartyPoker, iPoker XML).
    pub input: PathBuf,
    /// The output file; its extension picks the format (.phh holds one hand).
    pub output: PathBuf,
}

/// Arguments of `holdem gen-histories`.
#[derive(Args)]
pub struct GenArgs {
    /// Seed of the bots and the shuffles.
    #[arg(long, default_value_t = 2026)]
    pub seed: u64,
    /// Number of hands.
    #[arg(long, default_value_t = 10_000)]
    pub hands: usize,
    /// Output folder.
    #[arg(long, default_value = "data/histories/generated")]
    pub out: PathBuf,
}

/// Converts `input` to the format of `output`'s extension, whole or not at all:
/// every hand that cannot be read is reported on standard error (each with its
/// position, escaped; a hand that fails as the file declares, `# expect-illegal:`,
/// is left out and counted instead), and then nothing is written and the status is 2, as for a
/// file that cannot be read or written at all; `output` stays as it was.
pub fn convert(input: &Path, output: &Path, out: &mut dyn Write) -> io::Result<ExitCode> {
    let result = HandWriter::create(output).and_then(|mut w| {
        let read = read_hands(input, |h| w.write(&h), |e| error(&e))?;
        // An unfinished writer removes its temporary file.
        Ok((read, (read.bad == 0).then(|| w.finish()).transpose()?))
    });
    let (read, n) = match result {
        Ok((read, Some(n))) => (read, n),
        Ok((read, None)) => {
            error(&format!(
                "{}: {} hands could not be read (listed above); nothing written",
                input.display(),
                read.bad
            ));
            return Ok(ExitCode::from(2));
        }
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    write!(
        out,
        "wrote {n} hands to {}",
        Escaped(&output.display().to_string())
    )?;
    if read.unsupported > 0 {
        write!(out, " ({} hands of other games left out)", read.unsupported)?;
    }
    if read.declared > 0 {
        write!(
            out,
            " ({} hands left out that the file declares unreadable, # expect-illegal:)",
            read.declared
        )?;
    }
    writeln!(out)?;
    Ok(ExitCode::SUCCESS)
}

/// Writes the seeded random-hand corpus: all of it as postcard, the first hands as
/// PHH and JSON Lines.
pub fn gen_histories(args: &GenArgs) -> Result<String, String> {
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let name = format!("seed-{}-{}-hands", args.seed, args.hands);
    let create = |path: PathBuf| HandWriter::create(&path).map_err(|e| e.to_string());
    let mut native = create(args.out.join(format!("{name}.postcard")))?;
    let sample = 100.min(args.hands);
    let mut phh = create(args.out.join(format!("{name}-first-{sample}.phhs")))?;
    let mut jsonl = create(args.out.join(format!("{name}-first-{sample}.jsonl")))?;
    for (i, hand) in HandGenerator::new(args.seed).take(args.hands).enumerate() {
        let h = hand.map_err(|e| e.to_string())?;
        native.write(&h).map_err(|e| e.to_string())?;
        if i < sample {
            phh.write(&h).map_err(|e| e.to_string())?;
            jsonl.write(&h).map_err(|e| e.to_string())?;
        }
    }
    let n = native.finish().map_err(|e| e.to_string())?;
    phh.finish().map_err(|e| e.to_string())?;
    jsonl.finish().map_err(|e| e.to_string())?;
    Ok(format!(
        "wrote {n} hands (seed {}) to {}",
        args.seed,
        args.out.display()
    ))
}
