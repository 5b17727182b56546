//! The two territory options a new match is created with, shared by the
//! lobby's create form and the play-the-computer form: whether the server
//! ends the game once counting the territory proves the winner, and whether
//! the players may show the territory view during it. Both follow the
//! server's rules for a rated match (no early end unless asked, never the
//! view), so both forms say the same thing for the same choice.

/// The choices, as changed in a form.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct TerritoryOptions {
    /// End when the territory decides, once changed (`None`: as the server
    /// decides, yes unless rated).
    pub end_when_decided: Option<bool>,
    /// Allow the territory view to the players (refused for a rated match,
    /// so it counts only while the match is casual).
    pub assistance: bool,
}

impl TerritoryOptions {
    /// Whether a decided game will end at once in a match that is `rated`
    /// (`None`: not known yet): as chosen, else as the server decides (yes
    /// unless rated; `None` while that is unknown).
    pub fn end_when_decided_now(&self, rated: Option<bool>) -> Option<bool> {
        self.end_when_decided.or_else(|| rated.map(|rated| !rated))
    }

    /// Whether the players will be allowed the territory view: only as
    /// chosen in a match that is not rated.
    pub fn assistance_now(&self, rated: Option<bool>) -> bool {
        self.assistance && rated != Some(true)
    }

    /// Flips "end when decided" from what it is now.
    pub fn flip_end_when_decided(&mut self, rated: Option<bool>) {
        self.end_when_decided = Some(!self.end_when_decided_now(rated).unwrap_or(true));
    }

    /// Flips "allow the territory view", or says why a rated match cannot.
    pub fn flip_assistance(&mut self, rated: Option<bool>) -> Result<(), String> {
        if rated == Some(true) {
            return Err(t!("create-form-assistance-not-rated"));
        }
        self.assistance = !self.assistance;
        Ok(())
    }

    /// The value words of both options in a match that is `rated`: "end
    /// when decided" (`yes`, `no` or `unless rated`) and "allow the view"
    /// (`yes` or `no`), or `None` for the view in a rated match (the form
    /// says it is not allowed there).
    pub fn value_words(&self, rated: Option<bool>) -> (String, Option<String>) {
        let yes_no = |value: bool| {
            if value {
                t!("create-form-yes")
            } else {
                t!("create-form-no")
            }
        };
        let end = self
            .end_when_decided_now(rated)
            .map_or_else(|| t!("create-form-unless-rated"), yes_no);
        let view = (rated != Some(true)).then(|| yes_no(self.assistance_now(rated)));
        (end, view)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rated_match_ends_only_when_asked_and_never_shows_the_view() {
        let mut options = TerritoryOptions::default();
        assert_eq!(options.end_when_decided_now(Some(false)), Some(true));
        assert_eq!(options.end_when_decided_now(Some(true)), Some(false));
        assert_eq!(options.end_when_decided_now(None), None);
        options.flip_end_when_decided(Some(true));
        assert_eq!(options.end_when_decided, Some(true), "asked for");
        assert!(options.flip_assistance(Some(true)).is_err());
        assert!(!options.assistance, "unchanged when refused");
        options.flip_assistance(Some(false)).unwrap();
        assert!(options.assistance_now(Some(false)));
        assert!(
            !options.assistance_now(Some(true)),
            "never in a rated match"
        );
    }
}
