// Offline play: after one visit the service worker (sw.js) holds the whole build, checked file by
// file against the list the build wrote into it; the site then loads and plays with no network at
// all. A new deploy installs beside the old build and takes over only once no page of the old
// build is open: a page never gets files of another build (the AI workers' files are unhashed).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenario, setup, assertNoErrors, byId, until } from './harness.mjs';
import { serve, DIST } from './server.mjs';
import { newGame, table } from './pages.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** A copy of dist/ that a test may change, served on its own port. */
async function ownSite() {
  const root = mkdtempSync(join(tmpdir(), 'tapis-site-'));
  cpSync(DIST, root, { recursive: true });
  const server = await serve({ root });
  return { root, server, async close() { await server.close(); rmSync(root, { recursive: true, force: true }); } };
}

/** Waits for the service worker to be active (every file fetched, checked and cached). */
const workerReady = (page) => page.evaluate(async () => {
  const { active } = await navigator.serviceWorker.ready;
  if (active.state !== 'activated') {
    await new Promise((resolve) => active.addEventListener('statechange', () => active.state === 'activated' && resolve()));
  }
  return active.state;
});

const build = (root) => JSON.parse(readFileSync(join(root, 'tapis-build.json'), 'utf8'));
const text = (page, file) => page.evaluate(async (f) => (await fetch(f)).text(), file);

scenario(() => env, 'after one visit the game loads and plays with no network at all', { timeout: 150_000 }, async ({ open }) => {
  const site = await ownSite();
  try {
    const { page, context, errors } = await open({ base: site.server.url, query: '?lang=en&speed=instant' });
    await newGame.visible(page);
    assert.equal(await workerReady(page), 'activated');
    // The new-game form loads no AI worker: the game's worker comes from the offline copy below.
    assert.equal(await byId(page, 'ai-status').getAttribute('data-status'), 'idle');
    const { id, files } = build(site.root);
    assert.deepEqual(await page.evaluate(() => caches.keys()), [`tapis-${id}`], 'one cache, named after the build');
    const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, `tapis-${id}`);
    assert.equal(cached, files.length, 'every file of the build is cached');

    // No network: the browser is offline and the server is gone.
    await site.server.close();
    await context.setOffline(true);
    await page.reload();
    await newGame.visible(page);
    assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the service worker');

    await newGame.start(page, { rounds: 1, seed: 4242 });
    await until(async () => (await byId(page, 'ai-status').getAttribute('data-status')) === 'ready', { what: 'the AI worker, offline' });
    for (let i = 0; i < 3; i++) {
      await table.untilMyTurn(page);
      await table.playByKeyboard(page);
    }
    assert.equal(await byId(page, 'ai-status').getAttribute('data-status'), 'ready', 'the computers played from the worker');
    // The rules guide is a file of its own, fetched when first opened: it is in the offline copy.
    await page.getByRole('button', { name: 'Rules' }).click();
    await page.locator('[data-testid="rules"] .rules-section h3').first().waitFor();
    await page.keyboard.press('Escape');

    // The demo page and its frames load offline too.
    await page.goto(site.server.url + 'embed.html?lang=en');
    await page.locator('#nain-jaune-box').scrollIntoViewIfNeeded();
    await until(() => page.evaluate(() => window.tapisHost.received.some((m) => m.frame === 'nain-jaune-box' && m.type === 'resize')), {
      what: 'a position frame, offline',
    });
    assertNoErrors(errors);
    // (Last: a failed fetch is reported as an error.)
    assert.equal(await page.evaluate(() => fetch('not-in-the-build.txt').then(() => 'fetched', () => 'failed')), 'failed', 'really offline');
  } finally {
    await site.close();
  }
});

scenario(() => env, 'a new deploy replaces the old build as a whole, once the old pages are closed', { timeout: 150_000 }, async ({ open }) => {
  const site = await ownSite();
  try {
    const { page, context, errors } = await open({ base: site.server.url, query: '?lang=en&speed=instant' });
    await newGame.visible(page);
    await workerReady(page);
    const a = build(site.root).id;
    const loaderA = await text(page, 'worker-nain-jaune_loader.js');

    // Deploy build B: an AI worker file changes (unhashed), and the build hook lists it again.
    appendFileSync(join(site.root, 'worker-nain-jaune_loader.js'), '\n// build B\n');
    execFileSync('node', [join(ROOT, 'scripts/post-build.mjs'), site.root], { stdio: 'inherit' });
    const b = build(site.root).id;
    assert.notEqual(a, b, 'a new build id');

    // The open page reloads and keeps build A, whole; B installs beside it and waits.
    await page.reload();
    await newGame.visible(page);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await until(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting !== null), { what: 'build B installed and waiting' });
    assert.equal(await text(page, 'worker-nain-jaune_loader.js'), loaderA, 'the old page still gets the old worker file');
    assert.deepEqual((await page.evaluate(() => caches.keys())).sort(), [`tapis-${a}`, `tapis-${b}`].sort());
    await newGame.start(page, { seats: ['easy', 'easy', 'easy', 'easy'], rounds: 1, seed: 9 });
    await until(async () => (await byId(page, 'ai-status').getAttribute('data-status')) === 'ready', { what: 'the worker of build A' });

    // Every page of A closed: B takes over (watched from a page of the same origin outside the
    // site's scope, which is no client of either build), and only B is left.
    await page.close();
    const next = await context.newPage();
    await next.goto(site.server.origin + '/');
    await until(() => next.evaluate(async (scope) => {
      const registration = await navigator.serviceWorker.getRegistration(scope);
      return registration.waiting === null && registration.active?.state === 'activated';
    }, site.server.url), { what: 'build B to take over' });
    await next.goto(site.server.url + '?lang=en');
    assert.match(await text(next, 'worker-nain-jaune_loader.js'), /build B/, 'the new page gets the new worker file');
    await until(async () => (await next.evaluate(() => caches.keys())).join() === `tapis-${b}`, { what: 'the old cache to be deleted' });
    // The game begun under build A resumes under build B.
    await byId(next, 'game').waitFor({ timeout: 30_000 });
    assertNoErrors(errors);
  } finally {
    await site.close();
  }
});
