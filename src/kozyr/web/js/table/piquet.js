// Piquet's parts of the table (rules/piquet.md).  The observation's own keys (the Piquet
// observer's docstring): elder, talon_size, talon_seen, left, discard, carte_blanche,
// carte_blanche_cards, declared, results, points, marks, settlement.
//
// - The exchange (§2, §9 "Actions"): the legal list holds every subset of the hand that may be
//   discarded (up to 3,796 texts), so the controls are not one button per text: the player
//   toggles cards on his hand, sees how many he may exchange (the sizes the legal texts have:
//   elder 1..5, younger up to what is left, `russian_exchange` 3..5 or none), and one button
//   sends the legal text holding exactly the selected cards (never one that is not in the
//   list); "take none" when `pass` is legal.  With `sinking` the declare choices are buttons
//   named in words (declare all, declare only point and sets..., sink all).
// - The declarations as announced at the table (§3): per category the call ("point of five",
//   "quint", "quatorze of aces", "three kings"), the answer ("good", "not good", "equal", with
//   "how many?" / "how high?" when the first words tie) and the score, from `results`; only the
//   cards the observation shows are named (a loser's combination is never shown; younger's
//   scoring cards after elder's first lead).  Carte blanche, repique, pique and capot as
//   marks, announced in big letters when they come.
// - The talon (its size, face down), what elder saw of it, the left cards once visible, each
//   seat's points of the deal, elder/younger badges and the partie's running score.
//
// The exchange and declare controls plug into the shared ones through the renderer's hooks
// (`controls`, `hand`: controls.js asks them first and draws its own when they decline).
import { parseCards, sortHand } from "../cards.js";
import { t } from "../i18n.js";
import { h, mount } from "../ui.js";
import { backEl, cardEl, cardInline, cardsInline, displayName, sentence } from "../words.js";
import { numberKeys } from "./controls.js";
import { Renderer } from "./renderer.js";

const CATEGORIES = ["point", "sequence", "sets"];
const COUNT = { A: 11, K: 10, Q: 10, J: 10, T: 10, 9: 9, 8: 8, 7: 7 };
const ORDER = "AKQJT987"; // high to low
const BIG_MARKS = ["carte-blanche", "repique", "pique", "capot"];

export default class PiquetRenderer extends Renderer {
  badges(v, s) {
    const o = v.obs;
    if (o.elder !== 0 && o.elder !== 1) return [];
    return [h(`span.badge.${o.elder === s ? "elder" : "younger"}`,
      t(o.elder === s ? "pq.elder" : "pq.younger"))];
  }

  trailingBadges(v, s) {
    return v.obs.carte_blanche === s ? [h("span.badge.carte-blanche", t("pq.carte_blanche"))]
      : [];
  }

  seatExtras(v, s) {
    const o = v.obs;
    const pts = Array.isArray(o.points) ? o.points[s] : 0;
    const said = Array.isArray(o.declared) ? o.declared[s] : null;
    const marks = Array.isArray(o.marks) && Array.isArray(o.marks[s]) ? o.marks[s] : [];
    return h("div.seat-extras.pq-extras", { dataset: { seat: String(s) } },
      h("div.pq-points", t("pq.deal_points", { n: pts ?? 0 })),
      Array.isArray(said) ? h("div.pq-declared", said.length
        ? `${t("pq.declares")}: ${said.map((c) => t(`pq.cat.${c}`)).join(", ")}`
        : t("pq.sinks")) : null,
      marks.length ? h("div.pq-marks", marks.map((m) => h(`span.badge.mark-${m}`,
        t(`mark.${m}`)))) : null);
  }

  bubble(v, s) {
    return null;
  }

  centerKeys(o) {
    return [o.talon_size, o.left, o.talon_seen, (o.results || []).length];
  }

  middle(v) {
    const o = v.obs;
    const parts = [];
    const size = Number(o.talon_size) || 0;
    if (o.phase === "exchange" && size) {
      parts.push(h("div.talon.pq-talon", h("div.center-label",
        t("pq.talon_size", { n: size })), h("div.card-row",
        Array.from({ length: Math.min(size, 8) }, () => backEl()))));
    }
    const left = parseCards(o.left);
    if (left.length) {
      parts.push(h("div.pq-left", h("div.center-label", t("pq.left")),
        h("div.card-row", left.map((c) => cardEl(c, { cls: "small" })))));
    }
    return parts;
  }

