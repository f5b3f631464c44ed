// Languages: English, Russian, Ukrainian, Polish, Arabic (right to left).  t(key, params) looks a string up in the
// current language, falls back to English, then to the key itself.
import en from "../i18n/en.js";
import ru from "../i18n/ru.js";
import uk from "../i18n/uk.js";
import pl from "../i18n/pl.js";
import ar from "../i18n/ar.js";

/** The languages, in the menu's order; each file has exactly en.js's keys (test_static). */
export const LANGS = { en, ru, uk, pl, ar };
const RTL = new Set(["ar"]);
let current = "en";
const listeners = [];

/** Return the current language code. */
export const lang = () => current;

/** Return `text` in Unicode's first-strong isolate (FSI ... PDI): a Latin name or number
 * inside an Arabic sentence keeps its own order and leaves the sentence's alone. */
export const isolate = (text) => `\u2068${text}\u2069`;

/** Translate `key`, filling {name} parameters from `params` (each bidi-isolated in a right
 * to left language, where mixed Arabic/Latin text would otherwise come out reordered). */
export function t(key, params = {}) {
  const table = LANGS[current] || en;
  const text = table[key] ?? en[key] ?? key;
  const rtl = RTL.has(current);
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params
    ? (rtl ? isolate(String(params[k])) : String(params[k])) : m));
}

/** Return whether the current language (or English) has a string for `key`. */
export function has(key) {
  return key in (LANGS[current] || en) || key in en;
}

/** Translate `key` if there is a string for it, else return `fallback`. */
export function tOr(key, fallback, params = {}) {
  return has(key) ? t(key, params) : fallback;
}

/** Switch language: sets lang and dir on <html>, remembers it, and tells listeners. */
export function setLang(code) {
  if (!LANGS[code]) code = "en";
  current = code;
  document.documentElement.lang = code;
  document.documentElement.dir = RTL.has(code) ? "rtl" : "ltr";
  try { localStorage.setItem("kozyr.lang", code); } catch (e) { /* private mode */ }
  document.title = t("app.title");
  for (const f of listeners) f(code);
}

/** Call `f` after every language switch. */
export const onLang = (f) => listeners.push(f);

/**
 * Pick the language: the one chosen before (stored), else on a first visit ?lang=, else the
 * browser's.  A ?lang= never overrides a choice made in the menu.
 */
export function initLang() {
  const q = new URLSearchParams(location.search).get("lang");
  let saved = null;
  try { saved = localStorage.getItem("kozyr.lang"); } catch (e) { /* private mode */ }
  setLang((saved && LANGS[saved] ? saved : null) || (q && LANGS[q] ? q : null)
    || browserLang(navigator.languages || [navigator.language]));
}

/**
 * Return the first of the browser's preferred languages ("pl-PL", "uk", ...) that the client
 * has, by its primary subtag, else "en".
 */
export function browserLang(prefs) {
  for (const tag of prefs || []) {
    const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (LANGS[code]) return code;
  }
  return "en";
}

/** Name a card in words for screen readers: "queen of hearts". */
export function cardName(card) {
  return t("card.name", { rank: t(`rank.${card[0]}`), suit: t(`suit.${card[1]}`) });
}
