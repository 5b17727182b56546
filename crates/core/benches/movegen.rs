//! Move-generation benches (to be filled in).

fn main() {}
