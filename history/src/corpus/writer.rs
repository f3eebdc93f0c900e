//! Writing hands to a history file in the format its name gives.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use super::format::Format;
use crate::native::{write_jsonl, write_postcard, write_postcard_header};
use crate::phh::write_phh;
use crate::{HandHistory, HistoryError};

/// Writes hands to a file in the format of its extension.
///
/// The hands go to a temporary file beside the target (`.NAME.PID.tmp`),
/// renamed onto it by [`HandWriter::finish`]; a writer dropped unfinished (the
/// conversion failed) removes it, so a failed run leaves no partial file and
/// an existing target as it was.
pub struct HandWriter {
    format: Format,
    single: bool,
    out: BufWriter<File>,
    count: usize,
    path: PathBuf,
    tmp: PathBuf,
    finished: bool,
}

impl HandWriter {
    /// A writer for `path` (written to a temporary file beside it until
    /// [`HandWriter::finish`]); its extension chooses the format (`.phh` holds one
    /// hand, `.phhs` numbered tables). A postcard file gets its header at once.
    pub fn create(path: &Path) -> Result<HandWriter, HistoryError> {
        let format = Format::of(path).ok_or_else(|| HistoryError::UnknownFormat {
            path: path.to_path_buf(),
        })?;
        let refuse = |reason| HistoryError::NotWritable {
            path: path.to_path_buf(),
            reason,
        };
        if format == Format::PokerStars {
            return Err(refuse(
                "PokerStars text is read, not written; write .phh, .phhs, .jsonl or .postcard",
            ));
        }
        let single = path.extension().is_some_and(|e| e == "phh");
        let name = path.file_name().ok_or_else(|| refuse("not a file name"))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let f = File::create(&tmp).map_err(|source| HistoryError::Io {
            path: tmp.clone(),
            source,
        })?;
        let mut w = HandWriter {
            format,
            single,
            out: BufWriter::new(f),
            count: 0,
            path: path.to_path_buf(),
            tmp,
            finished: false,
        };
        if format == Format::Postcard {
            write_postcard_header(&mut w.out).map_err(|source| HistoryError::NativeWrite {
                path: w.path.clone(),
                hand: 0,
                source,
            })?;
        }
        Ok(w)
    }

    fn io(&self, source: std::io::Error) -> HistoryError {
        HistoryError::Io {
            path: self.path.clone(),
            source,
        }
    }

    /// Appends one hand.
    pub fn write(&mut self, h: &HandHistory) -> Result<(), HistoryError> {
        self.count += 1;
        let phh = |w: &HandWriter, source| HistoryError::PhhWrite {
            path: w.path.clone(),
            hand: w.count,
            source,
        };
        let native = |w: &HandWriter, source| HistoryError::NativeWrite {
            path: w.path.clone(),
            hand: w.count,
            source,
        };
        match self.format {
            Format::Phh if self.single => {
                if self.count > 1 {
                    return Err(HistoryError::NotWritable {
                        path: self.path.clone(),
                        reason: "a .phh file holds one hand; write .phhs",
                    });
                }
                let text = write_phh(h).map_err(|e| phh(self, e))?;
                self.out.write_all(text.as_bytes()).map_err(|e| self.io(e))
            }
            Format::Phh => {
                let sep = if self.count > 1 { "\n" } else { "" };
                let hand = write_phh(h).map_err(|e| phh(self, e))?;
                let text = format!("{sep}[{}]\n{hand}", self.count);
                self.out.write_all(text.as_bytes()).map_err(|e| self.io(e))
            }
            Format::Jsonl => write_jsonl(&mut self.out, h).map_err(|e| native(self, e)),
            Format::Postcard => write_postcard(&mut self.out, h).map_err(|e| native(self, e)),
            Format::PokerStars => Err(HistoryError::NotWritable {
                path: self.path.clone(),
                reason: "PokerStars text is read, not written",
            }),
        }
    }

    /// Flushes the file, renames it onto the target and returns the number of
    /// hands written.
    pub fn finish(mut self) -> Result<usize, HistoryError> {
        self.out.flush().map_err(|e| self.io(e))?;
        std::fs::rename(&self.tmp, &self.path).map_err(|e| self.io(e))?;
        self.finished = true;
        Ok(self.count)
    }
}

impl Drop for HandWriter {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}
