// The first-load size: everything a visitor downloads before the first game can be played
// (index.html, every file it references, and the AI worker: loader, JS glue, wasm), each
// compressed with gzip level 9.
//
// TARGET (the foundation issue): at most 250 KB (256,000 bytes). It is NOT met: the build holds
// the three games' views and engines, and the rule bots for the page's fallback when the worker
// cannot load, in the app wasm, and the three games' searches in the worker; docs/measurements.md
// has today's figures. This test enforces a CEILING just above today's size, so that nothing
// makes the bundle grow while it is slimmed down, and prints how far the target still is.
// Usage: node tests/e2e/size-budget.mjs [dist]      (node only, no dependency)
import { readFileSync, existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync, constants } from 'node:zlib';

const TARGET = 256_000;
// About 3 KB of room above the size of the day it was last raised (git log -p this file says
// when and why: the last, the page's guard of web/boot-check.js, 763.0 KB).
const CEILING = 766_000;
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
