// Driver-neutral page objects for engines.test.mjs: what a player does on the new-game form and
// at the three tables, through the small page interface of driver.mjs (so the same code runs in
// Chromium, Firefox and WebKit). Only the keyboard and clicks; what is read is read from the page.
import assert from 'node:assert/strict';
import { until } from './driver.mjs';
import { readTable } from '../table-state.mjs';

/** Everything the loops need, read from the page at once. */
export const state = (page) => page.evaluate(readTable);

/** The saved record's action at index `i`. */
export const recordAction = (page, i) => page.evaluate((i) => JSON.parse(localStorage.getItem('tapis.current')).actions[i]?.do ?? null, i);

/** The saved record's actions. */
export const savedActions = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tapis.current') ?? '{"actions":[]}').actions);

/** Waits for an element with this data-testid. */
export function visible(page, testId, timeout = 30_000) {
  return until(() => page.evaluate((id) => {
    const e = document.querySelector(`[data-testid="${id}"]`);
    return !!e && e.getClientRects().length > 0;
  }, testId), { timeout, interval: 100, what: `[data-testid="${testId}"]` });
}

/** An attribute of the element with this data-testid (null if there is none). */
export const attr = (page, testId, name) => page.evaluate(([id, name]) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute(name) ?? null, [testId, name]);

/**
 * Starts a game from the new-game form: the game's tile, the number of players, each seat,
 * house rules by record key (`{ rounds: 1 }` fills `opt-rounds`), the seed; then "Start".
 */
export async function startFromForm(page, { game, players, seats, options = {}, seed }) {
  await visible(page, 'new-game');
  await page.click(`game-${game}`);
  await until(async () => (await page.evaluate((id) => document.querySelector(`[data-testid="${id}"]`).checked, `game-${game}`)), { timeout: 5_000, what: `${game} chosen` });
  await page.select('players', String(players));
  for (const [i, kind] of seats.entries()) await page.select(`seat-kind-${i}`, kind);
  for (const [key, value] of Object.entries(options)) await page.fill(`opt-${key.replaceAll('_', '-')}`, value);
  if (seed !== undefined) await page.fill('seed', seed);
  await page.click('start-game');
  await visible(page, 'game', 15_000);
  assert.equal((await state(page)).game, game, `the form started ${game}`);
}

/** Waits until the human is to move, or a deal is over (a summary), or the game. */
export function untilMyTurnOrEnd(page, timeout = 60_000) {
  return until(async () => {
    const s = await state(page);
    return (s.over || s.summary || s.myTurn) && s;
  }, { timeout, interval: 50, what: 'my turn, a summary or the end' });
}

/** Waits for the move just played to be saved; returns the first action saved after `before`. */
async function played(page, before, what) {
  await until(async () => (await state(page)).actions > before, { timeout: 10_000, what: `${what} to be played` });
  return recordAction(page, before);
}

/**
 * One move with the keyboard alone, as the keyboard contract has it: Nain Jaune and Bonanza put
 * the focus on the first playable card or the first choice (Enter plays it); Programmes draws
 * with S, reveals with R, and discards the first card with Space then X.
 */
export async function keyboardMove(page) {
  const s = await state(page);
  if (s.game === 'programmes') {
    if (s.phase === 'draw') {
      await page.press('s');
      return played(page, s.actions, 'S (draw)');
    }
    if (s.reveal) {
      await page.press('r');
      return played(page, s.actions, 'R (reveal)');
    }
    await until(async () => (await state(page)).focus === 'hand-card-0', { timeout: 5_000, what: 'the focus on the first card' });
    await page.press('Space');
    await page.press('x');
    return played(page, s.actions, 'Space X (discard)');
  }
  const focus = await until(async () => {
    const f = (await state(page)).focus;
    return /^(card-|action-)/.test(f ?? '') && f;
  }, { timeout: 5_000, what: 'the focus on my first choice' });
  await page.press('Enter');
  const done = await played(page, s.actions, `Enter on ${focus}`);
  if (focus.startsWith('card-')) assert.equal(done, `play ${focus.slice(5)}`, `Enter played the focused ${focus}`);
  return done;
}

/** One move by hint: `h` asks for it, the page marks and focuses the control, Enter plays it. */
export async function hintMove(page) {
  const s = await state(page);
  await page.press('h');
  await until(async () => (await state(page)).hint === 'ready', { timeout: 20_000, what: 'the hint to arrive' });
  const text = await page.evaluate(() => document.querySelector('[data-testid="hint-text"]').textContent.trim());
  assert.ok(text.length > 5, `the hint says something (${text})`);
  const hinted = await until(() => page.evaluate(() => {
    const marked = document.querySelector('[data-testid="game"] [data-hinted="true"]');
    return marked ? { id: marked.dataset.testid, action: marked.dataset.action ?? null } : null;
  }), { timeout: 5_000, what: 'a control marked by the hint' });
  // Programmes marks the cards to play and focuses the button that plays them.
  const focus = await until(async () => (await state(page)).focus, { timeout: 5_000, what: 'the focus on the suggestion' });
  if (s.game !== 'programmes' || !hinted.id.startsWith('hand-card-')) assert.equal(focus, hinted.id, 'the focus is on the suggestion');
  await page.press('Enter');
  const done = await played(page, s.actions, `the hint (${hinted.id})`);
  if (hinted.id.startsWith('card-')) assert.equal(done, `play ${hinted.id.slice(5)}`, `Enter played the suggested ${hinted.id}`);
  else if (hinted.action) assert.equal(done, hinted.action, `Enter played the suggested ${hinted.id}`);
  else if (hinted.id === 'stock') assert.equal(done, 'draw stock');
  else if (hinted.id === 'discard') assert.equal(done, 'draw discard');
  await until(async () => (await page.evaluate(() => document.querySelectorAll('[data-hinted="true"]').length)) === 0, {
    timeout: 3_000, what: 'the hint to go away once played',
  });
  return done;
}

/** Everything a Nain Jaune player sees that a reload must bring back (as ../pages.mjs). */
export function snapshot(page) {
  return page.evaluate(() => {
    const q = (id) => document.querySelector(`[data-testid="${id}"]`);
    const game = q('game');
    const seats = [...document.querySelectorAll('[data-testid^="seat-"].seat')].map((e) => ({ seat: e.dataset.testid, chips: e.dataset.chips, cards: e.dataset.cards, dealer: e.dataset.dealer }));
    const boxes = [...document.querySelectorAll('[data-testid^="box-"]')].map((e) => `${e.dataset.testid}=${e.dataset.chips}`);
    const hand = [...document.querySelectorAll('[data-testid="hand"] [data-testid^="card-"]')].map((e) => e.dataset.testid);
    return { deal: game?.dataset.dealNumber, phase: game?.dataset.phase, toMove: game?.dataset.toMove, seats, boxes, hand, sequence: q('sequence')?.dataset.cards };
  });
}
