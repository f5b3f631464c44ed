// The side panel (score sheet, the moves of the deal in words, chat, the rules and the
// invite link) and the end-of-match box.
import { lang, t } from "../i18n.js";
import { fetchMeta, rulesLine, rulesSummary } from "../rules.js";
import { blocked, inviteControl } from "../friends.js";
import { h, mount } from "../ui.js";
import { displayName, sheetTable } from "../words.js";
import { inviteUrl } from "./center.js";
import { confirmLeave } from "./leave.js";
import { moveLog } from "./movelog.js";

/** Draw the side panel of view `v` with its open tab. */
export function renderSide(v) {
  if (!v.dom) return;
  const side = v.dom.side;
  const tabs = [["sheet", t("table.sheet")], ["moves", t("table.history")],
    ["chat", t("table.chat")], ["rules", t("table.rules")]];
  const bar = h("div.tabs", { role: "tablist" }, tabs.map(([k, label]) =>
    h("button.tab", { type: "button", role: "tab", "aria-selected": v.tab === k ? "true"
      : "false", dataset: { tab: k }, onclick: () => { v.tab = k; v.renderSide(); } },
    label)));
  let body;
  const names = v.names();
  if (v.tab === "sheet") {
    body = h("div.sheet-box", sheetTable((v.obs && v.obs.sheet) ||
      (v.over && v.over.sheet) || [], names, {
      barrel_falls: (v.obs && v.obs.barrel_falls) || (v.over && v.over.barrel_falls),
      settlement: v.over && v.over.settlement }));
  } else if (v.tab === "moves") {
    body = moveLog(v); // this deal's moves in words, tricks grouped (movelog.js)
  } else if (v.tab === "chat") {
    // (a blocked user's lines: the server sends none, and those said before go too)
    body = h("div.chat-box", inviteControl(v),
      h("ul.chat-lines", { "aria-live": "polite" }, v.chat.filter((line) =>
        !blocked.has(line.from)).map((line) =>
        h("li", chatTime(line.at), h("b", displayName(line.from)), ": ", line.text))),
      chatForm(v));
  } else {
    const inv = inviteUrl(v);
    if (!v.meta) {
      // The option names and groups come with the server's schema (fetched once).
      v.meta = { games: {} };
      fetchMeta().then((m) => { v.meta = m; if (v.tab === "rules") v.renderSide(); },
        () => {});
    }
    const gameMeta = v.info && v.meta.games[v.info.game];
    body = h("div.rules-box", h("p", rulesLine(gameMeta, v.info && v.info.rules,
      (v.info && v.info.describe) || "")),
      gameMeta ? rulesSummary(gameMeta, v.info.rules) : null,
      ...(v.renderer && v.renderer.rulesNotes ? v.renderer.rulesNotes(v) : []),
      inv ? h("p", `${t("table.invite")}: `, h("code", inv)) : null,
      v.seat !== null ? h("button.leave", { type: "button", onclick: async () => {
        // Leaving a running rated match: say first that it counts and that he may come back
        // (a practice table, ``rated`` false, counts for nothing).
        if (v.info.status === "playing" && v.info.rated !== false
          && !(await confirmLeave())) return;
        v.conn.send({ type: "leave", table: v.id });
      } }, t("table.leave")) : null);
  }
  const typing = v.chatForm && v.chatForm.contains(document.activeElement);
  mount(side, bar, body);
  if (typing) v.chatForm.querySelector("input").focus({ preventScroll: true });
  // Newest at the bottom, in view.
  const list = side.querySelector(".chat-lines, .moves");
  if (list) list.scrollTop = list.scrollHeight;
}

/** Return the time the server stamped a chat line with (seconds), in local time, or null. */
function chatTime(at) {
  if (typeof at !== "number") return null;
  const d = new Date(at * 1000);
  return h("time.chat-time", { datetime: d.toISOString() },
    d.toLocaleTimeString(lang(), { hour: "2-digit", minute: "2-digit" }));
}

/** Return the chat's input line, made once per view (so what is typed survives redraws). */
function chatForm(v) {
  if (!v.chatForm) {
    const input = h("input.chat-input", { type: "text", maxlength: 300,
      "aria-label": t("table.chat") });
    const sendChat = () => {
      const text = input.value.trim();
      if (!text) return;
      v.conn.send({ type: "chat", table: v.id, text });
      input.value = "";
    };
    input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") sendChat(); });
    v.chatForm = h("div.chat-form", input, h("button", { type: "button",
      onclick: sendChat }, t("table.send")));
  }
  return v.chatForm;
}

/** Draw the end-of-match box (winner, totals, settlement, sheet, rematch, replay). */
export function renderOver(v) {
  const box = v.dom.over;
  mount(box);
  let m = v.over;
  const o = v.obs;
  if (!m && o && o.is_over && v.info.status === "over") {
    // After a reload the `over` event is history: rebuild the box from the observation.
    m = { winner: o.winner, totals: o.totals, sheet: o.sheet, settlement: null,
      barrel_falls: o.barrel_falls, game_id: v.info.game_id };
  }
  if (!m || v.hideOver) {
    box.hidden = true;
    return;
  }
  box.hidden = false;
  const names = v.names();
  const winners = Array.isArray(m.winner) ? m.winner : [m.winner];
  const settle = Array.isArray(m.settlement) ? m.settlement : null;
  const falls = Array.isArray(m.barrel_falls) ? m.barrel_falls : null;
  box.append(h("div.over-card", { role: "dialog", "aria-label": t("phase.over") },
    h("h2", t("table.winner", { name: winners.map((w) => displayName(names[w], w)).join(" & ") })),
    h("ul.totals", (m.totals || []).map((x, s) => h("li", { class: winners.includes(s)
      ? "won" : "" }, h("b", displayName(names[s], s)), `: ${x}`,
    settle ? h("span.settle", ` (${settle[s] > 0 ? "+" : ""}${settle[s]})`) : null,
    // Thousand: each seat's falls from the barrel in this match (§11.7), beside his total.
    falls && falls[s] ? h("span.falls", ` · ${t("sheet.barrel_falls")}: ${falls[s]}`)
      : null))),
    settle ? h("p.muted", t("table.settlement")) : null,
    sheetTable(m.sheet || [], names, { barrel_falls: falls, settlement: settle }),
    h("div.over-actions",
      // A tournament's table takes no rematch: back to its page (tournament.js) instead.
      v.info && v.info.tournament ? h("a.button.primary.to-tournament", { href:
        `#/tournament/${encodeURIComponent(v.info.tournament)}` }, t("tour.back_to"))
        : v.seat !== null ? h("button.rematch.primary", { type: "button", onclick: () =>
          v.conn.send({ type: "rematch", table: v.id }) }, t("table.rematch")) : null,
      m.game_id !== undefined && m.game_id !== null
        ? h("a.button", { href: `#/replay/${encodeURIComponent(m.game_id)}` },
          t("table.replay")) : null,
      h("a.button", { href: "#/lobby" }, t("nav.lobby")),
      h("button.close-over", { type: "button", onclick: () => { v.hideOver = true;
        v.renderOver(); } }, t("table.close")))));
}
