// Damaged input never breaks the page: a corrupt save shows the error banner (the save is kept)
// and a new game still starts; an invalid record file says which action is refused and why, and
// the game on the table goes on untouched.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, until, PHONE } from './harness.mjs';
import { newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const CORRUPT_SAVES = {
  'not JSON': '{"format":1,"game":"nain-jaune", this is not json',
  'an illegal action': JSON.stringify({
    format: 1, game: 'nain-jaune', players: 4, seed: 7,
    actions: [{ seat: 1, do: 'play 3S' }, { seat: 1, do: 'play KC' }],
  }),
};

for (const [what, text] of Object.entries(CORRUPT_SAVES)) {
  scenario(() => env, `a corrupt save (${what}) shows the error banner and the page still works`, { timeout: 60_000 }, async ({ open }) => {
    const { page, errors } = await open({ query: '?lang=en&speed=instant' });
    await newGame.visible(page);
    await page.evaluate((t) => localStorage.setItem('tapis.current', t), text);
    await page.reload();

    const banner = byId(page, 'error');
    await banner.waitFor({ timeout: 30_000 });
    const message = await banner.innerText();
    assert.match(message, /saved game could not be resumed/i, message);
    if (what === 'an illegal action') assert.match(message, /actions\[1\]/, `the banner names the action: ${message}`);
    assert.equal(await page.evaluate(() => localStorage.getItem('tapis.damaged')), text, 'the damaged save is kept');
    if (what === 'an illegal action') await shot(page, 'desktop-en-corrupt-save');

    // The page still works: a new game starts and is saved over the damaged one.
    await newGame.start(page, { rounds: 1, seed: 5 });
    await until(async () => (await table.situation(page)).actions > 0 || (await table.situation(page)).myTurn, {
      what: 'the new game to get going',
    });
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.current')));
    assert.equal(saved.seed, 5, 'the new game is saved');
    assertNoErrors(errors);
  });
}

scenario(() => env, 'importing a record with an illegal action says which and why, and keeps the current game', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: PHONE, query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 2, seed: 31337 });
  await until(async () => (await table.situation(page)).myTurn, { what: 'my turn' });
  const before = await table.snapshot(page);
  const session = await byId(page, 'game').getAttribute('data-session');
  const savedBefore = await page.evaluate(() => localStorage.getItem('tapis.current'));

  const record = {
    format: 1, game: 'nain-jaune', players: 4, seed: 7,
    actions: [{ seat: 1, do: 'play 3S' }, { seat: 1, do: 'play KC' }],
  };
  await byId(page, 'import-record').setInputFiles({
    name: 'bad-record.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)),
  });
  const banner = byId(page, 'error');
  await banner.waitFor({ timeout: 10_000 });
  const message = await banner.innerText();
  assert.match(message, /bad-record\.json/, `the banner names the file: ${message}`);
  assert.match(message, /actions\[1\]/, `the banner says which action: ${message}`);
  assert.match(message, /play KC/, `the banner quotes the action: ${message}`);
  assert.match(message, /wants a 4/, `the banner says why: ${message}`);
  // What the player sees right after choosing the file (is the message in view?), then the message.
  await shot(page, 'phone-en-import-refused');
  await banner.scrollIntoViewIfNeeded();
  await shot(page, 'phone-en-import-refused-banner');

  assert.equal(await byId(page, 'game').getAttribute('data-session'), session, 'the same game is on the table');
  assert.deepEqual(await table.snapshot(page), before, 'the table is unchanged');
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), savedBefore, 'the save is unchanged');
  // And it is still playable.
  await table.playByKeyboard(page);
  assertNoErrors(errors);
});

scenario(() => env, 'a file far larger than any record is refused before it is read; the game is kept', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 2, seed: 31337 });
  await until(async () => (await table.situation(page)).myTurn, { what: 'my turn' });
  const before = await table.snapshot(page);
  const savedBefore = await page.evaluate(() => localStorage.getItem('tapis.current'));
  // Six megabytes of a name: a record's shape, far past its size.
  const big = JSON.stringify({ format: 1, game: 'nain-jaune', players: 2, seed: 1, names: ['x'.repeat(6_000_000), 'y'], actions: [] });
  await byId(page, 'import-record').setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.from(big) });
  const banner = byId(page, 'error');
  await banner.waitFor({ timeout: 10_000 });
  assert.match(await banner.innerText(), /huge\.json.*6\.0 MB.*at most 5 MB/s, 'the banner says the file is too large, and how large');
  assert.deepEqual(await table.snapshot(page), before, 'the table is unchanged');
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), savedBefore, 'the save is unchanged');
  assertNoErrors(errors);
});

