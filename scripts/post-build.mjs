// Trunk post-build hook (Trunk.toml [[hooks]]), run in the staging directory before it becomes
// dist/ (or with the directory as argument: node scripts/post-build.mjs dist). Node only.
//
// 1. Lists every file of the build with its SHA-256 and derives the build's id from them.
// 2. Writes that list into sw.js (between /*TAPIS-BUILD*/ and /*TAPIS-BUILD-END*/): the service
//    worker caches exactly this build, checks each file, and a new deploy changes sw.js.
// 3. Writes tapis-build.json: the id, the app's hashed JS, wasm and CSS names (for host pages that
//    mount the game themselves, docs/embedding.md), and the Content-Security-Policy the site
//    needs, with the hash of Trunk's inline loader script (docs/hosting.md).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR ?? process.argv[2];
if (!dir) {
  console.error('post-build: no TRUNK_STAGING_DIR and no directory given');
  process.exit(1);
}
const GENERATED = new Set(['sw.js', 'tapis-build.json']);

function walk(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name)).split(sep).join('/')],
  );
}

const sha256 = (data, encoding = 'hex') => createHash('sha256').update(data).digest(encoding);
const files = {};
for (const name of walk(dir).sort()) {
  if (!GENERATED.has(name)) files[name] = sha256(readFileSync(join(dir, name)));
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