  infoItems(v) {
    const o = v.obs;
    const names = v.names();
    const items = [];
    const totals = Array.isArray(o.totals) ? o.totals : [0, 0];
    items.push(h("div.pq-partie", `${t("pq.partie")}: `, totals.map((x, s) =>
      `${displayName(names[s], s)} ${x}`).join(" – ")));
    items.push(h("div.pq-talon-size", t("pq.talon_size", { n: Number(o.talon_size) || 0 })));
    if (o.carte_blanche === 0 || o.carte_blanche === 1) {
      const cards = parseCards(o.carte_blanche_cards);
      items.push(h("div.pq-cb", `${t("pq.carte_blanche")}: `,
        displayName(names[o.carte_blanche], o.carte_blanche),
        cards.length ? h("span", " ", cards.map((c) => cardInline(c))) : null));
    }
    const seen = parseCards(o.talon_seen);
    if (seen.length) {
      items.push(h("div.pq-seen", `${t("pq.talon_seen")}: `, seen.map((c) => cardInline(c))));
    }
    const disc = parseCards(o.discard);
    if (disc.length) {
      items.push(h("div.pq-discard", `${t("pq.discard")}: `, disc.map((c) => cardInline(c))));
    }
    if (Array.isArray(o.results) && o.results.length) {
      items.push(h("div.pq-declarations", o.results.map((r) => resultEl(v, r))));
    }
    return items;
  }

  moveWords(v, s, text) {
    const w = String(text).trim().split(/\s+/);
    if (w[0] === "exchange") {
      // Another seat's exchange is its size; ours names the cards we laid out.
      if (w.length === 2 && /^\d+$/.test(w[1])) return [t("log.pq_exchange_n", { n: w[1] })];
      return sentence("log.pq_exchange", { cards: cardsInline(w.slice(1).join(" ")),
        n: w.length - 1 });
    }
    if (w[0] === "pass") return [t("log.pq_pass")];
    if (w[0] === "sees") {
      const left = w[1] === "the";
      return sentence(left ? "log.pq_sees_left" : "log.pq_sees", {
        cards: cardsInline(w.slice(left ? 4 : 1).join(" ")) });
    }
    if (w[0] === "declare") {
      const cats = w.length > 1 ? w.slice(1) : CATEGORIES;
      return [t("log.pq_declare", { list: cats.map((c) => t(`pq.cat.${c}`)).join(", ") })];
    }
    if (w[0] === "sink") return [t("pq.sinks")];
    return null;
  }

  logLines(v) {
    // The declarations as announced (§3), then carte blanche, repique and pique, before the
    // first lead (capot comes with the last trick: the score sheet shows it).
    const o = v.obs;
    const names = v.names();
    const lines = (Array.isArray(o.results) ? o.results : []).map((r) =>
      h("li.move.pq-log-result", { dataset: { category: r.category } }, resultEl(v, r)));
    for (const s of [0, 1]) {
      const marks = Array.isArray(o.marks) && Array.isArray(o.marks[s]) ? o.marks[s] : [];
      for (const m of marks.filter((x) => ["carte-blanche", "repique", "pique"].includes(x))) {
        lines.push(h("li.move.pq-log-mark", { dataset: { seat: String(s), mark: m } },
          h("b", displayName(names[s], s)), " ", t("log.pq_mark", { mark: t(`mark.${m}`) })));
      }
    }
    return lines;
  }

  announce(before, after) {
    if (!(before.results || []).length && (after.results || []).length) {
      return { kind: "declarations" };
    }
    if (before.carte_blanche == null && after.carte_blanche != null) {
      return { kind: "mark", mark: "carte-blanche", seat: after.carte_blanche };
    }
    for (const s of [0, 1]) {
      const mb = (before.marks || [])[s] || [];
      const ma = (after.marks || [])[s] || [];
      const fresh = ma.slice(mb.length).find((m) => BIG_MARKS.includes(m) &&
        m !== "carte-blanche");
      if (fresh) return { kind: "mark", mark: fresh, seat: s };
    }
    return null;
  }

  announceEl(v, a) {
    if (a.kind === "declarations") {
      return h("div.announce.pq-announce", { role: "status" },
        (v.obs.results || []).map((r) => shortLine(v, r)));
    }
    return h("div.announce.pq-announce", { role: "status" },
      h("div.announce-who", displayName(v.names()[a.seat], a.seat)),
      h("div.announce-what", t(`mark.${a.mark}`)));
  }

  /** Draw our exchange or declare controls (see the header); false when neither is ours. */
  controls(v) {
    if (!(exchangeTexts(v) || declareTexts(v))) return false;
    ownControls(v);
    return true;
  }

  /** Draw our hand as the exchange's choice of cards; false when we do not exchange. */
  hand(v) {
    if (!exchangeTexts(v)) return false;
    exchangeHand(v);
    return true;
  }
}

