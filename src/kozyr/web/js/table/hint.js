// Hints at a practice table (TableInfo.hints): a button that asks the server what `hard`
// would play for our seat now and why (POST /api/tables/{id}/hint, docs/protocol.md), and the
// answer in one line, worded here from the search's values (docs/bot-protocol.md "Hints").
// Shown only on our own turn at a table that offers hints; never at a rated table.
import { api } from "../api.js";
import { t } from "../i18n.js";
import { h } from "../ui.js";
import { actionWords, cardInline } from "../words.js";

const cardOf = (text) => {
  const parts = String(text || "").split(/\s+/);
  return parts[0] === "play" && parts[1] ? parts[1] : null;
};

const amount = (kind, v) => (kind === "make" || kind === "stop" ? `${Math.round(100 * v)}%`
  : kind === "points" ? `${v > 0 ? "+" : ""}${Math.round(v)}` : String(Math.round(v)));

/** Return the hint's line: the action and why, in the UI's language. */
export function hintLine(hint, names) {
  const r = hint.reason || {};
  const card = cardOf(hint.action);
  if (r.kind === "plain" || !card) {
    return h("p.hint-line", { dataset: { action: hint.action } },
      t("hint.plain", { action: actionWords(hint.action, names) }));
  }
  const parts = [h("b", cardInline(card)), " ", t(`hint.${r.kind}`, {
    v: amount(r.kind, r.value), n: r.samples })];
  const alt = cardOf(r.alternative);
  if (alt) {
    parts.push("; ", t("hint.next", { v: amount(r.kind, r.alternative_value) }), " ",
      cardInline(alt));
  }
  return h("p.hint-line", { dataset: { action: hint.action } }, parts);
}

/** Return the hint button and line for `view` (a TableView), or null when none is offered. */
export function hintEl(view) {
  if (!view.info || !view.info.hints || !view.myTurn()) return null;
  const shown = view.hint && view.hint.state === view.state ? view.hint : null;
  const ask = async () => {
    const state = view.state;
    view.hint = { state, loading: true };
    view.renderInfo();
    try {
      const got = await api(`/api/tables/${encodeURIComponent(view.id)}/hint`,
        { method: "POST", body: {} });
      view.hint = { state, hint: got.hint };
    } catch (e) {
      view.hint = { state, error: e.message };
    }
    if (view.state === state) view.renderInfo();
  };
  return h("div.hint",
    h("button#hint-btn", { type: "button", onclick: ask, disabled: shown && shown.loading
      ? "" : null }, t("table.hint")),
    shown && shown.loading ? h("p.muted.hint-line", t("table.hint_thinking")) : null,
    shown && shown.error ? h("p.error.hint-line", shown.error) : null,
    shown && shown.hint ? hintLine(shown.hint, view.names()) : null);
}