scenario(() => env, 'a record with a very long name shows it cut short; the record keeps it whole', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.visible(page);
  const long = 'Abcdefghij'.repeat(100);
  const record = { format: 1, game: 'nain-jaune', players: 2, seed: 1, names: ['You', long], seats: ['human', 'easy'], actions: [] };
  await byId(page, 'import-record').setInputFiles({ name: 'long.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
  await byId(page, 'game').waitFor({ timeout: 15_000 });
  const plate = await byId(page, 'seat-1').innerText();
  assert.ok(plate.includes('Abcdefghij'.repeat(2) + 'Abcd…'), `the name cut at 24 characters: ${plate.slice(0, 80)}`);
  assert.ok(!plate.includes('Abcdefghij'.repeat(3)), 'not the whole name');
  const page_wide = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.equal(page_wide, 0, 'no sideways scroll');
  assert.equal(JSON.parse(await page.evaluate(() => localStorage.getItem('tapis.current'))).names[1], long, 'the save keeps the name whole');
  assertNoErrors(errors);
});

for (const game of ['nain-jaune', 'bonanza']) {
  scenario(() => env, `opening a ${game} record of fewer players during a game puts it on the table`, { timeout: 60_000 }, async ({ open }) => {
    // The old table's views used to read the new, smaller game with their own seats: a panic.
    const { page, errors } = await open({ query: `?lang=en&game=${game}&players=3&seats=human,easy,easy&seed=11&speed=instant&autostart=1` });
    const move = page.locator('[data-testid="hand"][data-active="true"] [data-playable="true"], [data-testid="decisions"] button.decision').first();
    await move.click();
    await until(async () => JSON.parse(await page.evaluate(() => localStorage.getItem('tapis.current'))).actions.length > 1, { what: 'moves made' });
    const session = await byId(page, 'game').getAttribute('data-session');
    const record = { format: 1, game, players: 2, seed: 5, actions: [] };
    await byId(page, 'import-record').setInputFiles({ name: 'two.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)) });
    await until(async () => (await byId(page, 'game').getAttribute('data-session')) !== session, { what: 'the record on the table' });
    await until(async () => (await page.locator('[data-testid^="seat-"]').evaluateAll((e) => e.filter((x) => /^seat-\d+$/.test(x.dataset.testid)).length)) === 2, {
      what: 'two seats on the table',
    });
    assertNoErrors(errors);
  });
}

scenario(() => env, 'rules that cannot be fetched say why and offer to try again; the game goes on', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: PHONE, query: '?lang=fr&speed=instant' });
  let failing = true;
  await page.route(/public\/rules\/fr\.json/, (route) => (failing ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
  await newGame.start(page, { rounds: 1, seed: 77 });
  await until(async () => (await table.situation(page)).myTurn, { what: 'my turn' });
  const before = await table.snapshot(page);
  await page.getByRole('button', { name: 'Règles' }).click();
  const failed = byId(page, 'rules-failed');
  await failed.waitFor();
  assert.match(await failed.innerText(), /Les règles n'ont pas pu être chargées \(HTTP 503, public\/rules\/fr\.json\)\. Votre partie n'est pas touchée\./);
  await shot(page, 'phone-fr-rules-failed');
  failing = false;
  await failed.getByRole('button', { name: 'Réessayer' }).click();
  assert.equal(await page.locator('[data-testid="rules"] .rules-section h3').first().innerText(), 'Le but');
  await page.keyboard.press('Escape');
  assert.deepEqual(await table.snapshot(page), before, 'the table is unchanged');
  // (Escape gave the focus back to the Rules button: the card is clicked.)
  await page.locator('[data-testid="hand"] [data-playable="true"]').first().click();
  await until(async () => (await table.snapshot(page)).hand.length < before.hand.length, { what: 'my card played' });
  // The refused fetch is the only error the page saw.
  assert.deepEqual(errors.filter((e) => !/503/.test(e)), []);
});

scenario(() => env, 'while the WebAssembly loads the page says so, in both languages; the app then takes its place', { timeout: 60_000 }, async ({ open }) => {
  // A returning player (a newcomer sees the first screen instead: first-screen.test.mjs).
  const { page, errors } = await open({ query: null, init: (p) => p.addInitScript(() => localStorage.setItem('tapis.settings', '{}')) });
  // A slow connection: the app's wasm arrives after two seconds.
  let release;
  const held = new Promise((r) => { release = r; });
  await page.route(/tapis-[0-9a-f]+_bg\.wasm$/, async (route) => { await held; await route.continue(); });
  await page.goto(env.server.url + '?lang=en');
  const boot = page.locator('#tapis-boot');
  await boot.waitFor();
  assert.match(await boot.innerText(), /Chargement…[\s\S]*Loading…/);
  assert.equal(await boot.getAttribute('role'), 'status');
  await shot(page, 'desktop-loading');
  release();
  await byId(page, 'new-game').waitFor({ timeout: 30_000 });
  assert.equal(await boot.count(), 0, 'the loading page is gone once the app is mounted');
  assertNoErrors(errors);
});

scenario(() => env, 'when the game cannot start, the loading page says why at once: a failed download, a browser without wasm SIMD', { timeout: 60_000 }, async ({ open }) => {
  // The app's wasm cannot be fetched (a dropped connection).
  const { page } = await open({ query: null });
  await page.route(/tapis-[0-9a-f]+_bg\.wasm$/, (route) => route.abort('connectionreset'));
  await page.goto(env.server.url + '?lang=en');
  const failed = page.locator('#tapis-boot .boot-why-failed');
  await failed.waitFor({ state: 'visible', timeout: 10_000 });
  assert.match(await failed.innerText(), /could not load[\s\S]*reload the page/);
  assert.equal(await page.locator('#tapis-boot .boot-loading').isVisible(), false, '"Loading…" gives way to the reason');
  await shot(page, 'desktop-load-failed');

  // A browser whose WebAssembly lacks SIMD (Safari before 16.4): the app is held back so that the
  // test browser, which has SIMD, cannot mount it over the message.
  const { page: old } = await open({ query: null, init: (p) => p.addInitScript(() => { WebAssembly.validate = () => false; }) });
  await old.route(/tapis-[0-9a-f]+_bg\.wasm$/, () => {});
  await old.goto(env.server.url + '?lang=fr');
  const unsupported = old.locator('#tapis-boot .boot-why-unsupported');
  await unsupported.waitFor({ state: 'visible', timeout: 10_000 });
  assert.match(await unsupported.innerText(), /ne peut pas faire tourner le jeu[\s\S]*Safari 16\.4/);
  assert.equal(await old.locator('#tapis-boot .boot-why-failed').isVisible(), false);
});
