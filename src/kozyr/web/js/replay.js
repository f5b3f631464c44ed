// The replay viewer: steps through a finished game's record (spec/records.md) deal by deal and
// action by action, showing every hand (records of finished games are public).
//
// timeline(record, sheet) is pure: it turns the record into a list of deals, each a list of
// snapshots (one before the first action and one after each action).  The seat of a card
// action is the seat holding the card; bidding seats follow the rotation from the forced bidder.
import { api } from "./api.js";
import { parseCards, sortHand, suitIcon } from "./cards.js";
import { t } from "./i18n.js";
import { h, mount } from "./ui.js";
import { actionWords, cardEl, displayName, sheetTable } from "./words.js";

const POINTS = { A: 11, T: 10, K: 4, Q: 3, J: 2, 9: 0, 8: 0, 7: 0 };
const PLAIN = "789JQKTA"; // low to high, Thousand and Debertz plain suits
const DEBERTZ_TRUMP = "78QKTA9J"; // low to high, J-9 trumps

/** Return the seat winning `trick` ([[seat, card]...]) with `trump` (a suit or null). */
export function trickWinner(trick, trump, game = "thousand") {
  const led = trick[0][1][1];
  let best = trick[0];
  const strength = ([, c]) => {
    if (trump && c[1] === trump) {
      return 100 + (game === "thousand" ? "9JQKTA" : DEBERTZ_TRUMP).indexOf(c[0]);
    }
    if (c[1] === led) return PLAIN.indexOf(c[0]);
    return -1;
  };
  for (const e of trick.slice(1)) if (strength(e) > strength(best)) best = e;
  return best[0];
}

function clone(s) {
  return { ...s, hands: s.hands.map((x) => x.slice()), trick: s.trick.slice(),
    tricksWon: s.tricksWon.slice(), points: s.points.slice(), passed: s.passed.slice() };
}