// -- the exchange --------------------------------------------------------------------------

/** Return the legal exchange texts by their sorted cards (null unless we exchange now). */
function exchangeTexts(v) {
  if (!v.obs || !v.myTurn()) return null;
  const out = new Map();
  for (const text of v.legal) {
    const w = text.trim().split(/\s+/);
    if (w[0] === "exchange") out.set(cardsKey(w.slice(1)), text);
  }
  return out.size ? out : null;
}

/** Return the legal declare texts (`declare ...`, `sink`) when we declare now, else null. */
function declareTexts(v) {
  if (!v.obs || !v.myTurn()) return null;
  const out = v.legal.filter((x) => x === "sink" || x.split(" ")[0] === "declare");
  return out.length ? out : null;
}

function cardsKey(cards) {
  return cards.slice().sort().join(" ");
}

/** Return the cards selected to discard in the current state (a fresh set for a new state). */
function selection(v) {
  if (!v.piquetSel || v.piquetSel.state !== v.state) {
    v.piquetSel = { state: v.state, cards: new Set() };
  }
  return v.piquetSel.cards;
}

/** Return the sizes the legal exchanges allow: {min, max} (null if none). */
function sizes(texts) {
  const n = [...texts.keys()].map((k) => k.split(" ").length);
  return n.length ? { min: Math.min(...n), max: Math.max(...n) } : null;
}

function ownControls(v) {
  const box = v.dom.controls;
  mount(box);
  if (v.over) return;
  const btn = (label, action, cls = "") => h(`button.act${cls ? "." + cls : ""}`,
    { type: "button", dataset: { action }, disabled: v.sent || null,
      onclick: () => v.send(action) }, label);
  const texts = exchangeTexts(v);
  if (!texts) {
    // With `sinking`: each declaration in words.
    for (const text of declareTexts(v)) {
      const w = text.split(" ");
      const label = text === "sink" ? t("pq.sink_all") : w.length === 1 ? t("pq.declare_all")
        : t("pq.declare_only", { list: w.slice(1).map((c) => t(`pq.cat.${c}`)).join(", ") });
      box.appendChild(btn(label, text, text === "declare" ? "primary" : ""));
    }
    numberKeys(box); // number keys press the choices, as in the shared controls
    return;
  }
  const sel = selection(v);
  const r = sizes(texts);
  const match = texts.get(cardsKey([...sel]));
  box.append(h("span.prompt.pq-range", r.min === r.max ? t("pq.exchange_n", { n: r.min })
    : t("pq.exchange_range", { min: r.min, max: r.max })),
  h("span.prompt.pq-chosen", t("pq.selected", { n: sel.size })),
  h("button.act.primary.pq-exchange", { type: "button",
    dataset: { action: match || "" }, disabled: v.sent || !match || null,
    onclick: () => { if (match) v.send(match); } }, t("pq.exchange_btn", { n: sel.size })));
  if (sel.size) {
    box.appendChild(h("button.act.pq-clear", { type: "button", disabled: v.sent || null,
      onclick: () => { sel.clear(); v.renderControls(); v.renderHand(); } }, t("pq.clear")));
  }
  if (v.legal.includes("pass")) box.appendChild(btn(t("pq.take_none"), "pass", "pass"));
}

function exchangeHand(v) {
  const box = v.dom.hand;
  mount(box);
  const o = v.obs;
  const texts = exchangeTexts(v);
  const r = sizes(texts);
  const sel = selection(v);
  const cards = sortHand(parseCards(o.hand), null);
  // A card may be chosen if some legal exchange discards it.
  const usable = new Set([...texts.keys()].flatMap((k) => k.split(" ")));
  for (const c of cards) {
    const on = sel.has(c);
    const ok = usable.has(c);
    const node = cardEl(c, { cls: `${ok ? "legal" : "illegal"}${on ? " chosen" : ""}`,
      disabled: !ok || v.sent, onClick: () => {
        if (v.sent) return;
        if (on) sel.delete(c);
        else if (sel.size < r.max) sel.add(c);
        v.renderControls();
        v.renderHand();
        const again = v.dom.hand.querySelector(`[data-card="${c}"]`);
        if (again) again.focus({ preventScroll: true });
      } });
    node.setAttribute("aria-pressed", on ? "true" : "false");
    box.appendChild(node);
  }
  box.style.setProperty("--n", String(cards.length || 1));
}

// -- the declarations ------------------------------------------------------------------------

