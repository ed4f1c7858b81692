// A game played in the app replays identically with the native `referee` (docs/record.md): play
// part of a game in the browser, download its record with the "Download record" button, replay it with
// `referee replay`, and compare the referee's state with what the table shows.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { scenario, setup, assertNoErrors, byId, until, buildReferee } from './harness.mjs';
import { newGame, programmes, table } from './pages.mjs';
import { revealRecord } from './programmes-records.mjs';


// The native referee, built once (cargo answers at once when it is up to date).
const referee = buildReferee();
let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });


scenario(() => env, 'a record downloaded from the app replays to the same table with referee', { timeout: 180_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 2, seed: 987654 });
  // Into the second round, so stakes, settlement and a new deal are all in the record (at least
  // three of my cards, 40 at the most).
  let shown = await table.playTurns(page, 3);
  for (let i = 3; i < 40 && Number(shown.deal) < 2; i++) shown = await table.playTurns(page, 1);
  assert.ok(Number(shown.deal) >= 2, `the game reached round 2 (deal ${shown.deal})`);

  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-record').click()]);
  const path = await download.path();
  const record = JSON.parse(readFileSync(path, 'utf8'));
  assert.equal(record.format, 1);
  assert.equal(record.game, 'nain-jaune');
  assert.ok(record.actions.length > 10, 'the record holds the moves');

  const out = JSON.parse(execFileSync(referee, ['replay', path], { encoding: 'utf8' }));
  assert.equal(out.ok, true, JSON.stringify(out));
  const state = out.state;
  assert.equal(String(state.deal_number), shown.deal, 'same deal');
  assert.equal(String(state.to_move), shown.toMove, 'same seat to move');
  for (const seat of shown.seats) {
    const i = Number(seat.seat.replace('seat-', ''));
    assert.equal(String(state.chips[i]), seat.chips, `same chips for ${seat.seat}`);
    assert.equal(String(state.hands[i].length), seat.cards, `same card count for ${seat.seat}`);
  }
  for (const box of shown.boxes) {
    const [id, chips] = box.split('=');
    assert.equal(String(state.board[id.replace('box-', '')]), chips, `same chips on ${id}`);
  }
  const myHand = shown.hand.map((id) => id.replace('card-', '')).sort();
  assert.deepEqual([...state.hands[0]].sort(), myHand, 'same hand for the human seat');
  assertNoErrors(errors);
});

scenario(() => env, 'a Programmes record downloaded after a reveal and an extension replays to the same table', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.visible(page);
  await programmes.importRecord(page, revealRecord({ lang: 'en' }));
  await programmes.untilMyTurnOrOver(page);
  await programmes.click(page, 'discard');
  const ways = await page.$$eval('[data-testid^="reveal-option-"]', (els) => els.map((e) => e.dataset.action));
  await byId(page, `reveal-option-${ways.indexOf('reveal 9S 9H 9D | 5S 6S 7S 8S')}`).click();
  await programmes.click(page, 'action-reveal');
  await programmes.select(page, '2C');
  await programmes.click(page, 'action-extend-1');
  const melds = await page.$$eval('[data-testid^="meld-"]', (els) => els.map((e) => e.dataset.cards));
  const hand = await programmes.hand(page);
  const shown = await programmes.state(page);

  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'export-record').click()]);
  const path = await download.path();
  const record = JSON.parse(readFileSync(path, 'utf8'));
  assert.equal(record.game, 'programmes');
  assert.deepEqual(record.actions.map((a) => a.do), ['draw discard', 'reveal 9S 9H 9D | 5S 6S 7S 8S', 'extend 1 2C=4S']);

  const out = JSON.parse(execFileSync(referee, ['replay', path], { encoding: 'utf8' }));
  assert.equal(out.ok, true, JSON.stringify(out));
  const state = out.state;
  assert.equal(state.phase, shown.phase);
  assert.equal(String(state.to_move), shown.toMove);
  assert.deepEqual(state.melds.map((m) => m.cards.join(' ')), melds, 'the same melds, numbered alike');
  assert.deepEqual([...state.hands[0]].sort(), [...hand].sort(), 'the same hand');
  assert.deepEqual(state.programs_done, [1, 0, 0]);
  assertNoErrors(errors);
});
