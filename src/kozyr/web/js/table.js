// The table page: renders a table snapshot/state (docs/protocol.md §4.3-4.4) from the seat's
// observation, turns legal action texts into controls, and sends intents.
import { parseCards, sortHand, suitIcon } from "./cards.js";
import { t } from "./i18n.js";
import { activeCards, quickAmounts, range, readLegal } from "./legal.js";
import { beep } from "./sound.js";
import { h, mount, toast } from "./ui.js";
import { actionWords, backEl, cardEl, cardInline, displayName, sheetTable } from "./words.js";

const DEFAULT_MARRIAGES = { H: 100, D: 80, C: 60, S: 40 };
// Where each other seat sits, by number of players and seat distance from the viewer.
const POSITIONS = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"],
  4: ["bottom", "left", "top", "right"] };

export class TableView {
  constructor(conn, root, tableId, { invite = null, how = "resync", fillBots = null } = {}) {
    this.conn = conn;
    this.root = root;
    this.id = tableId;
    this.invite = invite;
    this.how = how; // "join" | "watch" | "resync"
    this.fillBots = fillBots; // a bot level: fill the empty seats once we sit down
    this.info = null;
    this.seat = null;
    this.version = 0;
    this.state = null;
    this.obs = null;
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
    clearInterval(this.timer);
    document.removeEventListener("keydown", this.keyHandler);
    for (const off of this.offs) off();
  }

