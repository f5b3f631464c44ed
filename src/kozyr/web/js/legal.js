// Reading the legal action texts (spec/records.md) into what the table shows: which cards
// are playable, the bid range and its cap, the seats a card may be given to, other buttons.
// Pure functions, no DOM: the browser tests call them directly too.

/** The actions that concede the deal: never the first, casual choice, never one key away. */
export const CONCEDE = ["writeoff", "strikeout"];

/**
 * Group legal action texts.  Returns
 *   {cards: Map(card -> [{text, kind, marriage, bella, declares}]), bids: [N], contracts: [N],
 *    gives: Map(seat -> Set(card)), discards: Set(card), takes: [P], trumps: [S],
 *    buttons: [text]}
 * where `buttons` are the actions shown as plain buttons (pass, writeoff, redeal, look, buy,
 * decline, strikeout...), the deal-ending concessions (writeoff, strikeout) last.
 */
export function readLegal(legal) {
  const out = { cards: new Map(), bids: [], contracts: [], gives: new Map(), discards: new Set(),
    takes: [], trumps: [], buttons: [] };
  for (const text of legal || []) {
    const w = text.trim().split(/\s+/);
    switch (w[0]) {
      case "play": {
        // `kind`: the words after the card ("" a plain play; "marriage", "marriage keep",
        // "bed", "bed keep", "nines": Thousand's declaring leads; "bella": Debertz).
        const list = out.cards.get(w[1]) || [];
        const kind = w.slice(2).join(" ");
        list.push({ text, kind, marriage: w.includes("marriage"), bella: w.includes("bella"),
          declares: kind !== "" && kind !== "bella" });
        out.cards.set(w[1], list);
        break;
      }
      case "bid":
        out.bids.push(Number(w[1]));
        break;
      case "contract":
        out.contracts.push(Number(w[1]));
        break;
      case "give": {
        const seat = Number(w[1]);
        if (!out.gives.has(seat)) out.gives.set(seat, new Set());
        out.gives.get(seat).add(w[2]);
        break;
      }
      case "discard":
        out.discards.add(w[1]);
        break;
      case "take":
        out.takes.push(Number(w[1]));
        break;
      case "trump":
        out.trumps.push(w[1]);
        break;
      default:
        out.buttons.push(text);
    }
  }
  const last = (x) => (CONCEDE.includes(x) ? 1 : 0);
  out.buttons.sort((a, b) => last(a) - last(b));
  out.bids.sort((a, b) => a - b);
  out.contracts.sort((a, b) => a - b);
  return out;
}

/** Return {min, max, step, values} of a list of legal bids/contracts, or null if empty. */
export function range(values) {
  if (!values.length) return null;
  const step = values.length > 1 ? values[1] - values[0] : 5;
  return { min: values[0], max: values[values.length - 1], step, values };
}

/**
 * Pick the quick-choice amounts shown as buttons: the lowest few and the cap.
 * quickAmounts([100,105,...,160], 4) -> [100, 105, 110, 160]
 */
export function quickAmounts(values, n = 4) {
  if (values.length <= n + 1) return values.slice();
  const head = values.slice(0, n);
  const last = values[values.length - 1];
  return head.includes(last) ? head : [...head, last];
}

/** Return the cards a click on a hand card would act on in this state (for highlighting). */
export function activeCards(info) {
  const set = new Set(info.cards.keys());
  for (const cards of info.gives.values()) for (const c of cards) set.add(c);
  for (const c of info.discards) set.add(c);
  return set;
}
