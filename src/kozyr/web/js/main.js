// The single-page app: header (navigation, language, sound), hash routes, one live connection.
//   #/lobby  #/login  #/leaders[/game/preset]  #/profile/NAME  #/table/ID[?invite=X]
//   #/replay/GAME_ID  #/tournaments  #/tournament/ID[?invite=X]  #/friends
import { api, Conn, savedToken, saveToken } from "./api.js";
import { installSuitSymbols } from "./cards.js";
import { FriendsView, installPeople, profileActions } from "./friends.js";
import { initLang, LANGS, lang, onLang, setLang, t } from "./i18n.js";
import { authView, leadersView, LobbyView } from "./lobby.js";
import { profileView } from "./profile.js";
import { ReplayView } from "./replay.js";
import { fetchMeta } from "./rules.js";
import { beep, setSound, soundOn } from "./sound.js";
import { TableView } from "./table/view.js";
import { TournamentPage, tableReady } from "./tournament.js";
import { TournamentsView } from "./tournaments.js";
import { h, mount } from "./ui.js";

class App {
  constructor() {
    this.conn = new Conn();
    this.user = null;
    this.meta = null;
    this.view = null;
    this.pendingJoin = null;
    this.pendingWatch = null;
    this.fillBots = null;
    // Tests (and impatient people) may ask for unpaced bots: ?bot_delay=0.
    const bd = new URLSearchParams(location.search).get("bot_delay");
    this.botDelay = bd === null ? null : Number(bd);
    this.header = h("header.top");
    this.main = h("main#main", { tabindex: "-1" });
    this.status = h("div.conn-status", { role: "status" });
    mount(document.getElementById("app"), this.header, this.main, this.status);
    this.conn.on("welcome", (m) => this.setUser(m.user));
    // A tournament seated us at its next round's table (tournament.js): say so, then go.
    this.conn.on("tournament_table", (m) => tableReady(this, m));
    installPeople(this); // friends, invitations' banners (friends.js)
    this.conn.on("down", () => { this.status.textContent = t("table.reconnecting");
      this.status.classList.add("down"); });
    this.conn.on("open", () => { this.status.textContent = "";
      this.status.classList.remove("down"); });
    onLang(() => { this.renderHeader(); this.route(); });
    window.addEventListener("hashchange", () => this.route());
  }

  start() {
    this.renderHeader();
    this.conn.connect();
    this.route();
  }

  setUser(user) {
    this.user = user;
    this.renderHeader();
  }

  renderHeader() {
    const langSel = h("select#lang", { "aria-label": t("nav.language") },
      Object.entries(LANGS).map(([code, table]) => h("option", { value: code,
        selected: code === lang() ? "" : null }, table["lang.name"])));
    langSel.addEventListener("change", () => {
      // The menu's choice is stored and sticks: a ?lang= left in the address goes.
      const url = new URL(location.href);
      if (url.searchParams.has("lang")) {
        url.searchParams.delete("lang");
        history.replaceState(null, "", url.toString());
      }
      setLang(langSel.value);
    });
    // A switch that shows its state (a struck-through note when off), on a phone too.
    const sound = h("button#sound.sound", { type: "button", role: "switch",
      "aria-checked": soundOn() ? "true" : "false", "aria-label": t("nav.sound"),
      title: t(soundOn() ? "nav.sound_on" : "nav.sound_off") },
    h("span.sound-icon", { "aria-hidden": "true" }, "\u266a"), " ",
    h("span.sound-label", t("nav.sound")));
    sound.addEventListener("click", () => {
      setSound(!soundOn());
      sound.setAttribute("aria-checked", soundOn() ? "true" : "false");
      sound.title = t(soundOn() ? "nav.sound_on" : "nav.sound_off");
      beep("turn"); // a sample, so one hears what was switched on
    });
    const u = this.user;
    mount(this.header,
      h("a.brand", { href: "#/lobby" }, h("span.brand-mark", "♠"), t("app.title")),
      h("nav", { "aria-label": t("nav.main") },
        h("a", { href: "#/lobby" }, t("nav.lobby")),
        h("a", { href: "#/leaders" }, t("nav.leaders")),
        h("a", { href: "#/tournaments" }, t("nav.tournaments")),
        u && !u.guest ? h("a", { href: `#/profile/${encodeURIComponent(u.name)}` },
          t("nav.profile")) : null,
        u && !u.guest ? h("a#nav-friends", { href: "#/friends" }, t("nav.friends")) : null),
      h("div.user",
        u ? h("span.me#me", { dataset: { name: u.name } }, u.name) : null,
        u && !u.guest ? h("button#logout", { type: "button", onclick: () => this.logout() },
          t("nav.logout")) : h("a.button#login-link", { href: "#/login" }, t("nav.login")),
        sound,
        langSel));
  }

  async logout() {
    // The session of the cookie and the one this page keeps (they may differ) both end.
    const token = savedToken();
    try {
      await api("/api/auth/logout", { method: "POST",
        headers: token ? { "X-Kozyr-Session": token } : {} });
    } catch (e) { /* already out */ }
    saveToken(null);
    this.conn.restart();
    location.hash = "#/lobby";
  }

  route() {
    if (this.view && this.view.destroy) this.view.destroy();
    this.view = null;
    const raw = location.hash.replace(/^#\/?/, "") || "lobby";
    const [path, query] = raw.split("?");
    const parts = path.split("/").map(decodeURIComponent);
    const params = new URLSearchParams(query || "");
    const root = this.main;
    switch (parts[0]) {
      case "login":
        authView(this.conn, root, this);
        break;
      case "leaders":
        this.ensureMeta().then(() => leadersView(root, this, parts[1] || "thousand",
          parts[2] || "classic"));
        break;
      case "profile":
        profileView(root, parts[1] || (this.user && this.user.name) || "")
          .then(() => profileActions(this, root, parts[1] || ""));
        break;
      case "friends":
        this.view = new FriendsView(this.conn, root, this);
        break;
      case "tournaments":
        this.view = new TournamentsView(this.conn, root, this);
        break;
      case "tournament":
        this.view = new TournamentPage(this.conn, root, this, parts[1], params.get("invite"));
        break;
      case "replay":
        this.view = new ReplayView(root, parts[1]);
        break;
      case "table": {
        const id = parts[1];
        const how = this.pendingJoin === id ? "join" : this.pendingWatch === id ? "watch"
          : "resync";
        const fillBots = this.pendingJoin === id ? this.fillBots : null;
        this.pendingJoin = this.pendingWatch = null;
        this.fillBots = null;
        this.view = new TableView(this.conn, root, id, { invite: params.get("invite"), how,
          fillBots, me: this.user && this.user.name });
        break;
      }
      default:
        this.view = new LobbyView(this.conn, root, this);
    }
  }

  async ensureMeta() {
    if (!this.meta) {
      try { this.meta = await fetchMeta(); } catch (e) { this.meta = { games: {} }; }
    }
    return this.meta;
  }
}

installSuitSymbols();
initLang();
const app = new App();
window.kozyr = app; // handy in the console and for the browser tests
app.start();
