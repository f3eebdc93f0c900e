//! `holdem convert` and `holdem gen-histories`: write hand histories in the
//! format their file extension names.

use std::path::{Path, PathBuf};

use clap::Args;
use holdem_history::corpus::{HandWriter, read_hands};

/// Arguments of `holdem convert`.
#[derive(Args)]
pub struct ConvertArgs {
    /// The input file (.phh, .phhs, .jsonl, .postcard, or PokerStars text).
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

/// Converts `input` to the format of `output`'s extension.
pub fn convert(input: &Path, output: &Path) -> Result<String, String> {
    let mut w = HandWriter::create(output)?;
    read_hands(input, |h| w.write(&h))?;
    let n = w.finish()?;
    Ok(format!("wrote {n} hands to {}", output.display()))
}

/// Writes the seeded random-hand corpus: all of it as postcard, the first hands as
/// PHH and JSON Lines.
pub fn gen_histories(args: &GenArgs) -> Result<String, String> {
    std::fs::create_dir_all(&args.out).map_err(|e| format!("{}: {e}", args.out.display()))?;
    let name = format!("seed-{}-{}-hands", args.seed, args.hands);
    let mut native = HandWriter::create(&args.out.join(format!("{name}.postcard")))?;
    let sample = 100.min(args.hands);
    let mut phh = HandWriter::create(&args.out.join(format!("{name}-first-{sample}.phhs")))?;
    let mut jsonl = HandWriter::create(&args.out.join(format!("{name}-first-{sample}.jsonl")))?;
    let mut i = 0;
    holdem_cli::generate::generate(args.seed, args.hands, |h| {
        i += 1;
        let io = |e: String| std::io::Error::other(e);
        native.write(&h).map_err(io)?;
        if i <= sample {
            phh.write(&h).map_err(io)?;
            jsonl.write(&h).map_err(io)?;
        }
        Ok(())
    })
    .map_err(|e| e.to_string())?;
    let n = native.finish()?;
    phh.finish()?;
    jsonl.finish()?;
    Ok(format!(
        "wrote {n} hands (seed {}) to {}",
        args.seed,
        args.out.display()
    ))
}
