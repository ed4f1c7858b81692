// Reload in the middle of a round: the same deal, chips, boxes and hand come back, and play goes on.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, until } from './harness.mjs';
import { newGame, table, bonanza } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });


scenario(() => env, 'a reload mid-game brings back the same state and play continues', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 3, seed: 424242 });

  // Play a few of my cards so the round is well under way.
  const before = await table.playTurns(page, 3);
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

scenario(() => env, 'a link that starts a game puts the saved game aside, and it comes back', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 3, seed: 424242 });
  await table.playByKeyboard(page);
  // The table as it stands once the computers have answered: taken while one of them is still to
  // move, the snapshot raced its move (which the saved game then holds).
  await table.untilMyTurn(page);
  const mine = await table.snapshot(page);
  const saved = await page.evaluate(() => localStorage.getItem('tapis.current'));

  // A link to another game, as a rules page or the embedded view's "Open the full game" gives.
  await page.goto(env.server.url + '?lang=en&game=bonanza&players=3&seats=human,easy,easy&seed=4&autostart=1&speed=instant');
  await until(async () => (await byId(page, 'game').getAttribute('data-game')) === 'bonanza', { what: 'the linked game on the table' });
  const banner = byId(page, 'error');
  await banner.waitFor({ timeout: 10_000 });
  assert.match(await banner.innerText(), /put aside, not lost/, 'the player is told where the saved game went');
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.set_aside')), saved, 'the saved game is kept whole');
  const linked = await page.evaluate(() => localStorage.getItem('tapis.current'));

  await banner.getByRole('button', { name: 'Go back to that game' }).click();
  await until(async () => (await byId(page, 'game').getAttribute('data-game')) === 'nain-jaune', { what: 'my game back on the table' });
  await until(async () => JSON.stringify(await table.snapshot(page)) === JSON.stringify(mine), { what: 'the same table as before the link' });
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.set_aside')), linked, 'the linked game is put aside in its turn');
  await table.playByKeyboard(page);
  assertNoErrors(errors);
});

scenario(() => env, 'two tabs: a move in one does not write over the other tab\'s game unseen', { timeout: 120_000 }, async ({ open }) => {
  const { page, context, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 3, seed: 424242 });
  await table.untilMyTurn(page);
  // A second tab of the same browser starts another game, and plays until the player's turn.
  const other = await context.newPage();
  await other.goto(env.server.url + '?lang=en&game=bonanza&players=3&seats=human,easy,easy&seed=4&autostart=1&speed=instant');
  await until(async () => {
    const s = await bonanza.situation(other);
    return s.decisions.length > 0 || s.race;
  }, { what: 'the player\'s turn in the second tab' });
  const theirs = await other.evaluate(() => localStorage.getItem('tapis.current'));
  assert.equal(JSON.parse(theirs).game, 'bonanza', 'the second tab saved its game');
  // (It put the first tab's game aside, and said so.)
  assert.match(await byId(other, 'error').innerText(), /put aside, not lost/);
  // The first tab plays on: its save puts the other tab's game aside, and says so.
  await table.playByKeyboard(page);
  await byId(page, 'error').waitFor({ timeout: 10_000 });
  assert.match(await byId(page, 'error').innerText(), /another tab/, 'the first tab says what happened');
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.set_aside')), theirs, 'the other tab\'s game is kept');
  assertNoErrors(errors);
});
