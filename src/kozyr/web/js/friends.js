// People (issue 16; docs/protocol.md §4.8): the Friends page #/friends (friends with an
// online dot and where they sit, requests in and out, blocked users, a box to add a friend),
// the buttons of another user's profile (Add friend, Block, Report with a reason), the table's
// "Invite a friend" control, and the banner of an invitation (Join / Dismiss).  Registered
// users only; the server hides a blocked user's chat, and the table's chat leaves out the
// lines of the names in `blocked` too (those said before the block).
import { t, tOr } from "./i18n.js";
import { titleOf } from "./lobby.js";
import { h, mount, toast } from "./ui.js";

/** The names the user blocks, from the last `friends` message. */
export const blocked = new Set();
/** The last `friends` message (null before one came, or for a guest). */
let last = null;

const registered = (conn) => !!(conn.user && !conn.user.guest);
const tableHref = (id, invite) => `#/table/${encodeURIComponent(id)}${invite
  ? `?invite=${encodeURIComponent(invite)}` : ""}`;
const profileHref = (name) => `#/profile/${encodeURIComponent(name)}`;

/** Return an error's words: the page's own for people's codes, else the server's message. */
const errorText = (m) => tOr(`people.error.${m.code}`, m.message || m.code);

/** Send a people message; call `done(error or null)` with its answer. */
function ask(conn, msg, done) {
  const id = conn.send(msg);
  const offs = [
    conn.on("ok", (m) => { if (m.re === id) { offs.forEach((f) => f()); done(null); } }),
    conn.on("error", (m) => { if (m.re === id) { offs.forEach((f) => f()); done(m); } }),
  ];
}

/** Wire the app: the friends state kept fresh, invitation banners, request notices. */
export function installPeople(app) {
  const conn = app.conn;
  conn.on("open", () => {
    last = null;
    blocked.clear();
    if (registered(conn)) conn.send({ type: "friends" });
  });
  conn.on("friends", (m) => {
    last = m;
    blocked.clear();
    for (const name of m.blocked || []) blocked.add(name);
  });
  conn.on("invited", (m) => invitedBanner(app, m));
  conn.on("friend_request", (m) => toast(t("people.request_from", { name: m.from })));
}

/** Show the banner of an invitation to a table: Join (with its invite) or Dismiss. */
function invitedBanner(app, m) {
  const old = document.getElementById("invite-banner");
  if (old) old.remove();
  const banner = h("div.invite-banner#invite-banner", { role: "alert",
    dataset: { table: m.table, from: m.from } },
  h("span", t("people.invited", { name: m.from,
    game: titleOf(app.meta, m.game, m.preset) })),
  h("a.button.primary#invite-join", { href: tableHref(m.table, m.invite), onclick: () => {
    app.pendingJoin = m.table;
    banner.remove();
  } }, t("lobby.join")),
  h("button#invite-dismiss", { type: "button", onclick: () => banner.remove() },
    t("people.dismiss")));
  app.header.after(banner);
}

/** The Friends page. */
export class FriendsView {
  constructor(conn, root, app) {
    this.conn = conn;
    this.root = root;
    this.app = app;
    this.data = last;
    this.error = "";
    this.input = h("input#friend-name", { type: "text", maxlength: 40, autocomplete: "off",
      "aria-label": t("people.name"), placeholder: t("people.name") });
    this.input.addEventListener("keydown", (ev) => { if (ev.key === "Enter") this.add(); });
    this.offs = [
      conn.on("friends", (m) => { this.data = m; this.render(); }),
      conn.on("open", () => { this.data = null; this.render(); }),
    ];
    app.ensureMeta().then(() => this.render());
    this.render();
    if (conn.ready && registered(conn) && !this.data) conn.send({ type: "friends" });
  }

  destroy() {
    for (const off of this.offs) off();
  }

  /** Send a change; show its error, if any, above the lists (the last one's goes at once:
   * the lists may change before the answer comes). */
  act(type, name) {
    this.clearError();
    ask(this.conn, { type, name }, (err) => {
      this.error = err ? errorText(err) : "";
      this.render();
    });
  }

