// The moves tab: this deal's history (the observation's `history`, [seat, text] per action) in
// words.  Every "play CARD" goes into a trick, numbered, with who took it: a trick holds one
// card of each playing seat, and its taker is the seat that leads the next one (the winner of
// a trick leads, in every game here), or for the trick just closed the observation's
// `last_trick.winner`.  Nothing about who wins a trick is worked out here.  The other actions
// (bids, passes, contracts, declarations, the exchange) are lines of their own, worded by the
// game's renderer (`moveWords`), else by the shared words (words.js `actionWords`); a game may
// also put lines of its own before the first lead (`logLines`: Piquet's declarations).
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { actionWords, displayName } from "../words.js";

/** Return the moves of view `v` as an <ol class="moves">. */
export function moveLog(v) {
  const o = v.obs;
  const hist = (o && Array.isArray(o.history)) ? o.history : [];
  const names = v.names();
  const r = v.renderer;
  const size = trickSize(o);
  const extra = r && o ? r.logLines(v) : [];
  // {seat, text}, or a trick {no, plays: its cards' [seat, text], lines: those and what was
  // said while it lay (in order), winner}
  const items = [];
  const tricks = [];
  let open = null;
  let extraAt = -1;
  for (const [seat, text] of hist) {
    const w = String(text).trim().split(/\s+/);
    if (w[0] === "play" && w[1] && w[1] !== "?") {
      if (extraAt < 0) extraAt = items.length;
      if (!open) {
        open = { no: tricks.length + 1, plays: [], lines: [] };
        tricks.push(open);
        items.push(open);
      }
      open.plays.push([seat, text]);
      open.lines.push([seat, text]);
      if (open.plays.length >= size) open = null;
    } else if (open) {
      open.lines.push([seat, text]); // said during the trick (a Debertz meld): in its place
    } else {
      items.push({ seat, text });
    }
  }
  tricks.forEach((tr, i) => {
    if (tr.plays.length < size) tr.winner = null;
    else if (tricks[i + 1]) tr.winner = tricks[i + 1].plays[0][0];
    else tr.winner = o.last_trick && sameCards(o.last_trick.cards, tr.plays)
      ? o.last_trick.winner : null;
  });
  const words = (seat, text) => (r && r.moveWords(v, seat, text)) ||
    actionWords(text, names, o);
  const who = (seat) => h("b", displayName(names[seat], seat));
  const nodes = items.map((it) => {
    if (!it.plays) {
      return h("li.move", { dataset: { seat: String(it.seat), action: it.text } },
        who(it.seat), " ", words(it.seat, it.text));
    }
    const done = it.winner !== null && it.winner !== undefined;
    return h("li.log-trick", { dataset: { trick: String(it.no), winner: done
      ? String(it.winner) : "" } },
    h("div.log-trick-head", t("log.trick", { n: it.no }), done ? [" · ", h("span.log-taker",
      t("log.trick_taken", { name: displayName(names[it.winner], it.winner) }))] : null),
    h("ul.log-trick-plays", it.lines.map(([seat, text]) => h("li.move", { dataset: {
      seat: String(seat), action: text }, class: seat === it.winner && /^play /.test(text)
      ? "move log-took" : "move" }, who(seat), " ", words(seat, text)))));
  });
  if (extra.length) nodes.splice(extraAt < 0 ? nodes.length : extraAt, 0, ...extra);
  return h("ol.moves", nodes);
}

/** Return how many cards a trick holds: the last trick's, else one per playing seat. */
function trickSize(o) {
  if (!o) return 1;
  if (o.last_trick && Array.isArray(o.last_trick.cards) && o.last_trick.cards.length) {
    return o.last_trick.cards.length;
  }
  const n = Number(o.players) || 2;
  return Number.isInteger(o.sitting_out) ? n - 1 : n;
}

function sameCards(cards, plays) {
  const a = (cards || []).map(([, c]) => c).sort().join(" ");
  const b = plays.map(([, text]) => String(text).split(/\s+/)[1]).sort().join(" ");
  return a === b;
}
