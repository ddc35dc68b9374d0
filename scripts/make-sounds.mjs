// Writes the notification sounds of spec 9 to public/sounds/ as small WAV files (16 kHz, mono,
// 16-bit PCM), synthesised here so the project ships no third-party audio.
// Run: node scripts/make-sounds.mjs  (the output is committed; running it again gives the same bytes)
import fs from 'node:fs';
import path from 'node:path';

const RATE = 16000;

/** A tone: frequency sweep from f0 to f1 Hz, with a fast attack and an exponential decay. */
function tone({ f0, f1 = f0, seconds, gain = 0.6, decay = 4, harmonic = 0.25 }) {
  const n = Math.round(seconds * RATE);
  const out = new Float32Array(n);
  let phase = 0;
  for (let i = 0; i < n; i++) {
    const t = i / n;
    phase += (2 * Math.PI * (f0 + (f1 - f0) * t)) / RATE;
    const attack = Math.min(1, i / (0.005 * RATE));
    const release = Math.min(1, (n - i) / (0.01 * RATE));
    const envelope = attack * release * Math.exp(-decay * t);
    out[i] = gain * envelope * (Math.sin(phase) + harmonic * Math.sin(2 * phase)) / (1 + harmonic);
  }
  return out;
}

const silence = (seconds) => new Float32Array(Math.round(seconds * RATE));

function concat(parts) {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

function wav(samples) {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(RATE, 24);
  header.writeUInt32LE(RATE * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** One sound per case of spec 9; the names are the files src/modules/messages/sounds.ts plays. */
const SOUNDS = {
  // type pending_receive_msg: something is about to run out, two falling tones.
  expire: concat([tone({ f0: 660, seconds: 0.22, decay: 2 }), silence(0.05), tone({ f0: 440, seconds: 0.3, decay: 3 })]),
  // category '2': a reminder, one soft chime.
  notice: tone({ f0: 880, seconds: 0.55, decay: 5, harmonic: 0.4 }),
  // category '1' with type 121 or 103: a task to handle, two rising tones.
  handle: concat([tone({ f0: 523, seconds: 0.16, decay: 1.5 }), silence(0.04), tone({ f0: 784, seconds: 0.26, decay: 3 })]),
  // type 109: an order to grab, three quick high beeps.
  'rob-order': concat([0, 1, 2].flatMap((i) => [tone({ f0: 1046, seconds: 0.08, decay: 1 }), silence(i < 2 ? 0.05 : 0)])),
  // type 154: a comment, a short rising bloop.
  comment: tone({ f0: 400, f1: 800, seconds: 0.22, decay: 3, harmonic: 0.1 }),
};

const dir = path.join(import.meta.dirname, '../public/sounds');
fs.mkdirSync(dir, { recursive: true });
for (const [name, samples] of Object.entries(SOUNDS)) {
  const file = path.join(dir, `${name}.wav`);
  fs.writeFileSync(file, wav(samples));
  console.log(`${path.relative(process.cwd(), file)}  ${fs.statSync(file).size} bytes`);
}
