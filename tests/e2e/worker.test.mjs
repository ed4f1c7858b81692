// The AI worker loads and answers when the site lives under a sub-path (any sub-path: dist/ is
// built once with a relative public URL), and its files are served with the right types.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, setup, assertNoErrors, byId, until } from './harness.mjs';
import { serve, DIST } from './server.mjs';
import { newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

async function watchComputers(page) {
  // Four computer players: every move comes from the worker.
  await newGame.start(page, { seats: ['easy', 'easy', 'random', 'easy'], rounds: 1, seed: 99 });
  await until(async () => (await table.situation(page)).actions >= 20, { timeout: 30_000, what: '20 computer moves' });
}

scenario(() => env, 'the worker answers under /games/cards/', { timeout: 90_000 }, async ({ open }) => {
  const workers = [];
  const { page, errors } = await open({
    query: null,
    init: (p) => p.on('worker', (w) => workers.push(w.url())),
  });
  await page.goto(env.server.url + '?lang=en&speed=instant');
  const status = byId(page, 'ai-status');
  await until(async () => (await status.getAttribute('data-status')) === 'ready', { timeout: 15_000, what: 'ai-status ready' });
  assert.ok(workers.length >= 1, 'a worker was started');
  assert.ok(workers[0].startsWith(env.server.url + 'worker_loader.js?v='), `the worker comes from the sub-path: ${workers[0]}`);
  assert.equal(workers.length, 1, `one worker, no restart (${workers.join(', ')})`);

  await watchComputers(page);
  assert.equal(await status.getAttribute('data-status'), 'ready', 'still the worker after 20 moves, no fallback');

  const types = await page.evaluate(async () => {
    const out = {};
    for (const f of ['worker_loader.js', 'worker.js', 'worker_bg.wasm']) {
      out[f] = (await fetch(new URL(f, document.baseURI))).headers.get('content-type');
    }
    return out;
  });
  assert.match(types['worker_bg.wasm'], /^application\/wasm/);
  assert.match(types['worker.js'], /javascript/);
  assertNoErrors(errors);
});

scenario(() => env, 'the same dist/ works under another, deeper sub-path', { timeout: 90_000 }, async ({ open }) => {
  const server = await serve({ prefix: '/a/deeper/place/for/tapis/' });
  try {
    const { page, errors } = await open({ base: server.url, query: '?lang=fr&speed=instant' });
    await until(async () => (await byId(page, 'ai-status').getAttribute('data-status')) === 'ready', {
      timeout: 15_000, what: 'ai-status ready',
    });
    await watchComputers(page);
    assertNoErrors(errors);
  } finally {
    await server.close();
  }
});

scenario(() => env, 'without a loadable worker the page itself plays the computers', { timeout: 90_000 }, async ({ open }) => {
  const root = mkdtempSync(join(tmpdir(), 'tapis-no-worker-'));
  cpSync(DIST, root, { recursive: true });
  rmSync(join(root, 'worker_bg.wasm'));
  const server = await serve({ root });
  try {
    const { page, errors } = await open({ base: server.url, query: '?lang=en&speed=instant' });
    const status = byId(page, 'ai-status');
    await until(async () => (await status.getAttribute('data-status')) === 'fallback', {
      timeout: 30_000, what: 'ai-status fallback after a failed start and a failed restart',
    });
    assert.match(await status.innerText(), /\S/, 'the fallback is explained');
    await watchComputers(page);
    // The only errors are the missing file, asked for twice (first start and the restart).
    assertNoErrors(errors.filter((e) => !/HTTP 404: .*worker_bg\.wasm/.test(e)));
    assert.equal(errors.length, 2, errors.join('\n'));
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

scenario(() => env, 'a worker that stops without a word is started again, and the computers play on', { timeout: 120_000 }, async ({ open }) => {
  // terminate() fires no error event: it is how a worker the browser stopped, or one stuck in a
  // loop, looks from the page.
  const { page, errors } = await open({
    query: null,
    init: (p) => p.addInitScript(() => {
      const Base = window.Worker;
      window.startedWorkers = [];
      window.Worker = class extends Base {
        constructor(...args) {
          super(...args);
          window.startedWorkers.push(this);
        }
      };
    }),
  });
  await page.goto(env.server.url + '?lang=en&game=nain-jaune&players=3&seats=human,hard,hard&seed=8&autostart=1&speed=slow');
  await byId(page, 'game').waitFor();
  await until(async () => (await byId(page, 'ai-status').getAttribute('data-status')) === 'ready', { timeout: 15_000, what: 'the worker ready' });
  await until(() => page.evaluate(() => /^[12]$/.test(document.querySelector('[data-testid="game"]')?.dataset.toMove ?? '')), {
    timeout: 30_000, what: 'a computer to move',
  });
  const before = (await table.situation(page)).actions;
  await page.evaluate(() => window.startedWorkers.forEach((w) => w.terminate()));
  // 15 s of silence, a restart, the request sent again.
  await until(async () => (await table.situation(page)).actions > before, { timeout: 40_000, what: 'the computer\'s move after the worker stopped' });
  assert.equal(await page.evaluate(() => window.startedWorkers.length), 2, 'the worker was started again');
  assert.equal(await byId(page, 'ai-status').getAttribute('data-status'), 'ready', 'by the worker, not the page\'s rules');
  assertNoErrors(errors);
});
