// The table page: renders a table snapshot/state (docs/protocol.md §4.3-4.4) from the seat's
// observation, turns legal action texts into controls, and sends intents.  This module holds
// the view's state and message handling; the parts of the page are drawn by seats.js,
// center.js, controls.js and side.js from the keys every game's observation shares, and the
// game's own parts by its renderer (renderer.js; thousand.js, debertz.js, tertz.js).
import { t } from "../i18n.js";
import { beep } from "../sound.js";
import { h, mount, toast } from "../ui.js";
import { displayName } from "../words.js";
import { fetchMeta, rulesLine } from "../rules.js";
import { renderCenter } from "./center.js";
import { hintEl } from "./hint.js";
import { renderControls, renderHand } from "./controls.js";
import { wholeState } from "./patch.js";
import { loadedRenderer, loadRenderer, rendererName } from "./renderer.js";
import { PLACES, renderSeats } from "./seats.js";
import { renderOver, renderSide } from "./side.js";
import { closeSummary, noticeSummary, renderSummary } from "./summary.js";
import { noteBanks, tickBanks } from "./timebank.js";

// Where each other seat sits, by number of players and seat distance from the viewer.
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"] };

export class TableView {
  constructor(conn, root, tableId, { invite = null, how = "resync", fillBots = null,
    me = null } = {}) {
    this.conn = conn;
    this.me = me; // our user name: Play now's "your seat from the next deal" (info.claims)
    this.root = root;
    this.id = tableId;
    this.invite = invite;
    this.how = how; // "join" | "watch" | "resync"
    this.fillBots = fillBots; // a bot level: fill the empty seats once we sit down
    this.info = null; // set together with this.renderer, the game's (see onSnapshot)
    this.renderer = null;
    this.waiting = null; // table messages that came while the game's renderer loads
    this.seat = null;
    this.version = 0;
    this.state = null;
    this.obs = null; // the observation (every game gives the shared keys in one shape)
    this.legal = [];
    this.toAct = null;
    this.deadline = null;
    this.chat = [];
    this.over = null;
    this.sent = false;
    this.giveTarget = null;
    this.choice = null; // card whose options (marriage or not) are being offered
    this.showLast = false;
    this.collect = null;
    this.tab = "sheet";
    this.offs = [];
    this.connected = conn.ready;
    this.timer = setInterval(() => this.tickClock(), 250);
    this.keyHandler = (ev) => this.onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
    this.subscribe();
    this.render();
    if (conn.ready) this.attach();
  }