/** Build the snapshots of one deal. */
export function dealTimeline(record, deal, dealer, row = null) {
  const n = record.players.length;
  const game = record.game || "thousand";
  const hands = (deal.hands || []).map((x) => parseCards(x));
  while (hands.length < n) hands.push([]);
  const talonPiles = Array.isArray(deal.talon) ? deal.talon.map(parseCards) : null;
  const seatsInPlay = [];
  for (let i = 1; i <= n; i++) {
    const s = (dealer + i) % n;
    if (n === 4 && s === dealer && game === "thousand") continue;
    seatsInPlay.push(s);
  }
  let s = {
    hands, talon: talonPiles ? talonPiles.flat() : parseCards(deal.talon || deal.stock || ""),
    trick: [], lastTrick: null,
    trump: game === "tertz" && deal.stock ? parseCards(deal.stock)[0][1] : null, bid: game === "thousand" ? 100 : null,
    bidder: game === "thousand" ? seatsInPlay[0] : null, declarer: null, contract: null,
    tricksWon: Array(n).fill(0), points: Array(n).fill(0), passed: [], text: null, seat: null,
    dealer, phase: game === "thousand" ? "bidding" : "play",
  };
  const snaps = [clone(s)];
  let turn = 1 % seatsInPlay.length; // index into seatsInPlay: the forced bidder has bid
  const holder = (card) => s.hands.findIndex((hd) => hd.includes(card));
  const nextBidder = () => {
    for (let k = 0; k < seatsInPlay.length; k++) {
      const seat = seatsInPlay[turn % seatsInPlay.length];
      turn += 1;
      if (!s.passed.includes(seat)) return seat;
    }
    return null;
  };
  // The sheet knows the declarer for sure (a barrel player's automatic bid is not in the
  // record, so counting turns could be off by one there).
  const known = row && typeof row.declarer === "number" ? row.declarer : null;
  const endBidding = (force = false) => {
    if (s.declarer !== null || game !== "thousand") return;
    const left = seatsInPlay.filter((x) => !s.passed.includes(x));
    if (left.length === 1 || force) {
      s.declarer = known ?? (left.length ? left[0] : s.bidder);
      s.phase = "talon";
      if (!talonPiles) {
        s.hands[s.declarer].push(...s.talon);
      }
    }
  };
  for (const text of deal.actions || []) {
    s = clone(s);
    const w = text.split(/\s+/);
    s.text = text;
    s.seat = null;
    if (!["bid", "pass", "redeal", "keep", "blind", "look"].includes(w[0])) endBidding(true);
    switch (w[0]) {
      case "bid":
        s.seat = nextBidder();
        s.bid = Number(w[1]);
        s.bidder = s.seat;
        break;
      case "pass":
        s.seat = nextBidder();
        if (s.seat !== null) s.passed.push(s.seat);
        endBidding();
        break;
      case "take": {
        s.seat = s.declarer;
        const pile = talonPiles ? talonPiles[Number(w[1])] : [];
        if (s.declarer !== null) s.hands[s.declarer].push(...pile);
        break;
      }
      case "give": {
        const c = w[2];
        const from = holder(c);
        s.seat = from;
        if (from >= 0) {
          s.hands[from] = s.hands[from].filter((x) => x !== c);
          s.hands[Number(w[1])].push(c);
        }
        break;
      }
      case "discard": {
        const from = holder(w[1]);
        s.seat = from;
        if (from >= 0) s.hands[from] = s.hands[from].filter((x) => x !== w[1]);
        break;
      }
      case "contract":
        s.seat = s.declarer;
        s.contract = Number(w[1]);
        s.phase = "play";
        break;
      case "writeoff":
      case "strikeout":
        s.seat = s.declarer;
        s.phase = "over";
        break;
      case "trump":
        s.trump = w[1];
        break;
      case "accept":
        if (deal.stock) s.trump = parseCards(deal.stock)[0][1];
        break;
      case "play": {
        const c = w[1];
        let from = holder(c);
        s.phase = "play";
        if (from < 0) {
          // A card drawn from the stock (Debertz, Tertz): seat by turn order instead.
          const n2 = seatsInPlay.length;
          from = s.trick.length ? (s.trick[s.trick.length - 1][0] + 1) % n
            : s.lastTrick ? s.lastTrick.winner : seatsInPlay[0 % n2];
          s.talon = s.talon.filter((x) => x !== c);
        } else {
          s.hands[from] = s.hands[from].filter((x) => x !== c);
        }
        s.seat = from;
        if (w.length > 2 && !w.includes("bella")) {
          // A declaring lead (rules/thousand.md §1, §11.1, §11.6): its points, and a new
          // trump unless it is declared "in suit" (keep) or is the four nines.
          const rules = typeof record.rules === "object" && record.rules ? record.rules : {};
          const mv = rules.marriage_values || { H: 100, D: 80, C: 60, S: 40 };
          const words = w.slice(2).join(" ");
          const value = words === "nines" ? Number(rules.four_nines) || 0
            : c[0] === "A" ? 200 : words.startsWith("bed") ? (mv[c[1]] || 0) / 2 : mv[c[1]] || 0;
          s.points[from] += value;
          if (words === "marriage" || words === "bed") s.trump = c[1];
        }
        s.trick.push([from, c]);
        if (s.trick.length === seatsInPlay.length) {
          const win = trickWinner(s.trick, s.trump, game);
          s.tricksWon[win] += 1;
          s.points[win] += s.trick.reduce((a, [, x]) => a + POINTS[x[0]], 0);
          s.lastTrick = { cards: s.trick, winner: win };
          s.trick = [];
        }
        break;
      }
      default:
        break;
    }
    snaps.push(s);
  }
  return snaps;
}

/** Build every deal's snapshots; dealers come from the sheet rows when given. */
export function timeline(record, sheet = null) {
  const n = record.players.length;
  let dealer = record.first_dealer ?? 0;
  return (record.deals || []).map((deal, i) => {
    if (sheet && sheet[i] && typeof sheet[i].dealer === "number") dealer = sheet[i].dealer;
    const snaps = dealTimeline(record, deal, dealer, sheet ? sheet[i] : null);
    const redealt = (deal.actions || []).includes("redeal");
    dealer = redealt ? dealer : (dealer + 1) % n;
    return snaps;
  });
}

/** The replay page for finished game `gameId`. */
export class ReplayView {
  constructor(root, gameId, { record = null, game = null } = {}) {
    this.root = root;
    this.gameId = gameId;
    this.d = 0;
    this.a = 0;
    this.keyHandler = (ev) => this.onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
    if (record) this.show(record, game);
    else this.load();
  }

  destroy() {
    document.removeEventListener("keydown", this.keyHandler);
  }

  async load() {
    mount(this.root, h("p.muted", "…"));
    try {
      const [record, game] = await Promise.all([
        api(`/api/games/${encodeURIComponent(this.gameId)}/record`),
        api(`/api/games/${encodeURIComponent(this.gameId)}`).catch(() => null),
      ]);
      this.show(record, game);
    } catch (e) {
      mount(this.root, h("p.error", t("error.generic", { msg: e.message })));
    }
  }

  /** Show `record` (and the FinishedGame `game` for its sheet, if known). */
  show(record, game = null) {
    this.record = record;
    this.game = game;
    this.sheet = (game && game.sheet) || null;
    this.deals = timeline(record, this.sheet);
    this.d = 0;
    this.a = 0;
    this.render();
  }

