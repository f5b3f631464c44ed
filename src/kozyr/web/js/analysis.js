// The replay page's Analysis view: one finished deal analysed double-dummy by the server
// (GET /api/games/{id}/analysis?deal=N, or POST /api/analysis for a record given to the
// viewer; docs/analysis.md). A line per trick with the value before and after, each card
// that lost points or threw the contract marked, the deal's summary (the contract check,
// the gives, each seat's points lost). Nothing is computed here: the values are the server's.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { h } from "./ui.js";
import { cardInline, displayName } from "./words.js";

/** Return the analysis of deal `deal` (from 1): the server's, of the game or of `record`. */
export function fetchAnalysis(gameId, record, deal) {
  if (record) return api("/api/analysis", { method: "POST", body: { record, deal } });
  return api(`/api/games/${encodeURIComponent(gameId)}/analysis?deal=${deal}`);
}

const cardOf = (action) => String(action || "").split(/\s+/)[1] || "";
// "give 2 9C" -> "9C"
const givenCard = (action) => String(action || "").split(/\s+/)[2] || "";

/** Return the costly cards of an analysed deal by "seat:card" (for marks on the table). */
export function analysisMarks(deal) {
  const out = new Map();
  for (const trick of (deal && deal.tricks) || []) {
    for (const c of trick.cards) {
      if (c.loss || c.contract) out.set(`${c.seat}:${cardOf(c.action)}`, c);
    }
  }
  return out;
}

/** Return the words of one costly card: "lost 22; best: AD", "throws the contract". */
export function markText(c) {
  const parts = [];
  if (c.contract === "thrown") parts.push(t("analysis.thrown"));
  if (c.loss) {
    parts.push(t("analysis.loss", { n: c.loss,
      best: c.best_actions.slice(0, 3).map(cardOf).join(", ") }));
  }
  return parts.join("; ");
}

/** Return a small badge for a costly card: "?22", "!!" for a thrown contract. */
export function markBadge(c) {
  return h("span.mistake-badge", { title: markText(c) },
    c.contract === "thrown" ? "!!" : `?${c.loss}`);
}

function valueText(v, made) {
  if (v === null || v === undefined) {
    if (made === null || made === undefined) return t("analysis.unknown");
    return t(made ? "analysis.made" : "analysis.down");
  }
  return made === null || made === undefined ? String(v)
    : `${v} (${t(made ? "analysis.made" : "analysis.down")})`;
}

/** Return the Analysis panel of `result` (an Analysis with one deal) for players `names`. */
export function analysisPanel(result, names) {
  if (!result.analysed) return h("section.analysis", h("p.muted", t("analysis.no_solver")));
  const deal = result.deals[0];
  const title = h("h3", t("analysis.title", { d: deal.deal }));
  if (!deal.analysed) return h("section.analysis", title, h("p.muted", t("analysis.no_play")));
  const lines = [h("p.small.muted", t(`analysis.unit.${result.game}`))];
  const check = deal.contract_check;
  if (check && check.samples) {
    lines.push(h("p.analysis-contract", t("analysis.contract", { c: check.contract,
      made: check.made, n: check.samples, p: Math.round(100 * check.make_probability) }),
    " ", h("b", t(`analysis.verdict.${check.verdict}`))));
  }
  const gives = deal.gives;
  if (gives && gives.value !== null) {
    lines.push(h("p.analysis-gives", { class: gives.loss ? "analysis-gives costly" : "analysis-gives" },
      t("analysis.gives", { gives: gives.gives.map(givenCard).join(", "), value: gives.value,
        best: gives.best, pair: (gives.best_gives[0] || []).map(givenCard).join(", ") })));
  }
  const rows = deal.tricks.map((tr) => h("tr", { dataset: { trick: String(tr.trick) } },
    h("td", String(tr.trick)),
    h("td.analysis-value", valueText(tr.before, tr.made_before)),
    h("td.analysis-value", valueText(tr.after, tr.made_after)),
    h("td", tr.cards.map((c) => h("span.analysis-card", {
      class: c.loss || c.contract ? "analysis-card mistake" : "analysis-card",
      dataset: { seat: String(c.seat), card: cardOf(c.action) },
      title: c.loss || c.contract ? markText(c) : (c.mode === "none" ? t("analysis.unknown") : ""),
    }, h("bdi.small", `${displayName(names[c.seat], c.seat)}: `), cardInline(cardOf(c.action)),
    c.loss || c.contract ? markBadge(c) : null)))));
  const table = h("table.analysis-table",
    h("thead", h("tr", ["trick", "before", "after", "cards"].map((k) =>
      h("th", t(`analysis.${k}`))))), h("tbody", rows));
  const lost = deal.losses.map((n, seat) => (n ? `${displayName(names[seat], seat)} ${n}` : ""))
    .filter(Boolean);
  lines.push(h("p.analysis-losses", lost.length
    ? t("analysis.losses", { list: lost.join(" · ") }) : t("analysis.none_lost")));
  if (deal.mode !== "exact") lines.push(h("p.small.muted", t("analysis.not_exact")));
  return h("section.analysis", title, table, lines);
}
