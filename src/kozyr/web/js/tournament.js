// One tournament's page, #/tournament/ID[?invite=TOKEN] (issue 16; docs/protocol.md §2-4):
// fetched by GET /api/tournaments/ID, then followed live (tournament_follow; a `tournament`
// message on every change; tournament_unfollow on leaving).  The header facts, Register /
// Unregister while it registers, the invite link for the owner of a private one, the
// players, a knockout's bracket (a column per round, a box per table, the advancing players
// marked) or a Swiss's standings and rounds, Watch and Replay links per table, the winner
// and the tie-break rule.  tableReady() is the banner of a `tournament_table` push: your
// table of the next round is ready (the app goes there by itself after a moment).
import { timeControl } from "./table/timebank.js";
import { api } from "./api.js";
import { lang, t } from "./i18n.js";
import { titleOf } from "./lobby.js";
import { kindText, startText, statusBadge, tournamentHref, when } from "./tournaments.js";
import { h, mount, toast } from "./ui.js";
import { displayName } from "./words.js";

/** Seconds the "your table is ready" banner waits before it goes to the table. */
export const GO_DELAY_MS = 3000;

/** Return a score with a true minus sign (U+2212), as the profile shows scores. */
const signed = (n) => (typeof n !== "number" ? "" : n < 0 ? `\u2212${-n}` : String(n));

/** Return a table's link for watching it (the table page looks on when not seated). */
const tableHref = (id) => `#/table/${encodeURIComponent(id)}`;

export class TournamentPage {
  constructor(conn, root, app, id, invite = null) {
    this.conn = conn;
    this.root = root;
    this.app = app;
    this.id = id;
    this.invite = invite;
    this.tour = null;
    this.followId = null;
    this.actionId = null;
    this.offs = [
      conn.on("open", () => this.follow()),
      conn.on("tournament", (m) => {
        if (m.tournament && m.tournament.id === this.id) this.show(m.tournament);
      }),
      conn.on("ok", (m) => {
        if (m.re !== undefined && m.re === this.actionId) {
          this.actionId = null;
          this.load(); // the follow's push says the same; this covers a slow one
        }
      }),
      conn.on("error", (m) => this.onError(m)),
    ];
    mount(root, h("p.muted", "…"));
    this.load();
    if (conn.ready) this.follow();
  }

  destroy() {
    for (const off of this.offs) off();
    if (this.conn.ready) this.conn.send({ type: "tournament_unfollow", tournament: this.id });
  }

  follow() {
    const inv = this.invite ? { invite: this.invite } : {};
    this.followId = this.conn.send({ type: "tournament_follow", tournament: this.id, ...inv });
  }

  async load() {
    const inv = this.invite ? `?invite=${encodeURIComponent(this.invite)}` : "";
    try {
      const [data] = await Promise.all([
        api(`/api/tournaments/${encodeURIComponent(this.id)}${inv}`),
        this.app.ensureMeta()]);
      this.show(data.tournament);
    } catch (e) {
      if (!this.tour) this.fail(e.code === "unknown_tournament" ? t("tour.unknown") : e.message);
    }
  }

  fail(msg) {
    mount(this.root, h("section.tournament-page", h("p.error.tour-error", msg),
      h("p", h("a", { href: "#/tournaments" }, t("tour.back")))));
  }

  onError(m) {
    if (m.re === undefined) return;
    if (m.re === this.followId && !this.tour) {
      this.fail(m.code === "unknown_tournament" ? t("tour.unknown") : m.message || m.code);
    } else if (m.re === this.actionId) {
      this.actionId = null;
      toast(m.message || m.code, "error");
      this.render();
    }
  }

  show(tour) {
    const before = this.tour && this.tour.you ? this.tour.you.table : undefined;
    this.tour = tour;
    this.render();
    // A round just seated us (you.table is new): the banner, as a tournament_table push
    // would show it (that push reaches only the sockets of the directing process).
    const now = tour.you && tour.you.table;
    const banner = document.getElementById("tour-banner");
    if (before !== undefined && now && now !== before && tour.status === "running"
        && !(banner && banner.dataset.table === now)) {
      tableReady(this.app, { tournament: tour.id, round: tour.round, table: now });
    }
  }

