// Lobby (salons, open tables, the create-table form), accounts, leaderboard and profiles.
import { api, saveToken } from "./api.js";
import { LANGS, lang, t, tOr } from "./i18n.js";
import { fetchMeta, groupedOptions, optionText, rulesLine, valueText } from "./rules.js";
import { h, mount, toast } from "./ui.js";
import { displayName } from "./words.js";
import { timeControl } from "./table/timebank.js";

const LAST_SALON = "kozyr.lastSalon";

/** Return the salon last played now ({game, preset}), or null. */
function lastSalon() {
  try {
    const v = JSON.parse(localStorage.getItem(LAST_SALON) || "null");
    return v && typeof v.game === "string" && typeof v.preset === "string" ? v : null;
  } catch {
    return null;
  }
}

const presetName = (p) => tOr(`preset.${p}`, p.replace(/_/g, " "));

/**
 * Return a salon's title: the server's (GET /api/meta, the lobby's salons), or built from the
 * game's and the preset's names when the UI's language has a word for the preset (English
 * takes the server's titles as they are).
 */
export function salonTitle(game, preset, serverTitle) {
  const words = LANGS[lang()] || {};
  if (lang() !== "en" && `preset.${preset}` in words) {
    return `${t(`game.${game}`)} — ${words[`preset.${preset}`]}`;
  }
  return serverTitle || `${t(`game.${game}`)} — ${presetName(preset)}`;
}

/** Return a preset's name in the UI's language (else the server's salon title's part). */
function presetLabel(meta, game, preset) {
  const words = LANGS[lang()] || {};
  if (lang() !== "en" && `preset.${preset}` in words) return words[`preset.${preset}`];
  const title = ((meta && meta.salons) || []).find((s) => s.game === game
    && s.preset === preset)?.title;
  return title ? title.replace(/^[^—]*—\s*/, "") : presetName(preset);
}

/** Return the title of the salon of `game`/`preset` from the meta's salons (or built). */
export const titleOf = (meta, game, preset) => salonTitle(game, preset, ((meta && meta.salons) || [])
  .find((s) => s.game === game && s.preset === preset)?.title);

/**
 * Apply a `lobby_update` (docs/protocol.md §4.2) to the last `lobby` snapshot, in place:
 * the tables it lists replace (or join) those of the same id, the `gone` ones leave, and
 * the counts and the salons' `playing` numbers are taken as sent.
 */
export function applyLobbyUpdate(data, m) {
  const fresh = new Map((m.tables || []).map((tb) => [tb.id, tb]));
  const gone = new Set(m.gone || []);
  for (const s of data.salons || []) {
    s.tables = (s.tables || []).filter((tb) => !gone.has(tb.id)).map((tb) => {
      const now = fresh.get(tb.id);
      if (!now) return tb;
      fresh.delete(tb.id);
      return now;
    });
  }
  for (const tb of fresh.values()) { // new tables, each in the salon of its preset
    const s = (data.salons || []).find((x) => x.game === tb.game && x.preset === tb.preset);
    if (s) s.tables.push(tb);
  }
  for (const c of m.salons || []) {
    const s = (data.salons || []).find((x) => x.game === c.game && x.preset === c.preset);
    if (s) s.playing = c.playing;
  }
  if (m.online !== undefined) data.online = m.online;
  if (m.playing !== undefined) data.playing = m.playing;
  return data;
}

export class LobbyView {
  constructor(conn, root, app) {
    this.conn = conn;
    this.root = root;
    this.app = app;
    this.data = null;
    this.offs = [
      conn.on("open", () => conn.send({ type: "lobby" })),
      conn.on("lobby", (m) => { this.data = m; this.renderSalons(); }),
      // Then only what changed (an update before the snapshot waits for the snapshot).
      conn.on("lobby_update", (m) => { if (this.data) { applyLobbyUpdate(this.data, m);
        this.renderSalons(); } }),
      conn.on("counts", (m) => { if (this.data) { Object.assign(this.data, m);
        this.renderSalons(); } }),
      conn.on("error", (m) => {
        // A refused table spec names the option and why (bad_rules): show it by the form.
        if (this.errBox) this.errBox.textContent = m.message || m.code;
        toast(m.message || m.code, "error");
      }),
      // Play now: the quick-play table the server sat us at (docs/protocol.md §4.3).
      conn.on("quick", (m) => {
        this.app.pendingJoin = m.table.id;
        location.hash = `#/table/${m.table.id}`;
      }),
      conn.on("created", (m) => {
        const inv = m.invite ? `?invite=${encodeURIComponent(m.invite)}` : "";
        this.app.pendingJoin = m.table.id;
        location.hash = `#/table/${m.table.id}${inv}`;
      }),
    ];
    if (conn.ready) conn.send({ type: "lobby" });
    this.salonsBox = h("div.salons");
    this.formBox = h("div.create");
    mount(root, h("section.lobby", h("div.lobby-main",
      h("h2", t("lobby.salons")), this.salonsBox), h("div.lobby-side",
      h("h2", t("lobby.create")), this.formBox)));
    this.renderSalons();
    this.renderForm();
  }