  add() {
    const name = this.input.value.trim();
    if (!name) return;
    this.clearError();
    ask(this.conn, { type: "friend_request", name }, (err) => {
      this.error = err ? errorText(err) : "";
      if (!err) this.input.value = "";
      this.render();
    });
  }

  clearError() {
    if (!this.error) return;
    this.error = "";
    this.render();
  }

  render() {
    const page = h("section.friends-page", h("h2", t("people.title")));
    if (!this.conn.user) {
      mount(this.root, page, h("p.muted", "…"));
      return;
    }
    if (!registered(this.conn)) {
      mount(this.root, h("section.friends-page", h("h2", t("people.title")),
        h("p.muted.people-guest", t("people.guest")),
        h("a.button#friends-login", { href: "#/login" }, t("nav.login"))));
      return;
    }
    const d = this.data;
    const typing = document.activeElement === this.input;
    mount(this.root, h("section.friends-page", h("h2", t("people.title")),
      h("div.friend-add", this.input,
        h("button.primary#friend-add", { type: "button", onclick: () => this.add() },
          t("people.add"))),
      this.error ? h("p.error#people-error", { role: "alert" }, this.error) : null,
      d ? this.lists(d) : h("p.muted", "…")));
    if (typing) this.input.focus({ preventScroll: true });
  }

  lists(d) {
    const section = (key, items, line) => h(`div.people-section.${key}`,
      h("h3", t(`people.${key}`), " ", h("span.count", `(${items.length})`)),
      items.length ? h(`ul.people-list#${key}-list`, items.map(line))
        : h("p.muted.small", t(`people.no_${key}`)));
    const button = (cls, label, type, name) => h(`button.${cls}`, { type: "button",
      onclick: () => this.act(type, name) }, label);
    return [
      section("friends", d.friends || [], (f) => h("li.friend", { dataset: { name: f.name,
        online: f.online ? "1" : "0" } },
      h(`span.dot.${f.online ? "online" : "offline"}`, { role: "img",
        "aria-label": t(f.online ? "people.online" : "people.offline"),
        title: t(f.online ? "people.online" : "people.offline") }),
      h("a.name", { href: profileHref(f.name) }, h("bdi", f.name)),
      this.where(f.where),
      button("remove", t("people.remove"), "friend_remove", f.name))),
      section("incoming", d.incoming || [], (name) => h("li.request", { dataset: { name } },
        h("a.name", { href: profileHref(name) }, h("bdi", name)),
        button("accept.primary", t("people.accept"), "friend_accept", name),
        button("decline", t("people.decline"), "friend_decline", name))),
      section("outgoing", d.outgoing || [], (name) => h("li.request", { dataset: { name } },
        h("a.name", { href: profileHref(name) }, h("bdi", name)),
        h("span.muted.small", t("people.waiting")),
        button("cancel", t("people.cancel"), "friend_remove", name))),
      section("blocked", d.blocked || [], (name) => h("li.blocked", { dataset: { name } },
        h("bdi.name", name),
        button("unblock", t("people.unblock"), "unblock", name))),
    ];
  }

  /** Return where a friend sits: the salon, its status, Watch (and Join while it waits). */
  where(w) {
    if (!w) return h("span.where.muted", "");
    return h("span.where", { dataset: { table: w.table } },
      titleOf(this.app.meta, w.game, w.preset), " · ", tOr(`status.${w.status}`, w.status),
      " ",
      w.status === "waiting" && !w.private ? h("a.button.join", { href: tableHref(w.table),
        onclick: () => { this.app.pendingJoin = w.table; } }, t("lobby.join")) : null,
      h("a.button.watch", { href: tableHref(w.table), onclick: () => {
        this.app.pendingWatch = w.table; } }, t("lobby.watch")));
  }
}

