// Reviewing a game (issue 32): from a round's summary, step through the record move by move with
// every hand face up and the hard level's verdict on each of the player's decisions; the same
// review from a shared link (`?review=…&at=…`), in French, by keyboard; and back to the game.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { scenario, setup, assertNoErrors, byId, until, shot, buildReferee, DESKTOP, PHONE } from './harness.mjs';
import { newGame, table } from './pages.mjs';

// The native referee, built once (cargo answers at once when it is up to date).
const referee = buildReferee();
let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** The review panel's state: its step, the verdicts shown, the progress. */
const reviewState = (page) =>
  page.evaluate(() => {
    const q = (id) => document.querySelector(`[data-testid="${id}"]`);
    const verdicts = [...document.querySelectorAll('[data-testid="review-verdict"]')].map((b) => ({ at: Number(b.dataset.at), verdict: b.dataset.verdict }));
    const progress = q('review-progress');
    return {
      open: !!q('review'),
      step: Number(q('review')?.dataset.step ?? -1),
      verdicts,
      done: Number(progress?.dataset.done ?? -1),
      total: Number(progress?.dataset.total ?? -1),
      hands: [...document.querySelectorAll('[data-testid^="review-hand-"]')].map((h) => h.dataset.cards),
      actions: JSON.parse(localStorage.getItem('tapis.current') ?? '{"actions":[]}').actions,
    };
  });

/** Waits until every verdict is in. */
const untilWeighed = (page) =>
  until(async () => {
    const s = await reviewState(page);
    return s.total >= 0 && s.done === s.total && s.verdicts.every((v) => v.verdict !== 'pending') && s;
  }, { timeout: 90_000, what: 'every verdict of the review' });

scenario(() => env, 'a round reviewed from its summary: every move, every hand, a verdict per decision, then back', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant', viewport: DESKTOP });
  await newGame.start(page, { players: 3, seats: ['human', 'easy', 'easy'], rounds: 2, seed: 8128 });
  // Play the first round to its summary.
  await until(async () => {
    const s = await table.situation(page);
    if (s.summary) return true;
    if (s.myTurn) await table.playByKeyboard(page);
    return false;
  }, { timeout: 120_000, what: 'the first round summary' });
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('tapis.current')));
  const mine = saved.actions.map((a, i) => [a, i]).filter(([a]) => a.seat === 0).map(([, i]) => i);
  assert.ok(mine.length >= 3, 'the player decided several times');

  await byId(page, 'review-open').click();
  await byId(page, 'review').waitFor();
  let s = await reviewState(page);
  assert.equal(s.step, saved.actions.length, 'the review opens at the end of the game so far');
  assert.deepEqual(s.verdicts.map((v) => v.at), mine, 'one verdict per decision of the player, in order');
  s = await untilWeighed(page);
  assert.ok(s.verdicts.some((v) => v.verdict === 'same'), 'the hard level agrees with some of the moves');
  await shot(page, 'review-end-desktop');

  // Step through the whole record from the start, every hand face up at each step.
  await byId(page, 'review-first').click();
  await until(async () => (await reviewState(page)).step === 0, { what: 'the first step' });
  const dealt = (await reviewState(page)).hands;
  assert.equal(dealt.length, 3, 'three hands shown');
  assert.ok(dealt.every((h) => h.split(' ').length >= 10), `every hand is dealt and face up: ${dealt.join(' / ')}`);
  for (let step = 1; step <= saved.actions.length; step++) {
    await byId(page, 'review-next').click();
    await until(async () => (await reviewState(page)).step === step, { what: `step ${step}` });
    if (step === 1) {
      // The card just played has left its player's hand.
      const played = saved.actions[0].do.replace('play ', '');
      const after = (await reviewState(page)).hands[saved.actions[0].seat].split(' ');
      assert.ok(!after.includes(played), `${played} left the hand of seat ${saved.actions[0].seat}`);
    }
  }
  assert.ok(await byId(page, 'review-next').isDisabled(), 'no step past the end');
  // The keyboard: ← goes back one move, Home to the start, End to the end.
  await page.keyboard.press('ArrowLeft');
  await until(async () => (await reviewState(page)).step === saved.actions.length - 1, { what: '← one move back' });
  await page.keyboard.press('Home');
  await until(async () => (await reviewState(page)).step === 0, { what: 'Home' });
  await page.keyboard.press('End');
  await until(async () => (await reviewState(page)).step === saved.actions.length, { what: 'End' });
  // A verdict in the list takes the table to that decision.
  const chosen = page.locator(`[data-testid="review-verdict"][data-at="${mine[1]}"]`);
  const label = await chosen.locator('.review-decision-move').innerText();
  await chosen.click();
  await until(async () => (await reviewState(page)).step === mine[1], { what: 'the second decision' });
  await byId(page, 'review-here').waitFor();
  // The list and the step number that move alike: "Move 37: …" opens "Move 37 of 42".
  const number = label.match(/^Move (\d+):/)?.[1];
  assert.ok(number, `a decision is named by its move: ${label}`);
  assert.match(await byId(page, 'review-step').innerText(), new RegExp(`^Move ${number} of ${saved.actions.length} `));
  // A verdict names another move only with a real difference: never two equal values.
  const words = await page.$$eval('[data-testid="review-verdict"] .review-decision-verdict', (els) => els.map((e) => e.textContent));
  for (const w of words) {
    const values = w.match(/[+−]\d+\.\d/g);
    if (values?.length === 2) assert.notEqual(values[0], values[1], `a verdict with two equal values says nothing: ${w}`);
  }

  // Back to the game: the summary is waiting, nothing of the game changed.
  await byId(page, 'review-close').click();
  await byId(page, 'round-summary').waitFor();
  assert.equal(await byId(page, 'review').count(), 0);
  assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('tapis.current'))).actions, saved.actions);
  await byId(page, 'summary-continue').click();
  await table.untilMyTurn(page);
  assertNoErrors(errors);
});

