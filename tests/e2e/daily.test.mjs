// The daily deal (issue 33): `?daily=1&game=…` deals the same cards to two fresh browsers on the
// same day (UTC), and other cards on another day (the page's clock moved); it is a normal record
// (the seed is in it) at a fixed table; the first try of the day counts in the statistics, a
// second one says it will not; at the end, a result to share, copied with one click.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, audit, byId, shot, until, DESKTOP, SMALL_PHONE } from './harness.mjs';
import { table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const DAY = new Date('2026-11-27T09:30:00Z');
const NEXT_DAY = new Date('2026-11-28T00:10:00Z');

/** The daily seed as the app computes it: FNV-1a 64 of `tapis-daily-<game>-<date>`, below 2^53. */
function dailySeed(game, date) {
  let h = 0xcbf29ce484222325n;
  for (const b of Buffer.from(`tapis-daily-${game}-${date}`)) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return Number(h & ((1n << 53n) - 1n));
}

/** Opens today's deal of `game` in a fresh browser whose clock says `time` (timers keep running). */
async function openDaily(open, game, time, viewport = DESKTOP) {
  const opened = await open({ viewport, query: null });
  await opened.page.clock.setFixedTime(time);
  await opened.page.goto(`${env.server.url}?lang=en&speed=instant&daily=1&game=${game}`);
  await byId(opened.page, 'game').waitFor({ timeout: 15_000 });
  return opened;
}

const saved = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tapis.current')));

scenario(() => env, 'two browsers get the same daily deal, another day gets another', { timeout: 120_000 }, async ({ open }) => {
  const first = await openDaily(open, 'nain-jaune', DAY);
  const second = await openDaily(open, 'nain-jaune', new Date(DAY.getTime() + 6 * 3600_000));
  const next = await openDaily(open, 'nain-jaune', NEXT_DAY);
  const hands = [];
  for (const { page } of [first, second, next]) {
    await table.untilMyTurn(page);
    hands.push((await table.snapshot(page)).hand);
  }
  assert.ok(hands[0].length > 5, 'a hand is dealt');
  assert.deepEqual(hands[1], hands[0], 'the same cards in the second browser, the same day');
  assert.notDeepEqual(hands[2], hands[0], 'other cards the next day');

  // A normal record at the daily table, whose seed is the day's.
  const record = await saved(first.page);
  assert.equal(record.seed, dailySeed('nain-jaune', '2026-11-27'));
  assert.deepEqual(record.seats, ['human', 'medium', 'medium', 'medium']);
  assert.equal((await saved(next.page)).seed, dailySeed('nain-jaune', '2026-11-28'));
  assert.doesNotMatch(first.page.url(), /daily/, 'the link is spent: a reload resumes the game');
  for (const { errors } of [first, second, next]) assertNoErrors(errors);
});

scenario(() => env, 'the first try counts, a second one says it does not; the result is shared in one click', { timeout: 300_000 }, async ({ open }) => {
  const { page, context, errors } = await openDaily(open, 'nain-jaune', DAY);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await table.untilMyTurn(page);
  const daily = await saved(page);

  // Reopening the link mid-game resumes the same try: no second attempt.
  await page.goto(`${env.server.url}?lang=en&speed=instant&daily=1&game=nain-jaune`);
  await byId(page, 'game').waitFor();
  assert.deepEqual(await saved(page), daily, 'the same game, resumed');
  assert.equal(await byId(page, 'error').count(), 0, 'nothing to say: it is the same try');

  // The computers play the seat too, to the end (seats in the save), then the seat is given back
  // to the player: the game ended on this browser and is counted at the next start.
  await page.evaluate(() => {
    const r = JSON.parse(localStorage.getItem('tapis.current'));
    r.seats = r.seats.map(() => 'random');
    localStorage.setItem('tapis.current', JSON.stringify(r, null, 2));
  });
  await page.reload();
  await byId(page, 'game').waitFor();
  await until(async () => {
    const s = await table.situation(page);
    // (A summary of a table of computers alone also goes on by itself after a pause.)
    if (s.summary) await byId(page, 'summary-continue').click({ timeout: 2_000 }).catch(() => {});
    return s.over;
  }, { timeout: 240_000, interval: 50, what: 'the computers to finish the game' });
  await page.evaluate((seats) => {
    const r = JSON.parse(localStorage.getItem('tapis.current'));
    r.seats = seats;
    localStorage.setItem('tapis.current', JSON.stringify(r, null, 2));
  }, daily.seats);
  assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.stats')).games.length), 0, 'a game of computers alone is not counted');
  await page.reload();
  await byId(page, 'game-over').waitFor({ timeout: 15_000 });
  const result = byId(page, 'daily-result');
  await result.waitFor({ timeout: 15_000 });
  const text = await result.innerText();
  assert.match(text, /^Tapis · Nain Jaune · 2026-11-27 · [+−-]?\d+ chips? · \d(st|nd|rd|th) of 4$/);
  const stats = await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.stats')));
  assert.equal(stats.games.length, 1);
  assert.equal(stats.games[0].daily, '2026-11-27');
  assert.match(await byId(page, 'stats-note').innerText(), /Counted in your statistics/);

  await byId(page, 'daily-copy').click();
  await until(async () => /Copied/.test(await byId(page, 'stats-note').innerText()), { timeout: 5_000, what: 'the copy' });
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), text, 'the clipboard holds the result');
  await shot(page, 'daily-desktop-result');
  await audit(page, 'the end of a daily deal, with its result');
  // On a small phone, after a reload at the end: the same result, not counted again.
  await page.setViewportSize(SMALL_PHONE);
  await page.reload();
  await result.waitFor({ timeout: 15_000 });
  assert.equal(await result.innerText(), text);
  await result.scrollIntoViewIfNeeded();
  await shot(page, 'daily-small-result');
  await page.setViewportSize(DESKTOP);
  assert.equal((await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.stats')))).games.length, 1, 'still counted once');

  // A second try, from the new-game screen's button: it plays, says it will not count.
  await byId(page, 'new-game-button').click();
  const panel = byId(page, 'daily-panel');
  await panel.waitFor();
  await byId(page, 'game-nain-jaune').check();
  assert.match(await panel.innerText(), /You have tried it today/);
  await panel.scrollIntoViewIfNeeded();
  await shot(page, 'daily-desktop-new-game');
  await byId(page, 'daily-start').click();
  await byId(page, 'game').waitFor();
  await until(async () => /only your first try counts/.test(await byId(page, 'error').innerText().catch(() => '')), { timeout: 10_000, what: 'the notice that this try does not count' });
  assert.equal((await saved(page)).seed, daily.seed, 'the same deal again');
  assertNoErrors(errors);
});
