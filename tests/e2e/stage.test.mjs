// The table as a stage (src/stage.rs, src/app/table/stage.rs), as a player sees it at normal speed:
// - each game's first deal ends on the table (the last move, its settlement, held a moment) before
//   its summary opens, and the summary opens over that finished deal, never over the next one;
// - Bonanza's four calls each end on a moment held on the table, with the space lit on the wheel,
//   and a showdown lays the winning five down (the others face down, the player's own in view);
// - a table of computers alone goes on past a summary by itself, but for the game's last one;
// - the player's only legal moves are played for them (the setting's default), undo takes back
//   their last real choice, and with the setting off such a move waits for the player.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, until } from './harness.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const LAPTOP = { width: 1366, height: 768 };

/** What the loop reads at each step. */
function look(page) {
  return page.evaluate(() => {
    const q = (id) => document.querySelector(`[data-testid="${id}"]`);
    const game = q('game');
    const hand = q('hand');
    return {
      summary: !!(q('round-summary') || q('deal-summary')),
      over: !!q('game-over'),
      deal: game?.dataset.dealNumber,
      toMove: game?.dataset.toMove,
      holding: game?.dataset.holding ?? '',
      moment: q('moment')?.dataset.moment ?? null,
      momentTitle: q('moment')?.querySelector('.phase-title')?.textContent ?? q('moment')?.textContent ?? null,
      lit: document.querySelector('.space-current')?.dataset.testid ?? null,
      showdown: [...document.querySelectorAll('[data-testid="moment"] .show')].map((r) => ({
        won: r.dataset.won === 'true',
        faceUp: r.querySelectorAll('.mini-card .card, .mini-card svg').length > 0 && !r.querySelector('.mini-backs-row'),
        own: /only you see it/.test(r.textContent),
      })),
      active: hand?.dataset.active === 'true',
      playable: [...document.querySelectorAll('[data-testid="hand"] [data-playable="true"]')].length,
      actions: JSON.parse(localStorage.getItem('tapis.current') ?? '{}').actions?.length ?? 0,
    };
  });
}

/** One move for the player, if it is theirs: the first playable card, else a choice (at the
 *  poker, a call or a check, to stay in), else Programmes' draw and discard. */
async function move(page) {
  const click = async (selector) => {
    const target = page.locator(selector).first();
    if (!(await target.count())) return false;
    await target.click({ timeout: 2_000 }).catch(() => {});
    return true;
  };
  return (await click('[data-testid="hand"][data-active="true"] button[data-playable="true"]'))
    || (await click('[data-testid="decisions"] [data-testid="action-call"], [data-testid="decisions"] [data-testid="action-check"]'))
    || (await click('[data-testid="decisions"] button.decision'))
    || (await click('[data-testid="stock"].pile-ready'))
    || ((await click('[data-testid="action-discard"]')) && false);
}

/** Plays until the first summary opens; gives every state seen before it and the one under it. */
async function playToSummary(page, { discard = false } = {}) {
  const seen = [];
  await until(async () => {
    const s = await look(page);
    seen.push(s);
    if (s.summary || s.over) return true;
    if (discard && (await page.locator('[data-testid="action-discard"]').count())) {
      await page.locator('[data-testid^="hand-card-"]').last().click().catch(() => {});
      await page.locator('[data-testid="action-discard"]').click().catch(() => {});
    } else {
      await move(page);
    }
    return false;
  }, { timeout: 150_000, interval: 60, what: 'the first summary' });
  return seen;
}

/** What the table shows under an open summary. */
function underSummary(page) {
  return page.evaluate(() => ({
    marked: [...document.querySelectorAll('.seat[data-to-move="true"]')].map((s) => s.dataset.testid),
    log: [...document.querySelectorAll('.move-log li')].map((l) => l.textContent),
    wheel: Object.fromEntries([...document.querySelectorAll('[data-testid^="space-"]')].map((s) => [s.dataset.testid, s.dataset.chips])),
  }));
}

const GAMES = [
  ['nain-jaune', '?game=nain-jaune&players=3&seats=human,easy,easy&seed=3', /^Round 2/],
  ['bonanza', '?game=bonanza&players=3&seats=human,easy,easy&seed=5', /^Deal 2/],
  ['programmes', '?game=programmes&players=2&seats=human,easy&seed=3', /^Round 2/],
];

for (const [game, query, nextDeal] of GAMES) {
  scenario(() => env, `${game}: the deal's end is seen on the table, and its summary opens over it`, { timeout: 240_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport: LAPTOP, query: `${query}&autostart=1&speed=normal&lang=en` });
    await byId(page, 'game').waitFor({ timeout: 30_000 });
    const seen = await playToSummary(page, { discard: game === 'programmes' });
    const last = seen.at(-1);
    assert.ok(last.summary, `${game}: a summary opened`);
    // The move that ended the deal was held on the table, with no summary yet.
    const final = last.actions;
    assert.ok(seen.some((s) => s.actions === final && s.holding !== '' && !s.summary), `${game}: the deal's end was never held before the summary`);
    // Under the summary: the finished deal, nobody to play, nothing of the next deal.
    assert.equal(last.deal, '1', `${game}: the table under the summary shows deal ${last.deal}`);
    assert.equal(last.toMove, '', `${game}: someone is to play under the summary`);
    const under = await underSummary(page);
    assert.deepEqual(under.marked, [], `${game}: a plate is marked to play under the summary`);
    assert.deepEqual(under.log.filter((l) => nextDeal.test(l)), [], `${game}: the move log tells the next deal under the summary`);
    if (game === 'bonanza') assert.equal(under.wheel['space-bonanza'], '0', 'the Bonanza pot was taken: it is empty under the summary');
    await shot(page, `stage-${game}-summary`);
    // Continuing deals the next deal.
    await byId(page, 'summary-continue').click();
    await until(async () => (await look(page)).deal === '2', { what: 'the next deal' });
    assertNoErrors(errors);
  });
}

