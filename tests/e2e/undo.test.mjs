// Undo: in a game against the computer, U (or the "Undo" button) takes back my last move and the
// computer moves after it: my card is back in my hand, the saved record is as it was before my
// move, and the game goes on from there (a reload keeps it). There is nothing to take back before
// my first move, and never at a table of two humans.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, until, DESKTOP, PHONE } from './harness.mjs';
import { bonanza, newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const savedActions = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tapis.current')).actions);

for (const [lang, viewport, device, how] of [['en', DESKTOP, 'desktop', 'key'], ['fr', PHONE, 'phone', 'button']]) {
  scenario(() => env, `undo by ${how} takes my last move back, lang=${lang}, ${device}`, { timeout: 120_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&speed=instant` });
    await newGame.start(page, { rounds: 2, seed: 4242 });
    const undo = byId(page, 'undo');

    await table.untilMyTurn(page);
    assert.ok(await undo.isHidden(), 'nothing to take back before my first move');
    const mine = await table.snapshot(page);
    const actionsBefore = await savedActions(page);

    // My first move, then the computers answer until it is my turn again.
    const played = await table.playByKeyboard(page);
    await table.untilMyTurn(page);
    const after = await savedActions(page);
    assert.ok(after.length > actionsBefore.length, 'my move was saved');
    assert.ok(!(await table.snapshot(page)).hand.includes(played), `${played} left my hand`);
    await until(() => undo.isVisible(), { timeout: 5_000, what: 'the undo button once I have moved' });
    assert.match(await undo.innerText(), lang === 'fr' ? /Annuler/ : /Undo/, 'the button speaks the page language');
    await shot(page, `${device}-${lang}-undo-offered`);
    if (how === 'key') await page.keyboard.press('u');
    else await undo.click();

    await until(async () => (await savedActions(page)).length === actionsBefore.length, {
      timeout: 5_000, what: 'the record to be back where it was before my move',
    });
    assert.deepEqual(await savedActions(page), actionsBefore, 'exactly the moves before mine are kept');
    await table.untilMyTurn(page);
    const back = await table.snapshot(page);
    assert.deepEqual(back.hand, mine.hand, `${played} is back in my hand`);
    assert.deepEqual(back.boxes, mine.boxes, 'the board is as it was');
    assert.ok(await undo.isHidden(), 'nothing more to take back: that was my first move');
    await shot(page, `${device}-${lang}-after-undo`);

    // The game goes on from there, and a reload keeps the position.
    await page.reload();
    await table.untilMyTurn(page);
    assert.deepEqual((await table.snapshot(page)).hand, mine.hand, 'the reload resumes the position before my move');
    await table.playByKeyboard(page);
    assertNoErrors(errors);
  });
}

// In Bonanza an undo replaced the table while the decision bar had asked to focus its first
// choice a moment later: that read a disposed element and trapped (a page error), at most undos.
scenario(() => env, 'Bonanza: undo in each phase of a deal, without a page error', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: '?game=bonanza&players=4&seats=human,easy,hard,easy&seed=54&autostart=1&speed=instant&lang=en' });
  const undo = byId(page, 'undo');
  const phases = new Set();
  for (let step = 0; step < 60 && phases.size < 4; step++) {
    const s = await until(async () => {
      const s = await bonanza.situation(page);
      if (s.summary) await byId(page, 'summary-continue').click();
      return !s.summary && (s.over || s.decisions.length > 0 || s.race) && s;
    }, { what: 'a move of mine' });
    if (s.over) break;
    // Each phase's move is taken back once, then played again (in the first deal: a move of an
    // earlier deal is never taken back).
    if (s.deal === '1' && await undo.isVisible() && !phases.has(s.phase)) {
      const before = await savedActions(page);
      await undo.click();
      await until(async () => (await savedActions(page)).length < before.length, { timeout: 5_000, what: `the undo (${s.phase})` });
      phases.add(s.phase);
      await page.waitForTimeout(200);
      assertNoErrors(errors, `after an undo (${s.phase})`);
      continue;
    }
    if (s.decisions.length) await bonanza.decideByKeyboard(page);
    else await table.playByKeyboard(page);
  }
  assert.ok(phases.size >= 2, `undos at ${[...phases].join(', ')}`);
  assertNoErrors(errors);
});

scenario(() => env, 'no undo at a table of two humans', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: '?lang=en&speed=instant' });
  await newGame.start(page, { seats: ['human', 'human', 'easy', 'easy'], rounds: 1, seed: 5 });
  for (let i = 0; i < 3; i++) {
    await until(async () => {
      // The shared-device cover hands the table over: pass it on, then play.
      const cover = page.locator('.hand-cover button');
      if (await cover.count() && await cover.first().isVisible()) await cover.first().click();
      return (await table.situation(page)).myTurn;
    }, { what: 'a human turn' });
    const before = (await table.situation(page)).actions;
    await page.locator('[data-testid="hand"] [data-playable="true"]').first().click();
    await until(async () => (await table.situation(page)).actions > before, { what: 'the card to be played' });
    assert.ok(await byId(page, 'undo').isHidden(), 'one human may not take back another one\'s moves');
  }
  assertNoErrors(errors);
});
