// A game's renderer: what the shared table (view.js) asks of a game for the parts that are the
// game's own (Thousand's talon and marriages, Debertz's melds and bella, Tertz's
// combinations).  The shared table reads only the keys every observation has (hand,
// hand_sizes, trick, last_trick, tricks_won, totals, sheet, history, trump, dealer, phase,
// deal_index, to_act, legal ...); the rest goes through the methods below.
//
// Renderers are found by name: the table's renderer name (`web` of the game's registry
// entry, when TableInfo carries it; else the game's name) is the module `./NAME.js` beside
// this file, whose default export is a subclass of Renderer.  A game without such a module
// gets this base class: the shared table only.  So a new game's web client is one new file.
import { suitIcon } from "../cards.js";
import { t } from "../i18n.js";
import { backEl, cardEl, cardInline, comboWords, sentence } from "../words.js";
import { h } from "../ui.js";

export class Renderer {
  constructor(name) {
    this.name = name;
  }

  /** Return the game's badges of seat `s` after dealer and declarer, as DOM nodes. */
  badges(v, s) {
    return [];
  }

  /** Return the game's badges of seat `s` after the seat's "away" and "bot" badges. */
  trailingBadges(v, s) {
    return [];
  }

  /** Return what the game shows under seat `s`'s name (declared melds ...), or null. */
  seatExtras(v, s) {
    return null;
  }

  /** Return the phases in which a seat's last words show as a speech bubble. */
  get bubblePhases() {
    return ["bidding"];
  }

  /** Return what seat `s` last said in this deal's bidding (a speech bubble), or null. */
  bubble(v, s) {
    const o = v.obs;
    if (!o || !this.bubblePhases.includes(o.phase)) return null;
    return spokenWords(o.history, s) ?? null;
  }

  /** Return what lies in the middle when no trick does (talon, stock ...): DOM nodes. */
  middle(v) {
    return [];
  }

  /** Return the observation's values the middle depends on (it is re-drawn when they change). */
  centerKeys(o) {
    return [];
  }

  /** Return the lines of the table's info panel after the phase (trump, contract, pot ...). */
  infoItems(v) {
    return [trumpItem(v.obs)];
  }

  /** Return Map(card -> title) of hand cards to mark (Thousand: the talon's cards). */
  handMarks(o) {
    return new Map();
  }

  /** Return action `text` of seat `s` in words for the moves tab (DOM pieces), or null for
   * the shared words (words.js actionWords). */
  moveWords(v, s, text) {
    return null;
  }

  /** Return lines (<li> nodes) the moves tab shows before the deal's first lead. */
  logLines(v) {
    return [];
  }

  /** Return the label of the plain choice `text` (a legal action), or null for the shared one. */
  buttonLabel(v, text) {
    return null;
  }

  /**
   * Draw the game's own controls into v.dom.controls and return true, or return false to
   * leave them to the shared controls (controls.js), which ask first on every redraw.
   */
  controls(v) {
    return false;
  }

  /** Draw the game's own hand into v.dom.hand and return true, or false for the shared one. */
  hand(v) {
    return false;
  }

  /** Return the label of one option of a card with several (`opt` from readLegal). */
  optionLabel(v, card, opt) {
    return t("act.plain");
  }

  /** Return something to announce in big letters on this change of observation, or null. */
  announce(before, after) {
    return null;
  }

  /** Return the DOM of an announcement made by `announce`. */
  announceEl(v, a) {
    return null;
  }
}

// -- pieces several games use ------------------------------------------------------------------

/**
 * Return what seat `s` last said in the history's bidding words ("120", "pass" ...), null if
 * his last action was something else, undefined if he has not acted in this deal yet.
 */
