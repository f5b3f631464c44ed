// A player's profile (GET /api/profiles/NAME, docs/protocol.md §2): the ratings on the display
// scale with their uncertainty explained, the reputation (matches played to the end and
// abandoned), the statistics per game and preset (GET /api/profiles/NAME/stats: matches won,
// deals declared and made, the average contract, marks such as bolts and baits, the best
// match, results against each bot level), and the recent matches with their opponents, date,
// result, score and replay.
import { api } from "./api.js";
import { lang, t, tOr } from "./i18n.js";
import { titleOf } from "./lobby.js";
import { fetchMeta } from "./rules.js";
import { titlesBox, when } from "./tournaments.js";
import { h, mount } from "./ui.js";
import { displayName } from "./words.js";

/** Return a score with a true minus sign (U+2212), which keeps to the left of its digits
 * in a right-to-left line as well. */
const signed = (n) => (n < 0 ? `\u2212${-n}` : String(n));

/** Return an opponent's name as the table shows it ("Bot 3 · hard" for a bot). */
const opponentName = (o) => displayName(o.bot ? `bot:${o.bot}` : o.name, o.seat);

/** Return the opponents as a list in the page's language ("a, b and c"; Arabic's comma),
 * each name in its own <bdi>. */
function opponentList(opponents) {
  const names = opponents.map(opponentName);
  let parts;
  try {
    parts = new Intl.ListFormat(lang(), { type: "unit", style: "short" }).formatToParts(names);
  } catch (e) {
    parts = names.flatMap((n, i) => [...(i ? [{ type: "literal", value: ", " }] : []),
      { type: "element", value: n }]);
  }
  return parts.map((p) => (p.type === "element" ? h("bdi.opponent", p.value) : p.value));
}

function ratingsBox(p, meta) {
  const rows = p.ratings || [];
  if (!rows.length) return h("p.muted.no-ratings", t("profile.no_ratings"));
  return [
    h("table.board.ratings",
      h("thead", h("tr", h("th", t("create.game")), h("th", t("leaders.rating")),
        h("th", t("profile.skill")), h("th", t("leaders.games")))),
      h("tbody", rows.map((r) => h("tr", { dataset: { game: r.game, preset: r.preset } },
        h("td", titleOf(meta, r.game, r.preset)),
        h("td.display", h("b", String(r.display))),
        h("td.skill", h("bdi", { dir: "ltr" }, `${r.skill} ± ${r.uncertainty}`)),
        h("td", String(r.played)))))),
    h("p.muted.small.rating-help", t("profile.rating_help")),
  ];
}

function reputationBox(p) {
  const rep = p.reputation || { finished: 0, abandoned: 0 };
  return h("div.reputation",
    h("p", h("span.finished", t("profile.finished", { n: rep.finished })), " · ",
      h("span.abandoned", t("profile.abandoned", { n: rep.abandoned }))),
    h("p.muted.small", t("profile.abandoned_help")));
}

function gameLine(g, meta) {
  const result = tOr(`result.${g.result}`, g.result);
  return h("li.game-line", { dataset: { game: g.game_id, result: g.result } },
    h("div.game-head", h("b", titleOf(meta, g.game, g.preset)),
      h("span.muted.date", when(g.finished || g.started))),
    h("div.opponents", `${t("profile.opponents")}: `, opponentList(g.opponents || [])),
    h("div.outcome", h(`span.result.${g.result}`, result),
      g.score !== null && g.score !== undefined
        ? [" · ", h("span.score", `${t("profile.score")}: `,
          h("bdi", { dir: "ltr" }, signed(g.score)))] : null,
      g.replay ? [" · ", h("a.replay", { href: g.replay }, t("table.replay"))] : null));
}

const SVG = "http://www.w3.org/2000/svg";

/** Make an SVG element with attributes. */
function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  for (const c of children) node.append(c);
  return node;
}

/**
 * Return the rating history ([{at, display}], oldest first) as an SVG line chart drawn by the
 * page (no outside service): the display rating after each rated match, its lowest and
 * highest values labelled; null with fewer than two points.
 */