  destroy() {
    for (const off of this.offs) off();
    if (this.conn.ready) this.conn.send({ type: "unlobby" });
  }

  renderSalons() {
    const d = this.data;
    if (!d) {
      mount(this.salonsBox, h("p.muted", "…"));
      return;
    }
    const counts = h("p.counts", t("lobby.online", { n: d.online ?? 0 }), " · ",
      t("lobby.playing", { n: d.playing ?? 0 }),
      h("button.to-create", { type: "button", onclick: () => {
        this.formBox.scrollIntoView({ behavior: "smooth" });
        const first = this.formBox.querySelector("select, input");
        if (first) first.focus({ preventScroll: true });
      } }, t("lobby.create")));
    const salons = (d.salons || []).map((s) => h("div.salon", { class: (s.tables || []).length
      ? "salon" : "salon empty", dataset: { game: s.game, preset: s.preset } },
    h("h3", salonTitle(s.game, s.preset, s.title),
      h("span.muted", ` · ${t("lobby.playing", { n: s.playing ?? 0 })}`),
      h("button.play-now.primary", { type: "button", onclick: () => this.playNow(s) },
        t("lobby.play_now"))),
    (s.tables || []).length ? h("ul.tables", s.tables.map((tb) => this.tableLine(tb)))
      : h("p.muted.small", t("lobby.no_tables"))));
    // The front of the lobby: Play now in the salon used last (else the first one).
    const last = lastSalon();
    const front = (d.salons || []).find((s) => last && s.game === last.game
      && s.preset === last.preset) || (d.salons || [])[0];
    const quick = front ? h("p.quick-front", h("button.play-now-front.primary", {
      type: "button", dataset: { game: front.game, preset: front.preset },
      onclick: () => this.playNow(front) }, t("lobby.play_now_in", {
      salon: salonTitle(front.game, front.preset, front.title) }))) : null;
    mount(this.salonsBox, quick, counts, salons);
  }

  /** Ask for a seat at a quick-play table of salon `s` (the server answers `quick`). */
  playNow(s) {
    try {
      localStorage.setItem(LAST_SALON, JSON.stringify({ game: s.game, preset: s.preset }));
    } catch { /* private mode: nothing remembered */ }
    this.conn.send({ type: "play_now", game: s.game, preset: s.preset });
  }

  tableLine(tb) {
    const seats = (tb.seats || []).map((s) => (s.kind === "empty" ? t("lobby.empty_seat")
      : displayName(s.name, s.seat))).join(", ");
    const free = (tb.seats || []).some((s) => s.kind === "empty");
    const me = this.app.user;
    const mine = me && (tb.seats || []).some((s) => s.kind === "human" && s.name === me.name);
    return h("li.table-line", { dataset: { table: tb.id } },
      h("div", h("b", `#${tb.id}`), ` ${seats}`, timeControl(tb) ? " · " : null,
        timeControl(tb) ? h("span.time-control", { dir: "ltr", title: t("create.bank") },
          timeControl(tb)) : null),
      h("details.small", h("summary.muted", `${t("table.rules")} · ${t(`status.${tb.status}`)}`),
        h("div.muted", rulesLine(this.app.meta && this.app.meta.games
          && this.app.meta.games[tb.game], tb.rules, tb.describe))),
      h("div.line-actions",
        mine ? h("a.button.primary.return", { href: `#/table/${tb.id}`,
          onclick: () => { this.app.pendingJoin = tb.id; } }, t("lobby.return")) : null,
        !mine && free && tb.status === "waiting" ? h("a.button.primary", {
          href: `#/table/${tb.id}`, onclick: () => { this.app.pendingJoin = tb.id; } },
        t("lobby.join")) : null,
        mine ? null : h("a.button", { href: `#/table/${tb.id}`,
          onclick: () => { this.app.pendingWatch = tb.id; } }, t("lobby.watch"))));
  }

