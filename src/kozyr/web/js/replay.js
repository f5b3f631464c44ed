// The replay viewer: steps through a finished game's record deal by deal and action by action,
// showing every hand (records of finished games are public).
//
// Nothing of a game's rules is copied here: the server replays the record through the engine
// and sends what each step shows (GET /api/games/{id}/steps, or POST /api/replay for a record
// given to the viewer; docs/protocol.md "ReplaySteps"): each seat's hand, the cards that just
// arrived (drawn from the stock, taken from the talon, given), the trick, the last trick and
// its winner, the trump, the declarer, the melds and combinations declared, each seat's points
// as its engine counts them, and at a deal's end its row of the score sheet.
import { analysisMarks, analysisPanel, fetchAnalysis, markBadge, markText } from "./analysis.js";
import { api } from "./api.js";
import { sortHand, suitIcon } from "./cards.js";
import { t, tOr } from "./i18n.js";
import { h, mount } from "./ui.js";
import { actionWords, cardEl, cardInline, displayName, sheetTable } from "./words.js";

const cardsOf = (text) => String(text || "").split(/\s+/).filter(Boolean);

/** Return the steps of a record: the server's, or (record given) computed from it there. */
export async function fetchSteps(gameId, record = null) {
  if (record) return api("/api/replay", { method: "POST", body: { record } });
  return api(`/api/games/${encodeURIComponent(gameId)}/steps`);
}

/** The replay page for finished game `gameId` (or for `record`, given). */
export class ReplayView {
  constructor(root, gameId, { record = null, game = null } = {}) {
    this.root = root;
    this.gameId = gameId;
    this.record = record;
    this.analyses = {}; // deal index -> Analysis, "loading", or an Error
    this.analysisOn = false;
    this.d = 0;
    this.a = 0;
    this.keyHandler = (ev) => this.onKey(ev);
    document.addEventListener("keydown", this.keyHandler);
    this.load(record, game);
  }

  destroy() {
    document.removeEventListener("keydown", this.keyHandler);
  }

  async load(record, game) {
    mount(this.root, h("p.muted", "…"));
    try {
      const [steps, finished] = await Promise.all([
        fetchSteps(this.gameId, record),
        record ? Promise.resolve(game) : api(`/api/games/${encodeURIComponent(this.gameId)}`)
          .catch(() => null),
      ]);
      this.show(steps, finished);
    } catch (e) {
      mount(this.root, h("p.error", t("error.generic", { msg: e.message })));
    }
  }