export function ratingChart(history) {
  const pts = (history || []).filter((p) => typeof p.display === "number");
  if (pts.length < 2) return null;
  const w = 320;
  const ht = 120;
  const pad = 8;
  const ys = pts.map((p) => p.display);
  const lo = Math.min(...ys);
  const hi = Math.max(...ys);
  const span = Math.max(1, hi - lo);
  const x = (i) => pad + (i * (w - 2 * pad)) / (pts.length - 1);
  const y = (v) => ht - pad - ((v - lo) * (ht - 2 * pad)) / span;
  const line = pts.map((p, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(p.display).toFixed(1)}`)
    .join(" ");
  const chart = svg("svg", { viewBox: `0 0 ${w} ${ht}`, class: "rating-chart", role: "img",
    "aria-label": t("stats.chart", { from: ys[0], to: ys[ys.length - 1], n: pts.length }) },
  svg("path", { d: line, fill: "none", stroke: "currentColor", "stroke-width": 2 }),
  ...pts.map((p, i) => svg("circle", { cx: x(i).toFixed(1), cy: y(p.display).toFixed(1), r: 2.5,
    fill: "currentColor" }, svg("title", `${when(p.at)}: ${p.display}`))),
  svg("text", { x: pad, y: 12, class: "chart-hi" }, String(hi)),
  svg("text", { x: pad, y: ht - 2, class: "chart-lo" }, String(lo)));
  chart.dataset.points = String(pts.length);
  return chart;
}

/** Return the statistics per game and preset (GET /api/profiles/NAME/stats), or null. */
function statsBox(s, meta) {
  const rows = (s && s.stats) || [];
  if (!rows.length) return h("p.muted.no-stats", t("profile.no_games"));
  const fig = (key, value) => h("div.stat", { dataset: { stat: key } },
    h("dt", t(`stats.${key}`)), h("dd", h("bdi", { dir: "ltr" }, value)));
  return h("div.stats", rows.map((r) => {
    const marks = Object.entries(r.marks || {}).filter(([, n]) => n > 0);
    const bots = Object.entries(r.against_bots || {});
    return h("div.stats-game", { dataset: { game: r.game, preset: r.preset } },
      h("h4", titleOf(meta, r.game, r.preset)),
      ratingChart(r.history),
      h("dl",
        fig("played", String(r.played)), fig("won", String(r.won)),
        fig("deals", String(r.deals)),
        r.declared ? [fig("declared", String(r.declared)), fig("made", String(r.made))] : null,
        r.average_contract !== null && r.average_contract !== undefined
          ? fig("average_contract", String(r.average_contract)) : null,
        r.best ? h("div.stat", { dataset: { stat: "best" } }, h("dt", t("stats.best")),
          h("dd", h("a.replay", { href: `#/replay/${encodeURIComponent(r.best.game_id)}` },
            h("bdi", { dir: "ltr" }, signed(r.best.total))))) : null),
      marks.length ? h("p.stat-marks", `${t("stats.marks")}: `, marks.map(([code, n], i) =>
        [i ? ", " : "", h("span.mark-count", { dataset: { mark: code } },
          `${tOr(`mark.${code}`, code)} × ${n}`)])) : null,
      bots.length ? h("p.stat-bots", `${t("stats.against_bots")}: `, bots.map(([lv, x], i) =>
        [i ? ", " : "", h("span.bot-level", { dataset: { level: lv } },
          `${tOr(`level.${lv}`, lv)} ${x.won}/${x.played}`)])) : null);
  }), h("p.muted.small", t("stats.limit", { n: s.limit ?? 500 })));
}

/** Draw the profile of `name` into `root`. */
export async function profileView(root, name) {
  mount(root, h("p.muted", "…"));
  let p;
  let meta = null;
  let stats = null;
  try {
    const who = encodeURIComponent(name);
    [p, stats] = await Promise.all([api(`/api/profiles/${who}`),
      api(`/api/profiles/${who}/stats`).catch(() => null)]);
    meta = await fetchMeta().catch(() => null);
  } catch (e) {
    mount(root, h("p.error", t("error.generic", { msg: e.message })));
    return;
  }
  const history = p.history || [];
  mount(root, h("section.profile", h("h2", t("profile.title", { name: p.user.name })),
    titlesBox(p.titles, meta, p.tournaments), // tournaments played and won
    h("h3", t("profile.ratings")), ratingsBox(p, meta),
    h("h3", t("profile.reputation")), reputationBox(p),
    stats ? [h("h3", t("profile.stats")), statsBox(stats, meta)] : null,
    h("h3", t("profile.recent")),
    history.length ? h("ul.history", history.map((g) => gameLine(g, meta)))
      : h("p.muted", t("profile.no_games"))));
}