/** Return one category's result as it was announced: the calls, the answer, the score. */
function resultEl(v, r) {
  const o = v.obs;
  const names = v.names();
  const elder = o.elder;
  const younger = 1 - elder;
  const who = (s) => h("b", displayName(names[s], s), ": ");
  const cards = Array.isArray(r.cards) ? r.cards.map((c) => parseCards(c)) : [[], []];
  const parts = [h("span.pq-cat", `${t(`pq.cat.${r.category}`)} — `)];
  if (r.equal) {
    // Equal: the call, the question, the answer, "equal".
    const call = callOf(r.category, cards[elder]);
    parts.push(who(elder), call.words, " · ", who(younger),
      t(r.category === "point" ? "pq.how_many" : "pq.how_high"), " · ", who(elder),
      r.category === "point" ? t("pq.making", { n: call.value }) : call.top, " · ",
      who(younger), h("span.pq-answer.equal", t("pq.equal")));
  } else if (r.winner === 0 || r.winner === 1) {
    const w = r.winner;
    const shown = cards[w];
    const call = shown.length ? callOf(r.category, shown) : null;
    const said = [call ? call.words : t(`pq.cat.${r.category}`),
      shown.length ? h("span.pq-cards", " ", shown.map((c) => cardInline(c))) : null];
    if (w === elder) {
      parts.push(who(elder), said, " · ", who(younger),
        h("span.pq-answer.good", t("pq.good")));
    } else {
      // Elder's call lost: his cards are not shown, only that younger said "not good".
      parts.push(who(elder), t(`pq.cat.${r.category}`), " · ", who(younger),
        h("span.pq-answer.not-good", t("pq.not_good")), " — ", said);
    }
    parts.push(h("span.pq-score", ` +${r.score}`));
  } else {
    parts.push(h("span.muted", t("pq.nothing")));
  }
  return h("div.pq-result", { dataset: { category: r.category } }, parts);
}

/** Return one category's result in a few words (the announcement): who, what, the answer. */
function shortLine(v, r) {
  const names = v.names();
  const w = r.winner;
  const cards = Array.isArray(r.cards) ? r.cards.map((c) => parseCards(c)) : [[], []];
  let what;
  if (r.equal) what = t("pq.equal");
  else if (w === 0 || w === 1) {
    what = [h("b", displayName(names[w], w)), ": ", callOf(r.category, cards[w]).words, " — ",
      t("pq.good"), ` +${r.score}`];
  } else what = t("pq.nothing");
  return h("div.pq-line", { dataset: { category: r.category } },
    `${t(`pq.cat.${r.category}`)}: `, what);
}

/** Return {words, value, top} of a shown combination of `category`. */
function callOf(category, cards) {
  if (!cards.length) return { words: t(`pq.cat.${category}`), value: "", top: "" };
  if (category === "point") {
    return { words: t("pq.point_of", { n: cards.length }),
      value: cards.reduce((a, c) => a + (COUNT[c[0]] || 0), 0), top: "" };
  }
  if (category === "sequence") {
    const runs = sequences(cards);
    const words = runs.map((run) => t(`pq.seq.${Math.min(run.length, 8)}`)).join(", ");
    return { words, value: 0, top: runs.length ? cardInline(runs[0][0]) : "" };
  }
  // Sets: four of a rank is a quatorze, three a trio.
  const byRank = new Map();
  for (const c of cards) byRank.set(c[0], (byRank.get(c[0]) || 0) + 1);
  const ranks = [...byRank.keys()].sort((a, b) => (byRank.get(b) - byRank.get(a)) ||
    ORDER.indexOf(a) - ORDER.indexOf(b));
  return { words: ranks.map((rk) => t(`pq.${byRank.get(rk) >= 4 ? "q" : "t"}.${rk}`))
    .join(", "), value: 0, top: "" };
}

/** Split shown sequence cards into runs (each high to low), the best first. */
function sequences(cards) {
  const bySuit = new Map();
  for (const c of cards) {
    if (!bySuit.has(c[1])) bySuit.set(c[1], []);
    bySuit.get(c[1]).push(c);
  }
  const runs = [];
  for (const list of bySuit.values()) {
    list.sort((a, b) => ORDER.indexOf(a[0]) - ORDER.indexOf(b[0]));
    let run = [list[0]];
    for (let i = 1; i < list.length; i++) {
      if (ORDER.indexOf(list[i][0]) === ORDER.indexOf(run[run.length - 1][0]) + 1) {
        run.push(list[i]);
      } else {
        runs.push(run);
        run = [list[i]];
      }
    }
    runs.push(run);
  }
  return runs.sort((a, b) => b.length - a.length ||
    ORDER.indexOf(a[0][0]) - ORDER.indexOf(b[0][0]));
}
