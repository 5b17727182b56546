//! Property tests of the clock arithmetic: time controls round-trip through
//! their text, and a Fischer clock charged over a random game always holds
//! the initial time minus what was spent plus the increments earned, flags
//! exactly when a move comes at or after zero, and never runs backwards.

use std::time::{Duration, Instant};

use amazons_core::{BySide, Clock, Flagged, Game, GameError, Side, TimeControl};
use proptest::prelude::*;

fn fischer() -> impl Strategy<Value = TimeControl> {
    (1u64..=86_400_000, 0u64..=3_600_000).prop_map(|(initial_ms, increment_ms)| {
        TimeControl::Fischer {
            initial_ms,
            increment_ms,
        }
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn time_controls_round_trip_through_text(tc in fischer()) {
        let text = tc.to_string();
        prop_assert_eq!(text.parse::<TimeControl>(), Ok(tc), "{}", text);
    }

    #[test]
    fn clocks_hold_initial_minus_spent_plus_increments(
        initial_ms in 1u64..600_000,
        increment_ms in 0u64..10_000,
        spends in prop::collection::vec(0u64..120_000, 1..60),
    ) {
        let tc = TimeControl::Fischer { initial_ms, increment_ms };
        let t0 = Instant::now();
        let mut clock = Clock::new(tc);
        clock.start(Side::First, t0);
        let mut now = t0;
        let mut expected = BySide::both(initial_ms as i64);
        let mut side = Side::First;
        for spent in spends {
            let left = expected[side] as u64;
            // The deadline is exactly where the mover's time reaches zero.
            let (flag_side, at) = clock.flag_deadline().unwrap();
            prop_assert_eq!(flag_side, side);
            prop_assert_eq!(at, now + Duration::from_millis(left));
            prop_assert_eq!(clock.remaining(side, at), Some(Duration::ZERO));
            prop_assert_eq!(clock.flagged(at), Some(side));
            if left > 0 {
                prop_assert_eq!(clock.flagged(at - Duration::from_millis(1)), None);
            }
            // Remaining time never grows while the clock runs.
            let halfway = now + Duration::from_millis(spent / 2);
            let later = now + Duration::from_millis(spent);
            prop_assert!(clock.remaining(side, later) <= clock.remaining(side, halfway));
            // The opponent's clock does not move.
            prop_assert_eq!(
                clock.remaining(side.opponent(), later),
                Some(Duration::from_millis(expected[side.opponent()] as u64))
            );
            let before = clock;
            match clock.charge(later).unwrap() {
                Ok(charge) => {
                    prop_assert!(spent < left);
                    prop_assert_eq!(charge.spent, Duration::from_millis(spent));
                    expected[side] += increment_ms as i64 - spent as i64;
                    prop_assert_eq!(
                        charge.clock_after,
                        Some(Duration::from_millis(expected[side] as u64))
                    );
                    prop_assert_eq!(clock, before, "charge only computes");
                    clock.record_move(side, charge.clock_after, later);
                }
                Err(Flagged { side: flagged }) => {
                    prop_assert!(spent >= left);
                    prop_assert_eq!(flagged, side);
                    break;
                }
            }
            now = later;
            side = side.opponent();
            prop_assert_eq!(clock.running(), Some(side));
        }
    }

    #[test]
    fn a_game_records_the_time_each_move_took(
        spends in prop::collection::vec(0u64..5_000, 1..30),
        seed in any::<u64>(),
    ) {
        let mut game = Game::new("1+1".parse().unwrap());
        let t0 = Instant::now();
        game.start(t0);
        let mut now = t0;
        let mut pick = seed;
        for spent in spends {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let mv = moves[(pick >> 33) as usize % moves.len()];
            now += Duration::from_millis(spent);
            let before = game.clone();
            let checked = game.check_move(mv, now);
            prop_assert_eq!(&game, &before, "check_move changes nothing");
            match checked {
                Ok(recorded) => {
                    prop_assert_eq!(recorded.time_ms, spent);
                    game.apply_move(recorded.clone(), now).unwrap();
                    prop_assert_eq!(game.moves().last(), Some(&recorded));
                }
                Err(GameError::Flagged(_)) => break,
                Err(e) => prop_assert!(false, "unexpected refusal {e}"),
            }
        }
        let total: u64 = game.moves().iter().map(|m| m.time_ms).sum();
        prop_assert!(Duration::from_millis(total) <= now - t0);
    }
}
