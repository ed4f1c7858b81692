// The build's compressed copies: post-build.mjs runs this last in a Trunk build; by hand,
// node scripts/precompress.mjs dist. Node only.
//
// Writes a Brotli (quality 11) and a gzip (level 9) copy beside each compressible file of the
// build (`x.wasm.br`, `x.wasm.gz`), for hosts that serve precompressed files (docs/hosting.md):
// the smallest transfer, at no cost to the server at each request. The copies are no files of the
// build: post-build.mjs lists the files without them (sw.js, tapis-build.json).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt', '.webmanifest']);

function walk(d) {
  return readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [join(d, e.name)]));
}

/** Writes the copies of every compressible file under `dir`; returns how many files. */
export function precompress(dir) {
  let count = 0;
  for (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const bytes = readFileSync(path);
    const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    writeFileSync(`${path}.br`, brotliCompressSync(bytes, { params }));
    writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

if (resolve(process.argv[1] ?? '') === fileURLToPath(import.meta.url)) {
  if (!process.argv[2]) {
    console.error('precompress: usage: node scripts/precompress.mjs DIR');
    process.exit(1);
  }
  console.log(`precompress: ${precompress(process.argv[2])} files, each with a .br and a .gz copy`);
}
