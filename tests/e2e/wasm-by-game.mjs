// Where the bytes of the app's main wasm module are (the one a first visit loads; each game's
// code is in chunks of its own): a benchmark's aid, never a test. Reads the function names of a
// build that keeps them (wasm-opt -g) and sums each function's code into one of: a game (its name
// mentions the game's module, engine or views, or its bot), the page's computer players (the AI
// client and the fallback's rule bots), or shared (Leptos, core, alloc, serde_json, the app's
// frame: what every screen needs); the data section apart. Each group is gzipped on its own, so
// the figures add up to a little more than the whole file. docs/measurements.md has the command
// that makes such a build and today's figures.
//   node tests/e2e/wasm-by-game.mjs dist-profile
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist-profile';
const file = readdirSync(dir).find((f) => /^tapis-.*_bg\.wasm$/.test(f));
if (!file) {
  console.error(`wasm-by-game: no tapis-*_bg.wasm in ${dir}`);
  process.exit(1);
}
const buf = readFileSync(join(dir, file));
let p = 8;
const leb = () => {
  let r = 0;
  let s = 0;
  let b;
  do {
    b = buf[p++];
    r += (b & 0x7f) * 2 ** s;
    s += 7;
  } while (b & 0x80);
  return r;
};
// A name (the binary format's `name`: its length in bytes, then its UTF-8), as text.
const readName = () => {
  const size = leb();
  const text = buf.toString('utf8', p, p + size);
  p += size;
  return text;
};
const skipLimits = () => {
  const flags = buf[p++];
  leb();
  if (flags & 1) leb();
};

let imported = 0;
const bodies = [];
const names = new Map();
let data = Buffer.alloc(0);
while (p < buf.length) {
  const id = buf[p++];
  const len = leb();
  const end = p + len;
  if (id === 2) {
    // Imports: only the number of imported functions matters (they come first in the index space).
    for (let n = leb(); n > 0; n--) {
      readName(); // the module
      readName(); // the field
      const kind = buf[p++];
      if (kind === 0) { leb(); imported++; } else if (kind === 1) { p++; skipLimits(); } else if (kind === 2) skipLimits(); else p += 2;
    }
  } else if (id === 10) {
    for (let n = leb(), i = 0; i < n; i++) {
      const size = leb();
      bodies.push({ index: imported + i, body: buf.subarray(p, p + size) });
      p += size;
    }
  } else if (id === 11) {
    data = buf.subarray(p, end);
  } else if (id === 0) {
    if (readName() === 'name') {
      while (p < end) {
        const sub = buf[p++];
        const subLen = leb();
        const subEnd = p + subLen;
        if (sub === 1) {
          for (let n = leb(); n > 0; n--) {
            const index = leb();
            names.set(index, readName());
          }
        }
        p = subEnd;
      }
    }
  }
  p = end;
}
if (names.size === 0) {
  console.error(`wasm-by-game: ${file} keeps no function names: build with wasm-opt -g (docs/measurements.md)`);
  process.exit(1);
}

const GAMES = ['nain_jaune', 'bonanza', 'programmes'];
const groups = new Map();
for (const { index, body } of bodies) {
  const name = (names.get(index) ?? '').replace(/\[[0-9a-f]+\]/g, '');
  let group = GAMES.find((g) => name.includes(`::${g}`) || name.includes(`${g}_bot`)) ?? null;
  if (!group) group = /app::ai_client|tapis::ai::|tapis::protocol/.test(name) ? 'computer players (page)' : 'shared';
  if (!groups.has(group)) groups.set(group, []);
  groups.get(group).push(body);
}
groups.set('data (texts, tables)', [data]);

const kb = (n) => `${(n / 1000).toFixed(1)} KB`.padStart(10);
console.log(`${file}: ${kb(buf.length)} raw, ${kb(gzipSync(buf, { level: 9 }).length)} gzip (with its names)`);
console.log(`${'group'.padEnd(26)}${'raw'.padStart(10)}${'gzip'.padStart(10)}`);
for (const [group, parts] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
  const all = Buffer.concat(parts);
  console.log(`${group.padEnd(26)}${kb(all.length)}${kb(gzipSync(all, { level: 9 }).length)}`);
}
