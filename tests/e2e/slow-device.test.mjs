// A slow phone: whole games of each game played in Chromium with the page's CPU throttled 6×
// (DevTools' Emulation.setCPUThrottlingRate, about a mid-range phone), over several seeds and
// table sizes, at the paces players use, with the flights on; every move of the player at the
// screen is the hint's (h, then Enter), the computers answer from the worker. Not one page error
// may appear: a race between a computer's answer, a flight, a timer and a move (seen as a wasm
// trap, `unreachable`, on a loaded machine) ends a player's game.
//
// TAPIS_SLOW_SEEDS=N plays N games per game (default 3); TAPIS_SLOW_RATE sets the throttling.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, until, DESKTOP, PHONE } from './harness.mjs';
import { readTable } from './table-state.mjs';

const RATE = Number(process.env.TAPIS_SLOW_RATE ?? 6);
const SEEDS = Number(process.env.TAPIS_SLOW_SEEDS ?? 3);

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** What the loop needs: the game's end, a summary to continue past, whose move, the hint. */
async function situation(page) {
  const t = await page.evaluate(readTable);
  return { ...t, mine: t.toMove === '0' && t.hintShown };
}

/** Plays the game on the table to its end, the player's moves by hint; returns the moves made. */
async function playToTheEnd(page, what) {
  let mine = 0;
  let last = -1;
  let stuckSince = Date.now();
  for (;;) {
    const s = await situation(page);
    if (s.over) return mine;
    if (s.actions !== last) {
      last = s.actions;
      stuckSince = Date.now();
    }
    // Bounded: a table where nothing moves for this long is a bug, not slowness.
    assert.ok(Date.now() - stuckSince < 90_000, `${what}: nothing moved for 90 s (at move ${s.actions})`);
    if (s.summary) {
      await byId(page, 'summary-continue').click();
    } else if (s.mine && s.hint === 'none') {
      await page.keyboard.press('h');
      const state = await until(async () => {
        const t = (await situation(page)).hint;
        return t === 'ready' || t === 'failed' || t === 'none' ? t : null;
      }, { timeout: 60_000, what: `${what}: the hint at move ${s.actions}` });
      assert.notEqual(state, 'failed', `${what}: the hint failed at move ${s.actions}`);
      if (state === 'ready') {
        // The suggestion is marked and focused a task after its sentence shows (hint.rs).
        await until(() => page.evaluate(() => document.activeElement?.closest('[data-hinted="true"]') != null), {
          timeout: 10_000, what: `${what}: the focus on the suggestion at move ${s.actions}`,
        });
        await page.keyboard.press('Enter');
        await until(async () => (await situation(page)).actions > s.actions, { timeout: 30_000, what: `${what}: the hinted move at ${s.actions} to be played` });
        mine++;
      }
    } else {
      await page.waitForTimeout(50);
    }
  }
}

// Short games (few deals) so that many of them fit; the table sizes, paces and screens vary.
const GAMES = [
  { game: 'nain-jaune', options: 'opt.rounds=2', players: [3, 5, 8] },
  { game: 'bonanza', options: 'opt.deals=2', players: [4, 2, 6] },
  { game: 'programmes', options: 'opt.target=1', players: [3, 2, 5] },
];
const PACES = ['fast', 'normal', 'instant'];

for (const { game, options, players } of GAMES) {
  for (let i = 0; i < SEEDS; i++) {
    const n = players[i % players.length];
    const speed = PACES[i % PACES.length];
    const viewport = i % 2 ? PHONE : DESKTOP;
    const seed = 7100 + 31 * i;
    const title = `${game}, ${n} players, seed ${seed}, ${speed} pace, CPU ${RATE}× slower: a whole game, no page error`;
    scenario(() => env, title, { timeout: 900_000 }, async ({ open }) => {
      const seats = ['human', ...Array(n - 1).fill(i % 2 ? 'hard' : 'medium')].join(',');
      const { page, errors } = await open({ viewport, query: null });
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
      await page.goto(`${env.server.url}?lang=${i % 2 ? 'fr' : 'en'}&speed=${speed}&game=${game}&players=${n}&seats=${seats}&seed=${seed}&${options}&autostart=1`);
      await byId(page, 'game').waitFor({ timeout: 60_000 });
      // (A computer may win before the player's first move: Programmes' first reveal can end it.)
      await playToTheEnd(page, title);
      await shot(page, `slow-${game}-${n}p-${seed}`);
      assertNoErrors(errors);
    });
  }
}

// Races that a slow device makes likely, each forced here by holding back what the page waits for.

scenario(() => env, 'the rules closed before they arrive: no error when they come', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: null });
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/public\/rules\/en\.json/, async (route) => { await held; await route.continue(); });
  await page.goto(`${env.server.url}?lang=en`);
  await byId(page, 'new-game').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Rules' }).click();
  await byId(page, 'rules').waitFor();
  await page.keyboard.press('Escape');
  await until(async () => (await byId(page, 'rules').count()) === 0, { timeout: 5_000, what: 'the rules dialog to close' });
  // The guide arrives after its dialog is gone (its reader used to trap there: `unreachable`).
  const arrived = page.waitForResponse(/public\/rules\/en\.json/);
  release();
  await arrived;
  await page.waitForTimeout(500);
  // And the rules still open, and read, afterwards.
  await page.getByRole('button', { name: 'Rules' }).click();
  await until(async () => /How to play/.test(await byId(page, 'rules').innerText()), { timeout: 10_000, what: 'the rules' });
  await until(async () => (await byId(page, 'rules').locator('.rules-section').count()) > 0, { timeout: 10_000, what: 'the guide in the dialog' });
  assertNoErrors(errors);
});