scenario(() => env, 'bonanza: each call ends on a moment held on the table, its space lit', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: LAPTOP, query: '?game=bonanza&players=3&seats=human,easy,easy&seed=5&autostart=1&speed=normal&lang=en' });
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  const seen = await playToSummary(page);
  const calls = new Map();
  for (const s of seen.filter((s) => s.moment)) calls.set(s.momentTitle, s.lit);
  for (const [title, space] of [['Joker', 'space-joker'], ['Queen-Jack', 'space-queen_jack'], ['Sequence', 'space-sequence'], ['Ten-Two', 'space-ten_two']]) {
    assert.ok(calls.has(title), `the ${title} call's outcome was never held (held: ${[...calls.keys()].join(', ')})`);
    assert.equal(calls.get(title), space, `the wheel lights ${calls.get(title)} while ${title}'s outcome is held`);
  }
  assertNoErrors(errors);
});

scenario(() => env, 'bonanza: a showdown lays the winning hand down, the player\'s own in view, the rest face down', { timeout: 400_000 }, async ({ open }) => {
  let showdown;
  for (const seed of [5, 6, 7, 8, 9, 10, 11, 12]) {
    const { page, errors, context } = await open({ viewport: LAPTOP, query: `?game=bonanza&players=4&seats=human,easy,easy,easy&seed=${seed}&autostart=1&speed=normal&lang=en` });
    await byId(page, 'game').waitFor({ timeout: 30_000 });
    const seen = await playToSummary(page);
    showdown = seen.find((s) => s.moment === 'space_won' && s.showdown.length > 1);
    assertNoErrors(errors, `seed ${seed}`);
    if (showdown) {
      // docs/rules/bonanza.md §5.6: only the winning five are shown to the table.
      const winners = showdown.showdown.filter((r) => r.won);
      assert.ok(winners.length >= 1 && winners.every((r) => r.faceUp), 'the winning five lie face up');
      for (const r of showdown.showdown.filter((r) => !r.won)) {
        assert.equal(r.faceUp, r.own, 'a losing hand shows only to its owner');
      }
      break;
    }
    await context.close();
  }
  assert.ok(showdown, 'no showdown in eight deals');
});

scenario(() => env, 'a table of computers alone goes on past a summary by itself; the last one waits', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: LAPTOP, query: '?game=nain-jaune&players=3&seats=easy,easy,easy&seed=4&opt.rounds=2&autostart=1&speed=fast&lang=en' });
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  // Round 1's summary opens, then round 2 is dealt with no click.
  await until(async () => (await look(page)).summary, { timeout: 120_000, what: 'the first summary' });
  await until(async () => (await look(page)).deal === '2' && !(await look(page)).summary, { timeout: 30_000, what: 'round 2, by itself' });
  // The game's last summary stays until someone goes on to the standings.
  await until(async () => (await look(page)).summary, { timeout: 120_000, what: 'the last summary' });
  await page.waitForTimeout(3_000);
  assert.ok((await look(page)).summary, 'the last summary went by itself');
  await byId(page, 'summary-continue').click();
  await byId(page, 'game-over').waitFor();
  assertNoErrors(errors);
});

scenario(() => env, 'forced moves are played for the player; undo takes back their last choice', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: LAPTOP, query: '?game=nain-jaune&players=3&seats=human,easy,easy&seed=3&autostart=1&speed=fast&lang=en' });
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  assert.equal(await byId(page, 'play-forced').isChecked(), true, 'on by default');
  let choices = 0;
  let lastChoice = -1;
  await until(async () => {
    const s = await look(page);
    if (s.summary) return true;
    if (s.active) {
      assert.ok(s.playable > 1, 'the player is asked for a move they have no choice in');
      if (choices === 3) return true;
      lastChoice = s.actions;
      choices++;
      await move(page);
    }
    return false;
  }, { timeout: 150_000, interval: 50, what: 'three choices' });
  const mine = (await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.current')).actions))
    .map((a, i) => [a, i]).filter(([a]) => a.seat === 0);
  assert.ok(mine.some(([, i]) => i > lastChoice) || mine.length > choices, 'the table played the player\'s forced moves');
  // Undo goes back to just before the last choice, past any forced move after it.
  await page.keyboard.press('u');
  await until(async () => (await look(page)).actions === lastChoice, { what: `undo back to move ${lastChoice}` });
  assertNoErrors(errors);
});

scenario(() => env, 'with "Play forced moves for me" off, a forced move waits for the player', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: LAPTOP, query: '?game=nain-jaune&players=3&seats=human,easy,easy&seed=3&autostart=1&speed=fast&lang=en' });
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  await byId(page, 'play-forced').uncheck();
  let forcedAsked = false;
  await until(async () => {
    const s = await look(page);
    if (s.active && s.playable === 1) forcedAsked = true;
    if (s.summary || forcedAsked) return true;
    await move(page);
    return false;
  }, { timeout: 150_000, interval: 50, what: 'a forced move to wait for the player' });
  assert.ok(forcedAsked, 'no forced move was left to the player');
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.settings')).choose_forced), true, 'the choice is kept');
  assertNoErrors(errors);
});