  subscribe() {
    const mine = (f) => (msg) => { if (!msg.table || msg.table === this.id ||
      (msg.table && msg.table.id === this.id)) f(msg); };
    this.offs.push(
      this.conn.on("open", () => { this.connected = true; this.attach(); }),
      this.conn.on("down", () => { this.connected = false; this.render(); }),
      this.conn.on("table", mine((m) => this.onSnapshot(m))),
      this.conn.on("state", mine((m) => this.onState(m))),
      this.conn.on("chat", mine((m) => this.onChat(m))),
      this.conn.on("over", mine((m) => this.onOver(m))),
      this.conn.on("left", mine(() => { location.hash = "#/lobby"; })),
      this.conn.on("error", (m) => this.onError(m)),
    );
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
    this.info = m.table;
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

  onState(m) {
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
    this.toAct = m.to_act ?? null;
    this.deadline = m.deadline ?? null;
    this.sent = false;
    this.choice = null;
    this.noticeChanges(before, this.obs);
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
    const key = (lt) => (lt && lt.cards ? JSON.stringify(lt.cards) : "");
    const lt = after.last_trick;
    if (before && key(lt) && key(lt) !== key(before.last_trick) && !(after.trick || []).length) {
      this.collect = { cards: lt.cards, winner: lt.winner, leader: lt.leader };
      beep("trick");
      clearTimeout(this.collectTimer);
      this.collectTimer = setTimeout(() => { this.collect = null; this.renderCenter(); }, 1300);
    } else if (before && (after.trick || []).length > (before.trick || []).length) {
      beep("card");
    }
    // A declared marriage (and with it a new trump) is announced in big letters for a moment.
    const mb = (before && before.marriages) || [];
    const ma = after.marriages || [];
    if (before && ma.length > mb.length && before.deal_index === after.deal_index) {
      const [seat, suit] = ma[ma.length - 1];
      this.announce = { seat, suit };
      clearTimeout(this.announceTimer);
      this.announceTimer = setTimeout(() => { this.announce = null; this.renderCenter(); }, 2200);
    }
  }

  // -- helpers -------------------------------------------------------------------------------
  names() {
    if (this.info) return this.info.seats.map((s) => s.name);
    if (this.obs && Array.isArray(this.obs.players)) return this.obs.players;
    return [];
  }

  n() {
    const p = this.obs && this.obs.players;
    return (Array.isArray(p) ? p.length : typeof p === "number" ? p : null) ||
      (this.info ? this.info.players : 3);
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
    this.conn.send({ type: "intent", table: this.id, state: this.state, action });
    this.renderControls();
  }

  marriageValue(suit) {
    const mv = (this.obs && this.obs.rules && this.obs.rules.marriage_values) ||
      (this.info && this.info.rules && this.info.rules.marriage_values) || DEFAULT_MARRIAGES;
    return mv[suit] ?? DEFAULT_MARRIAGES[suit] ?? "";
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
    this.restoreFocus(focus);
  }

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
    for (const p of ["top", "left", "right", "bottom"]) d.seats[p] = h(`div.seat.pos-${p}`);
    d.center = h("div.center");
    d.info = h("div.table-info");
    d.controls = h("div.controls", { role: "group", "aria-label": t("table.your_turn") });
    d.hand = h("div.hand", { role: "group", tabindex: "-1" });
    d.over = h("div.over-box");
    d.felt = h("div.felt", d.seats.top, d.seats.left, d.center, d.seats.right, d.info,
      h("div.me-area", d.seats.bottom, d.controls, d.hand));
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

  renderSeats() {
    const n = this.n();
    const o = this.obs || {};
    const names = this.names();
    for (const p of ["top", "left", "right", "bottom"]) {
      mount(this.dom.seats[p]);
      this.dom.seats[p].hidden = true;
    }
    for (let s = 0; s < n; s++) {
      const box = this.dom.seats[this.pos(s)];
      box.hidden = false;
      const seatInfo = (this.info.seats || [])[s] || {};
      box.classList.toggle("to-act", this.toAct === s);
      box.dataset.seat = String(s);
      if (seatInfo.kind === "empty" || (!names[s] && this.info.status === "waiting")) {
        box.appendChild(this.emptySeat(s));
        continue;
      }
      const badges = [];
      if (o.dealer === s) badges.push(h("span.badge.dealer", { title: t("table.dealer") }, "D"));
      if (o.declarer === s) badges.push(h("span.badge.declarer", t("table.declarer")));
      if (seatFlag(o.passed, s, n) && o.phase === "bidding") {
        badges.push(h("span.badge.passed", t("table.passed")));
      }
      if (seatFlag(o.barrel, s, n)) badges.push(h("span.badge.barrel", t("term.barrel")));
      const bolts = Array.isArray(o.bolts) ? o.bolts[s] : 0;
      if (bolts) badges.push(h("span.badge.bolt", `${t("term.bolt")} ×${bolts}`));
      if (seatInfo.connected === false && seatInfo.kind === "human") {
        badges.push(h("span.badge.away", t("table.away")));
      }
      if (seatInfo.auto) badges.push(h("span.badge.auto", "bot"));
      const total = Array.isArray(o.totals) ? o.totals[s] : null;
      const head = h("div.seat-head",
        h("span.name", displayName(names[s], s) + (s === this.seat ? ` (${t("table.you")})` : "")),
        total !== null ? h("span.score", String(total)) : null,
        h("span.clock", { dataset: { seat: String(s) } }));
      if (o.sitting_out === s) badges.push(h("span.badge.out", t("table.sits_out")));
      if (seatFlag(o.bella, s, n)) badges.push(h("span.badge.bella", t("act.bella")));
      const bubble = this.lastWords(s);
      box.append(head, h("div.badges", badges));
      const melds = this.meldsOf(s);
      if (melds) box.appendChild(melds);
      if (bubble) box.appendChild(h("div.bubble", bubble));
      if (s !== this.seat) {
        const count = Array.isArray(o.hand_sizes) ? o.hand_sizes[s] : 0;
        const backs = h("div.backs", { "aria-label": `${count}` });
        for (let i = 0; i < count; i++) backs.appendChild(backEl("small"));
        box.appendChild(backs);
      }
      const tricks = Array.isArray(o.tricks_won) ? o.tricks_won[s] : null;
      if (tricks !== null && tricks !== undefined && o.phase === "play") {
        box.appendChild(h("div.tricks", t("table.tricks", { n: Array.isArray(tricks)
          ? tricks.length : tricks })));
      }
    }
  }

  emptySeat(s) {
    const canAct = this.info.status === "waiting";
    const level = h("select.bot-level", { "aria-label": t("create.bot_level") },
      ["easy", "normal", "hard"].map((l) => h("option", { value: l, selected: l === "normal"
        ? "" : null }, l)));
    return h("div.empty-seat",
      h("span.name", t("table.seat_empty")),
      canAct && this.seat === null ? h("button.sit", { type: "button", onclick: () =>
        this.conn.send({ type: "join", table: this.id, seat: s,
          ...(this.invite ? { invite: this.invite } : {}) }) }, t("table.sit")) : null,
      canAct ? h("span.add-bot", level, h("button.add-bot-btn", { type: "button", onclick: () =>
        this.conn.send({ type: "add_bot", table: this.id, seat: s, level: level.value }) },
      t("table.add_bot"))) : null);
  }

  /** Return what seat `s` last said in this deal's bidding (as a speech bubble), or null. */
  lastWords(s) {
    const o = this.obs;
    if (!o || !Array.isArray(o.history) || !["bidding", "redeal", "talon", "contract"]
      .includes(o.phase)) return null;
    for (let i = o.history.length - 1; i >= 0; i--) {
      const [who, text] = o.history[i];
      if (who !== s) continue;
      const w = String(text).split(" ");
      if (w[0] === "bid") return w[1];
      if (w[0] === "pass") return t("act.pass");
      if (w[0] === "contract") return `${t("table.contract")} ${w[1]}`;
      return null;
    }
    if (o.phase === "bidding" && o.high_bidder === s && o.bid) return String(o.bid);
    return null;
  }

  renderCenter() {
    const o = this.obs;
    const c = this.dom.center;
    // Re-draw only when what the middle shows has changed, so animations run once.
    const sig = JSON.stringify(o ? [o.deal_index, o.phase, o.trick, o.talon, o.turned,
      o.stock_size, o.received, o.last_trick, this.collect, this.announce, this.showLast,
      o.talon_piles, o.discards, this.myTurn() && this.legal, this.sent,
      document.documentElement.lang] : [this.info && this.info.status, this.invite]);
    if (sig === this.centerSig) return;
    this.centerSig = sig;
    const hadFocus = c.contains(document.activeElement);
    mount(c);
    if (!o) {
      if (this.info && this.info.status === "waiting") c.appendChild(this.waitingEl());
      return;
    }
    const lt = o.last_trick;
    if (this.showLast && lt && lt.cards && lt.cards.length) {
      c.appendChild(h("div.center-label", t("table.last_trick")));
      c.appendChild(this.trickEl(lt.cards, "last", lt.winner, lt.leader));
    } else if ((o.trick || []).length) {
      c.appendChild(this.trickEl(o.trick, "", null, o.leader));
    } else if (this.collect) {
      c.appendChild(this.trickEl(this.collect.cards, "collect", this.collect.winner,
        this.collect.leader));
    } else if (o.turned || (o.stock_size && o.phase !== "play")) {
      // Debertz / Tertz: the stock with the turned card under it.
      c.appendChild(this.stockEl(o));
    } else if (Array.isArray(o.talon_piles) && o.phase !== "play") {
      // Two players: two piles of two, face down until the declarer takes one.
      c.appendChild(this.pilesEl(o));
    } else if (o.phase !== "play") {
      // The talon: face up once shown, else face down.
      const shown = parseCards(o.talon);
      if (shown.length) {
        c.appendChild(h("div.talon", h("div.center-label", t("table.talon")),
          h("div.card-row", shown.map((x) => cardEl(x)))));
      } else if (o.phase === "bidding" || o.phase === "redeal") {
        const piles = Array.isArray(o.talon_piles) ? o.talon_piles : null;
        const count = piles ? piles.reduce((a, p) => a + (Number(p) || parseCards(p).length),
          0) : 3;
        c.appendChild(h("div.talon", h("div.center-label", t("table.talon")),
          h("div.card-row", Array.from({ length: count }, () => backEl()))));
      }
      if (o.phase === "talon" || o.phase === "contract") {
        const rec = parseCards(o.received);
        if (rec.length) c.appendChild(h("div.received", cardRow(rec)));
      }
    }
    if (this.announce) c.appendChild(this.announceEl());
    if (lt && lt.cards && lt.cards.length && o.phase === "play") {
      c.appendChild(h("button.show-last", { type: "button", "aria-pressed": this.showLast
        ? "true" : "false", onclick: () => { this.showLast = !this.showLast;
        this.renderCenter(); } }, this.showLast ? t("table.hide_last") : t("table.show_last")));
      if (hadFocus) c.querySelector(".show-last").focus({ preventScroll: true });
    }
    if (!(o.trick || []).length) this.shownTrick = new Set();
  }

  pilesEl(o) {
    const takes = new Set(this.myTurn() ? readLegal(this.legal).takes : []);
    const piles = o.talon_piles.map((pile, i) => {
      const cards = parseCards(pile);
      const face = cards.length ? cards.map((x) => cardEl(x))
        : [backEl(), backEl()];
      const label = h("div.center-label", `${t("table.talon")} ${i + 1}`);
      if (takes.has(i)) {
        return h("button.pile.act-pile", { type: "button", dataset: { action: `take ${i}` },
          "aria-label": t("act.take", { n: i + 1 }), disabled: this.sent || null,
          onclick: () => this.send(`take ${i}`) }, label, h("div.card-row", face));
      }
      return h("div.pile", label, h("div.card-row", face));
    });
    const discards = parseCards(o.discards);
    return h("div.piles", h("div.pile-row", piles), discards.length
      ? h("div.discards", h("div.center-label", t("table.discarded")),
        h("div.card-row", discards.map((x) => cardEl(x, { cls: "small" })))) : null);
  }

  inviteUrl() {
    return this.info && this.info.private && this.invite
      ? `${location.origin}/#/table/${this.id}?invite=${encodeURIComponent(this.invite)}` : null;
  }

  waitingEl() {
    const url = this.inviteUrl();
    const field = url ? h("input.invite-url", { type: "text", readonly: true, value: url,
      "aria-label": t("table.invite") }) : null;
    return h("div.waiting", h("div.waiting-title", t("table.start_waiting")),
      url ? h("div.invite", h("label", t("table.invite")), field,
        h("button", { type: "button", onclick: () => {
          field.select();
          if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
          toast(t("table.copied"));
        } }, t("table.copy"))) : null);
  }

  stockEl(o) {
    const count = Number(o.stock_size) || 0;
    return h("div.stock", h("div.center-label", `${t("table.stock")}: ${count}`),
      h("div.card-row", o.turned ? cardEl(o.turned, { cls: "turned" }) : null,
        count ? h("div.stock-pile", Array.from({ length: Math.min(count, 4) }, () =>
          backEl())) : null));
  }

  /** Return the declared melds/combinations of seat `s` (Debertz, Tertz) as DOM, or null. */
  meldsOf(s) {
    const o = this.obs || {};
    let items = [];
    if (Array.isArray(o.combinations) && Array.isArray(o.combinations[s])) {
      items = o.combinations[s];
    } else if (Array.isArray(o.melds)) {
      for (const m of o.melds) {
        if (Array.isArray(m) && m[0] === s) items.push(m.length === 2 ? m[1] : m.slice(1));
        else if (m && typeof m === "object" && m.seat === s) items.push(m);
      }
    }
    if (!items.length) return null;
    return h("div.melds", items.map((m) => {
      const cards = typeof m === "string" ? m : Array.isArray(m) ? m.join(" ")
        : (m.cards || "");
      const label = m && typeof m === "object" && !Array.isArray(m)
        ? `${m.kind || ""} ${m.value ?? ""}`.trim() : "";
      return h("div.meld", label ? h("span.meld-label", label + " ") : null,
        String(cards).split(/\s+/).filter((x) => x.length === 2).map((c) => cardInline(c)));
    }));
  }

  /** Return a trick as [[seat, card]...]; Tertz sends plain cards in order from `leader`. */
  pairs(cards, leader) {
    return (cards || []).map((e, i) => (Array.isArray(e) ? e
      : [((leader ?? 0) + i) % this.n(), e]));
  }

  announceEl() {
    const a = this.announce;
    return h("div.announce", { role: "status" },
      h("div.announce-who", displayName(this.names()[a.seat], a.seat)),
      h("div.announce-what", `${t("term.marriage")} `, suitIcon(a.suit, "suit-icon big"),
        ` ${this.marriageValue(a.suit)}`),
      h("div.announce-trump", `${t("table.trump")}: ${t(`suit.${a.suit}`)}`));
  }

  trickEl(cards, cls, winner, leader = null) {
    const box = h(`div.trick${cls ? "." + cls : ""}`);
    if (winner !== null && winner !== undefined) box.dataset.winner = this.pos(winner);
    if (!this.shownTrick) this.shownTrick = new Set();
    this.pairs(cards, leader).forEach(([seat, card], i) => {
      // Only a card new to this trick flies in from its player.
      const fresh = cls === "" && !this.shownTrick.has(card);
      if (cls === "") this.shownTrick.add(card);
      const node = cardEl(card, { cls: `in-trick from-${this.pos(seat)}${fresh ? " fresh" : ""}` });
      node.style.setProperty("--i", String(i));
      box.appendChild(node);
    });
    return box;
  }

  renderInfo() {
    const o = this.obs;
    const box = this.dom.info;
    mount(box);
    if (!o) {
      if (this.info) box.appendChild(h("div.rules-line", this.info.describe || ""));
      return;
    }
    const items = [];
    items.push(h("div.phase", t(`phase.${o.is_over ? "over" : o.phase}`),
      o.deal_index !== undefined ? h("span.muted", ` · ${t("table.deal_n",
        { n: o.deal_index + 1 })}`) : null));
    if (o.contract) {
      items.push(h("div.contract", `${t("table.contract")}: ${o.contract}`,
        o.declarer !== null && o.declarer !== undefined
          ? ` (${displayName(this.names()[o.declarer], o.declarer)})` : ""));
    } else if (o.bid) {
      items.push(h("div.bidline", `${t("table.bid")}: ${o.bid}`,
        o.high_bidder !== null && o.high_bidder !== undefined
          ? ` (${displayName(this.names()[o.high_bidder], o.high_bidder)})` : ""));
    }
    if (o.phase === "play" || o.trump) {
      items.push(o.trump
        ? h("div.trump", { dataset: { suit: o.trump } }, `${t("table.trump")}: `,
          suitIcon(o.trump, "suit-icon big"))
        : h("div.trump.none", t("table.no_trump")));
    }
    if (o.phase === "play" && o.stock_size) {
      items.push(h("div.stockline", `${t("table.stock")}: ${o.stock_size}`,
        o.turned ? h("span", " · ", cardInline(o.turned)) : null));
    }
    if (o.pot) items.push(h("div.pot", `${t("table.pot")}: ${o.pot}`));
    if (Array.isArray(o.marriages) && o.marriages.length) {
      items.push(h("div.marriages", `${t("term.marriage")}: `, o.marriages.map(([s, suit]) =>
        h("span.marriage", displayName(this.names()[s], s), " ", suitIcon(suit),
          ` ${this.marriageValue(suit)}`))));
    }
    box.append(...items);
  }

  renderControls() {
    const box = this.dom.controls;
    mount(box);
    if (this.over || !this.obs) {
      return;
    }
    if (!this.myTurn()) return;
    const info = readLegal(this.legal);
    const buttons = [];
    const btn = (label, action, cls = "") => h(`button.act${cls ? "." + cls : ""}`,
      { type: "button", dataset: { action }, disabled: this.sent || null,
        onclick: () => this.send(action) }, label);
    if (this.choice && info.cards.has(this.choice)) {
      for (const opt of info.cards.get(this.choice)) {
        const label = opt.marriage ? t("act.marriage", { n: this.marriageValue(this.choice[1]) })
          : opt.bella ? t("act.bella") : t("act.plain");
        buttons.push(btn(label, opt.text, opt.marriage ? "primary" : ""));
      }
      box.append(h("div.prompt", cardInline(this.choice)), ...buttons);
      this.numberKeys(box);
      return;
    }
    const bidRange = range(info.bids);
    const conRange = range(info.contracts);
    for (const [verb, r] of [["bid", bidRange], ["contract", conRange]]) {
      if (!r) continue;
      const key = verb === "bid" ? "act.bid" : "act.contract";
      for (const v of quickAmounts(r.values)) buttons.push(btn(t(key, { n: v }), `${verb} ${v}`,
        v === r.min ? "primary" : ""));
      if (r.values.length > 5) {
        const input = h("input.amount", { type: "number", min: r.min, max: r.max, step: r.step,
          value: r.min, "aria-label": t(verb === "bid" ? "table.bid" : "table.contract") });
        const go = h("button.act.go", { type: "button", disabled: this.sent || null, onclick: () => {
          const v = Number(input.value);
          if (r.values.includes(v)) this.send(`${verb} ${v}`);
          else toast(`${r.min}…${r.max}`, "error");
        } }, "OK");
        input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go.click(); });
        buttons.push(h("span.amount-box", input, go));
      }
      buttons.push(h("span.cap", t("table.cap", { n: r.max })));
    }
    for (const p of info.takes) buttons.push(btn(t("act.take", { n: p + 1 }), `take ${p}`));
    for (const s of info.trumps) {
      buttons.push(h("button.act.trump-btn", { type: "button", dataset: { action: `trump ${s}` },
        "aria-label": t("act.trump", { s: t(`suit.${s}`) }), onclick: () => this.send(`trump ${s}`) },
      suitIcon(s), " ", t(`suit.${s}`)));
    }
    if (info.gives.size) {
      const seats = [...info.gives.keys()];
      if (!seats.includes(this.giveTarget)) {
        // Default: the next seat clockwise (to the left) that still needs a card.
        const order = seats.slice().sort((a, b) => ((a - this.seat + this.n()) % this.n()) -
          ((b - this.seat + this.n()) % this.n()));
        this.giveTarget = order[0];
      }
      const names = this.names();
      buttons.unshift(h("span.prompt", t("table.give_to", {
        name: displayName(names[this.giveTarget], this.giveTarget) })));
      if (seats.length > 1) {
        for (const s of seats) {
          buttons.push(h("button.act.target", { type: "button", "aria-pressed": s ===
            this.giveTarget ? "true" : "false", onclick: () => { this.giveTarget = s;
            this.renderControls(); this.renderHand(); } }, "→ " + displayName(names[s], s)));
        }
      }
    } else if (info.discards.size) {
      buttons.unshift(h("span.prompt", t("table.discard")));
    } else if (info.cards.size && !info.buttons.length) {
      buttons.push(h("span.prompt", t("table.choose_card")));
    }
    // Plain choices; a write-off (it ends the deal) always comes last.
    const plain = info.buttons.filter((x) => x !== "writeoff");
    if (info.buttons.includes("writeoff")) plain.push("writeoff");
    for (const text of plain) {
      const w = text.split(" ");
      const known = { pass: "act.pass", writeoff: "act.writeoff", redeal: "act.redeal",
        keep: "act.keep", blind: "act.blind", accept: "act.accept", swap7: "act.swap7",
        declare: "act.declare", bella: "act.bella" };
      buttons.push(btn(known[w[0]] ? t(known[w[0]]) : text, text,
        w[0] === "pass" ? "pass" : w[0] === "writeoff" ? "danger" : ""));
    }
    box.append(...buttons);
    this.numberKeys(box);
  }

  /** Label the choice buttons 1..9 so number keys can press them. */
  numberKeys(box) {
    let i = 1;
    for (const b of box.querySelectorAll("button.act")) {
      if (i > 9) break;
      if (b.dataset.action === "writeoff") continue; // never one key press away
      b.dataset.key = String(i);
      b.setAttribute("aria-keyshortcuts", String(i));
      b.prepend(h("kbd", String(i)));
      i += 1;
    }
  }

  renderHand() {
    const box = this.dom.hand;
    mount(box);
    const o = this.obs;
    if (!o || this.seat === null) return;
    const cards = sortHand(parseCards(o.hand), o.trump || null);
    const info = readLegal(this.myTurn() ? this.legal : []);
    const active = activeCards(info);
    const acting = this.myTurn() && active.size > 0;
    const fromTalon = new Set(["talon", "contract"].includes(o.phase) ? [...parseCards(o.talon),
      ...(Array.isArray(o.talon_piles) ? o.talon_piles.flatMap((p) => parseCards(p)) : [])] : []);
    for (const c of cards) {
      const legal = acting && active.has(c) &&
        (!info.gives.size || (info.gives.get(this.giveTarget) || new Set()).has(c) ||
          info.cards.has(c) || info.discards.has(c));
      const node = cardEl(c, {
        cls: legal ? "legal" : acting ? "illegal" : "",
        disabled: !legal || this.sent,
        onClick: () => this.clickCard(c, info),
      });
      if (this.choice === c) node.classList.add("chosen");
      if (fromTalon.has(c)) {
        node.classList.add("from-talon");
        node.title = t("table.talon");
      }
      box.appendChild(node);
    }
    box.style.setProperty("--n", String(cards.length || 1));
  }

  clickCard(card, info) {
    if (this.sent) return;
    if (info.gives.size) {
      const target = info.gives.has(this.giveTarget) ? this.giveTarget : [...info.gives.keys()][0];
      if (info.gives.get(target).has(card)) this.send(`give ${target} ${card}`);
      return;
    }
    if (info.discards.has(card)) {
      this.send(`discard ${card}`);
      return;
    }
    const opts = info.cards.get(card);
    if (!opts) return;
    if (opts.length === 1) {
      this.send(opts[0].text);
      return;
    }
    this.choice = card;
    this.renderControls();
    this.renderHand();
    const first = this.dom.controls.querySelector("button.act");
    if (first) first.focus();
  }

  renderSide() {
    if (!this.dom) return;
    const side = this.dom.side;
    const tabs = [["sheet", t("table.sheet")], ["moves", t("table.history")],
      ["chat", t("table.chat")], ["rules", t("table.rules")]];
    const bar = h("div.tabs", { role: "tablist" }, tabs.map(([k, label]) =>
      h("button.tab", { type: "button", role: "tab", "aria-selected": this.tab === k ? "true"
        : "false", dataset: { tab: k }, onclick: () => { this.tab = k; this.renderSide(); } },
      label)));
    let body;
    const names = this.names();
    if (this.tab === "sheet") {
      body = h("div.sheet-box", sheetTable((this.obs && this.obs.sheet) ||
        (this.over && this.over.sheet) || [], names));
    } else if (this.tab === "moves") {
      const hist = (this.obs && this.obs.history) || [];
      body = h("ol.moves", hist.map(([s, text]) => h("li",
        h("b", displayName(names[s], s)), " ", actionWords(text, names))));
    } else if (this.tab === "chat") {
      if (!this.chatForm) {
        const input = h("input.chat-input", { type: "text", maxlength: 300,
          "aria-label": t("table.chat") });
        const sendChat = () => {
          const text = input.value.trim();
          if (!text) return;
          this.conn.send({ type: "chat", table: this.id, text });
          input.value = "";
        };
        input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") sendChat(); });
        this.chatForm = h("div.chat-form", input, h("button", { type: "button",
          onclick: sendChat }, t("table.send")));
      }
      body = h("div.chat-box",
        h("ul.chat-lines", { "aria-live": "polite" }, this.chat.map((line) =>
          h("li", h("b", displayName(line.from)), ": ", line.text))),
        this.chatForm);
    } else {
      const inv = this.inviteUrl();
      body = h("div.rules-box", h("p", (this.info && this.info.describe) || ""),
        inv ? h("p", `${t("table.invite")}: `, h("code", inv)) : null,
        this.seat !== null ? h("button.leave", { type: "button", onclick: () => {
          // Leaving a running match hands the seat to a bot and counts as abandoned.
          if (this.info.status === "playing" && !window.confirm(t("table.leave_confirm"))) return;
          this.conn.send({ type: "leave", table: this.id });
        } }, t("table.leave")) : null);
    }
    const typing = this.chatForm && this.chatForm.contains(document.activeElement);
    mount(side, bar, body);
    if (typing) this.chatForm.querySelector("input").focus({ preventScroll: true });
    // Newest at the bottom, in view.
    const list = side.querySelector(".chat-lines, .moves");
    if (list) list.scrollTop = list.scrollHeight;
  }

  renderOver() {
    const box = this.dom.over;
    mount(box);
    let m = this.over;
    const o = this.obs;
    if (!m && o && o.is_over && this.info.status === "over") {
      // After a reload the `over` event is history: rebuild the box from the observation.
      m = { winner: o.winner, totals: o.totals, sheet: o.sheet, settlement: null,
        game_id: this.info.game_id };
    }
    if (!m || this.hideOver) {
      box.hidden = true;
      return;
    }
    box.hidden = false;
    const names = this.names();
    const winners = Array.isArray(m.winner) ? m.winner : [m.winner];
    const settle = Array.isArray(m.settlement) ? m.settlement : null;
    box.append(h("div.over-card", { role: "dialog", "aria-label": t("phase.over") },
      h("h2", t("table.winner", { name: winners.map((w) => displayName(names[w], w)).join(" & ") })),
      h("ul.totals", (m.totals || []).map((v, s) => h("li", { class: winners.includes(s)
        ? "won" : "" }, h("b", displayName(names[s], s)), `: ${v}`,
      settle ? h("span.settle", ` (${settle[s] > 0 ? "+" : ""}${settle[s]})`) : null))),
      settle ? h("p.muted", t("table.settlement")) : null,
      sheetTable(m.sheet || [], names),
      h("div.over-actions",
        this.seat !== null ? h("button.rematch.primary", { type: "button", onclick: () =>
          this.conn.send({ type: "rematch", table: this.id }) }, t("table.rematch")) : null,
        m.game_id !== undefined && m.game_id !== null
          ? h("a.button", { href: `#/replay/${encodeURIComponent(m.game_id)}` },
            t("table.replay")) : null,
        h("a.button", { href: "#/lobby" }, t("nav.lobby")),
        h("button.close-over", { type: "button", onclick: () => { this.hideOver = true;
          this.renderOver(); } }, t("table.close")))));
  }

  tickClock() {
    if (!this.dom) return;
    for (const span of this.root.querySelectorAll(".seat .clock")) {
      const s = Number(span.dataset.seat);
      if (this.deadline && this.toAct === s) {
        const left = Math.max(0, Math.ceil(this.deadline - this.conn.now()));
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

/** Read a per-seat flag given as booleans per seat, a list of seats, or one seat. */
function seatFlag(value, seat, n) {
  if (Array.isArray(value)) {
    if (value.length === n && value.every((x) => typeof x === "boolean")) return value[seat];
    return value.includes(seat);
  }
  return value === seat;
}

function cardRow(cards) {
  return h("div.card-row", cards.map((c) => cardEl(c)));
}

