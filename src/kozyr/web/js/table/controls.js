// The player's controls, read only from `legal` (legal.js): the hand's playable cards, the
// bid/contract amounts and cap, give targets, piles, trumps and the plain buttons.
import { parseCards, sortHand } from "../cards.js";
import { t } from "../i18n.js";
import { activeCards, CONCEDE, quickAmounts, range, readLegal } from "../legal.js";
import { h, mount, toast } from "../ui.js";
import { cardEl, cardInline, displayName, sentence, suitSign } from "../words.js";
import { confirmConcede, redealReason } from "./confirm.js";

// The plain choices' labels, by the action's first word.
const KNOWN = { pass: "act.pass", writeoff: "act.writeoff", redeal: "act.redeal",
  keep: "act.keep", blind: "act.blind", accept: "act.accept", swap7: "act.swap7", draw: "act.draw",
  declare: "act.declare", bella: "act.bella", look: "act.look", buy: "act.buy",
  decline: "act.decline", strikeout: "act.strikeout" };

/** Draw the buttons of view `v` when it is our turn. */
export function renderControls(v) {
  const box = v.dom.controls;
  mount(box);
  if (v.over || !v.obs) {
    return;
  }
  if (!v.myTurn()) return;
  // A game's own controls first (Piquet's exchange, ...): the renderer's hook.
  if (v.renderer && v.renderer.controls(v)) return;
  const info = readLegal(v.legal);
  const buttons = [];
  const btn = (label, action, cls = "") => h(`button.act${cls ? "." + cls : ""}`,
    { type: "button", dataset: { action }, disabled: v.sent || null,
      onclick: () => v.send(action) }, label);
  if (v.choice && info.cards.has(v.choice)) {
    // One card, several ways to play it (declare the marriage, or not ...).
    for (const opt of info.cards.get(v.choice)) {
      buttons.push(btn(v.renderer.optionLabel(v, v.choice, opt), opt.text,
        opt.declares ? "primary" : ""));
    }
    box.append(h("div.prompt", cardInline(v.choice)), ...buttons);
    numberKeys(box);
    return;
  }
  for (const [verb, r] of [["bid", range(info.bids)], ["contract", range(info.contracts)]]) {
    if (r) buttons.push(...amountButtons(v, verb, r, btn));
  }
  for (const p of info.takes) buttons.push(btn(t("act.take", { n: p + 1 }), `take ${p}`));
  for (const s of info.trumps) {
    buttons.push(h("button.act.trump-btn", { type: "button", dataset: { action: `trump ${s}` },
      "aria-label": t("act.trump", { s: t(`suit.${s}`) }), disabled: v.sent || null,
      onclick: () => v.send(`trump ${s}`) }, sentence("act.trump_name", { s: suitSign(s) })));
  }
  if (info.gives.size) {
    const seats = [...info.gives.keys()];
    const n = v.n();
    if (!seats.includes(v.giveTarget)) {
      // Default: the next seat clockwise (to the left) that still needs a card.
      const order = seats.slice().sort((a, b) => ((a - v.seat + n) % n) -
        ((b - v.seat + n) % n));
      v.giveTarget = order[0];
    }
    const names = v.names();
    buttons.unshift(h("span.prompt", t("table.give_to", {
      name: displayName(names[v.giveTarget], v.giveTarget) })));
    if (seats.length > 1) {
      for (const s of seats) {
        buttons.push(h("button.act.target", { type: "button", "aria-pressed": s ===
          v.giveTarget ? "true" : "false", onclick: () => { v.giveTarget = s;
          v.renderControls(); v.renderHand(); } }, "→ " + displayName(names[s], s)));
      }
    }
  } else if (info.discards.size) {
    buttons.unshift(h("span.prompt", t("table.discard")));
  } else if (info.cards.size && !info.buttons.length) {
    buttons.push(h("span.prompt", t("table.choose_card")));
  }
  // Plain choices; a write-off or strike-out (it ends the deal) comes last (readLegal).
  const reason = info.buttons.includes("redeal") ? redealReason(v) : "";
  if (reason) buttons.push(h("span.prompt.redeal-reason", t("redeal.ask", { reason })));
  for (const text of info.buttons) {
    const w = text.split(" ");
    // A write-off or strike-out is asked about first, saying what it costs.
    buttons.push(CONCEDE.includes(w[0]) ? h("button.act.danger", { type: "button",
      dataset: { action: text }, disabled: v.sent || null,
      onclick: () => confirmConcede(v, text) }, plainLabel(v, text))
      : btn(plainLabel(v, text), text, w[0] === "pass" || w[0] === "decline" ? "pass"
        : w[0] === "buy" ? "primary" : ""));
  }
  box.append(...buttons);
  numberKeys(box);
}

