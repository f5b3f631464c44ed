// Debertz's parts of the table (rules/debertz.md): the stock with the turned card under it,
// the declared melds under each seat, bella (a badge, and "play K bella" as a choice), the pot.
// Debertz's observation already gives `trick` and `last_trick` in the shared shape.
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { cardInline, comboWords, sentence } from "../words.js";
import { declareLabel, joined, meldsEl, Renderer, stockEl, stockItem, trumpItem }
  from "./renderer.js";

export default class DebertzRenderer extends Renderer {
  trailingBadges(v, s) {
    // `bella`: the seats that announced bella in this deal.
    const o = v.obs;
    return Array.isArray(o.bella) && o.bella.includes(s)
      ? [h("span.badge.bella", t("act.bella"))] : [];
  }

  seatExtras(v, s) {
    // `melds`: [[seat, kind, "JD 9D AD"]...]; the table shows a meld's cards.
    const o = v.obs;
    const mine = (Array.isArray(o.melds) ? o.melds : []).filter((m) => m[0] === s);
    return meldsEl(mine.map(([, , cards]) => ({ label: "", cards })));
  }

  buttonLabel(v, text) {
    return text === "declare" ? declareLabel(v, "debertz", text) : null;
  }

  centerKeys(o) {
    return [o.turned, o.stock_size];
  }

  middle(v) {
    return [stockEl(v.obs)].filter(Boolean);
  }

  infoItems(v) {
    const o = v.obs;
    return [trumpItem(o), stockItem(o), o.pot ? h("div.pot", `${t("table.pot")}: ${o.pot}`)
      : null];
  }

  moveWords(v, s, text) {
    // "declare": the seat's melds as shown ("declares a fifty in ♦"); "play KS bella".
    const w = String(text).trim().split(/\s+/);
    if (w[0] === "play" && w.includes("bella") && w[1]) {
      return sentence("log.bella", { card: cardInline(w[1]) });
    }
    if (w[0] !== "declare") return null;
    const mine = (Array.isArray(v.obs.melds) ? v.obs.melds : []).filter((m) => m[0] === s);
    if (!mine.length) return null;
    return sentence("log.declares", { what: joined(mine.map(([, kind, cards]) =>
      comboWords("debertz", kind, cards))) });
  }

  optionLabel(v, card, opt) {
    return opt.bella ? t("act.bella") : super.optionLabel(v, card, opt);
  }
}
