//! H6 on the real data of the other sites in `data/histories/<site>/`: each file is
//! found by its content, every hold'em hand the engine plays imports, replays and
//! agrees with its text, and converting to PHH (where PHH can say it) and to the
//! native formats keeps the hand.

mod support;

use support::{convert_site, replay_site};

#[test]
fn h6_ggpoker_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    assert!(replay_site("ggpoker", false).ok >= 100);
}

#[test]
fn h6_ggpoker_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("ggpoker") >= 100);
}

#[test]
fn h6_full_tilt_files_are_found_by_content_and_every_hand_agrees_with_its_text() {
    assert!(replay_site("fulltilt", false).ok >= 59);
}

#[test]
fn h6_full_tilt_hands_survive_phh_and_the_native_formats() {
    assert!(convert_site("fulltilt") >= 59);
}
