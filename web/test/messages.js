// Server messages as docs/protocol.md shows them, for the state and session tests.

export const ID = '6f1c2a4e-8d3b-4c5e-9f7a-1b2c3d4e5f60';
export const START_FEN = '3q2q3/10/10/q8q/10/10/Q8Q/10/10/3Q2Q3 w - - 0 1';
export const AFTER_D1D7G7 = '3q2q3/10/10/q2Q2*2q/10/10/Q8Q/10/10/6Q3 b - - 1 1';

const seats = {
  white: { name: 'ann', kind: 'human', connected: true },
  black: { name: 'bob', kind: 'human', connected: true },
};

/**
 * A snapshot at the start of a game in progress.
 * @param {'white' | 'black' | null} you
 */
export function snapshot(you) {
  return {
    type: 'snapshot',
    match_id: ID,
    you,
    seats,
    spectators: 0,
    status: 'playing',
    time_control: { kind: 'fischer', initial_ms: 300000, increment_ms: 2000 },
    initial_fen: START_FEN,
    moves: [],
    fen: START_FEN,
    ply: 0,
    turn: 'white',
    clocks: { white_ms: 300000, black_ms: 300000, running: 'white' },
    outcome: null,
    rematch_offer: null,
  };
}

export const movePlayed = {
  type: 'move_played',
  match_id: ID,
  ply: 0,
  move: 'd1-d7/g7',
  side: 'white',
  time_ms: 4100,
  clocks: { white_ms: 297900, black_ms: 300000, running: 'black' },
  fen: AFTER_D1D7G7,
};

export const summary = {
  id: ID,
  seats: { white: seats.white, black: null },
  spectators: 0,
  status: 'waiting',
  time_control: { kind: 'untimed' },
  ply: 0,
  outcome: null,
};