  async renderForm() {
    let meta = this.app.meta;
    if (!meta) {
      try {
        meta = this.app.meta = await fetchMeta();
      } catch (e) {
        mount(this.formBox, h("p.error", t("error.generic", { msg: e.message })));
        return;
      }
    }
    const games = Object.keys(meta.games || {});
    const state = { game: games[0] || "thousand", preset: null };
    const gameSel = h("select#f-game", { name: "game" }, games.map((g) =>
      h("option", { value: g }, t(`game.${g}`))));
    const presetSel = h("select#f-preset", { name: "preset" });
    const optionsBox = h("div.options");
    const priv = h("input#f-private", { type: "checkbox" });
    const hints = h("input#f-hints", { type: "checkbox" });
    const clock = h("input#f-clock", { type: "number", min: 0, max: 600, value: 0 });
    const bank = h("input#f-bank", { type: "number", min: 0, max: 60, step: "any", value: 0 });
    const increment = h("input#f-increment", { type: "number", min: 0, max: 60, value: 0 });
    const bots = h("input#f-bots", { type: "checkbox", checked: true });
    const level = h("select#f-level", (meta.bots || ["easy", "normal", "hard"]).map((b) =>
      h("option", { value: b, selected: b === "normal" ? "" : null }, tOr(`level.${b}`, b))));
    const describe = h("p.describe.muted.small");
    const inputs = new Map();

    const fillPresets = () => {
      const g = meta.games[state.game];
      mount(presetSel, (g.presets || []).map((p) => h("option", { value: p.name },
        presetLabel(meta, state.game, p.name))));
      state.preset = presetSel.value;
      fillOptions();
    };
    const fillOptions = () => {
      const g = meta.games[state.game];
      const preset = (g.presets || []).find((p) => p.name === presetSel.value) || {};
      const values = preset.rules || {};
      describe.textContent = rulesLine(g, preset.rules, preset.describe);
      inputs.clear();
      // Grouped as on the game's rules page, in the UI's language (rules.js).
      mount(optionsBox, optionGroups(g, values, inputs, true));
    };
    gameSel.addEventListener("change", () => { state.game = gameSel.value; fillPresets(); });
    presetSel.addEventListener("change", fillOptions);

    const submit = (ev) => {
      ev.preventDefault();
      const options = {};
      for (const [name, { input, opt, value }] of inputs) {
        const v = readInput(input, opt);
        if (JSON.stringify(v) !== JSON.stringify(value)) options[name] = v;
      }
      const secs = Number(clock.value) || 0;
      const spec = { game: state.game, preset: presetSel.value, options,
        private: priv.checked, clock: secs > 0 ? secs : null };
      if (hints.checked) spec.hints = true; // a practice table: hints, never rated
      const bankMinutes = Number(bank.value) || 0; // a time bank per player, and its increment
      if (bankMinutes > 0) {
        spec.bank = Math.round(bankMinutes * 60);
        spec.increment = Number(increment.value) || 0;
      }
      if (this.app.botDelay !== null && this.app.botDelay !== undefined) {
        spec.bot_delay = this.app.botDelay;
      }
      this.app.fillBots = bots.checked ? level.value : null;
      this.errBox.textContent = "";
      this.conn.send({ type: "create", spec });
    };
    mount(this.formBox, h("form.create-form", { onsubmit: submit },
      h("div.row", h("label", { for: "f-game" }, t("create.game")), gameSel),
      h("div.row", h("label", { for: "f-preset" }, t("create.preset")), presetSel),
      describe,
      h("div.row", h("label", { for: "f-clock" }, t("create.clock")), clock),
      h("div.row", h("label", { for: "f-bank" }, t("create.bank")), bank),
      h("div.row", h("label", { for: "f-increment" }, t("create.increment")), increment),
      h("div.row.check", priv, h("label", { for: "f-private" }, t("create.private"))),
      h("div.row.check", hints, h("label", { for: "f-hints" }, t("create.hints"))),
      h("div.row.check", bots, h("label", { for: "f-bots" }, t("create.bots")), level),
      h("h3", t("create.rules")), optionsBox,
      this.errBox = h("p.error#f-error", { role: "alert" }),
      h("button.primary#f-submit", { type: "submit" }, t("create.submit"))));
    fillPresets();
  }
}

/** Return the form control of rule option `opt` set to `value` (tournaments.js too). */
/** Return the rule options of game `g` as the create forms show them: a closed group each
 * (the first open if `openFirst`), grouped as on the game's rules page, each option's control
 * (its value from `values`, else its default) put in `inputs` by name. */
export function optionGroups(g, values, inputs, openFirst = false) {
  return groupedOptions(g).map((group, i) => h("details.group",
    { open: openFirst && i === 0 ? "" : null, dataset: { group: group.key } },
    h("summary", group.title), group.options.map((opt) => {
      const value = opt.name in values ? values[opt.name] : opt.default;
      const input = optionInput(opt, value);
      inputs.set(opt.name, { input, opt, value });
      const { label, doc } = optionText(opt);
      return h("div.option", { dataset: { option: opt.name } },
        h("label", { for: `opt-${opt.name}` }, label), input,
        h("div.doc.small", doc, h("span.muted", ` (${t("create.default",
          { v: valueText(opt, value) })})`)));
    })));
}

