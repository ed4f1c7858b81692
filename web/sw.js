// Tapis service worker: keeps one whole build of the site so that it plays offline.
//
// scripts/post-build.mjs (a Trunk post-build hook) writes, between the two markers below, the
// build's id and every file of the build with its SHA-256. So:
// - a new deploy changes this file, the browser installs the new worker beside the old one, and
//   the new worker fetches and checks every file of ITS build (a file from another build, e.g. a
//   deploy landing during the install, fails the install: it is tried again at the next visit);
// - each build lives in its own cache, `tapis-<id>`; the old cache is deleted when the new worker
//   takes over, which the browser does once no page of the old build is open (no skipWaiting, no
//   clients.claim): a page is only ever served by the worker of its own build, so the page, its
//   wasm and the unhashed AI worker files (worker-<game>.js, worker-<game>_bg.wasm) always come
//   from one build.
// Every URL is relative to this file: the scope is its directory, whatever the sub-path.
const BUILD = /*TAPIS-BUILD*/ { id: 'unbuilt', files: {} } /*TAPIS-BUILD-END*/;

const CACHE = `tapis-${BUILD.id}`;
const SCOPE = new URL('./', self.location.href);

const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

async function precache() {
  const names = Object.keys(BUILD.files);
  if (names.length === 0) throw new Error('tapis: this sw.js has no build list (run the build with its post-build hook)');
  const cache = await caches.open(CACHE);
  await Promise.all(
    names.map(async (name) => {
      const url = new URL(name, SCOPE);
      const response = await fetch(url, { cache: 'no-cache' });
      if (!response.ok) throw new Error(`tapis: ${name}: HTTP ${response.status}`);
      const digest = hex(await crypto.subtle.digest('SHA-256', await response.clone().arrayBuffer()));
      if (digest !== BUILD.files[name]) throw new Error(`tapis: ${name} is not the file of build ${BUILD.id}`);
      await cache.put(url, response);
    }),
  );
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((keys) =>
      Promise.all(keys.filter((key) => key.startsWith('tapis-') && key !== CACHE).map((key) => caches.delete(key))),
    ),
  );
});

// The build's files come from its cache (a query such as ?lang=fr or ?v=… does not matter: the
// directory itself is index.html); anything else goes to the network as usual.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const name = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length)) || 'index.html';
  if (!Object.hasOwn(BUILD.files, name)) return;
  event.respondWith(
    caches
      .open(CACHE)
      .then((cache) => cache.match(new URL(name, SCOPE)))
      .then((cached) => cached ?? fetch(request)),
  );
});