  /** Show `steps` (ReplaySteps) and the FinishedGame `game` for its sheet, if known. */
  show(steps, game = null) {
    this.steps = steps;
    this.game = game;
    this.deals = steps.deals || [];
    // The sheet: the finished game's, else the rows the steps end their deals with.
    this.sheet = (game && game.sheet)
      || this.deals.map((d) => d.length && d[d.length - 1].row).filter(Boolean);
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

  /** Show or hide the Analysis view (docs/analysis.md) of the deal shown. */
  toggleAnalysis() {
    this.analysisOn = !this.analysisOn;
    this.render();
  }

  /** Return the deal's analysis panel, asking the server for it the first time. */
  analysisFor(d, names) {
    const snaps = this.deals[d] || [];
    if (!snaps.length || !snaps[snaps.length - 1].row) {
      return h("section.analysis", h("p.muted", t("analysis.unfinished")));
    }
    const got = this.analyses[d];
    if (got === undefined) {
      this.analyses[d] = "loading";
      fetchAnalysis(this.gameId, this.record, d + 1).then((a) => { this.analyses[d] = a; },
        (e) => { this.analyses[d] = e instanceof Error ? e : new Error(String(e)); })
        .then(() => { if (this.d === d) this.render(); });
    }
    if (got === undefined || got === "loading") {
      return h("section.analysis", h("p.muted.analysis-loading", t("analysis.loading")));
    }
    if (got instanceof Error) {
      return h("section.analysis", h("p.error", t("error.generic", { msg: got.message })));
    }
    return analysisPanel(got, names);
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

  seatBox(s, seat, names) {
    const game = this.steps.game;
    const fresh = new Set(s.new.filter(([x]) => x === seat).map(([, c]) => c));
    const stock = game !== "thousand" && s.action && s.action.startsWith("play");
    const newTitle = t(stock ? "replay.drawn" : "replay.received");
    const hand = sortHand(cardsOf(s.hands[seat]), s.trump).map((c) => (fresh.has(c)
      ? cardEl(c, { cls: "new", label: `${newTitle}: ${c}` }) : cardEl(c)));
    const melds = (s.melds || []).filter(([x]) => x === seat);
    const won = Array.isArray(s.tricks_won) ? s.tricks_won[seat] : null;
    const points = Array.isArray(s.points) ? s.points[seat] : null;
    return h("div.replay-seat", { dataset: { seat: String(seat) },
      class: `replay-seat${s.seat === seat ? " acting" : ""}` },
    h("div.seat-head", h("bdi.name", displayName(names[seat], seat)),
      seat === s.dealer ? h("span.badge.dealer", { title: t("table.dealer") },
        t("table.dealer_badge")) : null,
      seat === s.declarer ? h("span.badge.declarer", t("table.declarer")) : null,
      h("span.muted.replay-score", won === null ? "" : ` ${t("table.tricks", { n: won })}`,
        points === null ? "" : h("span.points", { dataset: { points: String(points) } },
          ` · ${t("replay.points", { n: points })}`))),
    h("div.card-row.small-cards", hand),
    fresh.size ? h("div.small.replay-new", `${newTitle}: `, [...fresh].map((c) => cardInline(c)))
      : null,
    melds.length ? h("div.melds", melds.map(([, kind, cards, suit]) => h("div.meld",
      { dataset: { kind: String(kind || "") } },
      h("span.meld-label", `${tOr(`meld.${String(kind).replace(/ /g, "_")}`, String(kind || ""))} `),
      suit ? suitIcon(suit) : null, cardsOf(cards).map((c) => cardInline(c))))) : null);
  }

  render() {
    const names = this.steps.players || [];
    const snaps = this.deals[this.d] || [];
    const s = snaps[this.a];
    const btn = (label, f, id) => h(`button#${id}`, { type: "button", onclick: f }, label);
    const nav = h("div.replay-nav", { role: "toolbar" },
      btn(t("replay.prev_deal"), () => this.go(this.d - 1, 0), "r-prev-deal"),
      btn(t("replay.first"), () => this.go(this.d, 0), "r-first"),
      btn(t("replay.prev"), () => this.step(-1), "r-prev"),
      btn(t("replay.next"), () => this.step(1), "r-next"),
      btn(t("replay.last"), () => this.go(this.d, Infinity), "r-last"),
      btn(t("replay.next_deal"), () => this.go(this.d + 1, 0), "r-next-deal"),
      h("button#r-analysis", { type: "button", "aria-pressed": String(this.analysisOn),
        onclick: () => this.toggleAnalysis() }, t("replay.analysis")));
    const where = h("p.replay-where", { "aria-live": "polite" }, t("replay.step", {
      d: this.d + 1, nd: this.deals.length, a: this.a, na: Math.max(0, snaps.length - 1) }));
    const title = h("h2", t("replay.title"), h("span.muted", ` · ${t(`game.${this.steps.game}`)}`));
    if (!s) {
      mount(this.root, h("section.replay", title, where));
      return;
    }
    const seats = names.map((nm, seat) => this.seatBox(s, seat, names));
    const last = s.last_trick;
    const trick = s.trick.length ? s.trick : (last ? last.cards : []);
    const winner = !s.trick.length && last ? last.winner : null;
    const analysed = this.analysisOn ? this.analyses[this.d] : null;
    const marks = analysed && analysed.deals ? analysisMarks(analysed.deals[0]) : new Map();
    const talon = cardsOf(s.talon);
    const center = h("div.replay-center",
      s.phase === "bidding" && talon.length ? h("div", h("div.center-label", t("table.talon")),
        h("div.card-row.small-cards", talon.map((c) => cardEl(c)))) : null,
      s.turned || s.stock_size ? h("div.replay-stock", h("span.center-label",
        `${t("table.stock")}: ${Number(s.stock_size) || 0}`),
      s.turned ? h("span", " · ", cardInline(s.turned)) : null) : null,
      trick.length ? h("div.card-row.replay-trick", { class: winner === null ? "card-row replay-trick"
        : "card-row replay-trick done" }, trick.map(([seat, c]) => {
        const mark = marks.get(`${seat}:${c}`);
        return h("div.trick-entry", { class: `trick-entry${seat === winner ? " winner" : ""}${
          mark ? " mistake" : ""}`, title: mark ? markText(mark) : null },
        cardEl(c), h("bdi.small", displayName(names[seat], seat)), mark ? markBadge(mark) : null);
      })) : null,
      winner !== null ? h("p.small.replay-winner", t("replay.trick_won", {
        name: displayName(names[winner], winner) })) : null,
      h("div.replay-status",
        s.contract ? `${t("table.contract")}: ${s.contract}` : s.bid ? `${t("table.bid")}: ${s.bid}`
          : "",
        s.trump ? h("span", ` · ${t("table.trump")}: `, suitIcon(s.trump)) : null),
      s.action ? h("p.replay-action", s.seat !== null && s.seat >= 0
        ? h("b", h("bdi", displayName(names[s.seat], s.seat)), ": ") : null,
      actionWords(s.action, names)) : null,
      s.row ? h("p.replay-deal-score", t("replay.deal_scores", { scores: s.row.scores
        .map((x, i) => `${displayName(names[i], i)} ${x > 0 ? "+" : ""}${x}`).join(" · ") }))
        : null);
    const sheetRows = this.sheet ? this.sheet.slice(0, this.d + 1) : [];
    // The last deal's sheet ends with the match's barrel falls and settlement (FinishedGame).
    const lastDeal = this.d === this.deals.length - 1 && this.game;
    mount(this.root, h("section.replay", title, nav, where,
      h("div.replay-table", seats, center),
      this.analysisOn ? this.analysisFor(this.d, names) : null,
      sheetRows.length ? sheetTable(sheetRows, names, lastDeal ? {
        barrel_falls: this.game.barrel_falls, settlement: this.game.settlement } : {}) : null));
  }
}
