//! Any text given to the move parsers either is refused with an error or reads
//! as a move whose canonical and UCI texts read back as the same move.

#![no_main]

use amazons_core::Move;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = text.parse::<Move>() {
        check(m);
    }
    if let Ok(m) = Move::from_uci(text) {
        check(m);
    }
});

fn check(m: Move) {
    let canonical = m.to_string();
    assert_eq!(canonical.parse::<Move>(), Ok(m), "{canonical}");
    let uci = m.uci().to_string();
    assert_eq!(Move::from_uci(&uci), Ok(m), "{uci}");
    assert_eq!(uci.parse::<Move>(), Ok(m), "{uci}");
}