  go(d, a) {
    const nd = this.deals.length;
    if (!nd) return;
    d = Math.max(0, Math.min(nd - 1, d));
    const na = this.deals[d].length - 1;
    this.d = d;
    this.a = Math.max(0, Math.min(na, a));
    this.render();
  }

  step(delta) {
    const na = this.deals[this.d].length - 1;
    if (delta > 0 && this.a >= na && this.d < this.deals.length - 1) this.go(this.d + 1, 0);
    else if (delta < 0 && this.a <= 0 && this.d > 0) {
      this.go(this.d - 1, this.deals[this.d - 1].length - 1);
    } else this.go(this.d, this.a + delta);
  }

  onKey(ev) {
    const tag = (ev.target && ev.target.tagName) || "";
    if (tag === "INPUT" || tag === "SELECT") return;
    const rtl = document.documentElement.dir === "rtl";
    const map = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    if (ev.key in map) {
      ev.preventDefault();
      this.step(map[ev.key]);
    } else if (ev.key === "PageDown") this.go(this.d + 1, 0);
    else if (ev.key === "PageUp") this.go(this.d - 1, 0);
    else if (ev.key === "Home") this.go(this.d, 0);
    else if (ev.key === "End") this.go(this.d, Infinity);
  }

  render() {
    const r = this.record;
    const names = r.players;
    const snaps = this.deals[this.d] || [];
    const s = snaps[this.a];
    const btn = (label, f, id) => h(`button#${id}`, { type: "button", onclick: f }, label);
    const nav = h("div.replay-nav", { role: "toolbar" },
      btn(t("replay.prev_deal"), () => this.go(this.d - 1, 0), "r-prev-deal"),
      btn(t("replay.first"), () => this.go(this.d, 0), "r-first"),
      btn(t("replay.prev"), () => this.step(-1), "r-prev"),
      btn(t("replay.next"), () => this.step(1), "r-next"),
      btn(t("replay.last"), () => this.go(this.d, Infinity), "r-last"),
      btn(t("replay.next_deal"), () => this.go(this.d + 1, 0), "r-next-deal"));
    const where = h("p.replay-where", { "aria-live": "polite" }, t("replay.step", {
      d: this.d + 1, nd: this.deals.length, a: this.a, na: Math.max(0, snaps.length - 1) }));
    if (!s) {
      mount(this.root, h("section.replay", h("h2", t("replay.title")), where));
      return;
    }
    const seats = names.map((nm, seat) => h("div.replay-seat", { dataset: { seat: String(seat) },
      class: `replay-seat${s.seat === seat ? " acting" : ""}` },
    h("div.seat-head", h("span.name", displayName(nm, seat)),
      seat === s.dealer ? h("span.badge.dealer", "D") : null,
      seat === s.declarer ? h("span.badge.declarer", t("table.declarer")) : null,
      h("span.muted", ` ${t("table.tricks", { n: s.tricksWon[seat] })} · ${s.points[seat]}`)),
    h("div.card-row.small-cards", sortHand(s.hands[seat], s.trump).map((c) => cardEl(c)))));
    const trick = s.trick.length ? s.trick : (s.lastTrick ? s.lastTrick.cards : []);
    const center = h("div.replay-center",
      s.phase === "bidding" && s.talon.length ? h("div", h("div.center-label", t("table.talon")),
        h("div.card-row.small-cards", s.talon.map((c) => cardEl(c)))) : null,
      trick.length ? h("div.card-row", trick.map(([seat, c]) => h("div.trick-entry",
        cardEl(c), h("div.small", displayName(names[seat], seat))))) : null,
      h("div.replay-status",
        s.contract ? `${t("table.contract")}: ${s.contract}` : s.bid ? `${t("table.bid")}: ${s.bid}`
          : "",
        s.trump ? h("span", ` · ${t("table.trump")}: `, suitIcon(s.trump)) : null),
      s.text ? h("p.replay-action", s.seat !== null && s.seat >= 0
        ? h("b", `${displayName(names[s.seat], s.seat)}: `) : null, actionWords(s.text, names)) : null);
    const sheetRows = this.sheet ? this.sheet.slice(0, this.d + 1) : [];
    // The last deal's sheet ends with the match's barrel falls and settlement (FinishedGame).
    const lastDeal = this.d === this.deals.length - 1 && this.game;
    mount(this.root, h("section.replay", h("h2", t("replay.title"),
      h("span.muted", ` · ${t(`game.${r.game}`)}`)), nav, where,
    h("div.replay-table", seats, center),
    sheetRows.length ? sheetTable(sheetRows, names, lastDeal ? {
      barrel_falls: this.game.barrel_falls, settlement: this.game.settlement } : {}) : null));
  }
}
