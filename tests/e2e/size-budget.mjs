// The first-load size: everything a visitor downloads before the first game can be played
// (index.html, every file it references, and the AI worker: loader, JS glue, wasm), each
// compressed with gzip level 9.
//
// TARGET (the foundation issue): at most 250 KB (256,000 bytes). It is NOT met: with the three
// games the build is about 747 KB (app wasm 540 KB: three games' views and engines, and the rule
// bots for the page's fallback when the worker cannot load; worker wasm 177 KB). See
// docs/measurements.md. This test enforces a CEILING just above today's size, so that nothing
// makes the bundle grow while it is slimmed down, and prints how far the target still is.
// Usage: node tests/e2e/size-budget.mjs [dist]      (node only, no dependency)
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const TARGET = 256_000;
// 750 KB until 2026-11-25, when the keyboard, screen-reader and no-loss fixes of an audit (the
// focus kept in the game, computer moves read out, one-letter keys that can be turned off, a
// saved game put aside rather than written over, a silent worker restarted) cost 5.6 KB, to
// 752.0 KB: the ceiling keeps 3 KB of room above that, as it had before. 755 KB until 2026-11-26,
// when what moved was shown moving (src/app/flights.rs: cards from their player's seat, draws to
// it, chips from payer to receiver; 5.4 KB for the watcher, 3.0 KB for the marks in the views and
// the accessible names of Programmes' melds) took it to 760.3 KB: again 3 KB of room.
const CEILING = 763_000;
const dist = resolve(process.argv[2] ?? 'dist');
if (!existsSync(join(dist, 'index.html'))) {
  console.error(`size-budget: ${dist}/index.html not found; run trunk build --release --offline first`);
  process.exit(1);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const files = new Set(['index.html']);
// Every local file index.html references (css, the app's JS and wasm, the favicon, ...).
// (Trunk's minifier leaves attribute values unquoted when it can.)
for (const m of html.matchAll(/\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
  const ref = (m[1] ?? m[2] ?? m[3]).split(/[?#]/)[0].replace(/^\.\//, '');
  if (/^(?:[a-z]+:|\/\/|data:|#)/i.test(ref) || ref === '' || ref.endsWith('/')) continue;
  files.add(ref);
}
// What the inline start script imports and fetches (`import init from './tapis-….js'`, its wasm).
for (const m of html.matchAll(/["'](?:\.\/)?([\w.-]+\.(?:js|wasm))["']/g)) files.add(m[1]);
// The AI worker, spawned by the app: Trunk names its files after the binary, without a hash.
for (const f of ['worker_loader.js', 'worker.js', 'worker_bg.wasm']) files.add(f);

let missing = [...files].filter((f) => !existsSync(join(dist, f)));
if (missing.length) {
  console.error(`size-budget: referenced but missing from ${dist}: ${missing.join(', ')}`);
  process.exit(1);
}
if (!['_bg.wasm', '.js'].every((end) => [...files].some((f) => f.startsWith('tapis-') && f.endsWith(end)))) {
  console.error('size-budget: the app (tapis-*.js and tapis-*_bg.wasm) is not referenced by index.html');
  process.exit(1);
}

const kb = (n) => (n / 1000).toFixed(1).padStart(7) + ' KB';
let rawTotal = 0;
let gzTotal = 0;
console.log(`${'file'.padEnd(40)} ${'raw'.padStart(10)} ${'gzip -9'.padStart(10)}`);
for (const f of [...files].sort()) {
  const bytes = readFileSync(join(dist, f));
  const gz = gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length;
  rawTotal += statSync(join(dist, f)).size;
  gzTotal += gz;
  console.log(`${f.padEnd(40)} ${kb(bytes.length)} ${kb(gz)}`);
}
console.log(`${'TOTAL'.padEnd(40)} ${kb(rawTotal)} ${kb(gzTotal)}   (target ${kb(TARGET).trim()}, ceiling ${kb(CEILING).trim()} gzip)`);
if (gzTotal > CEILING) {
  console.error(`size-budget: FAILED: ${gzTotal} bytes gzip > the ceiling of ${CEILING} bytes (the bundle grew)`);
  process.exit(1);
}
if (gzTotal > TARGET) {
  console.log(`size-budget: TARGET NOT MET: ${gzTotal} bytes gzip, ${gzTotal - TARGET} above the target of ${TARGET}; under the ceiling of ${CEILING}`);
} else {
  console.log(`size-budget: ok, ${gzTotal} of ${TARGET} bytes (${((100 * gzTotal) / TARGET).toFixed(0)}%)`);
}