/** Add Add friend / Block / Report to the profile of `name` drawn in `root` (for another
 * registered user, seen by a registered one).  The first two follow the friends state: no
 * Add friend for a friend or one already asked, Accept for one who asked, Unblock for one
 * blocked. */
export function profileActions(app, root, name) {
  const conn = app.conn;
  const section = root.querySelector("section.profile");
  if (!section || !registered(conn) || conn.user.name === name) return;
  const note = h("p.people-note", { role: "status" });
  const say = (err, okKey) => {
    note.className = err ? "people-note error" : "people-note";
    note.textContent = err ? errorText(err) : t(okKey, { name });
  };
  const reason = h("textarea#report-reason", { maxlength: 500, rows: 3,
    "aria-label": t("people.report_reason"), placeholder: t("people.report_reason") });
  const form = h("div.report-form", { hidden: true }, reason,
    h("button.primary#report-send", { type: "button", onclick: () => {
      const text = reason.value.trim();
      if (!text) { reason.focus(); return; }
      ask(conn, { type: "report", name, reason: text }, (err) => {
        say(err, "people.reported");
        if (!err) { form.hidden = true; reason.value = ""; }
      });
    } }, t("people.report_send")));
  const buttons = h("span.profile-people-buttons");
  const draw = () => {
    const d = last || {};
    const friend = (d.friends || []).some((f) => f.name === name);
    const asked = (d.outgoing || []).includes(name);
    const asks = (d.incoming || []).includes(name);
    const isBlocked = (d.blocked || []).includes(name);
    mount(buttons,
      friend || asked || isBlocked ? null : h("button#befriend", { type: "button",
        onclick: () => ask(conn, { type: "friend_request", name },
          (err) => say(err, asks ? "people.accepted" : "people.requested")) },
      t(asks ? "people.accept" : "people.add")),
      isBlocked ? h("button#unblock", { type: "button", onclick: () =>
        ask(conn, { type: "unblock", name }, (err) => say(err, "people.unblocked")) },
      t("people.unblock"))
        : h("button#block", { type: "button", onclick: () =>
          ask(conn, { type: "block", name }, (err) => say(err, "people.blocked_note")) },
        t("people.block")),
      h("button#report", { type: "button", onclick: () => { form.hidden = !form.hidden;
        if (!form.hidden) reason.focus(); } }, t("people.report")));
  };
  draw();
  const off = conn.on("friends", () => { if (box.isConnected) draw(); else off(); });
  const box = h("div.profile-people", buttons, form, note);
  section.querySelector("h2").after(box);
}

/** Return the table's "Invite a friend" control (for a registered user seated at table view
 * `v`, or its owner): a button that lists the online friends, each with Invite. */
export function inviteControl(v) {
  const conn = v.conn;
  if (!registered(conn) || !v.info) return null;
  const mine = v.seat !== null || v.info.owner === conn.user.name;
  if (!mine || v.info.status === "over") return null;
  if (!v.inviteBox) {
    const list = h("ul.invite-list");
    const note = h("p.small.invite-note", { role: "status" });
    const fill = () => {
      const online = ((last && last.friends) || []).filter((f) => f.online);
      mount(list, online.length ? online.map((f) => h("li", { dataset: { name: f.name } },
        h("bdi", f.name), " ",
        h("button.invite", { type: "button", onclick: () =>
          ask(conn, { type: "invite_friend", table: v.id, name: f.name }, (err) => {
            note.textContent = err ? errorText(err) : t("people.invite_sent", { name: f.name });
          }) }, t("people.invite")))) : h("li.muted", t("people.no_online")));
    };
    const panel = h("div.invite-panel", { hidden: true }, list, note);
    if (v.offs) v.offs.push(conn.on("friends", () => { if (!panel.hidden) fill(); }));
    v.inviteBox = h("div.invite-friend",
      h("button#invite-friend", { type: "button", onclick: () => {
        panel.hidden = !panel.hidden;
        if (!panel.hidden) { fill(); conn.send({ type: "friends" }); }
      } }, t("people.invite_friend")), panel);
  }
  return v.inviteBox;
}
