// Statistics (issue 33): a finished game counts once, whatever reloads, undos or second tabs
// happen; the statistics export to a JSON file and import back (merged); a reset asks first; a
// saved store of today's format (fixtures/stats-v1.json) is read as it is; a store that cannot be
// read is kept aside, never lost. Screenshots of the view at 360 px and on a desktop.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { scenario, setup, assertNoErrors, audit, activeTestId, byId, shot, tabTo, until, DESKTOP, SMALL_PHONE } from './harness.mjs';
import { table, topBar } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const FIXTURE = readFileSync(new URL('./fixtures/stats-v1.json', import.meta.url), 'utf8');
// A short game: one round of Nain Jaune, two players, against the random level.
const SHORT_GAME = '?lang=en&speed=instant&game=nain-jaune&players=2&seats=human,random&seed=20261127&opt.rounds=1&autostart=1';

const stored = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tapis.stats') ?? 'null'));

/** Plays my cards (Enter on the focused one) and closes the summaries until the game is over. */
async function playToEnd(page) {
  await until(async () => {
    const s = await table.situation(page);
    if (s.over) return true;
    if (s.summary) await byId(page, 'summary-continue').click();
    else if (s.myTurn) await table.playByKeyboard(page);
    return false;
  }, { timeout: 120_000, interval: 20, what: 'the end of the game' });
}

/** Opens the statistics from the top bar (unfolding it on a phone) on `game`'s tab. */
async function openStats(page, game) {
  await topBar.unfold(page);
  await byId(page, 'stats-open').click();
  const view = byId(page, 'stats');
  await view.waitFor({ timeout: 15_000 });
  if (game) await byId(page, `stats-${game}`).click();
  return view;
}

async function closeStats(page) {
  await page.keyboard.press('Escape');
  await byId(page, 'stats').waitFor({ state: 'detached' });
}

scenario(() => env, 'a finished game counts once: after an undo, a reload mid-game, a reload at the end and in a second tab', { timeout: 240_000 }, async ({ open }) => {
  const { page, context, errors } = await open({ query: SHORT_GAME });
  await byId(page, 'game').waitFor();

  // A move taken back, and a reload in the middle of the round: still one game.
  await table.untilMyTurn(page);
  await table.playByKeyboard(page);
  await table.untilMyTurn(page);
  await until(() => byId(page, 'undo').isVisible(), { timeout: 5_000, what: 'the undo button' });
  await page.keyboard.press('u');
  await table.untilMyTurn(page);
  await table.playByKeyboard(page);
  await page.reload();
  await byId(page, 'game').waitFor();
  assert.equal(await stored(page), null, 'nothing is counted before the game ends');

  await playToEnd(page);
  const note = byId(page, 'stats-note');
  await note.waitFor({ timeout: 15_000 });
  await until(async () => /Counted in your statistics: 1 game played/.test(await note.innerText()), { timeout: 10_000, what: 'the note that the game counted' });
  assert.equal((await stored(page)).games.length, 1, 'the game is stored once');
  const entry = (await stored(page)).games[0];
  assert.deepEqual([entry.game, entry.players, entry.level, entry.deals], ['nain-jaune', 2, 'random', 1]);
  await note.scrollIntoViewIfNeeded();
  await shot(page, 'stats-game-over-note-desktop');

  // The statistics view, from the top bar.
  await openStats(page);
  assert.equal(await byId(page, 'stats').getAttribute('data-game'), 'nain-jaune', 'the view opens on the game just played');
  assert.equal(await byId(page, 'stats-games').innerText(), '1');
  assert.equal(await byId(page, 'stats-won').innerText(), entry.won ? '1 (100%)' : '0 (0%)');
  await closeStats(page);

  // A reload at the game-over screen, and a second tab: the same game, still counted once.
  await page.reload();
  await byId(page, 'game-over').waitFor({ timeout: 15_000 });
  await byId(page, 'stats-note').waitFor({ timeout: 15_000 });
  const other = await context.newPage();
  await other.goto(env.server.url + '?lang=en');
  await byId(other, 'game-over').waitFor({ timeout: 15_000 });
  await byId(other, 'stats-note').waitFor({ timeout: 15_000 });
  await openStats(page);
  assert.equal(await byId(page, 'stats-games').innerText(), '1', 'still one game after the reload and the second tab');
  assert.equal((await stored(page)).games.length, 1);
  await other.close();

  // The record of that game opened, over, in another browser: not played there, never counted,
  // not even when it resumes after a reload.
  const record = await page.evaluate(() => localStorage.getItem('tapis.current'));
  const elsewhere = await open({ query: '?lang=en' });
  await topBar.unfold(elsewhere.page);
  await byId(elsewhere.page, 'import-record').setInputFiles({ name: 'over.json', mimeType: 'application/json', buffer: Buffer.from(record) });
  await byId(elsewhere.page, 'game-over').waitFor({ timeout: 15_000 });
  const there = byId(elsewhere.page, 'stats-note');
  await until(async () => /Not counted in your statistics: this game was already over when it was opened/.test(await there.innerText().catch(() => '')), { timeout: 10_000, what: 'the note that it does not count' });
  await elsewhere.page.reload();
  await byId(elsewhere.page, 'stats-note').waitFor({ timeout: 15_000 });
  assert.deepEqual((await stored(elsewhere.page)).games, [], 'not counted after the reload either');
  assertNoErrors(elsewhere.errors);
  assertNoErrors(errors);
});

