// Bezique's parts of the table (rules/bezique.md).  The observation's own keys (the Bezique
// observer): stock_size, turned, table (each seat's declared cards still on the table),
// combinations (per seat [{kind, cards, points}] declared this deal), known, scored_sevens,
// deal_points.
//
// - Under each seat: its combinations face up, one group per combination with its name and
//   points ("bezique 40"), a card already played from the table dimmed; the seat's points of
//   the deal so far.
// - The stock with its count and the turned card (the trump card) in the middle; the info
//   panel: the trump, the stock line and the running score of the match.
// - The moves tab names each declaration as the observation lists it ("declares bezique
//   (40)"), the seven's exchange and showing; the declare buttons say what each scores (the
//   observation's `declaring`: "Declare: bezique (40)").
// Cards carry a copy digit (AS1, AS2); they are drawn by rank and suit.
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { cardEl, cardInline, cardsInline, comboWords, displayName, sentence } from "../words.js";
import { declareLabel, Renderer, stockEl, stockItem, trumpItem } from "./renderer.js";

export default class BeziqueRenderer extends Renderer {
  seatExtras(v, s) {
    const o = v.obs;
    const mine = combos(o, s);
    const onTable = new Set(String((Array.isArray(o.table) && o.table[s]) || "")
      .split(/\s+/).filter(Boolean));
    const pts = Array.isArray(o.deal_points) ? o.deal_points[s] : null;
    const groups = mine.map((c) => h("div.bz-combo", { dataset: { kind: c.kind,
      points: String(c.points ?? "") } },
    h("span.meld-label", comboWords("bezique", c.kind, c.cards), ` ${c.points ?? ""}`),
    h("div.card-row", cardsOf(c.cards).map((x) => cardEl(x.slice(0, 2),
      { cls: `small${onTable.has(x) ? "" : " gone"}` })))));
    return h("div.seat-extras.bz-extras", { dataset: { seat: String(s) } },
      pts === null || pts === undefined ? null
        : h("div.bz-points", t("bz.deal_points", { n: pts })),
      groups.length ? h("div.bz-combos", groups) : null);
  }

  centerKeys(o) {
    return [o.turned, o.stock_size];
  }

  middle(v) {
    return [stockEl(v.obs)].filter(Boolean);
  }

  infoItems(v) {
    const o = v.obs;
    const names = v.names();
    const totals = Array.isArray(o.totals) ? o.totals : [];
    return [trumpItem(o), stockItem(o), totals.length ? h("div.bz-score", `${t("bz.score")}: `,
      totals.map((x, s) => `${displayName(names[s], s)} ${x}`).join(" – ")) : null];
  }

  moveWords(v, s, text) {
    const w = String(text).trim().split(/\s+/);
    if (w[0] === "declare") {
      // The combination these cards formed, as the observation lists it with its points.
      const key = cardsOf(w.slice(1).join(" ")).sort().join(" ");
      const c = combos(v.obs, s).find((x) => cardsOf(x.cards).sort().join(" ") === key);
      if (!c) return sentence("log.declares", { what: cardsInline(w.slice(1).join(" ")) });
      return sentence("log.declares", { what: h("span", sentence("log.combo_n", {
        what: h("span", comboWords("bezique", c.kind, c.cards)), n: c.points ?? "" })) });
    }
    if (w[0] === "swap7" && w[1]) return sentence("log.swap7_card", { card: cardInline(w[1]) });
    if (w[0] === "show7" && w[1]) return sentence("log.show7", { card: cardInline(w[1]) });
    return null;
  }

  buttonLabel(v, text) {
    const w = String(text).trim().split(/\s+/);
    if (w[0] === "declare" && w.length > 1) {
      // What it scores (the observation's `declaring`), else the cards it lays out.
      return declareLabel(v, "bezique", text) ||
        sentence("act.declare_what", { what: cardsInline(w.slice(1).join(" ")) });
    }
    if (w[0] === "show7") return t("act.show7");
    return null;
  }
}

/** Return seat `s`'s combinations of this deal ([{kind, cards, points}]). */
function combos(o, s) {
  return Array.isArray(o.combinations) && Array.isArray(o.combinations[s])
    ? o.combinations[s] : [];
}

function cardsOf(text) {
  return String(text || "").split(/\s+/).filter((x) => x.length >= 2);
}
