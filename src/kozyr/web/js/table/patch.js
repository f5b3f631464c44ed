// A `state` message as a patch of the last observation (docs/protocol.md §4.4): the socket
// asks for patches in its hello; each `state` then carries `base` (the state id of the
// observation it patches) and `patch` ({set, append}) instead of the whole `obs`.

/** Return a new observation: `obs` with `patch` applied (`obs` itself is left as it was). */
export function applyPatch(obs, patch) {
  const out = { ...obs, ...(patch.set || {}) };
  for (const [key, items] of Object.entries(patch.append || {})) {
    out[key] = (obs[key] || []).concat(items);
  }
  return out;
}

/** Return the whole `state` message for a view holding `obs` at state id `state`, or null
 * if the patch is not of that observation (then the view resyncs). */
export function wholeState(m, obs, state) {
  if (!m.patch) return m;
  if (!obs || state !== m.base) return null;
  return { ...m, obs: applyPatch(obs, m.patch) };
}
