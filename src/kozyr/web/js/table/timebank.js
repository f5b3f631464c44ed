// Time controls at the table (docs/protocol.md §4.5): each seat's time bank beside its name,
// counted down here from the server's `banks` ({left, running, flagged}: seconds left as of
// the message, the seat whose bank runs), and a table's time control as "10+5" (minutes of
// bank + seconds of increment) for the lobby's lines.
import { t } from "../i18n.js";
import { h } from "../ui.js";

/** Seconds left at which a bank is shown as low. */
export const LOW = 10;

/** Return `seconds` as m:ss (whole seconds, rounded up while it runs). */
export function clockText(seconds) {
  const s = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** Return a table's time control ("10+5", "1:30+0"), or null if it has no bank. */
export function timeControl(info) {
  if (!info || typeof info.bank !== "number") return null;
  const bank = info.bank % 60 === 0 ? String(info.bank / 60) : clockText(info.bank);
  return `${bank}+${Number(info.increment || 0)}`;
}

/** Keep the banks of a state or snapshot `m` in view `v`, with the moment they came. */
export function noteBanks(v, m) {
  v.banks = m.banks || null;
  v.banksAt = performance.now();
}

/** Return the seconds left in seat `s`'s bank now (the running one counted down), or null. */
export function bankLeft(v, s) {
  const b = v.banks;
  if (!b || !Array.isArray(b.left) || typeof b.left[s] !== "number") return null;
  const ran = b.running === s ? (performance.now() - v.banksAt) / 1000 : 0;
  return Math.max(0, b.left[s] - ran);
}

/** Return the time span of seat `s` (a human's, at a table with banks), or null. */
export function bankEl(v, s) {
  const seat = ((v.info && v.info.seats) || [])[s] || {};
  if (!v.banks || seat.kind !== "human") return null;
  const span = h("span.bank", { dataset: { seat: String(s) }, title: t("table.bank") });
  showBank(v, span, s);
  return span;
}

function showBank(v, span, s) {
  const left = bankLeft(v, s);
  if (left === null) return;
  span.textContent = clockText(left);
  span.classList.toggle("running", v.banks.running === s);
  span.classList.toggle("low", left <= LOW);
  span.classList.toggle("flagged", (v.banks.flagged || []).includes(s));
  span.setAttribute("aria-label", t("table.bank_left", { time: clockText(left) }));
}

/** Count the running bank down (called by the view's clock tick). */
export function tickBanks(v) {
  if (!v.banks || !v.root) return;
  for (const span of v.root.querySelectorAll(".seat .bank")) {
    showBank(v, span, Number(span.dataset.seat));
  }
}