scenario(() => env, 'statistics export to a file, a reset asks first, and the file imports back', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en', init: (p) => p.addInitScript((fixture) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tapis.stats', fixture);
      sessionStorage.setItem('seeded', '1');
    }
  }, FIXTURE) });
  await openStats(page, 'bonanza');
  assert.equal(await byId(page, 'stats-games').innerText(), '12');

  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'stats-export').click()]);
  assert.match(download.suggestedFilename(), /^tapis-statistics-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = readFileSync(await download.path(), 'utf8');
  const parsed = JSON.parse(exported);
  assert.equal(parsed.version, 1);
  assert.deepEqual(parsed.games, JSON.parse(FIXTURE).games, 'every game is in the file, as stored');

  // Erase: asked first; "Keep them" keeps them.
  await byId(page, 'stats-reset').click();
  await until(async () => (await page.evaluate(() => document.activeElement?.dataset.testid)) === 'stats-reset-cancel', { timeout: 5_000, what: 'the focus on "keep them"' });
  await byId(page, 'stats-reset-cancel').click();
  assert.equal(await byId(page, 'stats-games').innerText(), '12', 'kept');
  await byId(page, 'stats-reset').click();
  await byId(page, 'stats-reset-confirm').click();
  await until(async () => (await byId(page, 'stats-games').innerText()) === '0', { timeout: 5_000, what: 'the statistics erased' });
  assert.match(await byId(page, 'stats-message').innerText(), /erased/);

  // A file that is no statistics: said, and nothing changes.
  await byId(page, 'stats-import').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{"hello": 1}') });
  await until(async () => /notes\.json.*cannot be read as Tapis statistics.*no format version/.test(await byId(page, 'stats-message').innerText()), { timeout: 5_000, what: 'the refusal' });
  assert.equal(await byId(page, 'stats-games').innerText(), '0');

  // The exported file imports back, whole.
  await byId(page, 'stats-import').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await until(async () => /36 games added, 0 already here/.test(await byId(page, 'stats-message').innerText()), { timeout: 5_000, what: 'the import' });
  assert.equal(await byId(page, 'stats-games').innerText(), '12');
  // Imported again: nothing is counted twice.
  await byId(page, 'stats-import').setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(exported) });
  await until(async () => /0 games added, 36 already here/.test(await byId(page, 'stats-message').innerText()), { timeout: 5_000, what: 'the second import' });
  assert.deepEqual((await stored(page)).games, JSON.parse(FIXTURE).games);
  assertNoErrors(errors);
});

