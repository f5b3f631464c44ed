// Tiny DOM helpers.  Text always goes in through textContent: nothing a player typed (names,
// chat) is ever parsed as HTML.

/**
 * Make an element: h("button.primary#go", {onclick: f, "aria-label": "Go"}, "text", child).
 * Strings among the children become text nodes; null/false children are skipped.
 */
export function h(spec, attrs = {}, ...children) {
  const m = spec.match(/^([a-z0-9-]+)?((?:[.#][\w-]+)*)$/i);
  const node = document.createElement((m && m[1]) || "div");
  if (m && m[2]) {
    for (const part of m[2].match(/[.#][\w-]+/g)) {
      if (part[0] === ".") node.classList.add(part.slice(1));
      else node.id = part.slice(1);
    }
  }
  if (attrs && (typeof attrs !== "object" || attrs instanceof Node || Array.isArray(attrs))) {
    children.unshift(attrs);
    attrs = {};
  }
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "value") node.value = v;
    else if (k === "checked") node.checked = !!v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else if (c instanceof Node) node.appendChild(c);
    else node.appendChild(document.createTextNode(String(c)));
  }
}

/** Replace every child of `node` with `children`. */
export function mount(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

/** Show a short message at the bottom of the screen. */
export function toast(text, kind = "info") {
  let box = document.getElementById("toasts");
  if (!box) {
    box = h("div#toasts", { role: "status", "aria-live": "polite" });
    document.body.appendChild(box);
  }
  const item = h(`div.toast.${kind}`, text);
  if (kind === "error") console.warn(`toast: ${text}`);
  box.appendChild(item);
  setTimeout(() => item.remove(), 4000);
}
