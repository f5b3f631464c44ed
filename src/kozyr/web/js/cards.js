// Cards: notation helpers (spec/records.md) and SVG drawings made here, nothing fetched.
//
// A card is two characters, rank then suit: "TS" is the ten of spades.  Every card face is an
// inline <svg> whose suit symbols are <use> references to paths defined once per document
// (installSuitSymbols), so cards stay crisp at any size.

export const SUITS = ["S", "C", "D", "H"];
export const RANKS = ["7", "8", "9", "T", "J", "Q", "K", "A"];
export const SUIT_GLYPH = { S: "\u2660", C: "\u2663", D: "\u2666", H: "\u2665" };
const RED = new Set(["D", "H"]);
const SVGNS = "http://www.w3.org/2000/svg";

// Suit shapes in a 100x100 box.
const SUIT_PATHS = {
  H: "M50 92C22 68 2 50 2 29 2 13 14 3 28 3c10 0 18 6 22 15C54 9 62 3 72 3c14 0 26 10 26 26 0 21-20 39-48 63z",
  D: "M50 2 88 50 50 98 12 50z",
  S: "M50 2C38 20 4 40 4 62c0 14 11 23 23 23 9 0 16-4 20-11-1 11-6 19-14 25h34c-8-6-13-14-14-25 4 7 11 11 20 11 12 0 23-9 23-23C96 40 62 20 50 2z",
  C: "M50 4a21 21 0 0 0-19 30A21 21 0 1 0 45 70c-1 12-6 21-13 28h36c-7-7-12-16-13-28a21 21 0 1 0 14-36A21 21 0 0 0 50 4z",
};

// Order inside a suit for sorting a hand, high to low: A T K Q J 9 8 7 (Thousand's order;
// Debertz trumps differ, but a hand sorted this way is still easy to read).
const SORT_RANK = { A: 0, T: 1, K: 2, Q: 3, J: 4, 9: 5, 8: 6, 7: 7 };
// Suits alternate colours in a sorted hand.
const SORT_SUIT = { S: 0, H: 1, C: 2, D: 3 };

/** Split a hand string ("AS TS KS") into card codes; null or "" gives []. */
export function parseCards(text) {
  if (!text) return [];
  if (Array.isArray(text)) return text.slice();
  return text.trim().split(/\s+/).filter(Boolean).map(normCard);
}

/** Normalise one card: "10H" -> "TH", suit symbols -> letters. */
export function normCard(c) {
  let s = String(c).trim().toUpperCase();
  for (const [k, g] of Object.entries(SUIT_GLYPH)) s = s.replace(g, k);
  if (s.startsWith("10")) s = "T" + s.slice(2);
  return s;
}

export const rankOf = (c) => c[0];
export const suitOf = (c) => c[1];
export const isRed = (c) => RED.has(suitOf(c));

/** Sort cards by suit (alternating colours), then high to low; trump suit first if given. */
export function sortHand(cards, trump = null) {
  const suitKey = (s) => (s === trump ? -1 : SORT_SUIT[s]);
  return cards.slice().sort((a, b) =>
    suitKey(suitOf(a)) - suitKey(suitOf(b)) || SORT_RANK[rankOf(a)] - SORT_RANK[rankOf(b)]);
}

/** Return the text shown in a card's corner: "10" for a ten. */
export const rankLabel = (r) => (r === "T" ? "10" : r);

/** Add the suit shapes to the document once, as <symbol>s that cards <use>. */
export function installSuitSymbols(doc = document) {
  if (doc.getElementById("kz-suit-S")) return;
  const svg = doc.createElementNS(SVGNS, "svg");
  svg.setAttribute("aria-hidden", "true");
  // CSSOM, not a style attribute: the Content-Security-Policy refuses inline styles.
  Object.assign(svg.style, { position: "absolute", width: "0", height: "0", overflow: "hidden" });
  for (const s of SUITS) {
    const sym = doc.createElementNS(SVGNS, "symbol");
    sym.id = `kz-suit-${s}`;
    sym.setAttribute("viewBox", "0 0 100 100");
    const p = doc.createElementNS(SVGNS, "path");
    p.setAttribute("d", SUIT_PATHS[s]);
    sym.appendChild(p);
    svg.appendChild(sym);
  }
  doc.body.prepend(svg);
}

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function pip(parent, suit, x, y, size, flip = false) {
  const u = el("use", { href: `#kz-suit-${suit}`, x: x - size / 2, y: y - size / 2,
    width: size, height: size }, parent);
  if (flip) u.setAttribute("transform", `rotate(180 ${x} ${y})`);
  return u;
}

