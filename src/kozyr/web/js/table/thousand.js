// Thousand's parts of the table (rules/thousand.md): passes, barrel, bolts and the seat that
// sits out; the talon (face down, then face up; two piles of two with two players, and the
// discards) and the cards received from the declarer; bid, contract and declared marriages
// (a declaration announced in big letters); the talon's cards marked in the declarer's hand.
// Thousand's observation already gives `trick` and `last_trick` in the shared shape.
import { parseCards, suitIcon } from "../cards.js";
import { t } from "../i18n.js";
import { readLegal } from "../legal.js";
import { h } from "../ui.js";
import { backEl, cardEl, displayName } from "../words.js";
import { Renderer, spokenWords, trumpItem } from "./renderer.js";

const DEFAULT_MARRIAGES = { H: 100, D: 80, C: 60, S: 40 };

export default class ThousandRenderer extends Renderer {
  badges(v, s) {
    const o = v.obs;
    const out = [];
    // `passed`: a boolean per seat; `barrel`: the seats on the barrel; `bolts`: a count per seat.
    if (o.phase === "bidding" && Array.isArray(o.passed) && o.passed[s]) {
      out.push(h("span.badge.passed", t("table.passed")));
    }
    if (Array.isArray(o.barrel) && o.barrel.includes(s)) {
      out.push(h("span.badge.barrel", t("term.barrel")));
    }
    const bolts = Array.isArray(o.bolts) ? o.bolts[s] : 0;
    if (bolts) out.push(h("span.badge.bolt", `${t("term.bolt")} ×${bolts}`));
    return out;
  }

  trailingBadges(v, s) {
    return v.obs.sitting_out === s ? [h("span.badge.out", t("table.sits_out"))] : [];
  }

  get bubblePhases() {
    return ["bidding", "redeal", "talon", "contract"];
  }

  bubble(v, s) {
    const o = v.obs;
    if (!o || !this.bubblePhases.includes(o.phase)) return null;
    const said = spokenWords(o.history, s);
    if (said !== undefined) return said;
    // The high bid of a seat that has not spoken yet (the forced bidder's opening bid).
    if (o.phase === "bidding" && o.high_bidder === s && o.bid) return String(o.bid);
    return null;
  }

  centerKeys(o) {
    return [o.talon, o.received, o.talon_piles, o.discards];
  }

  middle(v) {
    const o = v.obs;
    if (o.phase === "play") return [];
    if (Array.isArray(o.talon_piles)) {
      // Two players: two piles of two, face down until the declarer takes one.
      return [pilesEl(v)];
    }
    // The talon: face up once shown, else face down.
    const parts = [];
    const shown = parseCards(o.talon);
    if (shown.length) {
      parts.push(h("div.talon", h("div.center-label", t("table.talon")),
        h("div.card-row", shown.map((x) => cardEl(x)))));
    } else if (o.phase === "bidding" || o.phase === "redeal") {
      parts.push(h("div.talon", h("div.center-label", t("table.talon")),
        h("div.card-row", Array.from({ length: 3 }, () => backEl()))));
    }
    if (o.phase === "talon" || o.phase === "contract") {
      const rec = parseCards(o.received);
      if (rec.length) parts.push(h("div.received", h("div.card-row", rec.map((c) => cardEl(c)))));
    }
    return parts;
  }

  infoItems(v) {
    const o = v.obs;
    const names = v.names();
    const items = [];
    if (o.contract) {
      items.push(h("div.contract", `${t("table.contract")}: ${o.contract}`,
        o.declarer !== null && o.declarer !== undefined
          ? ` (${displayName(names[o.declarer], o.declarer)})` : ""));
    } else if (o.bid) {
      items.push(h("div.bidline", `${t("table.bid")}: ${o.bid}`,
        o.high_bidder !== null && o.high_bidder !== undefined
          ? ` (${displayName(names[o.high_bidder], o.high_bidder)})` : ""));
    }
    items.push(trumpItem(o));
    // `marriages`: [[seat, suit]...] in the order declared.
    if (Array.isArray(o.marriages) && o.marriages.length) {
      items.push(h("div.marriages", `${t("term.marriage")}: `, o.marriages.map(([s, suit]) =>
        h("span.marriage", displayName(names[s], s), " ", suitIcon(suit),
          ` ${marriageValue(v, suit)}`))));
    }
    return items;
  }

  handMarks(o) {
    // While the declarer deals out the talon (and names his contract), its cards are marked.
    const out = new Map();
    if (!["talon", "contract"].includes(o.phase)) return out;
    const piles = Array.isArray(o.talon_piles) ? o.talon_piles.flatMap((p) => parseCards(p)) : [];
    for (const c of [...parseCards(o.talon), ...piles]) out.set(c, t("table.talon"));
    return out;
  }

  optionLabel(v, card, opt) {
    return opt.marriage ? t("act.marriage", { n: marriageValue(v, card[1]) })
      : super.optionLabel(v, card, opt);
  }

  announce(before, after) {
    const mb = before.marriages || [];
    const ma = after.marriages || [];
    if (ma.length <= mb.length) return null;
    const [seat, suit] = ma[ma.length - 1];
    return { seat, suit };
  }

  announceEl(v, a) {
    return h("div.announce", { role: "status" },
      h("div.announce-who", displayName(v.names()[a.seat], a.seat)),
      h("div.announce-what", `${t("term.marriage")} `, suitIcon(a.suit, "suit-icon big"),
        ` ${marriageValue(v, a.suit)}`),
      h("div.announce-trump", `${t("table.trump")}: ${t(`suit.${a.suit}`)}`));
  }
}

/** Return what a marriage of `suit` is worth under the table's rules. */
function marriageValue(v, suit) {
  const mv = (v.obs && v.obs.rules && v.obs.rules.marriage_values) ||
    (v.info && v.info.rules && v.info.rules.marriage_values) || DEFAULT_MARRIAGES;
  return mv[suit] ?? DEFAULT_MARRIAGES[suit] ?? "";
}

/** Return the two piles of a two-player talon (a button each when taking one is legal). */
function pilesEl(v) {
  const o = v.obs;
  const takes = new Set(v.myTurn() ? readLegal(v.legal).takes : []);
  const piles = o.talon_piles.map((pile, i) => {
    const cards = parseCards(pile);
    const face = cards.length ? cards.map((x) => cardEl(x)) : [backEl(), backEl()];
    const label = h("div.center-label", `${t("table.talon")} ${i + 1}`);
    if (takes.has(i)) {
      return h("button.pile.act-pile", { type: "button", dataset: { action: `take ${i}` },
        "aria-label": t("act.take", { n: i + 1 }), disabled: v.sent || null,
        onclick: () => v.send(`take ${i}`) }, label, h("div.card-row", face));
    }
    return h("div.pile", label, h("div.card-row", face));
  });
  const discards = parseCards(o.discards);
  return h("div.piles", h("div.pile-row", piles), discards.length
    ? h("div.discards", h("div.center-label", t("table.discarded")),
      h("div.card-row", discards.map((x) => cardEl(x, { cls: "small" })))) : null);
}
