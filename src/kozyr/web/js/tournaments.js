// Tournaments (issue 16): the list of the public ones (GET /api/tournaments, docs/protocol.md
// §2) by status, and the form that creates one (tournament_create, §4) for registered users:
// name, game, preset and its rule options (the lobby's controls), knockout or Swiss, rounds,
// deals per match or whole matches, move clock, capacity, a start time or "when full",
// private.  The tournament's own page is tournament.js; the profile's titles are drawn here.
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { optionGroups, readInput, titleOf } from "./lobby.js";
import { fetchMeta, rulesLine } from "./rules.js";
import { h, mount } from "./ui.js";

/** How often the list is fetched again while it is shown (ms). */
const REFRESH_MS = 15000;

/** Return epoch seconds as a date and time in the page's language ("—" for none). */
export function when(seconds) {
  if (!seconds) return "—";
  try {
    return new Date(seconds * 1000).toLocaleString(lang(),
      { dateStyle: "medium", timeStyle: "short" });
  } catch (e) {
    return new Date(seconds * 1000).toISOString().slice(0, 16).replace("T", " ");
  }
}

/** Return a tournament's kind in words: "Knockout", "Swiss, 3 rounds" (`round_count` is the
 * count; a TournamentView's `rounds` is the list of rounds drawn). */
export function kindText(tour) {
  const n = typeof tour.round_count === "number" ? tour.round_count : tour.rounds;
  if (tour.kind === "swiss" && typeof n === "number") {
    return t("tour.swiss_rounds", { n });
  }
  return t(`tour.kind.${tour.kind}`);
}

/** Return the start of a tournament in words: its time, or "when full". */
export const startText = (tour) => (tour.start_at ? when(tour.start_at)
  : t("tour.when_full"));