// Pip positions (x, y) on a 100x140 card for the number cards.
const PIPS = {
  7: [[30, 30], [70, 30], [50, 52], [30, 70], [70, 70], [30, 110], [70, 110]],
  8: [[30, 30], [70, 30], [50, 50], [30, 70], [70, 70], [50, 90], [30, 110], [70, 110]],
  9: [[30, 28], [70, 28], [30, 56], [70, 56], [50, 70], [30, 84], [70, 84], [30, 112],
    [70, 112]],
  T: [[30, 28], [70, 28], [50, 42], [30, 56], [70, 56], [30, 84], [70, 84], [50, 98],
    [30, 112], [70, 112]],
};

const FACE_LETTER = { J: "J", Q: "Q", K: "K" };

/** Draw the face of `card` as an <svg> element (viewBox 100x140). */
export function cardSVG(card) {
  const r = rankOf(card);
  const s = suitOf(card);
  const colour = isRed(card) ? "#c21d2f" : "#161616";
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-face", "aria-hidden": "true",
    fill: colour });
  el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#fffdf7", stroke: "#8a8a80",
    "stroke-width": 1.2 }, svg);
  // Corners: rank over suit, the bottom corner upside down.
  for (const flip of [false, true]) {
    const g = el("g", flip ? { transform: "rotate(180 50 70)" } : {}, svg);
    const t = el("text", { x: 11, y: 22, "font-size": r === "T" ? 17 : 20,
      "font-family": "Georgia, 'DejaVu Serif', serif", "font-weight": "bold",
      "text-anchor": "middle" }, g);
    t.textContent = rankLabel(r);
    pip(g, s, 11, 32, 13);
  }
  if (PIPS[r]) {
    for (const [x, y] of PIPS[r]) pip(svg, s, x, y, 19, y > 70);
  } else if (r === "A") {
    pip(svg, s, 50, 70, 50);
  } else {
    // Court card: a framed panel with the letter and a large suit.
    el("rect", { x: 22, y: 18, width: 56, height: 104, rx: 4, fill: isRed(card) ? "#fbe9e7" :
      "#eceff1", stroke: colour, "stroke-width": 1.5 }, svg);
    const t = el("text", { x: 50, y: 62, "font-size": 36, "font-family":
      "Georgia, 'DejaVu Serif', serif", "font-weight": "bold", "text-anchor": "middle" }, svg);
    t.textContent = FACE_LETTER[r];
    pip(svg, s, 50, 90, 30);
    el("path", { d: "M26 24h48M26 116h48", stroke: colour, "stroke-width": 1, fill: "none" },
      svg);
  }
  return svg;
}

/** Draw a card back as an <svg> element. */
export function backSVG() {
  const svg = el("svg", { viewBox: "0 0 100 140", class: "card-back", "aria-hidden": "true" });
  el("rect", { x: 1, y: 1, width: 98, height: 138, rx: 8, fill: "#1d3f8f", stroke: "#0d1f4a",
    "stroke-width": 1.2 }, svg);
  el("rect", { x: 8, y: 8, width: 84, height: 124, rx: 5, fill: "none", stroke: "#e8d9a8",
    "stroke-width": 2 }, svg);
  const g = el("g", { stroke: "#4f72c9", "stroke-width": 2, fill: "none" }, svg);
  for (let i = -120; i < 140; i += 14) el("path", { d: `M${i} 12 l120 120` }, g);
  for (let i = -20; i < 240; i += 14) el("path", { d: `M${i} 12 l-120 120` }, g);
  g.setAttribute("clip-path", "url(#kz-back-clip)");
  const clip = el("clipPath", { id: "kz-back-clip" }, svg);
  el("rect", { x: 10, y: 10, width: 80, height: 120, rx: 4 }, clip);
  el("text", { x: 50, y: 78, "text-anchor": "middle", "font-size": 22, fill: "#e8d9a8",
    "font-family": "Georgia, serif", "font-weight": "bold" }, svg).textContent = "K";
  return svg;
}

/** Draw a suit symbol as a small inline <svg> (for trump, marriages, labels). */
export function suitIcon(suit, cls = "suit-icon") {
  const svg = el("svg", { viewBox: "0 0 100 100", class: cls, "aria-hidden": "true",
    fill: RED.has(suit) ? "#d32f2f" : "#161616" });
  el("use", { href: `#kz-suit-${suit}` }, svg);
  return svg;
}