  /** Send a register / unregister / cancel for this tournament. */
  act(type) {
    if (type === "tournament_cancel" && !window.confirm(t("tour.cancel_confirm"))) return;
    const inv = type === "tournament_register" && this.invite ? { invite: this.invite } : {};
    this.actionId = this.conn.send({ type, tournament: this.id, ...inv });
    this.render();
  }

  render() {
    const x = this.tour;
    if (!x) return;
    const meta = this.app.meta;
    const swiss = x.kind === "swiss";
    const rounds = Array.isArray(x.rounds) ? x.rounds : [];
    mount(this.root, h("section.tournament-page", { dataset: { tournament: x.id,
      status: x.status, kind: x.kind } },
    h("p.small", h("a.tour-back", { href: "#/tournaments" }, t("tour.back"))),
    h("h2.tour-title", h("bdi", x.name), " ", statusBadge(x.status)),
    infoBox(x, meta),
    lang() === "en" && x.describe ? h("p.describe.muted.small", x.describe) : null,
    this.actions(),
    x.invite ? inviteBox(x) : null,
    x.status === "finished" && x.winner ? h("p.tour-champion", h("span.trophy",
      { "aria-hidden": "true" }, "★ "), t("tour.champion", { name: x.winner })) : null,
    h("h3", t("tour.players")), playersTable(x),
    swiss && (x.standings || []).length ? [h("h3", t("tour.standings")), standingsTable(x)]
      : null,
    rounds.length ? [h("h3", t(swiss ? "tour.rounds" : "tour.bracket")),
      swiss ? h("div.swiss-rounds", rounds.map((r) => h("div.swiss-round",
        { dataset: { round: r.round } }, h("h4", t("tour.round_n", { n: r.round })),
        h("div.round-tables", r.tables.map((tb) => this.matchBox(tb))))))
        : this.bracket(rounds)] : null,
    h("p.tiebreaks.muted.small", t("tour.tiebreak_line", { rule: lang() === "en"
      && x.tiebreaks ? x.tiebreaks : t("tour.tiebreaks") }))));
  }

  /** Return Register / Unregister (or a log-in link), Cancel for its owner, and a link to
   * your table. */
  actions() {
    const x = this.tour;
    const you = x.you || {};
    const u = this.app.user;
    const busy = this.actionId !== null;
    let button = null;
    if (x.status === "registering") {
      if (!u || u.guest) {
        button = h("span.tour-guest", t("tour.guest_register"), " ",
          h("a.button", { href: "#/login" }, t("nav.login")));
      } else if (you.registered) {
        button = h("button.danger#t-unregister", { type: "button", disabled: busy,
          onclick: () => this.act("tournament_unregister") }, t("tour.unregister"));
      } else {
        button = h("button.primary#t-register", { type: "button",
          disabled: busy || x.registered >= x.capacity,
          onclick: () => this.act("tournament_register") },
        t(x.registered >= x.capacity ? "tour.full" : "tour.register"));
      }
    }
    const cancel = x.status === "registering" && you.owner ? h("button.danger#t-cancel",
      { type: "button", disabled: busy, onclick: () => this.act("tournament_cancel") },
      t("tour.cancel")) : null;
    const mine = x.status === "running" && you.table ? h("a.button.primary#t-your-table",
      { href: tableHref(you.table) }, t("tour.your_table")) : null;
    const note = you.registered ? h("span.muted.tour-you", t("tour.you_in")) : null;
    if (!button && !cancel && !mine && !note) return null;
    return h("div.tour-actions", button, cancel, mine, note);
  }

