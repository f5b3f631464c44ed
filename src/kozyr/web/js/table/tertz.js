// Tertz's parts of the table (rules/tertz.md): the stock with the turned card under it and
// the declared combinations (with the marriage) under each seat.
import { meldsEl, Renderer, stockEl, stockItem, trumpItem } from "./renderer.js";

export default class TertzRenderer extends Renderer {
  /**
   * Tertz's engine gives the trick as plain cards in playing order from `leader`
   * (["8D"]) and the last trick as {leader, cards: ["8D", "QS"], winner}; the shared table
   * reads [[seat, card]...] for both.  (Drop this when the observation gives seats itself.)
   */
  adapt(obs) {
    const n = obs.players;
    const withSeats = (cards, leader) => cards.map((c, i) => [((leader ?? 0) + i) % n, c]);
    const lt = obs.last_trick;
    return { ...obs, trick: withSeats(obs.trick, obs.leader),
      last_trick: lt ? { cards: withSeats(lt.cards, lt.leader), winner: lt.winner } : null };
  }

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