  destroy() {
    this.destroyed = true;
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.keyHandler);
    for (const off of this.offs) off();
  }

  subscribe() {
    const mine = (f) => (msg) => { if (!msg.table || msg.table === this.id ||
      (msg.table && msg.table.id === this.id)) this.inOrder(() => f(msg)); };
    this.offs.push(
      this.conn.on("open", () => { this.connected = true; this.attach(); }),
      this.conn.on("down", () => { this.connected = false; this.render(); }),
      this.conn.on("table", mine((m) => this.onSnapshot(m))),
      this.conn.on("state", mine((m) => this.onState(m))),
      this.conn.on("chat", mine((m) => this.onChat(m))),
      this.conn.on("over", mine((m) => this.onOver(m))),
      this.conn.on("left", mine(() => { location.hash = "#/lobby"; })),
      this.conn.on("error", (m) => this.inOrder(() => this.onError(m))),
    );
  }

  /** Handle a table message now, or after the renderer being loaded (keeping their order). */
  inOrder(f) {
    if (this.waiting) this.waiting.push(f);
    else f();
  }

  /** (Re)attach to the table after every handshake: the first time as asked, then resync. */
  attach() {
    const inv = this.invite ? { invite: this.invite } : {};
    if (this.how === "join") this.conn.send({ type: "join", table: this.id, ...inv });
    else if (this.how === "watch") this.conn.send({ type: "watch", table: this.id, ...inv });
    else this.resyncId = this.conn.send({ type: "resync", table: this.id, version: this.version });
    this.how = "resync";
  }

  onError(m) {
    this.sent = false;
    if (m.re !== undefined && m.re === this.resyncId && (m.code === "not_seated" ||
      (m.code === "unknown_table" && this.invite))) {
      // Not a player here (or a private table, whose resync needs no invite for players
      // only): look on as a spectator, with the invite if the link had one.
      this.resyncId = null;
      const inv = this.invite ? { invite: this.invite } : {};
      this.conn.send({ type: "watch", table: this.id, ...inv });
      return;
    }
    if (m.code === "stale_state") {
      this.conn.send({ type: "resync", table: this.id, version: this.version });
      return;
    }
    if (m.code === "unknown_table" && !this.info) {
      mount(this.root, h("p.error", t("error.generic", { msg: m.message || m.code })));
      return;
    }
    beep("error");
    toast(m.message || m.code, "error");
    this.render();
  }

  onSnapshot(m) {
    const name = rendererName(m.table);
    if (!this.renderer || this.renderer.name !== name) {
      const ready = loadedRenderer(name);
      if (!ready) {
        // The first snapshot of a game: load its renderer, hold the messages meanwhile.
        this.waiting = [() => this.onSnapshot(m)];
        loadRenderer(name).then(() => {
          const held = this.waiting;
          this.waiting = null;
          if (!this.destroyed) for (const f of held) f();
        });
        return;
      }
      this.renderer = ready;
    }
    this.info = m.table;
    this.patchResync = false;
    // A snapshot is the table as it is now, whatever we held (after a server restart the
    // table's versions start again, above ours or not): take its version as ours.
    if (typeof m.version === "number") this.version = m.version;
    this.seat = m.seat ?? null;
    if (m.chat) this.chat = m.chat.slice();
    if (m.table && m.table.status !== "over") {
      this.over = null;
      this.hideOver = false;
    }
    if (this.fillBots && this.seat !== null && m.table.status === "waiting") {
      for (const s of m.table.seats) {
        if (s.kind === "empty") {
          this.conn.send({ type: "add_bot", table: this.id, seat: s.seat, level: this.fillBots });
        }
      }
      this.fillBots = null;
    }
    this.applyState(m);
  }

  onState(msg) {
    if (!this.renderer) return; // no snapshot yet: the one to come carries the state
    if (typeof msg.version === "number" && msg.version < this.version) return; // stale
    const m = wholeState(msg, this.obs, this.state);
    if (!m) { // a patch of an observation we do not hold: the snapshot to come has it
      if (!this.patchResync) {
        this.patchResync = true;
        this.conn.send({ type: "resync", table: this.id, version: this.version });
      }
      return;
    }
    if (m.seat !== undefined) this.seat = m.seat;
    this.applyState(m);
  }

  applyState(m) {
    // Versions grow by one per table event (state ids restart with a rematch): an older
    // event than one already shown is stale.
    if (typeof m.version === "number") {
      if (m.version < this.version) return;
      this.version = m.version;
    }
    const before = this.obs;
    this.state = m.state ?? this.state;
    this.obs = m.obs ?? null;
    this.legal = m.legal || [];
    this.notes = m.notes || {}; // what the choices mean: a write-off's cost, a redeal's reason
    this.trickPoints = m.trick_points ?? null; // the server's count of our side's tricks
    this.toAct = m.to_act ?? null;
    this.deadline = m.deadline ?? null;
    noteBanks(this, m); // the seats' time banks (table/timebank.js)
    this.sent = false;
    this.choice = null;
    this.noticeChanges(before, this.obs);
    noticeSummary(this, m, !this.summarySeen); // a deal just ended: its summary on the felt
    this.summarySeen = true;
    if (this.legal.length && this.toAct === this.seat) beep("turn");
    this.render();
  }

  onChat(m) {
    if (typeof m.version === "number") this.version = Math.max(this.version, m.version);
    this.chat.push(m.line);
    if (this.chat.length > 100) this.chat.shift();
    this.renderSide();
  }

  onOver(m) {
    if (typeof m.version === "number") this.version = Math.max(this.version, m.version);
    this.over = m;
    this.hideOver = false;
    beep("win");
    this.render();
  }

  /** Spot a finished trick (to animate it to its winner) and new cards (for a sound). */
  noticeChanges(before, after) {
    if (!after) return;
    const key = (lt) => (lt ? JSON.stringify(lt.cards) : "");
    const lt = after.last_trick;
    if (before && before.deal_index !== after.deal_index) {
      // A new deal: nothing of the last one stays on the felt.
      this.collect = null;
      this.announce = null;
      this.showLast = false;
    }
    if (before && key(lt) && key(lt) !== key(before.last_trick) && !after.trick.length) {
      // The deal the trick belongs to (the index moves on as soon as a deal ends).
      this.collect = { cards: lt.cards, winner: lt.winner, deal: before.deal_index };
      beep("trick");
      clearTimeout(this.collectTimer);
      this.collectTimer = setTimeout(() => { this.collect = null; this.renderCenter(); }, 1300);
    } else if (before && after.trick.length > before.trick.length) {
      beep("card");
    }
    // Something the game announces in big letters for a moment (Thousand: a marriage).
    const a = before && before.deal_index === after.deal_index
      ? this.renderer.announce(before, after) : null;
    if (a) {
      this.announce = a;
      clearTimeout(this.announceTimer);
      this.announceTimer = setTimeout(() => { this.announce = null; this.renderCenter(); }, 2200);
    }
  }

  // -- helpers -------------------------------------------------------------------------------
  names() {
    return this.info ? this.info.seats.map((s) => s.name) : [];
  }

  n() {
    return (this.obs && this.obs.players) || (this.info ? this.info.players : 3);
  }

  viewer() {
    return this.seat ?? 0;
  }

  pos(seat) {
    const n = this.n();
    return (POSITIONS[n] || POSITIONS[3])[(seat - this.viewer() + n) % n];
  }

  myTurn() {
    const mine = this.seat !== null && this.info && this.info.seats
      ? this.info.seats[this.seat] : null;
    return this.seat !== null && this.toAct === this.seat && this.legal.length > 0 &&
      !(mine && mine.auto);
  }

  send(action) {
    if (this.sent) return;
    this.sent = true;
    closeSummary(this); // acting in the new deal puts the last one's summary away
    this.conn.send({ type: "intent", table: this.id, state: this.state, action });
    this.renderControls();
  }

  // -- rendering -----------------------------------------------------------------------------
  render() {
    if (!this.info) {
      mount(this.root, h("p.muted.loading", this.connected ? "…" : t("table.reconnecting")));
      return;
    }
    if (!this.dom) this.build();
    // Re-rendering replaces the buttons: keep the keyboard focus on the same card or choice.
    const focus = this.focusKey();
    this.renderBanner();
    this.renderSeats();
    this.renderCenter();
    this.renderInfo();
    this.renderControls();
    this.renderHand();
    this.renderSide();
    this.renderOver();
    renderSummary(this);
    this.restoreFocus(focus);
  }

  renderSeats() { renderSeats(this); }

  renderCenter() { renderCenter(this); }

  renderControls() { renderControls(this); }

  renderHand() { renderHand(this); }

  renderSide() { renderSide(this); }

  renderOver() { renderOver(this); }

  focusKey() {
    const a = document.activeElement;
    if (!a || !this.dom || !this.root.contains(a)) return null;
    const inPlay = this.dom.hand.contains(a) || this.dom.controls.contains(a);
    let sel = null;
    if (a.dataset.card && this.dom.hand.contains(a)) sel = `.hand [data-card="${a.dataset.card}"]`;
    else if (a.dataset.action) sel = `.controls [data-action="${a.dataset.action}"]`;
    else if (a.dataset.tab) sel = `.tab[data-tab="${a.dataset.tab}"]`;
    return sel || inPlay ? { sel, inPlay } : null;
  }

  restoreFocus(key) {
    if (!key || (document.activeElement && document.activeElement !== document.body &&
      this.root.contains(document.activeElement))) return;
    let el = key.sel ? this.root.querySelector(key.sel) : null;
    if ((!el || el.disabled) && key.inPlay) {
      el = this.root.querySelector(".hand .card.legal:not([disabled])") ||
        this.root.querySelector(".controls button.act:not([disabled])") || this.dom.hand;
    }
    if (el && !el.disabled) el.focus({ preventScroll: true });
  }

  build() {
    const d = {};
    d.banner = h("div.banner", { role: "status", "aria-live": "polite" });
    d.seats = {};
    for (const p of PLACES) d.seats[p] = h(`div.seat.pos-${p}`);
    d.center = h("div.center");
    d.info = h("div.table-info");
    d.controls = h("div.controls", { role: "group", "aria-label": t("table.your_turn") });
    d.hand = h("div.hand", { role: "group", tabindex: "-1" });
    d.over = h("div.over-box");
    d.summary = h("div.deal-summary", { hidden: true, "aria-live": "polite" });
    d.felt = h("div.felt", d.seats.top, d.seats.left, d.center, d.summary, d.seats.right,
      d.info, h("div.me-area", d.seats.bottom, d.controls, d.hand));
    d.side = h("aside.side");
    mount(this.root, h("section.table-page", d.banner, h("div.table-main", d.felt, d.side),
      d.over));
    this.dom = d;
  }

  renderBanner() {
    const d = this.dom;
    let text = "";
    let cls = "banner";
    if (!this.connected) {
      text = t("table.reconnecting");
      cls += " warn";
    } else if (this.info.status === "waiting") {
      text = t("table.start_waiting");
    } else if (this.myTurn()) {
      text = t("table.your_turn");
      cls += " turn";
    } else if (this.toAct !== null && this.toAct !== undefined) {
      text = t("table.turn_of", { name: displayName(this.names()[this.toAct], this.toAct) });
    }
    if (this.seat === null && this.connected) {
      text = text ? `${t("table.spectating")} · ${text}` : t("table.spectating");
    }
    const mine = this.seat !== null && this.info.seats ? this.info.seats[this.seat] : null;
    const auto = !!(mine && mine.auto && this.info.status === "playing");
    // Touch the DOM only on a change, so the button stays put while bots play on.
    const sig = JSON.stringify([auto ? "" : text, auto ? "" : cls, auto,
      document.documentElement.lang]);
    if (sig === this.bannerSig) return;
    this.bannerSig = sig;
    d.banner.className = cls;
    d.banner.textContent = text;
    if (auto) {
      // A bot is playing for us (the clock ran out, or we were away): take the seat back.
      d.banner.className = "banner warn";
      d.banner.textContent = `${t("table.bot_plays")} `;
      d.banner.appendChild(h("button.back", { type: "button", onclick: () =>
        this.conn.send({ type: "back", table: this.id }) }, t("table.back")));
    }
  }

  /** Draw the info panel: phase and deal, then the game's lines (trump, contract ...). */
  renderInfo() {
    const o = this.obs;
    const box = this.dom.info;
    mount(box);
    if (!o) {
      if (this.info) {
        if (!this.meta) {  // the options' words come with the schema: the line in English
          this.meta = { games: {} };  // until it is here, then in the page's language
          fetchMeta().then((m) => {
            this.meta = m;
            this.renderInfo();
            if (this.tab === "rules") this.renderSide();
          }, () => {});
        }
        const gameMeta = this.meta && this.meta.games && this.meta.games[this.info.game];
        box.appendChild(h("div.rules-line", rulesLine(gameMeta, this.info.rules,
          this.info.describe || "")));
      }
      return;
    }
    box.append(h("div.phase", t(`phase.${o.is_over ? "over" : o.phase}`),
      o.deal_index !== undefined ? h("span.muted", ` · ${t("table.deal_n",
        { n: o.deal_index + 1 })}`) : null), ...this.renderer.infoItems(this).filter(Boolean));
    // Play now: we take a quick-play bot's seat when this deal ends (TableInfo claims)
    const claim = (this.info.claims || []).find((c) => this.seat === null && c.name === this.me);
    if (claim) {
      box.appendChild(h("div.claim-next", t("table.claim_next", {
        name: displayName(this.info.seats[claim.seat].name, claim.seat) })));
    }
    const counter = this.counterEl();
    if (counter) box.appendChild(counter);
    const hint = hintEl(this); // a practice table's hint, on our turn (table/hint.js)
    if (hint) box.appendChild(hint);
  }

  /**
   * Return the card-point counter of our side's tricks (the server's `trick_points`), or a
   * switch to show it: on by default at a practice table, off at a rated one.
   */
  counterEl() {
    const o = this.obs;
    if (typeof this.trickPoints !== "number" || !o || !(o.phase === "play" || o.trick.length ||
      (o.tricks_won || []).some((x) => x))) return null;
    const on = this.pointsOn ?? !!(this.info && this.info.hints);
    const flip = () => { this.pointsOn = !on; this.renderInfo(); };
    return h("button.points-counter", { type: "button", "aria-pressed": on ? "true" : "false",
      title: t("create.card_points"), onclick: flip },
    on ? t("table.card_points", { n: this.trickPoints }) : "\u03a3");
  }

  tickClock() {
    if (!this.dom) return;
    tickBanks(this);
    for (const span of this.root.querySelectorAll(".seat .clock")) {
      const s = Number(span.dataset.seat);
      // (at a table with a time bank and no move clock the bank's own time shows it)
      if (this.deadline && this.toAct === s && (!this.banks || (this.info && this.info.clock))) {
        let left = Math.max(0, Math.ceil(this.deadline - this.conn.now()));
        if (!this.banks && this.info && this.info.clock) left = Math.min(left, this.info.clock);
        span.textContent = t("table.clock", { s: left });
        span.classList.toggle("low", left <= 5);
      } else {
        span.textContent = "";
      }
    }
  }

  onKey(ev) {
    if (!this.dom || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
    if (/^[1-9]$/.test(ev.key)) {
      const b = this.dom.controls.querySelector(`button[data-key="${ev.key}"]`);
      if (b && !b.disabled) {
        ev.preventDefault();
        b.click();
      }
    } else if (ev.key === "Escape" && this.choice) {
      this.choice = null;
      this.renderControls();
      this.renderHand();
    }
  }
}
