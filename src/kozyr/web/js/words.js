// Shared pieces of rendering: cards as DOM, action texts in words, the score sheet.
import { backSVG, cardSVG, parseCards, suitIcon } from "./cards.js";
import { cardName, has, t, tOr } from "./i18n.js";
import { h } from "./ui.js";

/** Return a display name: "bot:normal" at seat 1 -> "Bot 2 · normal". */
export function displayName(name, seat = null) {
  if (!name) return "—";
  if (name.startsWith("bot:")) {
    const level = name.slice(4);
    return `${t("table.bot")}${seat === null ? "" : " " + (seat + 1)} · ${
      tOr(`level.${level}`, level)}`;
  }
  return name;
}

/** Make a card element: a <button> if `onClick` is given, else a <div>. */
export function cardEl(card, { onClick = null, cls = "", disabled = false, label = null } = {}) {
  const attrs = { class: `card ${cls}`.trim(), dataset: { card } };
  let node;
  if (onClick) {
    node = h("button", { ...attrs, type: "button", "aria-label": label || cardName(card),
      disabled: disabled || null, onclick: onClick });
  } else {
    node = h("div", { ...attrs, role: "img", "aria-label": label || cardName(card) });
  }
  node.appendChild(cardSVG(card));
  return node;
}

/** Make a face-down card. */
export function backEl(cls = "") {
  const node = h("div", { class: `card back ${cls}`.trim(), "aria-hidden": "true" });
  node.appendChild(backSVG());
  return node;
}

/** Show a card inline in text: rank and a coloured suit symbol. */
export function cardInline(card) {
  const r = card[0] === "T" ? "10" : card[0];
  return h("span.card-inline", { "aria-label": cardName(card) }, r, suitIcon(card[1]));
}

const SIGNS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/** Show a suit as its sign in text (♠ ♥ ♦ ♣), red or black, named for screen readers. */
export function suitSign(s) {
  return h("span.suit-sign", { dataset: { suit: s }, title: t(`suit.${s}`) }, SIGNS[s] || s);
}

/** Return the suit of the trump a seat accepts: the trump once known, else the turned card's. */
function acceptedSuit(o) {
  if (!o) return null;
  if (o.trump) return o.trump;
  return o.turned ? String(o.turned)[1] : null;
}

/**
 * Put an action text into words: "bid 120" -> "bids 120" (pieces of DOM).  `o`, the
 * observation, names what a bare word refers to ("accept": the suit accepted).
 */
export function actionWords(text, names, o = null) {
  const w = String(text).trim().split(/\s+/);
  const nameOf = (s) => displayName(names[Number(s)], Number(s));
  switch (w[0]) {
    case "bid": return [t("log.bid", { n: w[1] })];
    case "pass": return [t("log.pass")];
    case "contract": return [t("log.contract", { n: w[1] })];
    case "writeoff": return [t("log.writeoff")];
    case "redeal": return [t("log.redeal")];
    case "keep": return [t("log.keep")];
    case "accept": {
      const suit = acceptedSuit(o);
      return suit ? sentence("log.accept", { s: suitSign(suit) }) : [t("log.accept_plain")];
    }
    case "declare": return [t("log.declare")];
    case "swap7": return [t("log.swap7")];
    case "blind": return [t("act.blind")];
    case "look": return [t("log.look")];
    case "buy": return [t("log.buy")];
    case "decline": return [t("log.decline")];
    case "strikeout": return [t("log.strikeout")];
    case "take": return [t("log.take", { n: Number(w[1]) + 1 })];
    case "discard": return [t("log.discard")];
    case "trump": return sentence("log.trump", { s: suitSign(w[1]) });
    case "give":
      if (w[2] && !w[2].includes("?") && w[2].length === 2) {
        return withCard(t("log.give_card", { card: "\u0000", name: nameOf(w[1]) }), w[2]);
      }
      return [t("log.give", { name: nameOf(w[1]) })];
    case "play": {
      if (w[1] === "?" || !w[1]) return [text];
      const kind = w.slice(2).filter((x) => x !== "bella").join(" ");
      return [...withCard(t(PLAY_LOG[kind] || "log.play", { card: "\u0000" }), w[1]),
        w.includes("bella") ? ` (${t("act.bella")})` : ""];
    }
    default: return [text];
  }
}

// How each lead with words after its card reads in the moves (Thousand's declarations).
const PLAY_LOG = { marriage: "log.marriage", "marriage keep": "log.marriage_keep",
  bed: "log.bed", "bed keep": "log.bed_keep", nines: "log.nines" };

function withCard(sentence, card) {
  const [a, b] = sentence.split("\u0000");
  return [a, cardInline(card), b ?? ""];
}

/**
 * Translate `key` with DOM parameters: each of `params` may be a string, a number or DOM
 * node(s) (a card, a suit icon); returns the sentence as pieces to append.
 * sentence("log.meld", {kind: "fifty", suit: suitIcon("D")}) -> ["declares a fifty in ", <svg>]
 */
