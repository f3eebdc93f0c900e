//! Rules by name, as a program's `--rules NAME` takes them: a preset, or else a
//! rules file whose text the caller reads (this crate does no I/O).

use std::io;
use std::path::{Path, PathBuf};

use crate::error::RulesError;
use crate::preset::Preset;
use crate::rules::Rules;

/// Why [`Rules::named`] found no rules. The name (and the path tried) are in
/// every variant.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NamedRulesError {
    /// Not a preset, and no rules file could be read at that path.
    #[error("{name:?}: not a preset ({known}) and not a readable rules file: {source}")]
    NotFound {
        /// The name given.
        name: String,
        /// The presets, comma-separated.
        known: String,
        /// Why reading the path failed.
        source: io::Error,
    },
    /// A preset, or a rules file, whose rules are not valid (rule R2).
    #[error("{}: {source}", path.display())]
    Invalid {
        /// The preset name or the file's path.
        path: PathBuf,
        /// The errors, with field paths.
        source: RulesError,
    },
}

impl Rules {
    /// The rules `name` stands for: the preset of that name ([`Preset::from_name`]),
    /// or else the rules file at the path `name`, whose text `read` returns
    /// (`std::fs::read_to_string` in a program; the crate itself reads nothing).
    /// `read` is called only when `name` is not a preset.
    ///
    /// # Errors
    /// [`NamedRulesError::NotFound`] when `read` fails (the message lists the
    /// presets); [`NamedRulesError::Invalid`] when the text is not valid rules.
    ///
    /// ```
    /// use holdem_rules_config::{NamedRulesError, Rules};
    ///
    /// let preset = Rules::named("online-mtt", |_| unreachable!("a preset is not read"))?;
    /// assert!(preset.tournament.is_some());
    /// let file = Rules::named("house.toml", |_| Ok("extends = \"club\"".to_string()))?;
    /// assert_eq!(file, Rules::preset("club")?);
    /// let missing = Rules::named("nothing.toml", |p| std::fs::read_to_string(p));
    /// assert!(matches!(missing, Err(NamedRulesError::NotFound { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn named(
        name: &str,
        read: impl FnOnce(&Path) -> io::Result<String>,
    ) -> Result<Rules, NamedRulesError> {
        let invalid = |source| NamedRulesError::Invalid {
            path: PathBuf::from(name),
            source,
        };
        if let Some(preset) = Preset::from_name(name) {
            return preset.rules().map_err(invalid);
        }
        let text = read(Path::new(name)).map_err(|source| NamedRulesError::NotFound {
            name: name.to_string(),
            known: Preset::ALL.map(Preset::name).join(", "),
            source,
        })?;
        Rules::from_toml_str(&text).map_err(invalid)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r1_a_name_is_a_preset_first_then_a_file_and_errors_say_which() {
        let read_nothing = |_: &Path| -> io::Result<String> { panic!("a preset is not read") };
        assert_eq!(
            Rules::named("live-tournament", read_nothing).ok(),
            Rules::preset("live-tournament").ok()
        );
        let mut asked = None;
        let rules = Rules::named("my/house.toml", |p| {
            asked = Some(p.to_path_buf());
            Ok("extends = \"online-cash\"".to_string())
        });
        assert_eq!(asked.as_deref(), Some(Path::new("my/house.toml")));
        assert_eq!(rules.ok(), Rules::preset("online-cash").ok());

        let missing = Rules::named("no-such-preset-or-file", |_| {
            Err(io::Error::from(io::ErrorKind::NotFound))
        })
        .expect_err("neither a preset nor a file");
        let text = missing.to_string();
        assert!(text.contains("not a preset (online-mtt, "), "{text}");
        assert!(matches!(missing, NamedRulesError::NotFound { .. }));

        let bad = Rules::named("bad.toml", |_| Ok("extends = 3".to_string()))
            .expect_err("not valid rules");
        assert!(
            matches!(&bad, NamedRulesError::Invalid { path, source }
                if path == Path::new("bad.toml") && source.paths() == ["extends"]),
            "{bad:?}"
        );
    }
}
