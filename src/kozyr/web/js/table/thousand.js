// Thousand's parts of the table (rules/thousand.md): passes, barrel, bolts and the seat that
// sits out; the talon (face down, then face up; two piles of two with two players, and the
// discards) and the cards received from the declarer; bid, contract and declared marriages
// (a declaration announced in big letters); the talon's cards marked in the declarer's hand.
// Thousand's observation already gives `trick` and `last_trick` in the shared shape.
import { parseCards, suitIcon } from "../cards.js";
import { t } from "../i18n.js";
import { readLegal } from "../legal.js";
import { h } from "../ui.js";
import { backEl, cardEl, cardInline, displayName, sentence, suitSign } from "../words.js";
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
    // Falls from the barrel this match (§11.7), where the observation gives them.
    const falls = Array.isArray(o.barrel_falls) ? o.barrel_falls[s] : 0;
    if (falls) out.push(h("span.badge.falls", `${t("sheet.barrel_falls")} ×${falls}`));
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
    // The table's options forbid a marriage on the first trick: said while it is played.
    if (noFirstMarriage(v) && o.phase === "play" && (o.tricks_won || []).every((x) => !x)) {
      items.push(h("div.first-trick-note", t("table.no_first_marriage")));
    }
    // `marriages`: [[seat, suit] or [seat, suit, words]...] in the order declared.
    if (Array.isArray(o.marriages) && o.marriages.length) {
      items.push(h("div.marriages", `${t("term.marriage")}: `, o.marriages.map(([s, suit,
        words]) => h("span.marriage", { dataset: { words: words || "marriage" } },
        displayName(names[s], s), " ", words === "nines" ? t("term.nines") : suitIcon(suit),
        words && words.startsWith("bed") ? ` ${t("term.bed")}` : "",
        words && words.endsWith("keep") ? ` (${t("term.keep")})` : "",
        ` ${declarationValue(v, suit, words || "marriage")}`))));
    }
    // Buying the talon (§11.5): who is asked now, who sold it in this deal.
    if (o.buyer_asked !== null && o.buyer_asked !== undefined) {
      items.push(h("div.buying", t("table.buyer_asked", {
        name: displayName(names[o.buyer_asked], o.buyer_asked) })));
    }
    if (Array.isArray(o.sales) && o.sales.length) {
      items.push(h("div.sales", `${t("mark.sold")}: `, o.sales.map((s) =>
        displayName(names[s], s)).join(", ")));
    }
    // A seat that may still bid blind has not seen its own hand (§11.4).
    if (Array.isArray(o.hands_unseen) && o.hands_unseen.includes(o.seat)) {
      items.push(h("div.unseen", t("table.hand_unseen")));
    }
    return items;
  }

  handMarks(o) {
    // While the declarer deals out the talon (and names his contract), its cards are marked;
    // so are the cards an opponent received from him, until the first trick is taken.
    const out = new Map();
    const early = ["talon", "contract"].includes(o.phase);
    if (early || (o.phase === "play" && (o.tricks_won || []).every((x) => !x))) {
      for (const c of parseCards(o.received)) out.set(c, t("table.from_declarer"));
    }
    if (!early) return out;
    const piles = Array.isArray(o.talon_piles) ? o.talon_piles.flatMap((p) => parseCards(p)) : [];
    for (const c of [...parseCards(o.talon), ...piles]) out.set(c, t("table.talon"));
    return out;
  }

  rulesNotes(v) {
    // A word in the rules tab when the table's options forbid a marriage on the first trick.
    return noFirstMarriage(v) ? [h("p.rules-note", t("table.no_first_marriage"))] : [];
  }

  optionLabel(v, card, opt) {
    // One card, several declarations (§11.1, §11.6): K+Q or bed marriage, "in suit", nines.
    const key = DECLARE_LABEL[opt.kind];
    if (!key) return super.optionLabel(v, card, opt);
    const n = opt.kind === "marriage" && card[0] === "A" ? ACE_MARRIAGE
      : declarationValue(v, card[1], opt.kind);
    return t(key, { n });
  }

  moveWords(v, s, text) {
    // A declaring lead in words with its value: "plays K♥ and declares the marriage ♥ (100)".
    const w = String(text).trim().split(/\s+/);
    const kind = w.slice(2).join(" ");
    if (w[0] !== "play" || !LOG_KEY[kind] || !w[1] || w[1].length !== 2) return null;
    const card = w[1];
    const n = kind === "marriage" && card[0] === "A" ? ACE_MARRIAGE
      : declarationValue(v, card[1], kind);
    return sentence(LOG_KEY[kind], { card: cardInline(card), s: suitSign(card[1]), n });
  }

  announce(before, after) {
    // `marriages`: [seat, suit] per marriage, [seat, suit, words] for §11's declarations.
    const mb = before.marriages || [];
    const ma = after.marriages || [];
    if (ma.length <= mb.length) return null;
    const [seat, suit, words] = ma[ma.length - 1];
    return { seat, suit, words: words || "marriage" };
  }

  announceEl(v, a) {
    const trumpChanges = a.words === "marriage" || a.words === "bed";
    return h("div.announce", { role: "status" },
      h("div.announce-who", displayName(v.names()[a.seat], a.seat)),
      h("div.announce-what", `${t(DECLARATION_TERM[a.words] || "term.marriage")} `,
        a.words === "nines" ? null : suitIcon(a.suit, "suit-icon big"),
        ` ${declarationValue(v, a.suit, a.words)}`),
      trumpChanges ? h("div.announce-trump", `${t("table.trump")}: ${t(`suit.${a.suit}`)}`)
        : null);
  }
}

const ACE_MARRIAGE = 200;
// The choice buttons and the words of each declaring lead (legal.js `kind`).
const DECLARE_LABEL = { marriage: "act.marriage", "marriage keep": "act.marriage_keep",
  bed: "act.bed", "bed keep": "act.bed_keep", nines: "act.nines" };
const LOG_KEY = { marriage: "log.marriage_n", "marriage keep": "log.marriage_keep_n",
  bed: "log.bed_n", "bed keep": "log.bed_keep_n", nines: "log.nines_n" };
const DECLARATION_TERM = { marriage: "term.marriage", "marriage keep": "term.marriage",
  bed: "term.bed", "bed keep": "term.bed", nines: "term.nines" };

/** Return the rules the table plays (the observation's, else the table's). */
function rulesOf(v) {
  // The observation's `rules` is the preset's name or its record form; the table's TableInfo
  // carries them as a dict (marriage_values ...).
  const r = v.obs && v.obs.rules;
  if (r && typeof r === "object" && r.marriage_values) return r;
  return (v.info && v.info.rules) || {};
}

/** Return what a marriage of `suit` is worth under the table's rules. */
function marriageValue(v, suit) {
  const mv = rulesOf(v).marriage_values || DEFAULT_MARRIAGES;
  return mv[suit] ?? DEFAULT_MARRIAGES[suit] ?? "";
}

/** Return what a declaration of `suit` is worth: marriage, bed marriage (half), four nines. */
function declarationValue(v, suit, words = "marriage") {
  if (words === "nines") return rulesOf(v).four_nines ?? "";
  const full = marriageValue(v, suit);
  return words.startsWith("bed") && full !== "" ? full / 2 : full;
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

/** Return whether the table's options forbid declaring a marriage on the first trick. */
function noFirstMarriage(v) {
  return !!(v.info && v.info.rules && v.info.rules.marriage_on_first_trick === false);
}
