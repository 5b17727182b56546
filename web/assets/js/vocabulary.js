// The domain's enums the page shows by name, generated from their Rust
// declarations (crates/protocol/src/vocabulary.rs): do not edit. Regenerate with
//   AMAZONS_WRITE_VOCABULARY=1 cargo test -p amazons-protocol vocabulary
// Each union's words are the catalogue keys `<family>-<name>` of common.ftl
// (`_` written `-`), one for each form.

/** @typedef {'no_legal_move' | 'resignation' | 'time' | 'abandonment' | 'aborted' | 'illegal_move' | 'engine_failure' | 'territory'} EndReason */
/** @type {readonly EndReason[]} */
export const END_REASONS = Object.freeze(['no_legal_move', 'resignation', 'time', 'abandonment', 'aborted', 'illegal_move', 'engine_failure', 'territory']);

/** @typedef {'untimed' | 'fischer'} TimeControlKind */
/** @type {readonly TimeControlKind[]} */
export const TIME_CONTROL_KINDS = Object.freeze(['untimed', 'fischer']);

/** @typedef {'malformed' | 'unknown_type' | 'too_large' | 'binary_not_supported' | 'rate_limited' | 'version_mismatch' | 'hello_required' | 'heartbeat_timeout' | 'already_greeted' | 'bad_name' | 'name_taken' | 'server_full' | 'too_many_matches' | 'no_such_match' | 'seat_taken' | 'already_seated' | 'bad_token' | 'not_your_seat' | 'not_a_player' | 'not_started' | 'not_your_turn' | 'stale_ply' | 'bad_move_text' | 'illegal_move' | 'game_over' | 'too_late_to_abort' | 'game_in_progress' | 'game_not_over' | 'no_rematch_offer' | 'opponent_gone' | 'bad_opponent' | 'computer_busy' | 'no_such_tournament' | 'key_required' | 'not_organiser' | 'registration_closed' | 'not_entered' | 'bad_tournament' | 'tournament_not_running' | 'bad_match_options' | 'not_decided' | 'internal'} ErrorCode */
/** @type {readonly ErrorCode[]} */
export const ERROR_CODES = Object.freeze(['malformed', 'unknown_type', 'too_large', 'binary_not_supported', 'rate_limited', 'version_mismatch', 'hello_required', 'heartbeat_timeout', 'already_greeted', 'bad_name', 'name_taken', 'server_full', 'too_many_matches', 'no_such_match', 'seat_taken', 'already_seated', 'bad_token', 'not_your_seat', 'not_a_player', 'not_started', 'not_your_turn', 'stale_ply', 'bad_move_text', 'illegal_move', 'game_over', 'too_late_to_abort', 'game_in_progress', 'game_not_over', 'no_rematch_offer', 'opponent_gone', 'bad_opponent', 'computer_busy', 'no_such_tournament', 'key_required', 'not_organiser', 'registration_closed', 'not_entered', 'bad_tournament', 'tournament_not_running', 'bad_match_options', 'not_decided', 'internal']);

/** @typedef {'round_robin' | 'double_round_robin' | 'swiss'} FormatName */
/** @type {readonly FormatName[]} */
export const FORMAT_NAMES = Object.freeze(['round_robin', 'double_round_robin', 'swiss']);

/** @typedef {'sonneborn_berger' | 'direct_encounter' | 'buchholz' | 'buchholz_cut1' | 'game_score'} Tiebreak */
/** @type {readonly Tiebreak[]} */
export const TIEBREAKS = Object.freeze(['sonneborn_berger', 'direct_encounter', 'buchholz', 'buchholz_cut1', 'game_score']);

/** @typedef {'won' | 'lost' | 'forfeit_won' | 'forfeit_lost' | 'pending'} CrossScore */
/** @type {readonly CrossScore[]} */
export const CROSS_SCORES = Object.freeze(['won', 'lost', 'forfeit_won', 'forfeit_lost', 'pending']);

/** @typedef {'best' | 'good' | 'inaccuracy' | 'mistake' | 'blunder'} MoveClass */
/** @type {readonly MoveClass[]} */
export const MOVE_CLASSS = Object.freeze(['best', 'good', 'inaccuracy', 'mistake', 'blunder']);

/**
 * The catalogue key families: `<family>-<name><form>` for every name and form.
 * @typedef {{type: string, family: string, forms: readonly string[], names: readonly string[]}} Family
 */
/** @type {readonly Family[]} */
export const FAMILIES = Object.freeze([
  Object.freeze({ type: 'EndReason', family: 'end-reason', forms: Object.freeze(['']), names: END_REASONS }),
  Object.freeze({ type: 'TimeControlKind', family: 'clock', forms: Object.freeze(['']), names: TIME_CONTROL_KINDS }),
  Object.freeze({ type: 'ErrorCode', family: 'error', forms: Object.freeze(['']), names: ERROR_CODES }),
  Object.freeze({ type: 'FormatName', family: 'tournament-format', forms: Object.freeze(['', '-choice']), names: FORMAT_NAMES }),
  Object.freeze({ type: 'Tiebreak', family: 'tiebreak', forms: Object.freeze(['-short', '-legend', '-meaning']), names: TIEBREAKS }),
  Object.freeze({ type: 'CrossScore', family: 'cross-score', forms: Object.freeze([]), names: CROSS_SCORES }),
  Object.freeze({ type: 'MoveClass', family: 'analysis-class', forms: Object.freeze(['']), names: MOVE_CLASSS }),
]);
