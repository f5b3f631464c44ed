// Leaving a running (rated) match: a dialog says what it means before the "leave" is sent.
// The seat stays the player's while a bot plays it on; he may come back until the match ends;
// if he has not by then, the match counts as abandoned on his profile (docs/protocol.md §4.2).
import { t } from "../i18n.js";
import { h } from "../ui.js";

/**
 * Ask whether to leave the running match; resolve true to leave, false to stay.  A modal
 * <dialog> (Escape, or "Stay", keeps the seat); focus starts on "Stay".
 */
export function confirmLeave() {
  return new Promise((resolve) => {
    const stay = h("button.stay", { type: "button", autofocus: true }, t("leave.stay"));
    const go = h("button.danger.go", { type: "button" }, t("leave.go"));
    const box = h("dialog.leave-dialog", { "aria-labelledby": "leave-title" },
      h("h2#leave-title", t("leave.title")),
      h("p.leave-counts", t("leave.counts")),
      h("p.leave-back", t("leave.back")),
      h("p.leave-abandoned", t("leave.abandoned")),
      h("div.buttons", stay, go));
    let answer = false;
    stay.addEventListener("click", () => box.close());
    go.addEventListener("click", () => { answer = true; box.close(); });
    box.addEventListener("close", () => { box.remove(); resolve(answer); });
    document.body.appendChild(box);
    box.showModal();
    stay.focus();
  });
}
