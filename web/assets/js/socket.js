// One WebSocket to the server that comes back by itself: reconnects with
// jittered exponential backoff (backoff.js), and notices a connection that
// went silent (an application ping when idle, a reconnect when nothing at
// all arrives). Timers and the WebSocket are passed in, so Node tests drive it.

import { reconnectDelay } from './backoff.js';

/** @typedef {import('./wire.js').ClientMessage} ClientMessage */
/** @typedef {import('./wire.js').ServerMessage} ServerMessage */

/**
 * The part of the browser's WebSocket used here.
 * @typedef {object} WebSocketLike
 * @property {number} readyState 1 when open
 * @property {(text: string) => void} send
 * @property {(code?: number) => void} close
 * @property {((event: Event) => void) | null} onopen
 * @property {((event: MessageEvent<unknown>) => void) | null} onmessage event.data: the text
 * @property {((event: CloseEvent) => void) | null} onclose event.code: the close code
 * @property {((event: Event) => void) | null} onerror
 */

/**
 * What the socket needs from its surroundings.
 * @typedef {object} SocketDeps
 * @property {(url: string) => WebSocketLike} connect opens a WebSocket
 * @property {(callback: () => void, ms: number) => unknown} setTimer
 * @property {(handle: unknown) => void} clearTimer
 * @property {() => number} random in [0, 1)
 * @property {() => number} now milliseconds, monotonic
 */

/**
 * What the socket tells its owner.
 * @typedef {object} SocketHandlers
 * @property {() => void} onOpen a connection is open: greet the server
 * @property {(message: ServerMessage) => void} onMessage one parsed server message
 * @property {(code: number, retryInMs: number) => void} onClose the connection is gone; the next try is scheduled
 */

/** With nothing heard for this long, the page sends a `ping`. */
export const IDLE_PING_MS = 15_000;

/** With nothing heard for this long, the connection is given up and redone. */
export const SILENCE_LIMIT_MS = 45_000;

/**
 * Whether parsed JSON is a message: an object with a string `type`. The
 * server is trusted to send the messages docs/protocol.md documents (wire.js);
 * a type the page does not know is passed on and ignored there.
 * @param {unknown} value
 * @returns {value is ServerMessage}
 */
function isMessage(value) {
  return typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string';
}

/** A WebSocket that reconnects. */
export class ReconnectingSocket {
  /**
   * @param {string} url
   * @param {SocketDeps} deps
   * @param {SocketHandlers} handlers
   */
  constructor(url, deps, handlers) {
    /** The server's WebSocket address. */
    this.url = url;
    /** Timers, randomness and the WebSocket constructor. */
    this.deps = deps;
    /** Where events go. */
    this.handlers = handlers;
    /** @type {WebSocketLike | null} the current connection */
    this.socket = null;
    /** Failed tries since the last healthy connection; sets the backoff. */
    this.attempt = 0;
    /** @type {unknown} the pending reconnect or liveness timer */
    this.timer = null;
    /** When a message last arrived (deps.now()). */
    this.lastHeard = 0;
    /** False once stop() was called: no more reconnects. */
    this.running = false;
  }

  /** Connects (and keeps reconnecting until stop()). */
  start() {
    this.running = true;
    this.open();
  }

  /** Closes the connection for good. */
  stop() {
    this.running = false;
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    socket?.close(1000);
  }

  /** Drops the connection and connects again at once (e.g. a new name). */
  restart() {
    this.stop();
    this.attempt = 0;
    this.start();
  }

  /** The server accepted us: the next drop starts the backoff from the beginning. */
  markHealthy() {
    this.attempt = 0;
  }

  /**
   * Sends a message; false when there is no open connection.
   * @param {ClientMessage} message
   * @returns {boolean}
   */
  send(message) {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** Whether a connection is open. */
  get isOpen() {
    return this.socket !== null && this.socket.readyState === 1;
  }

  clearTimer() {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  open() {
    this.clearTimer();
    const socket = this.deps.connect(this.url);
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastHeard = this.deps.now();
      this.watch();
      this.handlers.onOpen();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket || typeof event.data !== 'string') return;
      this.lastHeard = this.deps.now();
      /** @type {unknown} */
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isMessage(message)) this.handlers.onMessage(message);
    };
    socket.onerror = () => {};
    socket.onclose = (event) => this.dropped(socket, event.code);
  }

  /**
   * A connection is gone (closed by either side, or given up as silent):
   * the next try is scheduled.
   * @param {WebSocketLike} socket
   * @param {number} code the close code
   */
  dropped(socket, code) {
    if (this.socket !== socket) return;
    this.socket = null;
    this.clearTimer();
    if (!this.running) return;
    const delay = reconnectDelay(this.attempt, this.deps.random);
    this.attempt += 1;
    this.timer = this.deps.setTimer(() => this.open(), delay);
    this.handlers.onClose(code, delay);
  }

  /** Checks liveness every few seconds while connected. */
  watch() {
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      const socket = this.socket;
      if (!socket) return;
      const silent = this.deps.now() - this.lastHeard;
      if (silent >= SILENCE_LIMIT_MS) {
        socket.close(4000);
        this.dropped(socket, 4000);
        return;
      }
      if (silent >= IDLE_PING_MS) this.send({ type: 'ping', nonce: 0 });
      this.watch();
    }, 5_000);
  }
}
