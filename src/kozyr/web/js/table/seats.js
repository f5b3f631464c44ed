// The seats around the felt: name, score, clock, badges, speech bubble, the game's extras
// under the name (its renderer's), card backs of hidden hands, tricks won.
import { t, tOr } from "../i18n.js";
import { h, mount } from "../ui.js";
import { backEl, displayName } from "../words.js";
import { bankEl } from "./timebank.js";

export const PLACES = ["top", "left", "right", "bottom"];

/** Draw every seat of view `v` in its place. */
export function renderSeats(v) {
  const n = v.n();
  const o = v.obs || {};
  const names = v.names();
  for (const p of PLACES) {
    mount(v.dom.seats[p]);
    v.dom.seats[p].hidden = true;
  }
  for (let s = 0; s < n; s++) {
    const box = v.dom.seats[v.pos(s)];
    box.hidden = false;
    const seatInfo = (v.info.seats || [])[s] || {};
    box.classList.toggle("to-act", v.toAct === s);
    box.dataset.seat = String(s);
    if (seatInfo.kind === "empty" || (!names[s] && v.info.status === "waiting")) {
      box.appendChild(emptySeat(v, s));
      continue;
    }
    const badges = [];
    if (o.dealer === s) badges.push(h("span.badge.dealer", { title: t("table.dealer") },
      t("table.dealer_badge")));
    if (o.declarer === s) badges.push(h("span.badge.declarer", t("table.declarer")));
    if (v.obs) badges.push(...v.renderer.badges(v, s));
    if (seatInfo.left) { // left the running match: the seat is still his until it ends
      badges.push(h("span.badge.left", t("table.left_badge")));
    } else if (seatInfo.connected === false && seatInfo.kind === "human") {
      badges.push(h("span.badge.away", t("table.away")));
    }
    if (seatInfo.auto) badges.push(h("span.badge.auto", t("table.auto_badge")));
    if (v.obs) badges.push(...v.renderer.trailingBadges(v, s));
    const total = Array.isArray(o.totals) ? o.totals[s] : null;
    const head = h("div.seat-head",
      h("span.name", displayName(names[s], s) + (s === v.seat ? ` (${t("table.you")})` : "")),
      total !== null ? h("span.score", String(total)) : null, bankEl(v, s),
      h("span.clock", { dataset: { seat: String(s) } }));
    box.append(head, h("div.badges", badges));
    const extras = v.obs ? v.renderer.seatExtras(v, s) : null;
    if (extras) box.appendChild(extras);
    const bubble = v.renderer.bubble(v, s);
    if (bubble) box.appendChild(h("div.bubble", bubble));
    if (s !== v.seat) {
      const count = Array.isArray(o.hand_sizes) ? o.hand_sizes[s] : 0;
      const backs = h("div.backs", { "aria-label": `${count}` });
      for (let i = 0; i < count; i++) backs.appendChild(backEl("small"));
      box.appendChild(backs);
    }
    if (Array.isArray(o.tricks_won) && o.phase === "play") {
      box.appendChild(h("div.tricks", t("table.tricks", { n: o.tricks_won[s] })));
    }
  }
}

/** Return an empty seat: "Sit here" (for a spectator) and "Add bot" while the table waits. */
function emptySeat(v, s) {
  const canAct = v.info.status === "waiting";
  const level = h("select.bot-level", { "aria-label": t("create.bot_level") },
    ["easy", "normal", "hard"].map((l) => h("option", { value: l, selected: l === "normal"
      ? "" : null }, tOr(`level.${l}`, l))));
  return h("div.empty-seat",
    h("span.name", t("table.seat_empty")),
    canAct && v.seat === null ? h("button.sit", { type: "button", onclick: () =>
      v.conn.send({ type: "join", table: v.id, seat: s,
        ...(v.invite ? { invite: v.invite } : {}) }) }, t("table.sit")) : null,
    canAct ? h("span.add-bot", level, h("button.add-bot-btn", { type: "button", onclick: () =>
      v.conn.send({ type: "add_bot", table: v.id, seat: s, level: level.value }) },
    t("table.add_bot"))) : null);
}
