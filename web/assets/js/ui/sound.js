// Sounds made in the page with WebAudio (no sound files): a move, an arrow,
// the start and end of a game, low time. Browsers allow audio only after a
// user gesture, so the audio context is made on the first click or key.

/** @typedef {'move' | 'arrow' | 'start' | 'end' | 'low'} SoundName */

/**
 * The notes of each sound: [frequency Hz, start s, length s, wave].
 * @type {Record<SoundName, [number, number, number, OscillatorType][]>}
 */
const NOTES = {
  move: [[220, 0, 0.07, 'triangle']],
  arrow: [[880, 0, 0.05, 'sine'], [1320, 0.04, 0.06, 'sine']],
  start: [[523, 0, 0.12, 'sine'], [784, 0.12, 0.18, 'sine']],
  end: [[784, 0, 0.14, 'sine'], [523, 0.14, 0.14, 'sine'], [392, 0.28, 0.3, 'sine']],
  low: [[1000, 0, 0.04, 'square']],
};

/** Plays the page's sounds. */
export class Sounds {
  /**
   * @param {boolean} muted
   */
  constructor(muted) {
    /** Whether sounds are off. */
    this.muted = muted;
    /** @type {AudioContext | null} made after the first user gesture */
    this.context = null;
    const unlock = () => {
      this.unlock();
      window.removeEventListener('pointerdown', unlock);
      window.removeEventListener('keydown', unlock);
    };
    window.addEventListener('pointerdown', unlock);
    window.addEventListener('keydown', unlock);
  }

  /** Makes (or wakes) the audio context; call from a user gesture. */
  unlock() {
    if (!this.context && typeof AudioContext === 'function') this.context = new AudioContext();
    if (this.context?.state === 'suspended') this.context.resume().catch(() => {});
  }

  /**
   * Plays a sound, unless muted or no gesture has happened yet.
   * @param {SoundName} name
   */
  play(name) {
    const context = this.context;
    if (this.muted || !context || context.state !== 'running') return;
    const start = context.currentTime;
    for (const [frequency, at, length, wave] of NOTES[name]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = wave;
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + at);
      gain.gain.exponentialRampToValueAtTime(0.15, start + at + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + at);
      oscillator.stop(start + at + length + 0.02);
    }
  }
}
