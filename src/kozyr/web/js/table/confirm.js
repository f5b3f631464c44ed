// Asking before a choice that gives the deal up (a write-off, a strike-out): a dialog on the
// page saying what it costs, from the server's `notes` (docs/protocol.md: the seat's own score
// change and new total, worked out by the engine on a copy of the match).  And why a redeal
// may be asked for (Thousand: "four nines"), also from the notes.
import { t } from "../i18n.js";
import { h } from "../ui.js";

/** Ask before sending the concession `text` of view `v`; send it only on "yes". */
export function confirmConcede(v, text) {
  const word = text.split(" ")[0];
  const note = (v.notes || {})[word];
  const close = () => {
    back.remove();
    document.removeEventListener("keydown", onKey, true);
  };
  const onKey = (ev) => {
    if (ev.key === "Escape") {
      ev.preventDefault();
      close();
    }
  };
  const yes = h("button.danger.confirm-yes", { type: "button", onclick: () => {
    close();
    v.send(text);
  } }, t(`act.${word}`));
  const no = h("button.confirm-no", { type: "button", onclick: close }, t("confirm.cancel"));
  const cost = note ? t(note.score < 0 ? "confirm.loses" : "confirm.scores", {
    n: Math.abs(note.score), total: note.total }) : "";
  const card = h("div.confirm-card", { role: "alertdialog", "aria-modal": "true",
    "aria-labelledby": "confirm-title", "aria-describedby": "confirm-cost" },
  h("h3#confirm-title", t(`confirm.${word}`)),
  h("p#confirm-cost", cost, word === "strikeout" ? ` ${t("confirm.counts")}` : ""),
  h("div.confirm-actions", no, yes));
  const back = h("div.confirm-box", card);
  document.body.appendChild(back);
  document.addEventListener("keydown", onKey, true);
  no.focus();
}

/** Return why the redeal may be asked for (the server's note), as words, or "". */
export function redealReason(v) {
  const note = (v.notes || {}).redeal;
  if (!note || !note.reason) return "";
  return t(`redeal.${note.reason}`, { n: note.points, below: note.below });
}