/** Return the link of a tournament's page (with its invite for a private one). */
export const tournamentHref = (id, invite = null) => `#/tournament/${encodeURIComponent(id)}${
  invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;

/** Return the status of a tournament as a badge. */
export const statusBadge = (status) => h(`span.tour-status.${status}`, { dataset: { status } },
  t(`tour.status.${status}`));

/** The list's sections: which statuses each shows. */
const SECTIONS = [
  ["registering", ["registering"]],
  ["running", ["running"]],
  ["finished", ["finished", "cancelled"]],
];

export class TournamentsView {
  constructor(conn, root, app) {
    this.conn = conn;
    this.root = root;
    this.app = app;
    this.list = null;
    this.createId = null;
    this.listBox = h("div.tour-list");
    this.formBox = h("div.tour-create");
    this.offs = [
      conn.on("tournament_created", (m) => {
        const tour = m.tournament || {};
        location.hash = tournamentHref(tour.id, m.invite || tour.invite);
      }),
      conn.on("error", (m) => {
        if (this.errBox && m.re !== undefined && m.re === this.createId) {
          this.errBox.textContent = m.message || m.code;
          this.submitBtn.disabled = false;
        }
      }),
      conn.on("welcome", () => this.renderForm()),
    ];
    mount(root, h("section.tournaments",
      h("div.tour-main", h("h2", t("tour.title")), this.listBox),
      h("div.tour-side", h("h2", t("tour.create")), this.formBox)));
    this.load();
    this.timer = setInterval(() => this.load(), REFRESH_MS);
    this.renderForm();
  }

  destroy() {
    clearInterval(this.timer);
    for (const off of this.offs) off();
  }

  async load() {
    let data;
    try {
      [data] = await Promise.all([api("/api/tournaments"), this.app.ensureMeta()]);
    } catch (e) {
      mount(this.listBox, h("p.error", t("error.generic", { msg: e.message })));
      return;
    }
    this.list = data.tournaments || [];
    this.renderList();
  }

  renderList() {
    const meta = this.app.meta;
    const sections = SECTIONS.map(([key, statuses]) => {
      const rows = this.list.filter((x) => statuses.includes(x.status));
      return h("section.tour-section", { dataset: { section: key } },
        h("h3", t(`tour.section.${key}`)),
        rows.length ? h("ul.tour-lines", rows.map((x) => tourLine(x, meta)))
          : h("p.muted.small", t(`tour.none.${key}`)));
    });
    mount(this.listBox, sections);
  }

  async renderForm() {
    const u = this.app.user;
    if (!u || u.guest) {
      mount(this.formBox, h("p.tour-guest", t("tour.guest_create"), " ",
        h("a.button#t-login", { href: "#/login" }, t("nav.login"))));
      return;
    }
    if (this.formBox.querySelector("form")) return; // already drawn for this user
    let meta;
    try { meta = await this.app.ensureMeta(); } catch (e) { meta = null; }
    const games = Object.keys((meta && meta.games) || {});
    if (!games.length) {
      mount(this.formBox, h("p.error", t("error.generic", { msg: "meta" })));
      return;
    }
    const name = h("input#t-name", { type: "text", required: true, minlength: 3,
      maxlength: 40, autocomplete: "off" });
    const gameSel = h("select#t-game", games.map((g) => h("option", { value: g },
      t(`game.${g}`))));
    const presetSel = h("select#t-preset");
    const describe = h("p.describe.muted.small");
    const optionsBox = h("div.options");
    const kind = h("select#t-kind", ["knockout", "swiss"].map((k) => h("option", { value: k },
      t(`tour.kind.${k}`))));
    const rounds = h("input#t-rounds", { type: "number", min: 1, max: 9, value: 3 });
    const roundsRow = h("div.row.t-rounds-row", h("label", { for: "t-rounds" },
      t("tour.rounds")), rounds);
    const deals = h("input#t-deals", { type: "number", min: 1, max: 20, value: "",
      placeholder: t("tour.whole_matches") });
    const clock = h("input#t-clock", { type: "number", min: 0, max: 600, value: 0 });
    // a time bank per player per match (minutes, as the table form's) and its increment
    const bank = h("input#t-bank", { type: "number", min: 0, max: 60, step: "any", value: 0 });
    const increment = h("input#t-increment", { type: "number", min: 0, max: 60, value: 0 });
    const capacity = h("input#t-capacity", { type: "number", min: 2, max: 64, value: 8 });
    const whenFull = h("input#t-when-full", { type: "radio", name: "t-start", value: "full",
      checked: true });
    const atTime = h("input#t-at-time", { type: "radio", name: "t-start", value: "at" });
    const startAt = h("input#t-start-at", { type: "datetime-local", disabled: true });
    const priv = h("input#t-private", { type: "checkbox" });
    const inputs = new Map();

    const fillOptions = () => {
      const g = meta.games[gameSel.value];
      const preset = (g.presets || []).find((p) => p.name === presetSel.value) || {};
      const values = preset.rules || {};
      describe.textContent = rulesLine(g, preset.rules, preset.describe);
      inputs.clear();
      mount(optionsBox, optionGroups(g, values, inputs));
    };
    const fillPresets = () => {
      const g = meta.games[gameSel.value];
      mount(presetSel, (g.presets || []).map((p) => h("option", { value: p.name },
        titleOf(meta, gameSel.value, p.name).replace(/^[^—]*—\s*/, ""))));
      fillOptions();
    };
    const showRounds = () => { roundsRow.hidden = kind.value !== "swiss"; };
    gameSel.addEventListener("change", fillPresets);
    presetSel.addEventListener("change", fillOptions);
    kind.addEventListener("change", showRounds);
    for (const r of [whenFull, atTime]) {
      r.addEventListener("change", () => { startAt.disabled = !atTime.checked; });
    }

    const submit = (ev) => {
      ev.preventDefault();
      const options = {};
      for (const [key, { input, opt, value }] of inputs) {
        const v = readInput(input, opt);
        if (JSON.stringify(v) !== JSON.stringify(value)) options[key] = v;
      }
      const secs = Number(clock.value) || 0;
      let start = null;
      if (atTime.checked) {
        const ms = new Date(startAt.value).getTime();
        if (!startAt.value || Number.isNaN(ms)) {
          this.errBox.textContent = t("tour.need_start");
          return;
        }
        start = Math.round(ms / 1000);
      }
      const spec = { name: name.value.trim(), game: gameSel.value, preset: presetSel.value,
        options, kind: kind.value, deals: deals.value.trim() === "" ? null
          : Number(deals.value), clock: secs > 0 ? secs : null, private: priv.checked,
        capacity: Number(capacity.value), start_at: start };
      if (kind.value === "swiss") spec.rounds = Number(rounds.value);
      const bankMinutes = Number(bank.value) || 0;
      if (bankMinutes > 0) {
        spec.bank = Math.round(bankMinutes * 60);
        spec.increment = Number(increment.value) || 0;
      }
      this.errBox.textContent = "";
      this.submitBtn.disabled = true;
      this.createId = this.conn.send({ type: "tournament_create", spec });
      // Enabled again by an error; a success leaves the page.
      setTimeout(() => { if (this.submitBtn) this.submitBtn.disabled = false; }, 5000);
    };
    const row = (id, label, input) => h("div.row", h("label", { for: id }, label), input);
    mount(this.formBox, h("form.create-form.tour-form", { onsubmit: submit },
      row("t-name", t("tour.name"), name),
      row("t-game", t("create.game"), gameSel),
      row("t-preset", t("create.preset"), presetSel),
      describe,
      h("details.tour-rules", h("summary", t("create.rules")), optionsBox),
      row("t-kind", t("tour.kind"), kind),
      roundsRow,
      row("t-deals", t("tour.deals"), deals),
      h("p.muted.small", t("tour.deals_help")),
      row("t-clock", t("create.clock"), clock),
      row("t-bank", t("create.bank"), bank),
      row("t-increment", t("create.increment"), increment),
      row("t-capacity", t("tour.capacity"), capacity),
      h("fieldset.tour-start", h("legend", t("tour.start")),
        h("div.row.check", whenFull, h("label", { for: "t-when-full" }, t("tour.when_full"))),
        h("div.row.check", atTime, h("label", { for: "t-at-time" }, t("tour.at_time")),
          startAt)),
      h("div.row.check", priv, h("label", { for: "t-private" }, t("tour.private"))),
      this.errBox = h("p.error#t-error", { role: "alert" }),
      this.submitBtn = h("button.primary#t-submit", { type: "submit" }, t("tour.submit"))));
    fillPresets();
    showRounds();
  }
}

/** Return one tournament of the list: its name (a link), game, kind, players, start,
 * status and winner. */
function tourLine(x, meta) {
  const fact = (key, value) => h(`span.tour-fact.${key}`, h("span.muted", `${t(`tour.${key}`)}: `),
    value);
  return h("li.tour-line", { dataset: { tournament: x.id, status: x.status } },
    h("div.tour-head", h("a.tour-name", { href: tournamentHref(x.id) }, h("bdi", x.name)),
      statusBadge(x.status)),
    h("div.tour-facts.small",
      h("span.tour-fact.game", titleOf(meta, x.game, x.preset)),
      h("span.tour-fact.kind", kindText(x)),
      fact("players", h("bdi", { dir: "ltr" }, `${x.registered}/${x.capacity}`)),
      x.status === "registering" ? fact("start", startText(x)) : null,
      x.status === "running" ? fact("round", String(x.round)) : null,
      x.winner ? fact("winner", h("bdi.tour-winner", x.winner)) : null));
}

/** Return the profile's tournaments: his record (finished ones played, won, best place) and
 * the titles (tournaments won, each a link), or null when he played none. */
export function titlesBox(titles, meta, record = null) {
  const played = (record && record.played) || 0;
  if (!played && !(titles && titles.length)) return null;
  return [h("h3", t("tour.title")),
    played ? h("p.tour-record", t("tour.record", { played, won: record.won || 0,
      best: record.best ?? "—" })) : null,
    titles && titles.length ? h("ul.titles", titles.map((x) => h("li.title-line",
      { dataset: { tournament: x.tournament } },
      h("span.trophy", { "aria-hidden": "true" }, "★ "),
      h("a", { href: tournamentHref(x.tournament) }, t("tour.winner_of", { name: x.name })),
      ` — ${titleOf(meta, x.game, x.preset)}`,
      h("span.muted.small", ` · ${when(x.at)}`)))) : null];
}