scenario(() => env, 'a shared link opens the review at its moment, in French, on a phone', { timeout: 180_000 }, async ({ open }) => {
  // A whole game of Bonanza by the computer, reviewed as if seat 0 had been a person.
  const record = JSON.parse(execFileSync(referee, ['play', '--game', 'bonanza', '--players', '3', '--seats', 'easy,easy,easy', '--seed', '31', '--option', 'deals=1'], { encoding: 'utf8' }));
  record.seats = ['human', 'easy', 'easy'];
  const text = execFileSync(referee, ['encode', '-'], { input: JSON.stringify(record), encoding: 'utf8' }).trim();
  const at = Math.floor(record.actions.length / 2);
  const { page, errors } = await open({ query: `?lang=fr&speed=instant&review=${text}&at=${at}`, viewport: PHONE });
  await byId(page, 'review').waitFor({ timeout: 30_000 });
  let s = await reviewState(page);
  assert.equal(s.step, at, 'the review opens at the shared moment');
  const decisions = record.actions.map((a, i) => [a, i]).filter(([a]) => a.seat === 0).map(([, i]) => i);
  assert.deepEqual(s.verdicts.map((v) => v.at), decisions);
  assert.match(await byId(page, 'review-step').innerText(), /^Coup \d+ sur \d+/);
  s = await untilWeighed(page);
  assert.ok(s.verdicts.every((v) => ['same', 'even', 'other', 'costly'].includes(v.verdict)), `every decision has a verdict: ${JSON.stringify(s.verdicts)}`);
  // The link of this moment is the same review.
  const href = await byId(page, 'review-link').getAttribute('href');
  assert.match(href, new RegExp(`[?&]at=${at}(&|$)`));
  assert.match(href, /[?&]review=/);
  // By keyboard: → then ←.
  await byId(page, 'review-next').focus();
  await page.keyboard.press('ArrowRight');
  await until(async () => (await reviewState(page)).step === at + 1, { what: '→' });
  await page.keyboard.press('ArrowLeft');
  await until(async () => (await reviewState(page)).step === at, { what: '←' });
  await shot(page, 'review-link-phone-fr');
  // Down at the table, the step buttons are still at hand, and nothing of the page is under them.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const bar = await page.evaluate(() => {
    const nav = document.querySelector('.review-nav').getBoundingClientRect();
    const last = [...document.querySelectorAll('.game, footer')].map((e) => e.getBoundingClientRect().bottom);
    return { top: nav.top, bottom: nav.bottom, height: innerHeight, content: Math.max(...last) };
  });
  assert.ok(bar.top >= 0 && bar.bottom <= bar.height + 0.5, `the step buttons are in the window at the table: ${JSON.stringify(bar)}`);
  assert.ok(bar.content <= bar.top + 0.5, `the page ends above the step buttons: ${JSON.stringify(bar)}`);
  await byId(page, 'review-next').click();
  await until(async () => (await reviewState(page)).step === at + 1, { what: 'Next, from the table' });
  await shot(page, 'review-table-phone-fr');
  // Nothing was saved: a review is not a game.
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), null);
  assertNoErrors(errors);
});

scenario(() => env, 'a broken review link says why and loses nothing', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&review=not-a-record&at=x' });
  const banner = await byId(page, 'error').innerText();
  assert.match(banner, /The game to review cannot be read/);
  assert.match(banner, /step “x” is not a number/);
  assert.equal(await byId(page, 'review').count(), 0);
  assertNoErrors(errors);
});