export function optionInput(opt, value) {
  const id = `opt-${opt.name}`;
  if (opt.choices && opt.choices.length) {
    return h("select", { id, name: opt.name }, opt.choices.map((c) =>
      h("option", { value: JSON.stringify(c), selected: JSON.stringify(c) ===
        JSON.stringify(value) ? "" : null }, valueText(opt, c))));
  }
  if (opt.type === "NoneType" || (opt.default === null && !opt.choices)) {
    // A whole number that may be off (blind_min_score): empty means off.
    return h("input", { id, name: opt.name, type: "number", value: value ?? "",
      min: opt.minimum ?? null, max: opt.maximum ?? null, placeholder: t("create.off"),
      dataset: { optional: "1" } });
  }
  if (opt.type === "bool" || typeof value === "boolean") {
    return h("input", { id, name: opt.name, type: "checkbox", checked: !!value });
  }
  if (opt.type === "int" || typeof value === "number") {
    return h("input", { id, name: opt.name, type: "number", value, min: opt.minimum ?? null,
      max: opt.maximum ?? null });
  }
  if (opt.type === "map" || (value && typeof value === "object")) {
    return h("input", { id, name: opt.name, type: "text", value: valueText(opt, value),
      dataset: { map: "1" } });
  }
  return h("input", { id, name: opt.name, type: "text", value: value ?? "" });
}

/** Return the value of a control made by optionInput. */
export function readInput(input, opt) {
  if (input.tagName === "SELECT") return JSON.parse(input.value);
  if (input.type === "checkbox") return input.checked;
  if (input.dataset.optional) return input.value.trim() === "" ? null : Number(input.value);
  if (input.type === "number") return Number(input.value);
  if (input.dataset.map) {
    const out = {};
    for (const part of input.value.split(",")) {
      const [k, v] = part.split(":").map((x) => x.trim());
      if (k) out[k] = Number(v);
    }
    return out;
  }
  return input.value;
}

/** The log-in / register / guest page. */
export function authView(conn, root, app) {
  const name = h("input#a-name", { type: "text", autocomplete: "username", required: true });
  const pw = h("input#a-password", { type: "password", autocomplete: "current-password",
    required: true });
  const err = h("p.error", { role: "alert" });
  const go = async (path, body) => {
    err.textContent = "";
    try {
      const res = await api(path, { method: "POST", body });
      saveToken(res.token);
      app.setUser(res.user);
      conn.restart();
      location.hash = "#/lobby";
    } catch (e) {
      err.textContent = e.message || e.code;
    }
  };
  mount(root, h("section.auth", h("h2", t("auth.title")),
    h("form.auth-form", { onsubmit: (ev) => { ev.preventDefault();
      go("/api/auth/login", { name: name.value, password: pw.value }); } },
    h("div.row", h("label", { for: "a-name" }, t("auth.name")), name),
    h("div.row", h("label", { for: "a-password" }, t("auth.password")), pw),
    err,
    h("div.row.buttons",
      h("button.primary#a-login", { type: "submit" }, t("auth.login")),
      h("button#a-register", { type: "button", onclick: () => go("/api/auth/register",
        { name: name.value, password: pw.value }) }, t("auth.register")),
      h("button#a-guest", { type: "button", onclick: () => go("/api/auth/guest", undefined) },
        t("auth.guest"))))));
  name.focus();
}

/** The leaderboard page, per game and preset. */
export async function leadersView(root, app, game = "thousand", preset = "classic") {
  mount(root, h("p.muted", "…"));
  let data;
  try {
    data = await api(`/api/leaderboard?game=${encodeURIComponent(game)}&preset=${
      encodeURIComponent(preset)}&limit=50`);
  } catch (e) {
    mount(root, h("p.error", t("error.generic", { msg: e.message })));
    return;
  }
  const meta = app.meta || {};
  const pick = h("select#l-pick", { "aria-label": t("create.preset") });
  for (const [g, gi] of Object.entries(meta.games || {})) {
    for (const p of gi.presets || []) {
      pick.appendChild(h("option", { value: `${g}/${p.name}`, selected: g === game &&
        p.name === preset ? "" : null }, titleOf(meta, g, p.name)));
    }
  }
  pick.addEventListener("change", () => { location.hash = `#/leaders/${pick.value}`; });
  mount(root, h("section.leaders", h("h2", t("leaders.title")), pick,
    h("table.board", (data.rows || []).length ? null : h("caption", t("leaders.empty")),
      h("thead", h("tr", h("th", "#"), h("th", t("leaders.name")),
        h("th", t("leaders.rating")), h("th", t("leaders.games")))),
    h("tbody", (data.rows || []).map((r) => h("tr", h("td", String(r.rank)),
      h("td", h("a", { href: `#/profile/${encodeURIComponent(r.name)}` }, r.name)),
      h("td", String(r.display ?? Math.round(r.rating))), h("td", String(r.played))))))));
}

export { toast };
