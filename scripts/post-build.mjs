// Trunk post-build hook (Trunk.toml [[hooks]]), run in the staging directory before it becomes
// dist/ (or with the directory as argument: node scripts/post-build.mjs dist). Node only.
//
// 0. Puts the app's wasm chunks (scripts/wasm-split/) into the build, content-hashed (below).
// 0b. In a Trunk build, writes the static first screen into index.html: the new-game screen as the
//    built app draws it, in both languages, and the app's start after its paint
//    (scripts/first-screen.mjs says how and why). Not when run by hand on a directory: its
//    index.html has it already.
// 1. Lists every file of the build with its SHA-256 and derives the build's id from them.
// 2. Writes that list into sw.js (between /*TAPIS-BUILD*/ and /*TAPIS-BUILD-END*/): the service
//    worker caches exactly this build, checks each file, and a new deploy changes sw.js.
// 3. Writes tapis-build.json: the id, the app's hashed JS, wasm and CSS names (for host pages that
//    mount the game themselves, docs/embedding.md), and the Content-Security-Policy the site
//    needs, with the hash of Trunk's inline loader script (docs/hosting.md).
// 4. In a Trunk build, writes a Brotli and a gzip copy beside each compressible file
//    (scripts/precompress.mjs, docs/hosting.md). Not when run by hand on a directory (a test's
//    redeploy of a copied build): a stale copy is older than its file.
import { createHash } from 'node:crypto';
import { firstScreen, insert, startAfterFirstPaint } from './first-screen.mjs';
import { precompress } from './precompress.mjs';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error('post-build: no TRUNK_STAGING_DIR and no directory given');
  process.exit(1);
}
const GENERATED = new Set(['sw.js', 'tapis-build.json']);

// 0. The app's wasm chunks (each game's view, and the code games share) and their loader,
//    __wasm_split.js, written by scripts/wasm-split/wasm-bindgen, go next to the app's JS. Each
//    chunk gets a content hash in its name, like Trunk's files, so that it may be cached for good;
//    the loader (whose name the app's JS imports, so it cannot change) is revalidated
//    (docs/hosting.md). The loader imports the app's JS by its unhashed name: the hashed one now.
const splitOut = process.env.TAPIS_WASM_SPLIT_OUT;
if (splitOut && existsSync(join(splitOut, '__wasm_split.js'))) {
  const html0 = readFileSync(join(dir, 'index.html'), 'utf8');
  const appJs = html0.match(/["'(\s](?:\.\/)?(tapis-[0-9a-f]+\.js)["'\s>]/)?.[1];
  if (!appJs) {
    console.error('post-build: no tapis-<hash>.js in index.html for __wasm_split.js');
    process.exit(1);
  }
  let chunks = 0;
  let loader = readFileSync(join(splitOut, '__wasm_split.js'), 'utf8').replace('"./tapis.js"', `"./${appJs}"`);
  for (const name of readdirSync(splitOut)) {
    if (name === 'tapis.wasm' || !name.endsWith('.wasm')) continue; // the main module went to wasm-bindgen
    const bytes = readFileSync(join(splitOut, name));
    const hashed = `${name.slice(0, -'.wasm'.length)}-${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.wasm`;
    if (!loader.includes(`"./${name}"`)) {
      console.error(`post-build: __wasm_split.js does not load ${name}`);
      process.exit(1);
    }
    loader = loader.replace(`"./${name}"`, `"./${hashed}"`);
    writeFileSync(join(dir, hashed), bytes);
    chunks++;
  }
  writeFileSync(join(dir, '__wasm_split.js'), loader);
  console.log(`post-build: ${chunks} wasm chunks and __wasm_split.js (imports ${appJs})`);
}

if (process.env.TRUNK_STAGING_DIR) {
  const page = join(dir, 'index.html');
  const copies = await firstScreen(dir);
  writeFileSync(page, startAfterFirstPaint(insert(readFileSync(page, 'utf8'), copies)));
  const kb = (lang) => (Buffer.byteLength(copies[lang]) / 1024).toFixed(1);
  console.log(`post-build: the first screen in index.html (fr ${kb('fr')} KB, en ${kb('en')} KB)`);
}

function walk(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name)).split(sep).join('/')],
  );
}

const sha256 = (data, encoding = 'hex') => createHash('sha256').update(data).digest(encoding);
const files = {};
// (A precompressed copy, from an earlier run on the same directory, is no file of the build.)
const copy = (name) => /\.(br|gz)$/.test(name) && existsSync(join(dir, name.slice(0, -3)));
for (const name of walk(dir).sort()) {
  if (!GENERATED.has(name) && !copy(name)) files[name] = sha256(readFileSync(join(dir, name)));
}
const id = sha256(Object.entries(files).map(([n, h]) => `${h}  ${n}\n`).join('')).slice(0, 16);

const swPath = join(dir, 'sw.js');
const sw = readFileSync(swPath, 'utf8');
const marked = /\/\*TAPIS-BUILD\*\/[\s\S]*?\/\*TAPIS-BUILD-END\*\//;
if (!marked.test(sw)) {
  console.error('post-build: sw.js has no /*TAPIS-BUILD*/ … /*TAPIS-BUILD-END*/ markers');
  process.exit(1);
}
writeFileSync(swPath, sw.replace(marked, () => `/*TAPIS-BUILD*/ ${JSON.stringify({ id, files })} /*TAPIS-BUILD-END*/`));

// The page's names and its one inline script (Trunk's loader), from the built index.html.
const html = readFileSync(join(dir, 'index.html'), 'utf8');
const find = (re) => html.match(re)?.[1] ?? null;
const app = {
  js: find(/["'(\s](?:\.\/)?(tapis-[0-9a-f]+\.js)["'\s>]/),
  wasm: find(/["'(\s](?:\.\/)?(tapis-[0-9a-f]+_bg\.wasm)["'\s>]/),
  css: [...html.matchAll(/<link\b[^>]*\bhref=["']?(?:\.\/)?([\w.-]+\.css)["'\s>]/g)].map((m) => m[1]),
};
const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
if (!app.js || !app.wasm || inline.length !== 1) {
  console.error(`post-build: index.html does not look like Trunk's output (app ${JSON.stringify(app)}, ${inline.length} inline scripts)`);
  process.exit(1);
}
const csp = [
  "default-src 'self'",
  `script-src 'self' 'sha256-${sha256(inline[0], 'base64')}' 'wasm-unsafe-eval'`,
  "style-src 'self'",
  "img-src 'self'",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "manifest-src 'self'",
  "frame-src 'self'",
  "base-uri 'self'",
  "form-action 'none'",
  "object-src 'none'",
].join('; ');
writeFileSync(join(dir, 'tapis-build.json'), JSON.stringify({ id, app, csp, files: Object.keys(files) }, null, 2) + '\n');
console.log(`post-build: build ${id}, ${Object.keys(files).length} files listed in sw.js and tapis-build.json`);

if (process.env.TRUNK_STAGING_DIR) {
  console.log(`post-build: ${precompress(dir)} files precompressed (a .br and a .gz copy beside each)`);
}
