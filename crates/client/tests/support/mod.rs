//! What the client's tests share beyond the test kit: a scripted player
//! over a raw WebSocket. (The real server runs as the kit's
//! `amazons_testkit::ServerProcess`.)

pub mod scripted;
