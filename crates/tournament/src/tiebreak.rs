//! The tie-breaks, by name.

use serde::{Deserialize, Serialize};

/// A tie-break: what orders entrants on equal points. Which apply, and in
/// which order, depends on the format (round robin: Sonneborn-Berger, then
/// direct encounter, then game score; Swiss: Buchholz, Buchholz cut 1,
/// Sonneborn-Berger, then game score).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tiebreak {
    /// The points of the opponents one beat.
    SonnebornBerger,
    /// Points in the games among the entrants still tied.
    DirectEncounter,
    /// The sum of the opponents' points.
    Buchholz,
    /// Buchholz without the weakest opponent's points.
    BuchholzCut1,
    /// The sum of the margins (moves left) of games won on territory.
    GameScore,
}

amazons_core::vocabulary!(Tiebreak, "tiebreak", {
    SonnebornBerger => "sonneborn_berger",
    DirectEncounter => "direct_encounter",
    Buchholz => "buchholz",
    BuchholzCut1 => "buchholz_cut1",
    GameScore => "game_score",
} forms &["-short", "-legend", "-meaning"]);

#[cfg(test)]
mod tests {
    use amazons_core::Vocabulary;

    use super::*;

    #[test]
    fn every_tiebreak_is_named_as_on_the_wire() {
        for &tiebreak in Tiebreak::ALL {
            let json = serde_json::to_string(&tiebreak).unwrap();
            assert_eq!(json, format!("\"{}\"", tiebreak.name()));
        }
        assert_eq!(
            Tiebreak::BuchholzCut1.key_of("-short"),
            "tiebreak-buchholz-cut1-short"
        );
    }
}
