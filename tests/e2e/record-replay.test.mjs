// A game played in the app replays identically with the native `referee` (RECORD.md): play part of
// a game in the browser, download its record with the "Download record" button, replay it with
// `referee replay`, and compare the referee's state with what the table shows.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { scenario, setup, assertNoErrors, byId, until } from './harness.mjs';
import { newGame, table } from './pages.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

let env;
let referee;
before(async () => {
  // The native referee, built once (cargo answers at once when it is up to date).
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'referee'], { cwd: ROOT, stdio: 'inherit' });
  referee = `${process.env.CARGO_TARGET_DIR ?? `${ROOT}target`}/release/referee`;
  env = await setup();
});
after(async () => { await env?.close(); });


scenario(() => env, 'a record downloaded from the app replays to the same table with referee', { timeout: 180_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 2, seed: 987654 });
  // Into the second round, so stakes, settlement and a new deal are all in the record.
  for (let i = 0; i < 40; i++) {
    await table.untilMyTurn(page);
    if (Number((await table.snapshot(page)).deal) >= 2 && i >= 3) break;
    await table.playByKeyboard(page);
  }
  await table.untilMyTurn(page);
  const shown = await table.snapshot(page);
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
