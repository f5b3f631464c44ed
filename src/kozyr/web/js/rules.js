// Rule options in the UI's language: the server's schema (GET /api/meta, docs/protocol.md §2)
// gives every option a label, a one-line explanation and its choices' names in English,
// Russian and Arabic, and every game its groups as on its rules page.  The create-table form
// (lobby.js) and the table's rule summary (table/side.js) both read them from here.
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { h } from "./ui.js";

let metaPromise = null;

/** Return /api/meta, fetched once (a failed fetch is tried again next time). */
export function fetchMeta() {
  if (!metaPromise) {
    metaPromise = api("/api/meta").catch((e) => { metaPromise = null; throw e; });
  }
  return metaPromise;
}

const pick = (byLang) => (byLang && (byLang[lang()] || byLang.en)) || null;

/** Return an option's {label, doc} in the UI's language (English, else its name). */
export function optionText(opt) {
  const words = pick(opt.texts);
  return { label: (words && words.label) || opt.name.replace(/_/g, " "),
    doc: (words && words.doc) || opt.doc || "" };
}

/** Return a group's title in the UI's language. */
export function groupTitle(group) {
  return pick(group.title) || group.key;
}

/** Return the readable name of one value of option `opt` (its choice name, on/off, a map). */
export function valueText(opt, value) {
  if (opt.choices) {
    const i = opt.choices.findIndex((c) => JSON.stringify(c) === JSON.stringify(value));
    const names = pick(opt.choice_labels);
    if (i >= 0 && names && names[i]) return names[i];
  }
  if (value === null || value === false) return t("create.off");
  if (value === true) return t("create.on");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, x]) => `${k}:${x}`).join(", ");
  }
  return String(value);
}

/**
 * Return the game's options grouped as its rules page: [{key, title, options: [opt]}], each
 * option once; options the server's groups do not name come last under "other".
 */
export function groupedOptions(gameMeta) {
  const byName = new Map((gameMeta.schema || []).map((o) => [o.name, o]));
  const out = [];
  const seen = new Set();
  for (const g of gameMeta.groups || []) {
    const opts = g.options.map((n) => byName.get(n)).filter(Boolean);
    opts.forEach((o) => seen.add(o.name));
    if (opts.length) out.push({ key: g.key, title: groupTitle(g), options: opts });
  }
  const rest = (gameMeta.schema || []).filter((o) => !seen.has(o.name));
  if (rest.length) out.push({ key: "other", title: t("group.other"), options: rest });
  return out;
}

/**
 * Return the rule summary of a table as DOM: per group its title, then each option's label
 * and value (its explanation as the title); values that differ from the option's default
 * are marked `changed`.
 */
export function rulesSummary(gameMeta, rules) {
  return h("div.rules-summary", groupedOptions(gameMeta).map((g) => h("section.rules-group",
    { dataset: { group: g.key } }, h("h4", g.title),
    h("dl", g.options.map((opt) => {
      const value = rules && opt.name in rules ? rules[opt.name] : opt.default;
      const { label, doc } = optionText(opt);
      const changed = JSON.stringify(value) !== JSON.stringify(opt.default);
      return h("div.rule", { dataset: { option: opt.name }, class: changed ? "rule changed"
        : "rule", title: doc }, h("dt", label), h("dd", valueText(opt, value)));
    })))));
}

/**
 * Return a one-line summary of `rules` in the UI's language: in English the server's own
 * sentence (`describe`), in another language each option that differs from its default as
 * "label: value" (in the rules page's order), or "standard rules" when none does.
 */
export function rulesLine(gameMeta, rules, describe = "") {
  if (lang() === "en" || !gameMeta || !rules) return describe || "";
  const parts = [];
  for (const g of groupedOptions(gameMeta)) {
    for (const opt of g.options) {
      if (!(opt.name in rules)) continue;
      const value = rules[opt.name];
      if (JSON.stringify(value) === JSON.stringify(opt.default)) continue;
      parts.push(`${optionText(opt).label}: ${valueText(opt, value)}`);
    }
  }
  return parts.length ? parts.join(" · ") : t("create.standard");
}
