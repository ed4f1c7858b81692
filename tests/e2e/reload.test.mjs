// Reload in the middle of a round: the same deal, chips, boxes and hand come back, and play goes on.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, until } from './harness.mjs';
import { newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });


scenario(() => env, 'a reload mid-game brings back the same state and play continues', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 3, seed: 424242 });

  // Play a few of my cards so the round is well under way.
  for (let i = 0; i < 3; i++) {
    await table.untilMyTurn(page);
    await table.playByKeyboard(page);
  }
  await table.untilMyTurn(page);
  const before = await table.snapshot(page);
  const saved = await page.evaluate(() => localStorage.getItem('tapis.current'));
  assert.ok(before.hand.length > 0 && Number(before.deal) >= 1, 'a round is in progress');
  assert.ok(JSON.parse(saved).actions.length > 3, 'the moves are saved');

  await page.reload();
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  await table.untilMyTurn(page);
  const after = await table.snapshot(page);
  assert.deepEqual(after, before, 'the table after the reload is the table before it');
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), saved, 'the save is unchanged by the reload');

  // And the game goes on from there.
  const played = await table.playByKeyboard(page);
  assert.ok(!(await table.snapshot(page)).hand.includes(played), `${played} left my hand`);
  await table.untilMyTurn(page);
  assertNoErrors(errors);
});

scenario(() => env, 'the language and pace chosen on the page outlast the address that gave others, at a reload', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant&game=nain-jaune&players=3&seats=human,easy,easy&seed=5&autostart=1' });
  await byId(page, 'game').waitFor();
  assert.match(page.url(), /\?lang=en&speed=instant$/, 'the game spent, the page keeps lang and speed');
  await byId(page, 'lang-fr').click();
  await byId(page, 'speed').selectOption('slow');
  assert.doesNotMatch(page.url(), /lang=|speed=/, 'the player chose: the address no longer decides');
  await page.reload();
  await byId(page, 'game').waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'fr');
  assert.equal(await byId(page, 'speed').inputValue(), 'slow');
  assertNoErrors(errors);
});
