//! Colour preferences (C.04.3 A.6) and colour allocation (C.04.3 E).

use amazons_core::Side;

use super::Player;

/// How much a player wants a colour.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Strength {
    /// Colours are level: alternate from the last game.
    Mild,
    /// One colour ahead by one.
    Strong,
    /// One colour ahead by two, or the same colour in the last two games.
    Absolute,
}

/// A colour preference.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Preference {
    pub(crate) side: Side,
    pub(crate) strength: Strength,
}

/// The player's colour preference, if any (none before any game played).
pub(crate) fn preference(player: &Player) -> Option<Preference> {
    let mut played = player.played_colours().rev();
    let last = played.next()?;
    let before = played.next();
    let difference = player.colour_difference();
    let balancing = if difference > 0 {
        Side::Second
    } else {
        Side::First
    };
    let (side, strength) = if difference.abs() >= 2 {
        (balancing, Strength::Absolute)
    } else if before == Some(last) {
        (!last, Strength::Absolute)
    } else if difference.abs() == 1 {
        (balancing, Strength::Strong)
    } else {
        (!last, Strength::Mild)
    };
    Some(Preference { side, strength })
}

/// Whether the two may not meet because both must have the same colour
/// (C.3, applied here to every player: see the module's notes).
pub(crate) fn clash(a: Option<Preference>, b: Option<Preference>) -> bool {
    matches!((a, b), (Some(a), Some(b))
        if a.strength == Strength::Absolute && b.strength == Strength::Absolute && a.side == b.side)
}

/// The colour of `higher` (the higher-ranked of the two) against `lower`,
/// by C.04.3 E.1 to E.5; `first_colour` is the event's initial colour, which
/// the higher-ranked player takes by E.5 when their pairing number is odd.
pub(crate) fn allocate(higher: &Player, lower: &Player, first_colour: Side) -> Side {
    let (ph, pl) = (preference(higher), preference(lower));
    match (ph, pl) {
        // E.1: both preferences can be granted.
        (Some(h), Some(l)) if h.side != l.side => return h.side,
        (Some(h), None) => return h.side,
        (None, Some(l)) => return !l.side,
        // E.2: grant the stronger preference.
        (Some(h), Some(l)) if h.strength != l.strength => {
            return if h.strength > l.strength {
                h.side
            } else {
                !l.side
            };
        }
        _ => {}
    }
    // E.3: alternate from the most recent round where they differed
    // (played games only, compared from the latest back).
    let mine = higher.played_colours().rev();
    let theirs = lower.played_colours().rev();
    if let Some((h, _)) = mine.zip(theirs).find(|(h, l)| h != l) {
        return !h;
    }
    // E.4: grant the higher-ranked player's preference.
    if let Some(h) = ph {
        return h.side;
    }
    // E.5: the initial colour to an odd pairing number (id even).
    if higher.id % 2 == 0 {
        first_colour
    } else {
        !first_colour
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const W: Side = Side::First;
    const B: Side = Side::Second;

    fn player(id: usize, colours: &[Side]) -> Player {
        Player {
            id,
            score: 0,
            colours: colours.iter().map(|&c| Some(c)).collect(),
            floats: Vec::new(),
            opponents: Vec::new(),
            had_bye: false,
            had_forfeit_win: false,
        }
    }

    #[test]
    fn preferences() {
        assert_eq!(preference(&player(0, &[])), None);
        let p = |c: &[Side]| preference(&player(0, c)).map(|p| (p.side, p.strength));
        assert_eq!(p(&[W]), Some((B, Strength::Strong)));
        assert_eq!(p(&[W, B]), Some((W, Strength::Mild)));
        assert_eq!(p(&[B, W, W]), Some((B, Strength::Absolute)));
        assert_eq!(p(&[W, B, W]), Some((B, Strength::Strong)));
        assert_eq!(p(&[W, W, B, W]), Some((B, Strength::Absolute)));
    }

    #[test]
    fn allocation_follows_e1_to_e5() {
        // E.1: both granted.
        assert_eq!(allocate(&player(0, &[W]), &player(1, &[B]), W), B);
        // E.2: the stronger (absolute over strong).
        assert_eq!(allocate(&player(0, &[B]), &player(1, &[W, B, B]), W), B);
        // E.3: both mild for White: alternate from their latest difference
        // (two games back: the higher-ranked had White then).
        assert_eq!(
            allocate(&player(0, &[B, W, W, B]), &player(1, &[W, B, W, B]), W),
            B
        );
        // E.4: no difference found: the higher-ranked player's wish.
        assert_eq!(allocate(&player(0, &[W, B]), &player(1, &[W, B]), W), W);
        // E.5: nobody has played: odd pairing numbers take the initial colour.
        assert_eq!(allocate(&player(0, &[]), &player(5, &[]), W), W);
        assert_eq!(allocate(&player(1, &[]), &player(6, &[]), W), B);
        assert_eq!(allocate(&player(2, &[]), &player(7, &[]), B), B);
    }

    #[test]
    fn absolute_same_colour_clashes() {
        let a = preference(&player(0, &[W, W]));
        let b = preference(&player(1, &[B, W, W]));
        let c = preference(&player(2, &[W]));
        assert!(clash(a, b));
        assert!(!clash(a, c));
    }
}
