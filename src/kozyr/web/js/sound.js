// Sound effects: short WebAudio beeps made here (no files).  On until the player turns them
// off (the header's switch; the choice is remembered in this browser).
let ctx = null;
let enabled = true;
try { enabled = localStorage.getItem("kozyr.sound") !== "off"; } catch (e) { /* no storage */ }

const TONES = {
  card: [[660, 0.05]],
  turn: [[523, 0.08], [784, 0.12]],
  trick: [[392, 0.06], [330, 0.08]],
  error: [[200, 0.15]],
  win: [[523, 0.1], [659, 0.1], [784, 0.2]],
};

/** Return whether sound is on. */
export const soundOn = () => enabled;

/** Turn sound on or off (remembered in this browser). */
export function setSound(on) {
  enabled = !!on;
  try { localStorage.setItem("kozyr.sound", enabled ? "on" : "off"); } catch (e) { /* */ }
}

/** Play the named effect if sound is on. */
export function beep(name) {
  if (!enabled) return;
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    let t = ctx.currentTime;
    for (const [freq, dur] of TONES[name] || TONES.card) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      osc.type = "triangle";
      gain.gain.setValueAtTime(0.12, t);
      gain.gain.exponentialRampToValueAtTime(0.001, t + dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t);
      osc.stop(t + dur);
      t += dur;
    }
  } catch (e) { /* audio unavailable: stay silent */ }
}
