// Each game's code is a wasm chunk of its own (src/app/game_code.rs): a first visit fetches none
// but the one of the game the form shows chosen, once the choice has settled; a game's code that
// cannot be downloaded is said in the table's place, with a retry, and never stops the page.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, until } from './harness.mjs';
import { newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** The games whose view chunk a page has requested, by the chunk's name. */
function watchChunks(page) {
  const games = [];
  page.on('request', (r) => {
    const m = r.url().match(/\/split_tapis_([a-z_]+)-[0-9a-f]+\.wasm$/);
    if (m) games.push(m[1]);
  });
  return games;
}

scenario(() => env, 'the form fetches the chosen game\'s code only, and that game starts from it', { timeout: 90_000 }, async ({ open }) => {
  let games;
  const { page, errors } = await open({ query: '?lang=en&speed=instant', init: (p) => { games = watchChunks(p); } });
  await newGame.visible(page);
  // Nain Jaune is chosen first: its code comes once the choice has settled.
  await until(async () => games.includes('nain_jaune'), { timeout: 15_000, what: "Nain Jaune's code fetched" });
  await byId(page, 'game-bonanza').check();
  await until(async () => games.includes('bonanza'), { timeout: 15_000, what: "Bonanza's code fetched once chosen" });
  await newGame.start(page, { players: 3, seats: ['easy', 'easy', 'easy'], seed: 11 });
  await until(async () => (await table.situation(page)).actions >= 5, { timeout: 30_000, what: 'five Bonanza moves' });
  assert.deepEqual([...new Set(games)].sort(), ['bonanza', 'nain_jaune'], 'Programmes\' code was never fetched');
  assert.equal(games.filter((g) => g === 'bonanza').length, 1, 'one download of Bonanza\'s code');
  assertNoErrors(errors);
});

scenario(() => env, 'a game whose code cannot be downloaded says so, and Try again brings it', { timeout: 90_000 }, async ({ open }) => {
  let blocked = true;
  const { page, errors } = await open({
    query: null,
    init: (p) => p.route(/\/split_tapis_bonanza-[0-9a-f]+\.wasm$/, (route) => (blocked ? route.abort('internetdisconnected') : route.continue())),
  });
  await page.goto(env.server.url + '?lang=en&game=bonanza&players=3&seats=human,easy,easy&seed=5&autostart=1&speed=instant');
  const failed = byId(page, 'game-load-failed');
  await failed.waitFor({ timeout: 30_000 });
  assert.match(await failed.innerText(), /could not load/);
  await shot(page, 'game-code-failed');
  assert.equal(await page.evaluate(() => document.documentElement.hasAttribute('data-tapis-crashed')), false, 'no crash: the page goes on');
  // The new-game form is still a click away, and the retry loads the game once the network is back.
  blocked = false;
  await byId(page, 'game-load-retry').click();
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  // I deal: the widow's choice is mine, and the table plays on from it.
  await byId(page, 'action-take-widow').click();
  await until(async () => (await table.situation(page)).actions >= 3, { timeout: 30_000, what: 'the deal goes on' });
  // The only errors: the blocked download, and the loader's report of it.
  assertNoErrors(errors.filter((e) => !/split_tapis_bonanza|ERR_INTERNET_DISCONNECTED|TypeError: Failed to fetch/.test(e)));
});