export function spokenWords(history, s) {
  if (!Array.isArray(history)) return null;
  for (let i = history.length - 1; i >= 0; i--) {
    const [who, text] = history[i];
    if (who !== s) continue;
    const w = String(text).split(" ");
    if (w[0] === "bid") return w[1];
    if (w[0] === "pass") return t("act.pass");
    if (w[0] === "contract") return `${t("table.contract")} ${w[1]}`;
    return null;
  }
  return undefined;
}

/** Return the trump line of the info panel (in play, or once a trump is known), or null. */
export function trumpItem(o) {
  if (!(o.phase === "play" || o.trump)) return null;
  return o.trump
    ? h("div.trump", { dataset: { suit: o.trump } }, `${t("table.trump")}: `,
      suitIcon(o.trump, "suit-icon big"))
    : h("div.trump.none", t("table.no_trump"));
}

/** Return the stock's line of the info panel (in play, while cards are left), or null. */
export function stockItem(o) {
  if (!(o.phase === "play" && o.stock_size)) return null;
  return h("div.stockline", `${t("table.stock")}: ${o.stock_size}`,
    o.turned ? h("span", " · ", cardInline(o.turned)) : null);
}

/** Return the stock with the turned card under it, if either lies on the table, or null. */
export function stockEl(o) {
  if (!(o.turned || (o.stock_size && o.phase !== "play"))) return null;
  const count = Number(o.stock_size) || 0;
  return h("div.stock", h("div.center-label", `${t("table.stock")}: ${count}`),
    h("div.card-row", o.turned ? cardEl(o.turned, { cls: "turned" }) : null,
      count ? h("div.stock-pile", Array.from({ length: Math.min(count, 4) }, () =>
        backEl())) : null));
}

/**
 * Return the label of a declare button from the observation's `declaring` (what each legal
 * declare of ours would announce, with its points: the engine's), e.g. "Declare: a tertz in
 * ♦ (20)"; null when the observation says nothing about action `text`.
 */
export function declareLabel(v, game, text) {
  const items = (Array.isArray(v.obs && v.obs.declaring) ? v.obs.declaring : [])
    .filter((x) => x.action === text);
  if (!items.length) return null;
  return sentence("act.declare_what", { what: joined(items.map((c) => sentence("log.combo_n", {
    what: h("span", comboWords(game, c.kind, c.cards)), n: c.points ?? "" }))) });
}

/** Return lists of DOM pieces joined by commas, as one list of pieces. */
export function joined(parts) {
  return h("span", parts.map((p, i) => [i ? ", " : "", p]));
}

/** Return declared melds as DOM: items of {label, cards: "JD 9D AD"}, or null if none. */
export function meldsEl(items) {
  if (!items.length) return null;
  return h("div.melds", items.map(({ label, cards }) => h("div.meld",
    label ? h("span.meld-label", label + " ") : null,
    String(cards).split(/\s+/).filter((x) => x.length === 2).map((c) => cardInline(c)))));
}

// -- finding a game's renderer ---------------------------------------------------------------

const loaded = new Map(); // name -> Renderer
const loading = new Map(); // name -> Promise<Renderer>

/** Return the name of a table's renderer: the registry's `web` name if sent, else the game. */
export function rendererName(info) {
  return String((info && (info.web || info.game)) || "");
}

/** Return the renderer called `name` if it is loaded already, else null. */
export function loadedRenderer(name) {
  return loaded.get(name) || null;
}

/** Load the renderer called `name` (module ./NAME.js); a missing one gives the base class. */
export function loadRenderer(name) {
  if (!loading.has(name)) {
    // A name is a plain word: nothing else is ever put into a module path.
    const found = /^[a-z][a-z0-9_]*$/.test(name)
      ? import(`./${name}.js`).then((m) => m.default, () => null) : Promise.resolve(null);
    loading.set(name, found.then((Cls) => {
      const r = typeof Cls === "function" && Cls.prototype instanceof Renderer
        ? new Cls(name) : new Renderer(name);
      loaded.set(name, r);
      return r;
    }));
  }
  return loading.get(name);
}
