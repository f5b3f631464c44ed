// Talking to the server (docs/protocol.md): the HTTP JSON API and the one websocket /ws, which
// reconnects by itself with exponential backoff and then resyncs what the page is showing.

const TOKEN_KEY = "kozyr.token";

/** Return the session token remembered in this browser (or null). */
export function savedToken() {
  try { return localStorage.getItem(TOKEN_KEY); } catch (e) { return null; }
}

/** Remember (or forget, with null) the session token. */
export function saveToken(token) {
  try {
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch (e) { /* private mode: the cookie still works */ }
}

/** An error answer of the server: `code` is one of protocol.md §5. */
export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message || code);
    this.code = code;
    this.status = status;
  }
}

/**
 * Call the HTTP API; return the JSON answer or throw ApiError.  A body goes as
 * application/json, the only type the server reads (it refuses forms: docs/security.md).
 */
export async function api(path, { method = "GET", body = undefined, headers = {} } = {}) {
  const init = { method, headers: { ...headers }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  let data = null;
  try { data = await res.json(); } catch (e) { data = null; }
  if (!res.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(err.code || `http_${res.status}`, err.message || res.statusText,
      res.status);
  }
  return data;
}

/**
 * The live connection.  Handlers subscribe by message type with on(type, f); "open" fires
 * after every successful handshake (first connect and each reconnect), "down" when the socket
 * drops.  send() queues messages while the socket is down.
 */
export class Conn {
  constructor(url = null) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    this.url = url || `${proto}//${location.host}/ws`;
    this.handlers = {};
    this.queue = [];
    this.ready = false;
    this.attempt = 0;
    this.user = null;
    this.nextId = 1;
    this.clockOffset = 0; // server time - local time, in seconds
    this.closedByUs = false;
  }

  on(type, f) {
    (this.handlers[type] = this.handlers[type] || []).push(f);
    return () => { this.handlers[type] = this.handlers[type].filter((g) => g !== f); };
  }

  emit(type, msg) {
    for (const f of this.handlers[type] || []) {
      try { f(msg); } catch (e) { console.error(e); }
    }
  }

  connect() {
    this.closedByUs = false;
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.onopen = () => {
      // patches: each table `state` patches the last observation (table/patch.js)
      ws.send(JSON.stringify({ type: "hello", v: 1, patches: true,
        ...(savedToken() ? { token: savedToken() } : {}) }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      if (msg.type === "welcome") {
        this.attempt = 0;
        this.ready = true;
        this.user = msg.user;
        // The server echoes a token we sent, or gives a new guest's; a socket that logged
        // in by its cookie gets null, and the cookie keeps working.
        if (msg.token) saveToken(msg.token);
        this.emit("welcome", msg);
        this.emit("open", msg);
        const q = this.queue;
        this.queue = [];
        for (const m of q) this.send(m);
        this.ping();
        return;
      }
      if (msg.type === "pong" && typeof msg.t === "number") {
        // The server read its clock about half way through the round trip (a slow
        // answer would otherwise make every deadline look further away than it is).
        const back = Date.now();
        const sent = this.pingAt && back - this.pingAt < 10000 ? this.pingAt : back;
        this.clockOffset = msg.t - (sent + back) / 2000;
      }
      this.emit(msg.type, msg);
      this.emit("*", msg);
    };
    ws.onclose = (ev) => {
      const was = this.ready;
      this.ready = false;
      if (this.ws !== ws) return;
      // 4001: this session was logged out (here or on another device): forget its token,
      // so the reconnect starts afresh.
      if (ev && ev.code === 4001) saveToken(null);
      if (was || this.attempt === 0) this.emit("down", {});
      if (this.closedByUs) return;
      // Backoff: 0.5 s, 1 s, 2 s ... up to 10 s, with jitter so a restarted server is not
      // hit by every client in the same instant.
      const delay = Math.min(10000, 500 * 2 ** this.attempt) * (0.75 + Math.random() * 0.5);
      this.attempt += 1;
      clearTimeout(this.timer);
      this.timer = setTimeout(() => this.connect(), delay);
    };
    ws.onerror = () => { /* onclose follows */ };
  }

  /** Drop the socket and connect again at once (after logging in or out). */
  restart() {
    this.attempt = 0;
    clearTimeout(this.timer); // a reconnect already scheduled would open a second socket
    if (this.ws) {
      const old = this.ws;
      this.ws = null;
      this.ready = false;
      old.onclose = null;
      old.close();
    }
    this.connect();
  }

  /** Send a message (an id is added if absent); return the id. */
  send(msg) {
    if (msg.id === undefined && msg.type !== "hello") msg = { ...msg, id: this.nextId++ };
    if (this.ready && this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
    } else {
      this.queue.push(msg);
    }
    return msg.id;
  }

  ping() {
    if (!this.ready) return;
    this.pingAt = Date.now();
    this.send({ type: "ping" });
  }

  /** Return the server's clock in Unix seconds (as last measured by ping). */
  now() {
    return Date.now() / 1000 + this.clockOffset;
  }
}
