// The end-of-deal summary on the felt (docs/web.md): what the server sends as `summary` with
// every state (docs/protocol.md) once a deal has ended — the engine's sheet row (points, score
// change, new total, marks) and the game's own keys (contract made or failed and by how much,
// declarations, bolts, the barrel).  Nothing here computes a score: every figure is the server's.
import { has, t } from "../i18n.js";
import { h, mount } from "../ui.js";
import { cardsInline, displayName } from "../words.js";

/** Seconds a summary stays when nobody at this screen plays (a spectator, or a bot for us). */
export const AUTO_CLOSE = 6;

/**
 * Take the `summary` of a table message into view `v`: a deal that has just ended is shown
 * (a live message), and on the first snapshot only while the next deal has no card played yet.
 */
export function noticeSummary(v, m, first) {
  const s = m.summary;
  if (!s) v.summaryDeal = null; // a new match (a rematch) counts its deals from 0 again
  if (!s || s.deal === v.summaryDeal) return;
  v.summaryDeal = s.deal;
  const o = m.obs;
  const fresh = !first || (o && o.deal_index === s.deal + 1 && !o.trick.length &&
    (o.tricks_won || []).every((x) => !x));
  v.dealSummary = s.over || !fresh ? null : s;
  clearTimeout(v.summaryTimer);
  const mine = v.seat !== null && v.info && v.info.seats ? v.info.seats[v.seat] : null;
  if (v.dealSummary && (v.seat === null || (mine && mine.auto))) {
    v.summaryTimer = setTimeout(() => closeSummary(v), (v.autoClose ?? AUTO_CLOSE) * 1000);
  }
}

/** Close the summary of view `v` ("Next deal", or the player acting in the new deal). */
export function closeSummary(v) {
  if (!v.dealSummary) return;
  clearTimeout(v.summaryTimer);
  v.dealSummary = null;
  if (v.dom) renderSummary(v);
}

/** Draw (or clear) the summary box of view `v`. */
export function renderSummary(v) {
  const box = v.dom.summary;
  const s = v.dealSummary;
  const sig = JSON.stringify([s, document.documentElement.lang]);
  if (sig === v.summarySig) return;
  v.summarySig = sig;
  mount(box);
  box.hidden = !s;
  if (!s) return;
  const names = v.names();
  const who = (seat) => h("bdi", displayName(names[seat], seat));
  const head = h("h3", t("summary.title", { n: s.deal + 1 }));
  const lines = [];
  const r = resultLine(s, who);
  if (r) lines.push(h("p.summary-result", { class: `summary-result ${s.result || ""}` }, ...r));
  if (s.declared && s.declared.length) {
    lines.push(h("p.summary-declared", t("summary.declared"), " ", ...s.declared.flatMap(
      ([seat, cards, kind, value], i) => {
        const key = kind ? `meld.${String(kind).replace(/ /g, "_")}` : "";
        const word = kind === "bella" ? t("act.bella") : key && has(key) ? t(key) : "";
        return [i ? " · " : "", who(seat), ": ", word ? `${word} ` : "",
          cards ? cardsInline(String(cards)) : "",
          value !== null && value !== undefined ? ` (${value})` : ""];
      })));
  }
  if (s.barrel && s.barrel.length) {
    lines.push(h("p.summary-barrel", t("summary.barrel"), " ",
      ...s.barrel.flatMap((seat, i) => [i ? ", " : "", who(seat)])));
  }
  const rows = s.scores.map((score, seat) => h("tr", { dataset: { seat: String(seat) },
    class: seat === s.declarer ? "declarer" : "" },
  h("th", { scope: "row" }, who(seat)),
  h("td.num", String(s.points[seat])),
  h("td.num.change", { class: score > 0 ? "num change up" : score < 0 ? "num change down"
    : "num change" }, score > 0 ? `+${score}` : String(score)),
  h("td.num.total", String(s.totals[seat])),
  h("td.marks", ...(s.marks[seat] || []).map((mk) => h(`span.mark.mark-${mk.replace(/[^\w-]/g,
    "")}`, t(`mark.${mk}`))), s.bolts && s.bolts[seat] && (s.marks[seat] || []).includes("B")
    ? h("span.small", ` ${t("summary.bolts", { n: s.bolts[seat] })}`) : null)));
  const table = h("table.summary-table", h("thead", h("tr", h("th", ""),
    h("th", t("summary.points")), h("th", t("summary.change")), h("th", t("summary.total")),
    h("th", ""))), h("tbody", rows));
  const next = h("button.next-deal.primary", { type: "button", onclick: () => closeSummary(v) },
    t("summary.next"));
  const sheet = h("button.summary-sheet", { type: "button", onclick: () => {
    v.tab = "sheet";
    v.renderSide();
  } }, t("table.sheet"));
  box.append(h("div.summary-card", { role: "dialog", "aria-label": t("summary.title",
    { n: s.deal + 1 }) }, head, ...lines, table, h("div.summary-actions", next, sheet)));
}

/** Return the contract's outcome in words (pieces of DOM), or null when the game has none. */
function resultLine(s, who) {
  const d = s.declarer;
  switch (s.result) {
    case "made":
    case "failed":
      if (s.contract === null || s.contract === undefined) {
        return [who(d), " ", t(s.result === "made" ? "summary.trump_made" : "summary.bait")];
      }
      return [who(d), " ", t(s.result === "made" ? "summary.made" : "summary.failed",
        { n: s.contract, by: Math.abs(s.margin) })];
    case "hanging": return [who(d), " ", t("summary.hanging")];
    case "writeoff": return [who(d), " ", t("summary.writeoff", { n: s.bid })];
    case "strikeout": return [who(d), " ", t("summary.strikeout", { n: s.bid })];
    case "redeal": return [t("summary.redeal")];
    default: return null;
  }
}
