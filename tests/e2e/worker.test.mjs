// The AI workers (one per game) load when a game starts and answer when the site lives under a
// sub-path (any sub-path: dist/ is built once with a relative public URL), and their files are
// served with the right types.
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

scenario(() => env, 'a first visit loads no worker; a game starts its own, under /games/cards/', { timeout: 120_000 }, async ({ open }) => {
  const workers = [];
  const { page, errors } = await open({
    query: null,
    init: (p) => p.on('worker', (w) => {
      const seen = { url: w.url(), closed: false };
      w.on('close', () => { seen.closed = true; });
      workers.push(seen);
    }),
  });
  await page.goto(env.server.url + '?lang=en&speed=instant');
  await newGame.visible(page);
  const status = byId(page, 'ai-status');
  assert.equal(await status.getAttribute('data-status'), 'idle', 'the new-game form needs no computer player');
  assert.equal(workers.length, 0, `no worker before a game starts (${workers.map((w) => w.url).join(', ')})`);

  await watchComputers(page);
  assert.equal(workers.length, 1, `one worker, no restart (${workers.map((w) => w.url).join(', ')})`);
  assert.ok(workers[0].url.startsWith(env.server.url + 'worker-nain-jaune_loader.js?v='), `Nain Jaune's worker, from the sub-path: ${workers[0].url}`);
  assert.equal(await status.getAttribute('data-status'), 'ready', 'still the worker after 20 moves, no fallback');

  const types = await page.evaluate(async () => {
    const out = {};
    for (const f of ['worker-nain-jaune_loader.js', 'worker-nain-jaune.js', 'worker-nain-jaune_bg.wasm']) {
      out[f] = (await fetch(new URL(f, document.baseURI))).headers.get('content-type');
    }
    return out;
  });
  assert.match(types['worker-nain-jaune_bg.wasm'], /^application\/wasm/);
  assert.match(types['worker-nain-jaune.js'], /javascript/);

  // Another game in the same page: its own worker replaces the first one. (A game of computers
  // alone waits at its summaries, dialogs that lie over the top bar, and one may open at any
  // moment: each is closed until the button takes the click.)
  await until(async () => {
    if ((await table.situation(page)).summary) await byId(page, 'summary-continue').click({ timeout: 2_000 }).catch(() => {});
    return byId(page, 'new-game-button').click({ timeout: 2_000 }).then(() => true, () => false);
  }, { timeout: 30_000, what: 'the new-game button clicked, past any summary' });
  await byId(page, 'game-bonanza').check();
  await newGame.start(page, { players: 3, seats: ['easy', 'easy', 'easy'], seed: 5 });
  await until(async () => (await table.situation(page)).actions >= 10, { timeout: 30_000, what: '10 Bonanza moves by the computers' });
  assert.equal(workers.length, 2, `a second worker (${workers.map((w) => w.url).join(', ')})`);
  assert.ok(workers[1].url.startsWith(env.server.url + 'worker-bonanza_loader.js?v='), `Bonanza's worker: ${workers[1].url}`);
  await until(async () => workers[0].closed, { timeout: 5_000, what: "Nain Jaune's worker stopped" });
  assert.equal(await status.getAttribute('data-status'), 'ready');
  assertNoErrors(errors);
});

scenario(() => env, 'the same dist/ works under another, deeper sub-path', { timeout: 90_000 }, async ({ open }) => {
  const server = await serve({ prefix: '/a/deeper/place/for/tapis/' });
  try {
    const { page, errors } = await open({ base: server.url, query: '?lang=fr&speed=instant' });
    await watchComputers(page);
    assert.equal(await byId(page, 'ai-status').getAttribute('data-status'), 'ready', 'the worker played');
    assertNoErrors(errors);
  } finally {
    await server.close();
  }
});

scenario(() => env, 'without a loadable worker the page itself plays the computers', { timeout: 90_000 }, async ({ open }) => {
  const root = mkdtempSync(join(tmpdir(), 'tapis-no-worker-'));
  cpSync(DIST, root, { recursive: true });
  rmSync(join(root, 'worker-nain-jaune_bg.wasm'));
  const server = await serve({ root });
  try {
    const { page, errors } = await open({ base: server.url, query: '?lang=en&speed=instant' });
    await watchComputers(page);
    const status = byId(page, 'ai-status');
    assert.equal(await status.getAttribute('data-status'), 'fallback', 'after a failed start and a failed restart');
    assert.match(await status.innerText(), /\S/, 'the fallback is explained');
    // The only errors are the missing file, asked for twice (first start and the restart).
    assertNoErrors(errors.filter((e) => !/HTTP 404: .*worker-nain-jaune_bg\.wasm/.test(e)));
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
  // 15 s of silence, a restart, the request sent again. (If the computer's answer was already on
  // its way, the next computer's request is the one that meets the stopped worker: I play my turn
  // meanwhile.)
  const started = () => page.evaluate(() => window.startedWorkers.length);
  await until(async () => {
    const s = await table.situation(page);
    if (s.summary) await byId(page, 'summary-continue').click();
    else if (s.myTurn) await table.playByKeyboard(page);
    return (await started()) === 2 && (await table.situation(page)).actions > before;
  }, { timeout: 60_000, what: 'the worker started again, and the computers moving' });
  assert.equal(await byId(page, 'ai-status').getAttribute('data-status'), 'ready', 'by the worker, not the page\'s rules');
  assertNoErrors(errors);
});