export function sentence(key, params = {}) {
  const marks = {};
  const nodes = [];
  for (const [k, x] of Object.entries(params)) {
    if (x !== null && typeof x === "object") {
      marks[k] = `\u0001${nodes.length}\u0002`;
      nodes.push(x);
    } else marks[k] = x;
  }
  return t(key, marks).split(/\u0001(\d+)\u0002/).map((part, i) =>
    (i % 2 ? nodes[Number(part)] : part)).filter((x) => x !== "");
}

// Fours by the rank they hold (Bezique's kinds name them: "four aces").
const FOUR_OF = { "four aces": "A", "four kings": "K", "four queens": "Q", "four jacks": "J" };

/**
 * Name a declared combination in words: Debertz's melds (tertz, fifty, debertz), Tertz's
 * combinations (a sequence of 3 is a tertz, 4 a fifty, 5 to 8 a hundred; four of a rank;
 * the marriage) and Bezique's (marriage, sequence, bezique, double bezique, the fours), as
 * the observation names them (`kind` and `cards`).  Returns DOM pieces.
 */
export function comboWords(game, kind, cards) {
  const list = String(cards || "").split(/\s+/).filter((c) => c.length >= 2);
  const s = suitSign(list.length ? list[0][1] : "");
  if (game === "tertz" && kind === "sequence") {
    return sentence(list.length >= 5 ? "combo.hundred" : list.length === 4 ? "combo.fifty"
      : "combo.tertz", { s });
  }
  if (kind === "four" && list.length) return [t(`combo.four_${list[0][0]}`)];
  if (FOUR_OF[kind]) return [t(`combo.four_${FOUR_OF[kind]}`)];
  const key = `combo.${String(kind).replace(/\s+/g, "_")}`;
  return has(key) ? sentence(key, { s }) : [String(kind)];
}

/** Show cards inline in text ("KS QS JS" -> K♠ Q♠ J♠), copy digits dropped (Bezique). */
export function cardsInline(cards) {
  const list = String(cards || "").split(/\s+/).filter((c) => c.length >= 2)
    .map((c) => c.slice(0, 2));
  return h("span.cards-inline", list.map((c, i) => [i ? " " : "", cardInline(c)]));
}

/** Render a list of cards face up in a row. */
export function cardRow(cards, cls = "") {
  return h(`div.card-row${cls ? "." + cls : ""}`, parseCards(cards).map((c) => cardEl(c)));
}

/**
 * Build the score sheet table (rows as in spec/records.md "kozyr replay --json").  `extra`
 * may give the summary's `barrel_falls` (Thousand: a count per seat, shown beside the last
 * totals) and `settlement` (each seat's gain or loss once the match is complete): each is a
 * footer row.
 */
export function sheetTable(rows, names, extra = {}) {
  if (!rows || !rows.length) return h("p.muted", t("sheet.empty"));
  const n = names.length;
  const head = h("tr", h("th", { scope: "col" }, t("sheet.deal")),
    h("th", { scope: "col" }, t("sheet.contract")),
    ...names.map((nm, s) => h("th", { scope: "col" }, displayName(nm, s))));
  const body = rows.map((row, i) => {
    const cells = [];
    for (let s = 0; s < n; s++) {
      const marks = (row.marks && row.marks[s]) || [];
      const score = row.scores ? row.scores[s] : null;
      const cls = [s === row.declarer ? "declarer" : "", s === row.dealer ? "dealer" : ""]
        .filter(Boolean).join(" ");
      cells.push(h("td", { class: cls },
        h("span.total", String(row.totals ? row.totals[s] : "")),
        score !== null && score !== undefined
          ? h("span.delta", (score > 0 ? "+" : "") + score) : null,
        marks.map((m) => h(`span.mark.mark-${m.replace(/[^\w-]/g, "")}`,
          { title: t(`mark.${m}`) }, t(`mark.${m}`)))));
    }
    const bidText = row.declarer === null || row.declarer === undefined ? "—"
      : `${displayName(names[row.declarer], row.declarer)}: ${row.bid ?? "—"}` +
        (row.contract !== null && row.contract !== undefined && row.contract !== row.bid
          ? ` / ${row.contract}` : "");
    return h("tr", h("th", { scope: "row" }, String(i + 1)), h("td.bid", bidText), ...cells);
  });
  const foot = [];
  const signed = (x) => (x > 0 ? `+${x}` : String(x));
  for (const [key, values, fmt] of [["barrel_falls", extra.barrel_falls, String],
    ["settlement", extra.settlement, signed]]) {
    if (!Array.isArray(values)) continue;
    foot.push(h("tr", { class: `sheet-${key.replace("_", "-")}` },
      h("th", { scope: "row", colspan: 2 }, t(`sheet.${key}`)),
      ...names.map((_nm, s) => h("td", values[s] === undefined ? "" : fmt(values[s])))));
  }
  return h("table.sheet", h("thead", head), h("tbody", body),
    foot.length ? h("tfoot", foot) : null);
}
