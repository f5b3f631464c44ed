// Bezique's parts of the table (rules/bezique.md), a first renderer until its own comes: the
// stock with the turned card under it, and under each seat the combinations it declared this
// deal with their points (the observation's `combinations`: per seat [{kind, cards, points}]).
// Cards carry a copy digit (AS1, AS2); the shared table draws them by rank and suit.
import { meldsEl, Renderer, stockEl, stockItem, trumpItem } from "./renderer.js";
import { h } from "../ui.js";

export default class BeziqueRenderer extends Renderer {
  seatExtras(v, s) {
    const o = v.obs;
    const mine = Array.isArray(o.combinations) && Array.isArray(o.combinations[s])
      ? o.combinations[s] : [];
    const melds = meldsEl(mine.map((c) => ({ label: `${c.kind || ""} ${c.points ?? ""}`.trim(),
      cards: String(c.cards || "").split(/\s+/).map((x) => x.slice(0, 2)).join(" ") })));
    return melds ? h("div.seat-extras", melds) : null;
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
