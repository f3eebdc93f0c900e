//! Hand boundaries of PokerStars files (the bytes and lines themselves are the
//! shared layer's, [`crate::sites::text`], re-exported here): a hand starts at a line
//! beginning with `PokerStars ` and runs to the next such line.

pub use crate::sites::text::{Lines, decode, lines};

/// True for a line that starts a hand: `PokerStars Hand #...`, `PokerStars Game #`,
/// `PokerStars Zoom Hand #`, `PokerStars Home Game Hand #`, and the other languages'
/// headers that begin with a word and then `PokerStars` (`Mão PokerStars #`).
pub fn is_hand_start(line: &str) -> bool {
    is_english_start(line) || is_foreign_start(line)
}

/// `PokerStars ...#`: the English client's headers (and a few others that begin the
/// same way), but not a tournament summary's first line (`PokerStars Tournament
/// #N, ...`: a summary holds no hand). Cheap enough for every line.
pub(crate) fn is_english_start(line: &str) -> bool {
    (line.starts_with("PokerStars ")
        && line.as_bytes().contains(&b'#')
        && !line.starts_with("PokerStars Tournament #"))
        || crate::sites::is_other_hand_start(line)
}

/// One or two words, then `PokerStars`, then a number: another language's header.
/// Looked for only where a hand can start (after a blank line).
pub(crate) fn is_foreign_start(line: &str) -> bool {
    if !line.as_bytes().contains(&b'#') {
        return false;
    }
    match line.find(" PokerStars ") {
        Some(i) => i <= 24,
        None => false,
    }
}

/// True for a line between hands that carries nothing: blank, or the
/// `*********** # 2 **************` separators of the client's exports.
#[inline]
pub fn is_filler(line: &str) -> bool {
    line.is_empty()
        || (line.starts_with("***********") && line.ends_with('*') && line.contains(" # "))
}

/// The `#` comment lines before the first hand (a file of the repository's data may
/// declare there the failure it must produce: `# expect-illegal: <text>`). The
/// client never writes them.
pub fn leading_comments(text: &str) -> impl Iterator<Item = &str> {
    lines(text)
        .map(|(_, l)| l)
        .take_while(|l| !is_hand_start(l))
        .filter(|l| l.starts_with('#'))
}

/// True when `text` looks like a PokerStars hand history, or another site's read
/// over the same layer ([`crate::sites`]: GGPoker, Full Tilt): its first line that
/// is not filler starts a hand.
pub fn looks_like_pokerstars(text: &str) -> bool {
    let mut meaningful = lines(text)
        .map(|(_, l)| l)
        .filter(|l| !is_filler(l) && !l.starts_with('#'));
    match meaningful.next() {
        Some(l)
            if l.trim_start_matches('\u{feff}').starts_with("<?xml") && !l.contains("<session") =>
        {
            // An XML declaration: an iPoker file when a session follows.
            meaningful
                .next()
                .is_some_and(crate::sites::ipoker::is_session_start)
        }
        Some(l) => is_hand_start(l) || crate::sites::ipoker::is_session_start(l),
        None => false,
    }
}
