// A crash never leaves a frozen page (web/boot-check.js, src/app/shell/crash.rs). A trap in the wasm in
// the middle of a move, forced by the crash drill of a build made for this test (dist-drill/,
// scripts/test.sh), covers the page at once with a message in the page's language; the saved game
// is still the last good one; "Download record" gives it; "Reload" resumes it and play goes on.
// An unhandled rejection after start gets the same message. The shipped build (dist/) has no drill.
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenario, setup, assertNoErrors, activeTestId, byId, shot, until, DESKTOP, PHONE } from './harness.mjs';
import { newGame, table } from './pages.mjs';
import { DIST } from './server.mjs';

const DRILL = resolve(process.env.TAPIS_DRILL_DIST ?? fileURLToPath(new URL('../../dist-drill', import.meta.url)));
const DRILL_KEY = 'tapis.crash-drill';

let env;
before(async () => {
  assert.ok(existsSync(join(DRILL, 'index.html')), `no drill build in ${DRILL}: TAPIS_CRASH_DRILL=1 scripts/trunk.sh build --release --offline --dist dist-drill`);
  env = await setup({ root: DRILL });
});
after(async () => { await env?.close(); });

/** The app's wasm: its main module and each game's code (src/app/game_code.rs), together. */
const appWasm = (dir) => Buffer.concat(
  readdirSync(dir).filter((f) => /^(?:tapis-[0-9a-f]+_bg|split_tapis_[a-z_]+-[0-9a-f]+|chunk_\d+-[0-9a-f]+)\.wasm$/.test(f)).map((f) => readFileSync(join(dir, f))),
);

test('the shipped build has no crash drill; the drill build has it', () => {
  assert.equal(appWasm(DIST).includes(DRILL_KEY), false, `${DIST}: the release app must not ship the drill`);
  assert.equal(appWasm(DRILL).includes(DRILL_KEY), true, `${DRILL}: the drill build has its drill (else the check above proves nothing)`);
});

const TEXTS = {
  en: { title: /^The game stopped on an error$/, saved: /saved as it was before the error/, reload: 'Reload', download: 'Download record' },
  fr: { title: /^Le jeu s’est arrêté sur une erreur$/, saved: /enregistrée telle qu’elle était avant l’erreur/, reload: 'Recharger', download: 'Télécharger la partie' },
};

const saved = (page) => page.evaluate(() => localStorage.getItem('tapis.current'));

/** The message is there, in `lang`, on top, with the focus on "Reload". */
async function crashShown(page, lang) {
  const t = TEXTS[lang];
  const dialog = byId(page, 'crash');
  await dialog.waitFor({ timeout: 5_000 });
  assert.equal(await dialog.getAttribute('role'), 'alertdialog');
  assert.match((await dialog.locator('h2').innerText()).trim(), t.title);
  assert.match(await dialog.innerText(), t.saved);
  assert.equal((await byId(page, 'crash-reload').innerText()).trim(), t.reload);
  assert.equal((await byId(page, 'crash-download').innerText()).trim(), t.download);
  assert.equal(await activeTestId(page), 'crash-reload', 'the focus is on Reload');
  assert.equal(await page.evaluate(() => document.querySelector('main')?.closest('[inert]') !== null), true, 'the stopped game under it is out of reach');
}

for (const [lang, viewport, device] of [['en', DESKTOP, 'desktop'], ['fr', PHONE, 'phone']]) {
  scenario(() => env, `a trap mid-move shows the message (${lang}, ${device}); the save stays good; Reload resumes`, { timeout: 120_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&speed=instant` });
    await newGame.start(page, { rounds: 3, seed: 8080 });
    await table.playTurns(page, 1);
    const good = await saved(page);
    const moves = JSON.parse(good).actions.length;
    assertNoErrors(errors);

    // The next move traps after the engine took it, before it is saved.
    await page.evaluate((key) => localStorage.setItem(key, 'move'), DRILL_KEY);
    await until(async () => (await activeTestId(page))?.startsWith('card-'), { timeout: 5_000, what: 'the focus on a card' });
    await page.keyboard.press('Enter');
    await crashShown(page, lang);
    assert.match(errors[0] ?? '', /^pageerror: .*unreachable/, `the trap is what stopped the game: ${errors.join('\n')}`);
    await shot(page, `crash-${lang}-${device}`);
    // Whatever the stopped app still does (a computer's answer arriving), the save stays the last good one.
    await page.waitForTimeout(1_000);
    assert.equal(await saved(page), good, 'the save is the one before the move that trapped');

    // "Download record": the saved game.
    const [download] = await Promise.all([page.waitForEvent('download'), byId(page, 'crash-download').click()]);
    assert.match(download.suggestedFilename(), new RegExp(`^tapis-nain-jaune-8080-${moves}moves\\.json$`));
    assert.equal(readFileSync(await download.path(), 'utf8'), good, 'the download is the saved game');

    // "Reload": the game comes back as it was saved, and goes on.
    errors.length = 0;
    await page.evaluate((key) => localStorage.removeItem(key), DRILL_KEY);
    await byId(page, 'crash-reload').click();
    await page.waitForURL(/./);
    await byId(page, 'game').waitFor({ timeout: 30_000 });
    assert.equal(await byId(page, 'crash').count(), 0, 'no message after the reload');
    await table.untilMyTurn(page);
    assert.equal(JSON.parse(await saved(page)).actions.length, moves, 'the game resumes where it was saved');
    await table.playByKeyboard(page);
    assert.ok(JSON.parse(await saved(page)).actions.length > moves, 'and play goes on');
    assertNoErrors(errors);
  });
}

scenario(() => env, 'an unhandled rejection after start shows the same message', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 3, seed: 9 });
  await table.untilMyTurn(page);
  await page.evaluate(() => { setTimeout(() => Promise.reject(new Error('a promise nobody waited for'))); });
  await crashShown(page, 'en');
  assert.match(await byId(page, 'crash').locator('code').textContent(), /a promise nobody waited for/, 'the details name the error');
  assert.ok(errors.length > 0, 'the page reported the rejection');
});
