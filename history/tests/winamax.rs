//! H6 on the Winamax data in `data/histories/winamax/` (real cash hands, crafted
//! tournament hands): the files are found by
//! their content as `holdem replay` finds them (a file that holds no Winamax text
//! hand, such as the client's XML export, is skipped), every hold'em hand imports,
//! replays and agrees with its text, and PHH and the native formats keep it.

mod support;

use support::{Replayed, convert_site, replay_site};

#[test]
fn h6_winamax_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    // 32 hold'em cash hands and the 3 crafted tournament hands settle; the two
    // Omaha hands are unsupported by name.
    assert_eq!(
        replay_site("winamax", true),
        Replayed {
            ok: 35,
            unsupported: 2
        }
    );
}

#[test]
fn h6_winamax_hands_survive_phh_and_the_native_formats() {
    assert_eq!(convert_site("winamax"), 35);
}