  /** Return a knockout's bracket: a column per round; a round of one table is the final. */
  bracket(rounds) {
    const cols = rounds.map((r) => h("div.bracket-round",
      { dataset: { round: r.round } },
      h("h4", r.tables.length === 1 ? t("tour.final") : t("tour.round_n", { n: r.round })),
      h("div.bracket-tables", r.tables.map((tb) => this.matchBox(tb,
        r.tables.length === 1)))));
    // While it runs, the rounds still to come: each table of the last one sends a player
    // on, so the next round has ceil(tables / seats) tables, down to the final.
    const last = rounds[rounds.length - 1];
    const per = Math.max(2, this.tour.players_per_table || 2);
    let tables = last.tables.length;
    let n = last.round;
    while (this.tour.status === "running" && tables > 1) {
      tables = Math.ceil(tables / per);
      n += 1;
      cols.push(h("div.bracket-round.to-come", { dataset: { round: n } },
        h("h4", tables === 1 ? t("tour.final") : t("tour.round_n", { n })),
        h("div.bracket-tables", Array.from({ length: tables }, () => h("div.match-box.empty",
          h("p.muted.small", t("tour.to_come")))))));
    }
    return h("div.bracket", cols);
  }

  /** Return one table of a round: its seats with totals and points, who advances (who won,
   * at a Swiss's table or the final), and a Watch link while it plays or a Replay link once
   * finished. */
  matchBox(tb, final = false) {
    const res = tb.result || null;
    const me = this.app.user && this.app.user.name;
    const advance = new Set((res && res.advance) || []);
    // A knockout's winners go on; a Swiss's match winner just won (every one plays on).
    const mark = final || (this.tour && this.tour.kind === "swiss") ? "tour.won"
      : "tour.advances";
    const forfeits = new Set((res && res.forfeits) || []);
    const seats = (tb.seats || []).map((s, i) => {
      const cls = ["seat-line", advance.has(s.name) ? "advance" : "",
        forfeits.has(s.name) ? "forfeit" : "", s.name === me ? "you" : ""]
        .filter(Boolean).join(" ");
      return h("li", { class: cls, dataset: { name: s.name } },
        h("bdi.seat-name", s.bot ? displayName(s.name, i) : s.name),
        res && res.totals ? h("bdi.seat-total", { dir: "ltr" }, signed(res.totals[i]))
          : null,
        res && res.points ? h("span.seat-points", { title: t("tour.points") },
          h("bdi", { dir: "ltr" }, String(res.points[i] ?? ""))) : null,
        advance.has(s.name) ? h("span.advance-mark", `✓ ${t(mark)}`) : null,
        forfeits.has(s.name) ? h("span.forfeit-mark", t("tour.forfeit")) : null);
    });
    const playing = tb.status === "playing";
    const seated = (tb.seats || []).some((s) => s.name === me);
    const link = playing && seated ? h("a.button.primary.play", { href: tableHref(tb.table) },
      t("tour.your_table"))
      : playing ? h("a.button.watch", { href: tableHref(tb.table),
        onclick: () => { this.app.pendingWatch = tb.table; } }, t("lobby.watch"))
      : tb.game_id ? h("a.button.replay", { href: `#/replay/${encodeURIComponent(tb.game_id)}` },
        t("table.replay")) : null;
    return h("div.match-box", { class: `match-box ${tb.status}`,
      dataset: { table: tb.table, status: tb.status } },
    h("ul.seat-lines", seats),
    h("div.match-foot.small", h("span.muted", t(`tour.table.${tb.status}`)), link));
  }
}

/** Return the header facts of a tournament. */
function infoBox(x, meta) {
  const fact = (key, label, value) => h("div.stat", { dataset: { fact: key } }, h("dt", label),
    h("dd", value));
  return h("dl.tour-info",
    fact("game", t("create.game"), titleOf(meta, x.game, x.preset)),
    fact("kind", t("tour.kind"), kindText(x)),
    fact("deals", t("tour.deals_short"), x.deals ? t("tour.deals_n", { n: x.deals })
      : t("tour.whole_matches")),
    fact("clock", t("tour.clock"), x.clock ? t("tour.clock_s", { n: x.clock })
      : t("tour.no_clock")),
    typeof x.bank === "number" ? fact("time", t("table.bank"), h("bdi", { dir: "ltr" },
      timeControl(x))) : null,
    fact("players", t("tour.players"), h("bdi", { dir: "ltr" },
      `${x.registered}/${x.capacity}`)),
    x.status === "registering" ? fact("start", t("tour.start"), startText(x)) : null,
    x.started ? fact("started", t("tour.started"), when(x.started)) : null,
    x.status === "running" ? fact("round", t("tour.round"), String(x.round)) : null,
    x.finished ? fact("finished", t("tour.finished"), when(x.finished)) : null,
    fact("owner", t("tour.owner"), h("a", { href: `#/profile/${encodeURIComponent(x.owner)}` },
      h("bdi", x.owner))),
    x.private ? fact("private", t("tour.private_short"), t("create.on")) : null);
}