/** Return the label of plain choice `text`: the game's own, else the shared words. */
function plainLabel(v, text) {
  const own = v.renderer ? v.renderer.buttonLabel(v, text) : null;
  if (own) return own;
  const w = text.split(" ");
  const o = v.obs || {};
  if (w[0] === "accept" && (o.trump || o.turned)) {
    return sentence("act.accept_suit", { s: suitSign(o.trump || String(o.turned)[1]) });
  }
  return KNOWN[w[0]] ? t(KNOWN[w[0]]) : text;
}

/** Return quick buttons for a bid or contract range, an amount box if many, and the cap. */
function amountButtons(v, verb, r, btn) {
  const out = [];
  const key = verb === "bid" ? "act.bid" : "act.contract";
  for (const x of quickAmounts(r.values)) {
    out.push(btn(t(key, { n: x }), `${verb} ${x}`, x === r.min ? "primary" : ""));
  }
  if (r.values.length > 5) {
    const input = h("input.amount", { type: "number", min: r.min, max: r.max, step: r.step,
      value: r.min, "aria-label": t(verb === "bid" ? "table.bid" : "table.contract") });
    const go = h("button.act.go", { type: "button", disabled: v.sent || null, onclick: () => {
      // Sent as typed: a refused amount comes back with the engine's reason (the bid step,
      // the table's maximum...), which the error toast shows.
      const typed = input.value.trim();
      if (typed) v.send(`${verb} ${typed}`);
      else toast(`${r.min}…${r.max}`, "error");
    } }, t("table.ok"));
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") go.click(); });
    out.push(h("span.amount-box", input, go));
  }
  out.push(h("span.cap", t("table.cap", { n: r.max })));
  return out;
}

/** Label the choice buttons 1..9 so number keys can press them (a game's own controls too). */
export function numberKeys(box) {
  let i = 1;
  for (const b of box.querySelectorAll("button.act")) {
    if (i > 9) break;
    if (CONCEDE.includes(b.dataset.action)) continue; // never one key press away
    b.dataset.key = String(i);
    b.setAttribute("aria-keyshortcuts", String(i));
    b.prepend(h("kbd", String(i)));
    i += 1;
  }
}

/** Draw our hand: sorted, trumps first; the legal cards clickable, the others dimmed. */
export function renderHand(v) {
  const box = v.dom.hand;
  mount(box);
  const o = v.obs;
  if (!o || v.seat === null) return;
  if (v.renderer && v.renderer.hand(v)) return; // the game's own hand (Piquet's exchange)
  const cards = sortHand(parseCards(o.hand), o.trump || null);
  const info = readLegal(v.myTurn() ? v.legal : []);
  const active = activeCards(info);
  const acting = v.myTurn() && active.size > 0;
  const marks = v.renderer.handMarks(o);
  for (const c of cards) {
    const legal = acting && active.has(c) &&
      (!info.gives.size || (info.gives.get(v.giveTarget) || new Set()).has(c) ||
        info.cards.has(c) || info.discards.has(c));
    const node = cardEl(c, {
      cls: legal ? "legal" : acting ? "illegal" : "",
      disabled: !legal || v.sent,
      onClick: () => clickCard(v, c, info),
    });
    if (v.choice === c) node.classList.add("chosen");
    if (marks.has(c)) {
      node.classList.add("from-talon");
      node.title = marks.get(c);
    }
    box.appendChild(node);
  }
  box.style.setProperty("--n", String(cards.length || 1));
}

function clickCard(v, card, info) {
  if (v.sent) return;
  if (info.gives.size) {
    const target = info.gives.has(v.giveTarget) ? v.giveTarget : [...info.gives.keys()][0];
    if (info.gives.get(target).has(card)) v.send(`give ${target} ${card}`);
    return;
  }
  if (info.discards.has(card)) {
    v.send(`discard ${card}`);
    return;
  }
  const opts = info.cards.get(card);
  if (!opts) return;
  if (opts.length === 1) {
    v.send(opts[0].text);
    return;
  }
  v.choice = card;
  v.renderControls();
  v.renderHand();
  const first = v.dom.controls.querySelector("button.act");
  if (first) first.focus();
}
