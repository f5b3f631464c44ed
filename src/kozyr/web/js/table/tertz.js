// Tertz's parts of the table (rules/tertz.md): the stock with the turned card under it and
// the declared combinations (with the marriage) under each seat.
import { meldsEl, Renderer, stockEl, stockItem, trumpItem } from "./renderer.js";

export default class TertzRenderer extends Renderer {
  seatExtras(v, s) {
    // `combinations`: per seat, [{kind, cards, value}...] as declared.
    const o = v.obs;
    const mine = Array.isArray(o.combinations) && Array.isArray(o.combinations[s])
      ? o.combinations[s] : [];
    return meldsEl(mine.map((c) => ({ label: `${c.kind || ""} ${c.value ?? ""}`.trim(),
      cards: c.cards || "" })));
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
