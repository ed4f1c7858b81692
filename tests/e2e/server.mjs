// A tiny static server for dist/ (node only): serves it under a sub-path, by default /games/cards/,
// on 127.0.0.1 at a free port, with the right MIME types (application/wasm for streaming compile)
// and compressed when the browser asks for it: the build's precompressed copy (`x.br`, `x.gz`,
// Brotli first, scripts/precompress.mjs) as a host with nginx's brotli_static/gzip_static serves
// it, else gzip on the fly
// (TAPIS_ENCODING=gzip serves gzip only, to compare).
// Run alone: node tests/e2e/server.mjs [dist] [prefix] [port]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.wasm', '.json', '.svg', '.txt']);

/** The built site: dist/ at the crate root, or $TAPIS_DIST. */
export const DIST = resolve(process.env.TAPIS_DIST ?? fileURLToPath(new URL('../../dist', import.meta.url)));

/**
 * Starts the server; resolves to { origin, url (the app's address, ending in the prefix), close() }.
 * `headers` are added to every answer (e.g. a Content-Security-Policy).
 */
export async function serve({ root = DIST, prefix = '/games/cards/', port = 0, headers: extra = {} } = {}) {
  root = resolve(root);
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      if (path === prefix.slice(0, -1)) {
        res.writeHead(301, { Location: prefix }).end();
        return;
      }
      if (!path.startsWith(prefix)) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not under ' + prefix);
        return;
      }
      let file = normalize(join(root, path.slice(prefix.length)));
      if (file !== root && !file.startsWith(root + sep)) {
        res.writeHead(403).end();
        return;
      }
      if ((await stat(file).catch(() => null))?.isDirectory()) file = join(file, 'index.html');
      let body = await readFile(file).catch(() => null);
      if (body === null) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found: ' + path);
        return;
      }
      const ext = extname(file);
      const headers = {
        'Content-Type': MIME[ext] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ...extra,
      };
      const accepts = req.headers['accept-encoding'] ?? '';
      if (COMPRESSIBLE.has(ext) && /\b(gzip|br)\b/.test(accepts)) {
        const encodings = process.env.TAPIS_ENCODING === 'gzip' ? [['gzip', '.gz']] : [['br', '.br'], ['gzip', '.gz']];
        let encoded = null;
        for (const [encoding, suffix] of encodings) {
          if (!new RegExp(`\\b${encoding}\\b`).test(accepts)) continue;
          // (A copy older than its file is stale, as after an edit in place: not served.)
          const copy = await stat(file + suffix).catch(() => null);
          if (!copy || copy.mtimeMs < (await stat(file)).mtimeMs) continue;
          encoded = [encoding, await readFile(file + suffix)];
          break;
        }
        if (!encoded && /\bgzip\b/.test(accepts)) encoded = ['gzip', gzipSync(body)];
        if (encoded) {
          [headers['Content-Encoding'], body] = encoded;
          headers['Vary'] = 'Accept-Encoding';
        }
      }
      headers['Content-Length'] = body.length;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (e) {
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(e));
    }
  });
  await new Promise((ok, fail) => server.once('error', fail).listen(port, '127.0.0.1', ok));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    url: origin + prefix,
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(ok); }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [root, prefix, port] = process.argv.slice(2);
  const s = await serve({ root: root ?? DIST, prefix: prefix ?? '/games/cards/', port: Number(port ?? 0) });
  console.log(`serving ${root ?? DIST} at ${s.url}`);
}
