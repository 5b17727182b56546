//! The FIDE Dutch system (Handbook C.04.3, the rules in force from 2017),
//! on scores in half-points so that a chess event with draws can be fed to
//! it as well as an Amazons one.
//!
//! Build each player's state with [`History`] (or fill [`Player`]s by hand),
//! then [`pair`] the players who are to be paired this round.
//!
//! What is faithful:
//! - ranking by score then pairing number; score brackets top down, each
//!   with its MDPs (players moved down) and residents; S1/S2; the MDP-pairing
//!   then the remainder; transpositions of S2 in lexicographic order, then
//!   exchanges in the handbook's order;
//! - the absolute criteria: C.1 no repeat pairing (a forfeited pairing
//!   counts as met), C.2 no second pairing-allocated bye and none after a
//!   forfeit win, C.3 no two players with the same absolute colour
//!   preference;
//! - C.4: every bracket leaves the rest of the round pairable (checked with
//!   a maximum matching);
//! - the quality criteria C.5 (most pairs), C.6 (the PSD, compared
//!   lexicographically), C.7 (the next bracket as fully paired as possible),
//!   C.10 and C.11 (colour preferences), C.12 to C.19 (repeated floats and
//!   their score differences), compared in that order;
//! - colour preferences (A.6) and allocation (E.1 to E.5), with the initial
//!   colour given by the caller.
//!
//! What is simplified (and documented in `docs/tournaments.md`):
//! - C.3 holds for every player, topscorers in the last round included, so
//!   no colour difference ever passes 2 and nobody has one colour three times
//!   running (this crate's absolute rule); C.8 and C.9 thus never arise;
//! - the bye is chosen before the brackets: the lowest-ranked player allowed
//!   one (C.2) whose absence leaves the rest pairable;
//! - C.7 looks at the next bracket's number of pairs, not its PSD; C.16 to
//!   C.19 add score differences up rather than comparing them as lists;
//! - a bracket's search (a branch and bound over the candidates in the
//!   rules' order) is bounded in steps; past the bound the best candidate
//!   found so far is taken.

mod bracket;
mod colour;
mod history;
mod matching;

use std::cmp::Reverse;

use amazons_core::Side;
use thiserror::Error;

pub use history::{Float, History, Player};

use colour::{Preference, allocate, clash, preference};
use matching::has_perfect_matching;

/// A round paired by the Dutch system.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct DutchRound {
    /// `(white, black)` by player id, board 1 first (the highest scores
    /// first).
    pub games: Vec<(usize, usize)>,
    /// The player with the pairing-allocated bye.
    pub bye: Option<usize>,
}

/// No pairing of the players obeys the absolute criteria.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Error)]
#[error("no pairing of these players obeys the absolute criteria")]
pub struct NoLegalPairing;

/// What the bracket search reads: the players in rank order (local index
/// 0 the best ranked), their colour preferences and who may meet whom.
pub(crate) struct Ctx<'a> {
    players: Vec<&'a Player>,
    prefs: Vec<Option<Preference>>,
    compat: Vec<Vec<bool>>,
}

impl Ctx<'_> {
    fn score(&self, local: usize) -> u32 {
        self.players[local].score
    }

    /// How the player floated `back` rounds ago (1 = the last round).
    fn float(&self, local: usize, back: usize) -> Float {
        let floats = &self.players[local].floats;
        floats
            .len()
            .checked_sub(back)
            .map_or(Float::None, |i| floats[i])
    }
}

/// Pairs `players` (those to be paired this round; others are absent) by the
/// Dutch system. `first_colour` is the initial colour: the one an odd
/// pairing number takes when colour allocation comes down to E.5 (so round
/// one's top board gives it to the top seed).
pub fn pair(players: &[Player], first_colour: Side) -> Result<DutchRound, NoLegalPairing> {
    let mut ranked: Vec<&Player> = players.iter().collect();
    ranked.sort_by_key(|p| (Reverse(p.score), p.id));
    let prefs: Vec<Option<Preference>> = ranked.iter().map(|p| preference(p)).collect();
    let n = ranked.len();
    let compat: Vec<Vec<bool>> = (0..n)
        .map(|a| {
            (0..n)
                .map(|b| {
                    a != b
                        && !ranked[a].opponents.contains(&ranked[b].id)
                        && !clash(prefs[a], prefs[b])
                })
                .collect()
        })
        .collect();
    let ctx = Ctx {
        players: ranked,
        prefs,
        compat,
    };
    let all: Vec<usize> = (0..n).collect();
    let (bye, rest) = if n % 2 == 1 {
        let bye = choose_bye(&ctx, &all).ok_or(NoLegalPairing)?;
        (
            Some(bye),
            all.iter().copied().filter(|&p| p != bye).collect(),
        )
    } else {
        (None, all)
    };
    if !has_perfect_matching(&rest, &ctx.compat) {
        return Err(NoLegalPairing);
    }
    let mut pairs = bracket::pair_brackets(&ctx, &rest);
    // Boards: the higher score first, then the higher sum, then the rank
    // of the better-ranked player.
    pairs.sort_by_key(|&(a, b)| {
        let (sa, sb) = (ctx.score(a), ctx.score(b));
        (Reverse(sa.max(sb)), Reverse(sa + sb), a.min(b))
    });
    let games = pairs
        .into_iter()
        .map(|(a, b)| {
            let (higher, lower) = (ctx.players[a.min(b)], ctx.players[a.max(b)]);
            if allocate(higher, lower, first_colour) == Side::First {
                (higher.id, lower.id)
            } else {
                (lower.id, higher.id)
            }
        })
        .collect();
    Ok(DutchRound {
        games,
        bye: bye.map(|b| ctx.players[b].id),
    })
}

/// The bye (a local index): the lowest-ranked player allowed one by C.2 (no
/// bye and no forfeit win yet) whose absence leaves the others pairable;
/// failing that, the lowest-ranked without a bye; only when everyone has had
/// one, the lowest-ranked of all.
fn choose_bye(ctx: &Ctx, all: &[usize]) -> Option<usize> {
    let leaves_pairable = |bye: usize| {
        let rest: Vec<usize> = all.iter().copied().filter(|&p| p != bye).collect();
        has_perfect_matching(&rest, &ctx.compat)
    };
    let player = |p: usize| ctx.players[p];
    let first_choice = |p: &usize| !player(*p).had_bye && !player(*p).had_forfeit_win;
    let no_bye = |p: &usize| !player(*p).had_bye;
    let lowest = |allowed: &dyn Fn(&usize) -> bool| {
        all.iter()
            .rev()
            .copied()
            .filter(|p| allowed(p))
            .find(|&p| leaves_pairable(p))
    };
    lowest(&first_choice)
        .or_else(|| lowest(&no_bye))
        .or_else(|| {
            if all.iter().any(no_bye) {
                None
            } else {
                lowest(&|_| true)
            }
        })
}

#[cfg(test)]
mod tests;
