// The middle of the felt: the trick (cards flying in from their players), the finished trick
// sliding to its winner, "show last trick", the waiting table's invite link; when no trick
// lies there, whatever the game's renderer puts there (talon, stock ...).
import { t } from "../i18n.js";
import { h, mount, toast } from "../ui.js";
import { cardEl, cardInline, displayName } from "../words.js";

/** Draw the middle of view `v`; only when what it shows has changed, so animations run once. */
export function renderCenter(v) {
  const o = v.obs;
  const c = v.dom.center;
  const sig = JSON.stringify(o ? [o.deal_index, o.phase, o.trick, o.last_trick,
    v.renderer.centerKeys(o), v.collect, v.announce, v.showLast, v.myTurn() && v.legal,
    v.sent, document.documentElement.lang] : [v.info && v.info.status, v.invite,
    v.info && v.info.fill_at]);
  if (sig === v.centerSig) return;
  v.centerSig = sig;
  const hadFocus = c.contains(document.activeElement);
  mount(c);
  if (!o) {
    if (v.info && v.info.status === "waiting") c.appendChild(waitingEl(v));
    return;
  }
  const lt = o.last_trick;
  // An announcement (a marriage...) is a banner above the trick, never over it.
  if (v.announce) c.appendChild(v.renderer.announceEl(v, v.announce));
  // The trick being played stays; a finished trick slides to its winner only in its own deal
  // (never into the next deal's bidding).
  const collect = v.collect && (o.phase === "deal" || v.collect.deal === o.deal_index)
    ? v.collect : null;
  if (o.trick.length) {
    c.appendChild(trickEl(v, o.trick, "", null));
  } else if (collect && !(v.showLast && lt && lt.cards.length)) {
    c.appendChild(trickEl(v, collect.cards, "collect", collect.winner));
  } else {
    c.append(...v.renderer.middle(v));
  }
  // "Show last trick": beside the current trick, each card with who played it, and who won.
  if (v.showLast && lt && lt.cards.length && o.phase === "play") {
    c.appendChild(lastTrickEl(v, lt));
  }
  if (lt && lt.cards.length && o.phase === "play") {
    c.appendChild(h("button.show-last", { type: "button", "aria-pressed": v.showLast
      ? "true" : "false", onclick: () => { v.showLast = !v.showLast;
      v.renderCenter(); } }, v.showLast ? t("table.hide_last") : t("table.show_last")));
    if (hadFocus) c.querySelector(".show-last").focus({ preventScroll: true });
  }
  if (!o.trick.length) v.shownTrick = new Set();
}

/** Return the last trick as a small overlay: who won, then each card beside its player. */
function lastTrickEl(v, lt) {
  const names = v.names();
  // Compact (the cards in text), so it lies over a corner of the middle of the felt without
  // covering the trick being played.
  return h("div.last-trick", { role: "group", "aria-label": t("table.last_trick") },
    h("div.center-label", `${t("table.last_trick")}: `, h("span.last-winner",
      t("table.trick_won", { name: displayName(names[lt.winner], lt.winner) }))),
    h("div.last-entries", lt.cards.map(([seat, card]) => h("div.trick-entry",
      { class: seat === lt.winner ? "trick-entry winner" : "trick-entry",
        dataset: { seat: String(seat), card } },
      cardInline(card), " ", h("bdi.small", displayName(names[seat], seat))))));
}

/** Return a trick ([[seat, card]...]) as DOM; `cls` "" is the trick being played. */
function trickEl(v, cards, cls, winner) {
  const box = h(`div.trick${cls ? "." + cls : ""}`);
  if (winner !== null && winner !== undefined) box.dataset.winner = v.pos(winner);
  if (!v.shownTrick) v.shownTrick = new Set();
  cards.forEach(([seat, card], i) => {
    // Only a card new to this trick flies in from its player.
    const fresh = cls === "" && !v.shownTrick.has(card);
    if (cls === "") v.shownTrick.add(card);
    const node = cardEl(card, { cls: `in-trick from-${v.pos(seat)}${fresh ? " fresh" : ""}` });
    node.style.setProperty("--i", String(i));
    box.appendChild(node);
  });
  return box;
}

/** Return the invite link of a private table, or null. */
export function inviteUrl(v) {
  return v.info && v.info.private && v.invite
    ? `${location.origin}/#/table/${v.id}?invite=${encodeURIComponent(v.invite)}` : null;
}

/**
 * A quick-play table (Play now) waiting for people: the seconds until bots take the empty
 * seats (counting down by itself while on the page), and Cancel (leave: the seat frees).
 */
function quickWaitEl(v) {
  const info = v.info || {};
  if (!info.quick || typeof info.fill_at !== "number" || v.seat === null) return null;
  const left = () => Math.max(0, Math.round(info.fill_at - Date.now() / 1000));
  const line = h("span.quick-left", t("table.quick_wait", { n: left() }));
  const timer = setInterval(() => {
    if (!line.isConnected) { clearInterval(timer); return; }
    line.textContent = t("table.quick_wait", { n: left() });
  }, 1000);
  return h("div.quick-wait", line, h("button.quick-cancel", { type: "button", onclick: () =>
    v.conn.send({ type: "leave", table: v.id }) }, t("table.quick_cancel")));
}

function waitingEl(v) {
  const url = inviteUrl(v);
  const field = url ? h("input.invite-url", { type: "text", readonly: true, value: url,
    "aria-label": t("table.invite") }) : null;
  return h("div.waiting", h("div.waiting-title", t("table.start_waiting")),
    quickWaitEl(v),
    url ? h("div.invite", h("label", t("table.invite")), field,
      h("button", { type: "button", onclick: () => {
        field.select();
        if (navigator.clipboard) navigator.clipboard.writeText(url).catch(() => {});
        toast(t("table.copied"));
      } }, t("table.copy"))) : null);
}