for (const [viewport, device, lang] of [[DESKTOP, 'desktop', 'en'], [SMALL_PHONE, 'small', 'fr']]) {
  scenario(() => env, `a saved store of today's format is read and shown, ${device}, lang=${lang}`, { timeout: 60_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport, query: `?lang=${lang}`, init: (p) => p.addInitScript((fixture) => localStorage.setItem('tapis.stats', fixture), FIXTURE) });
    await openStats(page, 'bonanza');
    // Bonanza in the fixture: 12 games, 4 won, +26 chips over 108 deals; wins 2 to 4 in a row, a
    // loss last.
    const figures = async () => Object.fromEntries(await Promise.all(
      ['games', 'won', 'average', 'streak', 'longest', 'best', 'worst'].map(async (k) => [k, await byId(page, `stats-${k}`).innerText()])));
    const fr = lang === 'fr';
    assert.deepEqual(await figures(), {
      games: '12', won: fr ? '4 (33\u00a0%)' : '4 (33%)', average: fr ? '+0,2' : '+0.2', streak: '0', longest: '3',
      best: fr ? '+58 jetons' : '+58 chips', worst: fr ? '−35 jetons' : '−35 chips',
    });
    assert.equal(await byId(page, 'stats-chart').locator('rect').count(), 12, 'a bar per game');
    await shot(page, `stats-${device}-${lang}-bonanza`);

    // Filters: five players only, then one level.
    await byId(page, 'stats-players').selectOption('5');
    assert.equal(await byId(page, 'stats-games').innerText(), '6');
    const levels = await byId(page, 'stats-level').evaluate((s) => [...s.options].map((o) => o.value));
    assert.deepEqual(levels.slice(0, 1), ['all']);
    await byId(page, 'stats-level').selectOption(levels[1]);
    const some = Number(await byId(page, 'stats-games').innerText());
    assert.ok(some >= 1 && some <= 6, `a level keeps some of the six games (${some})`);

    // Programmes: programs per match instead of chips per deal.
    await byId(page, 'stats-programmes').click();
    assert.equal(await byId(page, 'stats-games').innerText(), '12');
    assert.equal(await byId(page, 'stats-players').inputValue(), 'all', 'the filters start again for another game');
    assert.match(await byId(page, 'stats').innerText(), fr ? /Programmes par partie/ : /Programs per match/);
    await shot(page, `stats-${device}-${lang}-programmes`);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'statistics that cannot be read are kept aside, offered for download, and counting goes on', { timeout: 60_000 }, async ({ open }) => {
  const broken = '{"version": 1, "games": [{"key": 5}]}';
  const { page, errors } = await open({ query: '?lang=en', init: (p) => p.addInitScript((text) => {
    if (!sessionStorage.getItem('seeded')) {
      localStorage.setItem('tapis.stats', text);
      sessionStorage.setItem('seeded', '1');
    }
  }, broken) });
  await openStats(page);
  const view = byId(page, 'stats');
  await until(async () => /could not be read\. Nothing is lost/.test(await view.innerText()), { timeout: 5_000, what: 'the notice' });
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.stats.damaged')), broken, 'the unreadable statistics are kept whole');
  assert.equal(await byId(page, 'stats-games').innerText(), '0');
  const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'stats-download-damaged').click()]);
  assert.equal(readFileSync(await download.path(), 'utf8'), broken);
  await shot(page, 'stats-desktop-damaged');
  // A store from a newer version is left as it is.
  await page.evaluate(() => localStorage.setItem('tapis.stats', '{"version": 9, "games": []}'));
  await closeStats(page);
  await openStats(page);
  await until(async () => /newer version of Tapis/.test(await view.innerText()), { timeout: 5_000, what: 'the newer-version notice' });
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.stats')), '{"version": 9, "games": []}');
  assertNoErrors(errors);
});

scenario(() => env, 'the statistics view from the keyboard, and axe finds nothing in either language', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en', init: (p) => p.addInitScript((fixture) => localStorage.setItem('tapis.stats', fixture), FIXTURE) });
  await byId(page, 'new-game').waitFor();
  await tabTo(page, 'stats-open');
  await page.keyboard.press('Enter');
  await byId(page, 'stats').waitFor();
  await until(async () => (await activeTestId(page)) === 'stats-close', { timeout: 5_000, what: 'the focus on the close button' });
  // Tab goes round the dialog's controls (tabs, filters, the text, the buttons), never out.
  const seen = new Set();
  for (let i = 0; i < 16; i++) {
    await page.keyboard.press(i < 12 ? 'Tab' : 'Shift+Tab');
    const where = await page.evaluate(() => ({ inside: !!document.activeElement?.closest('[data-testid="stats"]'), id: document.activeElement?.dataset.testid }));
    assert.ok(where.inside, 'Tab stays in the dialog');
    if (where.id) seen.add(where.id);
  }
  for (const id of ['stats-players', 'stats-level', 'stats-export', 'stats-import', 'stats-reset', 'stats-close']) assert.ok(seen.has(id), `Tab reaches ${id} (saw ${[...seen].join(', ')})`);
  await audit(page, 'the statistics, en');
  await byId(page, 'lang-fr').evaluate((b) => b.click());
  await until(async () => /Parties jouées/.test(await byId(page, 'stats').innerText()), { timeout: 5_000, what: 'the view in French' });
  await audit(page, 'the statistics, fr');
  await page.keyboard.press('Escape');
  await byId(page, 'stats').waitFor({ state: 'detached' });
  assert.equal(await activeTestId(page), 'stats-open', 'the focus goes back to the button that opened it');
  assertNoErrors(errors);
});
