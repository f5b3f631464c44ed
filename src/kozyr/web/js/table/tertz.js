// Tertz's parts of the table (rules/tertz.md): the stock with the turned card under it,
// the declared combinations (with the marriage) under each seat, and each seat's taken
// tricks, which may be looked at while at least 4 cards remain in the stock (§3; the
// observation's `taken`, null afterwards).
import { h } from "../ui.js";
import { t } from "../i18n.js";
import { cardInline, comboWords, sentence } from "../words.js";
import { declareLabel, joined, meldsEl, Renderer, stockEl, stockItem, trumpItem }
  from "./renderer.js";

export default class TertzRenderer extends Renderer {
  seatExtras(v, s) {
    // `combinations`: per seat, [{kind, cards, value}...] as declared.
    const o = v.obs;
    const mine = Array.isArray(o.combinations) && Array.isArray(o.combinations[s])
      ? o.combinations[s] : [];
    const melds = meldsEl(mine.map((c) => ({ label: `${c.kind || ""} ${c.value ?? ""}`.trim(),
      cards: c.cards || "" })));
    const taken = takenEl(o, s);
    return melds || taken ? h("div.seat-extras", melds, taken) : null;
  }

  moveWords(v, s, text) {
    // "declare" / "shows …": the seat's combinations as the observation shows them, with their
    // values, at its last such entry ("declares a tertz in ♦ (20)").
    const w = String(text).trim().split(/\s+/);
    if (w[0] !== "declare" && w[0] !== "shows") return null;
    const o = v.obs;
    const mine = Array.isArray(o.combinations) && Array.isArray(o.combinations[s])
      ? o.combinations[s] : [];
    const lastOfSeat = (o.history || []).filter(([who, x]) => who === s &&
      /^(declare|shows)\b/.test(String(x))).pop();
    if (!mine.length || !lastOfSeat || lastOfSeat[1] !== text) return null;
    const list = mine.filter((c) => w[0] === "declare" || c.kind !== "marriage");
    return sentence(w[0] === "declare" ? "log.declares" : "log.shows", { what: joined(list.map(
      (c) => sentence("log.combo_n", { what: h("span", comboWords("tertz", c.kind, c.cards)),
        n: c.value ?? "" }))) });
  }

  buttonLabel(v, text) {
    return text === "declare" ? declareLabel(v, "tertz", text) : null;
  }

  centerKeys(o) {
    return [o.turned, o.stock_size];
  }

  middle(v) {
    return [stockEl(v.obs)].filter(Boolean);
  }

  infoItems(v) {
    const o = v.obs;
    return [trumpItem(o), stockItem(o)];
  }
}

/** Return seat `s`'s taken cards while they may be looked at, or null. */
function takenEl(o, s) {
  if (!Array.isArray(o.taken) || !o.taken[s]) return null;
  const cards = String(o.taken[s]).split(/\s+/).filter((x) => x.length === 2);
  if (!cards.length) return null;
  return h("div.taken.small", { dataset: { seat: String(s) }, title: t("table.taken_hint") },
    h("span.taken-label", `${t("table.taken")}: `),
    h("span.taken-cards", cards.map((c) => cardInline(c))));
}