/** Return the invite link of a private tournament (shown to its owner) with Copy. */
function inviteBox(x) {
  const url = `${location.origin}${location.pathname}${tournamentHref(x.id, x.invite)}`;
  const input = h("input#t-invite", { type: "text", readonly: true, value: url,
    "aria-label": t("tour.invite") });
  const copy = async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(url);
      toast(t("tour.copied"));
    } catch (e) { /* selected: the person copies it */ }
  };
  return h("div.tour-invite", h("label", { for: "t-invite" }, t("tour.invite")), input,
    h("button#t-copy", { type: "button", onclick: copy }, t("tour.copy")));
}

/** Return the players: name, rating, status, place and titles won before. */
function playersTable(x) {
  // By place once they have one (those without last), else as the server lists them.
  const players = [...(x.players || [])].sort((a, b) => (a.place || Infinity)
    - (b.place || Infinity));
  if (!players.length) return h("p.muted.tour-no-players", t("tour.no_players"));
  return h("div.board-wrap", h("table.board.tour-players",
    h("thead", h("tr", h("th", t("leaders.name")), h("th", t("leaders.rating")),
      h("th", t("tour.player_status")), h("th", t("tour.place")), h("th", t("tour.titles")))),
    h("tbody", players.map((p) => h("tr", { dataset: { name: p.name, status: p.status } },
      h("td", h("a", { href: `#/profile/${encodeURIComponent(p.name)}` }, h("bdi", p.name))),
      h("td", String(p.rating ?? "—")),
      h("td", t(`tour.player.${p.status}`)),
      h("td.place", p.place ? String(p.place) : "—"),
      h("td.titles-won", p.titles ? `★ ${p.titles}` : ""))))));
}

/** Return a Swiss's standings: place, name, points, game points, rating. */
function standingsTable(x) {
  return h("div.board-wrap", h("table.board.standings",
    h("thead", h("tr", h("th", "#"), h("th", t("leaders.name")), h("th", t("tour.points")),
      h("th", t("tour.game_points")), h("th", t("leaders.rating")))),
    h("tbody", (x.standings || []).map((s) => h("tr", { dataset: { name: s.name } },
      h("td.place", String(s.place)), h("td", h("bdi", s.name)),
      h("td.points", h("bdi", { dir: "ltr" }, String(s.points))),
      h("td.game-points", h("bdi", { dir: "ltr" }, signed(s.game_points))),
      h("td", String(s.rating ?? "—")))))));
}

/**
 * Show the banner of a `tournament_table` push (docs/protocol.md §4): "Your table of round
 * N is ready", Go and Stay; it goes to the table by itself after GO_DELAY_MS unless the
 * player is in the middle of another match or pressed Stay.
 */
export function tableReady(app, m) {
  const old = document.getElementById("tour-banner");
  if (old) old.remove();
  const href = tableHref(m.table);
  let timer = null;
  const close = () => { clearTimeout(timer); banner.remove();
    window.removeEventListener("hashchange", onHash); };
  const onHash = () => { if (location.hash === href) close(); };
  const go = () => { close(); location.hash = href; };
  const banner = h("div.tour-banner#tour-banner", { role: "alert",
    dataset: { table: m.table, round: m.round } },
  h("span", t("tour.table_ready", { n: m.round })),
  h("button.primary#t-go", { type: "button", onclick: go }, t("tour.go")),
  h("button#t-stay", { type: "button", onclick: () => { clearTimeout(timer);
    banner.querySelector("#t-stay").remove(); } }, t("tour.stay")));
  app.header.after(banner);
  window.addEventListener("hashchange", onHash);
  const v = app.view;
  const midMatch = v && v.obs && v.seat !== null && v.seat !== undefined && !v.over
    && v.id !== m.table;
  if (!midMatch) timer = setTimeout(go, GO_DELAY_MS);
}
