// Embedding (docs/embedding.md): the demo rules page (embed.html) with every embedded game, the
// messages a frame sends its host (ready, resize, move, game_over) and the commands it takes
// (new_game, show_position, set_lang, viewport), positions shown read-only or played on, invalid parameters
// and messages, the "open the full game" link, and mount_tapis on a same-origin page.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario, setup, assertNoErrors, byId, until, shot, buildReferee, ROOT } from './harness.mjs';
import { serve, DIST } from './server.mjs';
import { table } from './pages.mjs';

const POSITIONS = join(ROOT, 'docs/positions');

// The native referee, built once (cargo answers at once when it is up to date).
const referee = buildReferee();
let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const replay = (file) => JSON.parse(execFileSync(referee, ['replay', file], { encoding: 'utf8' })).state;
const encode = (file) => execFileSync(referee, ['encode', file], { encoding: 'utf8' }).trim();

/** The messages the demo page received from the frame `id`. */
const received = (page, id) => page.evaluate((f) => window.tapisHost.received.filter((m) => m.frame === f), id);

/** The frame `id` of the demo page, scrolled into view (they load lazily) and started. */
async function frameOf(page, id, lang = 'en') {
  const element = page.locator(`#${id}`);
  await element.scrollIntoViewIfNeeded();
  await until(async () => (await received(page, id)).some((m) => m.type === 'ready' && m.lang === lang), {
    what: `${id} to say it is ready, in ${lang}`,
  });
  return (await element.elementHandle()).contentFrame();
}

/**
 * Plays my first playable card with a click and waits for it to leave my hand (an embedded game
 * is not saved, so the page objects' localStorage count cannot tell).
 */
async function playFirstCard(page) {
  const card = await page.locator('[data-testid="hand"] [data-playable="true"]').first().getAttribute('data-testid');
  await page.locator(`[data-testid="hand"] [data-testid="${card}"]`).click();
  await until(async () => !(await table.snapshot(page)).hand.includes(card), { timeout: 5_000, what: `${card} to be played` });
  return card;
}

/**
 * Whether the frame loaded the computer players' worker: a playable table does (it is ready), a
 * read-only position does not even fetch its files.
 */
async function assertWorkerLoaded(frame, expected, what) {
  const status = () => frame.locator('[data-testid="ai-status"]').getAttribute('data-status');
  if (expected) {
    await until(async () => (await status()) === 'ready', { what: `${what}: the AI worker to be ready` });
    return;
  }
  assert.equal(await status(), 'idle', `${what}: the AI worker's status`);
  const fetched = await frame.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /worker/.test(n)));
  assert.deepEqual(fetched, [], `${what}: the AI worker's files were fetched`);
}

/** What a Nain Jaune table shows, compared with the referee's state of the same record. */
async function assertShowsState(frame, state, what) {
  const shown = await table.snapshot(frame);
  assert.equal(shown.deal, String(state.deal_number), `${what}: deal`);
  assert.equal(shown.toMove, state.to_move === null ? '' : String(state.to_move), `${what}: seat to move`);
  for (const seat of shown.seats) {
    const i = Number(seat.seat.replace('seat-', ''));
    assert.equal(seat.chips, String(state.chips[i]), `${what}: chips of ${seat.seat}`);
    assert.equal(seat.cards, String(state.hands[i].length), `${what}: cards of ${seat.seat}`);
  }
  for (const box of shown.boxes) {
    const [id, chips] = box.split('=');
    assert.equal(chips, String(state.board[id.replace('box-', '')]), `${what}: ${id}`);
  }
  assert.deepEqual(shown.hand.map((c) => c.replace('card-', '')).sort(), [...state.hands[0]].sort(), `${what}: my hand`);
}

scenario(() => env, 'the demo page embeds every game: frames sized by resize messages, positions shown as the referee sees them', { timeout: 180_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: 'embed.html?lang=en' });
  const ids = await page.$$eval('iframe.tapis', (fs) => fs.map((f) => f.id));
  assert.ok(ids.length >= 4, `frames: ${ids.join(', ')}`);
  const games = await page.$$eval('section.game-block', (s) => s.map((e) => e.dataset.game));
  assert.ok(games.includes('nain-jaune'), `game blocks: ${games.join(', ')}`);

  for (const id of ids) {
    const frame = await frameOf(page, id);
    // The compact page: no site header or footer, the bar with the full-game link instead.
    await frame.locator('[data-testid="embed-bar"]').waitFor();
    assert.equal(await frame.locator('.topbar').count(), 0, `${id}: no site header`);
    assert.equal(await frame.locator('.footer').count(), 0, `${id}: no footer`);
    // Sized by its content: the host set the frame to the last height it was told, and the frame
    // has nothing to scroll.
    await until(async () => {
      const sizes = (await received(page, id)).filter((m) => m.type === 'resize');
      if (!sizes.length) return false;
      const last = sizes.at(-1).height;
      const styled = await page.$eval(`#${id}`, (f) => f.style.height);
      const content = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height));
      return styled === `${last}px` && Math.abs(content - last) <= 1;
    }, { what: `${id} to be sized by its resize messages` });
    const overflow = await frame.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    assert.ok(overflow <= 1, `${id} has ${overflow}px to scroll`);
  }

  // Each position shows the very moment its record describes, with its caption, read-only.
  for (const [id, file, mode] of [
    ['nain-jaune-without', 'nain-jaune-without.json', 'view'],
    ['nain-jaune-box', 'nain-jaune-box.json', 'view'],
    ['nain-jaune-your-lead', 'nain-jaune-your-lead.json', 'play'],
  ]) {
    const frame = await frameOf(page, id);
    await frame.locator('[data-testid="game"]').waitFor();
    await assertShowsState(frame, replay(join(POSITIONS, file)), id);
    assert.equal(await frame.locator('[data-testid="embed-bar"]').getAttribute('data-mode'), mode, `${id}: mode`);
    const caption = await frame.locator('[data-testid="caption"]').innerText();
    assert.equal(caption, await page.$eval(`#${id}`, (f) => f.dataset.captionEn), `${id}: caption`);
    await assertWorkerLoaded(frame, mode === 'play', id);
  }
  // The other games' positions: the same moment as the referee's (deal, seat to move), read-only.
  for (const [id, file, game] of [
    ['bonanza-dead-stop', 'bonanza-dead-stop.json', 'bonanza'],
    ['programmes-reveal', 'programmes-reveal.json', 'programmes'],
  ]) {
    assert.ok(games.includes(game), `a ${game} block`);
    const frame = await frameOf(page, id);
    const section = frame.locator('[data-testid="game"]');
    await section.waitFor();
    const state = replay(join(POSITIONS, file));
    assert.equal(await section.getAttribute('data-deal-number'), String(state.deal_number), `${id}: deal`);
    assert.equal(await section.getAttribute('data-to-move'), state.to_move === null ? '' : String(state.to_move), `${id}: seat to move`);
    assert.equal(await frame.locator('[data-testid="embed-bar"]').getAttribute('data-mode'), 'view', `${id}: mode`);
    assert.equal(await frame.locator('[data-testid="caption"]').innerText(), await page.$eval(`#${id}`, (f) => f.dataset.captionEn), `${id}: caption`);
    await assertWorkerLoaded(frame, false, id);
  }
  const without = await frameOf(page, 'nain-jaune-without');
  assert.match(await without.locator('[data-testid="announcement"]').innerText(), /10 without jack: Bob goes on/i, 'the call is on the table');
  const box = await frameOf(page, 'nain-jaune-box');
  assert.equal(await box.locator('[data-testid="box-nain_jaune"]').getAttribute('data-chips'), '0', 'the box was emptied');
  await page.locator('#nain-jaune-box').scrollIntoViewIfNeeded();
  await shot(page, 'desktop-en-embed-position');

  // Read-only: nobody moves, not even the computer whose turn it is.
  const before = await table.snapshot(without);
  assert.equal(await without.locator('[data-testid="hand"]').getAttribute('data-active'), 'false');
  await page.waitForTimeout(1500);
  assert.deepEqual(await table.snapshot(without), before, 'the position stays as it is');
  assert.equal((await received(page, 'nain-jaune-without')).filter((m) => m.type === 'move').length, 0);

  // A playable position: my lead; the 7♦ takes the Yellow Dwarf's box, and the host hears of it.
  const lead = await frameOf(page, 'nain-jaune-your-lead');
  await until(async () => (await lead.locator('[data-testid="hand"]').getAttribute('data-active')) === 'true', { what: 'my turn in the position' });
  await lead.locator('[data-testid="card-7D"]').click();
  await until(async () => (await lead.locator('[data-testid="box-nain_jaune"]').getAttribute('data-chips')) === '0', { what: 'the box to be taken' });
  const moves = (await received(page, 'nain-jaune-your-lead')).filter((m) => m.type === 'move');
  assert.deepEqual(moves[0], { frame: 'nain-jaune-your-lead', source: 'tapis', version: 1, type: 'move', seat: 0, action: 'play 7D', index: 20, game: 'nain-jaune' });

  // No saved game was written by any frame: the site's own save is the player's. Nor did any
  // frame register a service worker (the offline copy of the build is the full site's).
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), null);
  assert.equal(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), 0, 'service workers registered');

  // The host turns a read-only position into a playable one: the computer players' worker starts.
  await page.evaluate((text) => document.getElementById('nain-jaune-without').contentWindow.postMessage({ source: 'tapis', version: 1, type: 'show_position', record: text, mode: 'play' }, location.origin), encode(join(POSITIONS, 'nain-jaune-your-lead.json')));
  await until(async () => (await without.locator('[data-testid="ai-status"]').getAttribute('data-status')) === 'ready', { what: 'the worker of the position made playable' });
  assertNoErrors(errors);
});

scenario(() => env, 'a host command starts an all-computer game that plays to the end and reports game_over', { timeout: 180_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: 'embed.html?lang=en' });
  const frame = await frameOf(page, 'nain-jaune-game');
  await frame.locator('[data-testid="game"]').waitFor();
  // The frame's own game plays its computers' moves up to the human's turn (one every 600 ms):
  // once it is quiet, none of its moves can be taken for the new game's.
  let earlier = -1;
  await until(async () => {
    const count = (await received(page, 'nain-jaune-game')).length;
    const quiet = count === earlier;
    earlier = count;
    return quiet;
  }, { interval: 2000, what: 'the first game to wait for its human player' });
  // The reader has scrolled down to the frame's bottom (the hand): its top is above the window.
  await page.evaluate(() => document.getElementById('nain-jaune-game').scrollIntoView({ block: 'end' }));
  await page.evaluate(() => {
    const f = document.getElementById('nain-jaune-game');
    f.contentWindow.postMessage({
      source: 'tapis', version: 1, type: 'new_game',
      params: { game: 'nain-jaune', players: 4, seats: ['easy', 'random', 'easy', 'medium'], seed: 2024, speed: 'instant', options: { rounds: 1 } },
    }, location.origin);
  });
  await until(async () => (await received(page, 'nain-jaune-game')).some((m) => m.type === 'game_over'), {
    timeout: 120_000, what: 'the game_over message',
  });
  const messages = (await received(page, 'nain-jaune-game')).slice(earlier);
  const over = messages.find((m) => m.type === 'game_over');
  // The moves of the new game, in order, each once.
  const moves = messages.filter((m) => m.type === 'move');
  assert.ok(moves.length > 20, `${moves.length} moves`);
  assert.deepEqual(moves.map((m) => m.index), moves.map((_, i) => i), 'every move once, in order');
  assert.equal(over.game, 'nain-jaune');
  assert.equal(over.result.chips.length, 4);
  const best = Math.max(...over.result.chips);
  const leaders = over.result.chips.flatMap((c, i) => (c === best ? [i] : []));
  assert.equal(over.result.winner, leaders.length === 1 ? leaders[0] : null, 'the winner has the most chips');
  assert.equal(over.names.length, 4);
  // The frame shows the end too, and its full-game link holds the whole game: the referee replays
  // it to the same result.
  await frame.locator('[data-testid="round-summary"]').waitFor({ timeout: 10_000 });
  // The summary opens in the part of the frame the page shows, though the frame is taller than
  // the window (Playwright's boxes are in the page's coordinates).
  // (The demo page's other frames load and resize meanwhile: the reader scrolls back to the hand.)
  await page.evaluate(() => document.getElementById('nain-jaune-game').scrollIntoView({ block: 'end' }));
  const viewport = page.viewportSize();
  const frameBox = await page.locator('#nain-jaune-game').boundingBox();
  assert.ok(frameBox.height > viewport.height && frameBox.y < 0, `the frame (${Math.round(frameBox.height)} px, top ${Math.round(frameBox.y)}) reaches above the window`);
  let seen;
  await until(async () => {
    const box = await frame.locator('.dialog').first().boundingBox();
    const band = await frame.evaluate(() => ['--band-top', '--band-height'].map((v) => getComputedStyle(document.documentElement).getPropertyValue(v)).join(' / '));
    seen = `dialog ${JSON.stringify(box)}, band ${band}, frame ${JSON.stringify(await page.locator('#nain-jaune-game').boundingBox())}`;
    return box && box.y >= 0 && box.y + box.height <= viewport.height + 1;
  }, { timeout: 5_000, what: 'the summary dialog within the window' }).catch((e) => { throw new Error(`${e.message}: ${seen}`); });
  await shot(page, 'desktop-en-embed-summary-in-view');
  // A frame the reader is not using takes no focus (the host page would jump to it): the page
  // keeps it, and the summary's button is there to be pressed.
  assert.notEqual(await page.evaluate(() => document.activeElement?.tagName), 'IFRAME', 'the host page keeps the focus');
  await frame.locator('[data-testid="summary-continue"]').press('Enter');
  await frame.locator('[data-testid="game-over"]').waitFor({ timeout: 10_000 });
  const dir = mkdtempSync(join(tmpdir(), 'tapis-over-'));
  let state;
  await until(async () => {
    const href = await frame.locator('[data-testid="open-full-game"]').getAttribute('href');
    const position = new URL(href).searchParams.get('position');
    if (!position) return false;
    writeFileSync(join(dir, 'game.json'), execFileSync(referee, ['decode', position], { encoding: 'utf8' }));
    state = replay(join(dir, 'game.json'));
    return state.finished;
  }, { what: 'the link to hold the finished game' });
  assert.deepEqual(state.chips, over.result.chips);
  assert.equal(state.winner, over.result.winner);
  rmSync(dir, { recursive: true, force: true });
  assertNoErrors(errors);
});

scenario(() => env, '"open the full game" opens the same game on the full site, playable', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: 'index.html?embed=1&lang=en&game=nain-jaune&players=3&seats=human,easy,hard&seed=77&opt.direction=anticlockwise&speed=instant' });
  await table.untilMyTurn(page);
  await playFirstCard(page);
  await table.untilMyTurn(page);
  const shown = await table.snapshot(page);
  // The link follows the game (it is rebuilt after every move).
  let href;
  await until(async () => {
    href = await byId(page, 'open-full-game').getAttribute('href');
    return href?.includes('position=') && new URL(href).searchParams.get('position').length > 20;
  }, { what: 'the full-game link' });
  assert.equal(await byId(page, 'open-full-game').getAttribute('target'), '_blank');
  const url = new URL(href);
  assert.equal(url.pathname, new URL(env.server.url).pathname, 'the link points at the site itself');
  assert.equal(url.searchParams.get('position_mode'), 'play');
  assert.equal(url.searchParams.get('embed'), null, 'the full site, not the compact page');
  const record = JSON.parse(execFileSync(referee, ['decode', url.searchParams.get('position')], { encoding: 'utf8' }));
  assert.equal(record.options.direction, 'anticlockwise');
  assert.deepEqual(record.seats, ['human', 'easy', 'hard']);
  assert.equal(record.seed, 77);

  const full = await open({ query: null });
  await full.page.goto(href);
  await byId(full.page, 'game').waitFor({ timeout: 30_000 });
  assert.equal(await full.page.locator('.topbar').count(), 1, 'the full site, with its header');
  await table.untilMyTurn(full.page);
  assert.deepEqual(await table.snapshot(full.page), shown, 'the same table');
  // The full site keeps it as its game: saved, and the address no longer restarts it on reload.
  assert.ok(!full.page.url().includes('position='), full.page.url());
  const saved = JSON.parse(await full.page.evaluate(() => localStorage.getItem('tapis.current')));
  assert.equal(saved.actions.length, record.actions.length);
  await table.playByKeyboard(full.page);
  assertNoErrors(errors);
  assertNoErrors(full.errors, 'the full site');
});

scenario(() => env, 'invalid parameters and a corrupt position are explained in the frame, and the page still works', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({
    query: 'index.html?embed=1&lang=en&game=chess&players=12&seats=human,genius&opt.direction=sideways&opt.colour=red&autostart=maybe&position_mode=edit',
  });
  const banner = byId(page, 'error');
  await banner.waitFor({ timeout: 30_000 });
  const text = await banner.innerText();
  for (const words of [/“chess” is not a game/, /12 players is not possible/, /“genius” is not a seat/, /“direction” cannot be “sideways”/, /“colour” is not a house rule/, /autostart=maybe/, /position_mode “edit”/]) {
    assert.match(text, words, text);
  }
  await shot(page, 'desktop-en-embed-bad-params');
  // Still a working page: the new-game form starts a game.
  await byId(page, 'start-game').click();
  await byId(page, 'game').waitFor({ timeout: 15_000 });

  const corrupt = await open({ query: 'index.html?embed=1&lang=fr&game=nain-jaune&seats=human,easy,easy&position=q1ZKyy_KTSx&speed=instant' });
  await byId(corrupt.page, 'error').waitFor({ timeout: 30_000 });
  assert.match(await byId(corrupt.page, 'error').innerText(), /La position ne peut pas être montrée\s:\s.*damaged/, 'says why, in French');
  await byId(corrupt.page, 'game').waitFor({ timeout: 15_000 });
  await table.untilMyTurn(corrupt.page);
  await playFirstCard(corrupt.page);

  // A position whose second move is illegal (`referee encode` refuses it: the browser's own
  // encoder makes the same text format).
  const illegal = { format: 1, game: 'nain-jaune', players: 4, seed: 7, actions: [{ seat: 1, do: 'play 3S' }, { seat: 1, do: 'play KC' }] };
  const text2 = await page.evaluate(async (json) => {
    const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
    const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
    return btoa(String.fromCharCode(...bytes)).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
  }, JSON.stringify(illegal));
  const illegalPage = await open({ query: `index.html?embed=1&lang=en&position=${text2}` });
  await byId(illegalPage.page, 'error').waitFor({ timeout: 30_000 });
  assert.match(await byId(illegalPage.page, 'error').innerText(), /move 2 \(actions\[1\]\) is refused — .*play KC/);
  await byId(illegalPage.page, 'new-game').waitFor();
  assertNoErrors(errors);
  assertNoErrors(corrupt.errors, 'the corrupt position page');
  assertNoErrors(illegalPage.errors, 'the illegal position page');
});

scenario(() => env, 'without autostart the address prefills the new-game form (game, players, seats, seed, house rules); once the game is on, it is spent', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({
    query: 'index.html?lang=en&game=bonanza&seats=human,hard,medium,random,easy&seed=4242&opt.deals=3&opt.widow_price_to=pot&opt.poker=false&opt.start_chips=60',
  });
  await byId(page, 'new-game').waitFor({ timeout: 30_000 });
  const value = (id) => byId(page, id).evaluate((e) => e.value);
  const seatKinds = () => Promise.all([0, 1, 2, 3, 4].map((i) => value(`seat-kind-${i}`)));
  assert.equal(await value('players'), '5', 'the seats say how many play');
  assert.deepEqual(await seatKinds(), ['human', 'hard', 'medium', 'random', 'easy']);
  assert.equal(await value('seed'), '4242');
  assert.equal(await value('opt-deals'), '3');
  assert.equal(await value('opt-widow-price-to'), 'pot');
  assert.equal(await value('opt-poker'), 'false');
  assert.equal(await value('start-chips'), '60');
  // What the form shows is what starts.
  await byId(page, 'start-game').click();
  await byId(page, 'game').waitFor({ timeout: 15_000 });
  const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('tapis.current')));
  assert.deepEqual(
    { game: saved.game, seed: saved.seed, seats: saved.seats, deals: saved.options.deals, widow: saved.options.widow_price_to, poker: saved.options.poker, chips: saved.options.start_chips },
    { game: 'bonanza', seed: 4242, seats: ['human', 'hard', 'medium', 'random', 'easy'], deals: 3, widow: 'pot', poker: false, chips: 60 },
  );
  // Spent once the game is on: the address keeps only the language, and the next new game is the
  // setup just played with a fresh seed, not the same cards again.
  assert.equal(new URL(page.url()).search, '?lang=en');
  await byId(page, 'new-game-button').click();
  await byId(page, 'new-game').waitFor();
  assert.equal(await value('seed'), '', 'no seed: a fresh deal');
  assert.deepEqual(await seatKinds(), ['human', 'hard', 'medium', 'random', 'easy']);
  assert.equal(await value('opt-deals'), '3');
  assertNoErrors(errors);

  // Started at once (autostart=1), the same: the address is spent, the next deal is fresh.
  const started = await open({ query: 'index.html?lang=en&game=nain-jaune&players=3&seats=human,hard,easy&seed=9&autostart=1' });
  await byId(started.page, 'game').waitFor({ timeout: 30_000 });
  await until(async () => new URL(started.page.url()).search === '?lang=en', { what: 'the address to be spent' });
  await byId(started.page, 'new-game-button').click();
  await byId(started.page, 'new-game').waitFor();
  assert.equal(await byId(started.page, 'seed').evaluate((e) => e.value), '', 'no seed: a fresh deal');
  assertNoErrors(started.errors, 'the page started at once');
});

scenario(() => env, 'commands: show_position, set_lang; malformed or unknown messages are ignored with a warning', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: 'embed.html?lang=en' });
  const warnings = [];
  page.on('console', (m) => { if (m.type() === 'warning') warnings.push(m.text()); });
  const frame = await frameOf(page, 'nain-jaune-game');
  await frame.locator('[data-testid="game"]').waitFor();
  const sessionBefore = await frame.locator('[data-testid="game"]').getAttribute('data-session');
  const post = (message) => page.evaluate((m) => document.getElementById('nain-jaune-game').contentWindow.postMessage(m, location.origin), message);

  await post('hello');
  await post({ source: 'someone-else', version: 1, type: 'new_game' });
  await post({ source: 'tapis', version: 2, type: 'new_game' });
  await post({ source: 'tapis', version: 1, type: 'fly_away' });
  await post({ source: 'tapis', version: 1, type: 'show_position' });
  // Chromium may add warnings of its own (preload integrity): wait for each of ours by its words.
  const ours = [/not an object/, /"source" is not "tapis"/, /version 2 is not supported/, /unknown type "fly_away"/, /needs a "record"/];
  await until(() => ours.every((words) => warnings.some((w) => words.test(w))), { what: 'the five warnings' });
  for (const words of ours) {
    assert.ok(warnings.some((w) => words.test(w)), `a warning matching ${words}: ${warnings.join(' | ')}`);
  }
  assert.equal(await frame.locator('[data-testid="game"]').getAttribute('data-session'), sessionBefore, 'the game is untouched');

  // show_position with a record object, read-only, with a caption.
  const record = JSON.parse(readFileSync(join(POSITIONS, 'nain-jaune-without.json'), 'utf8'));
  await post({ source: 'tapis', version: 1, type: 'show_position', record, mode: 'view', caption: 'From the host' });
  await until(async () => (await frame.locator('[data-testid="caption"]').count()) === 1, { what: 'the caption' });
  assert.equal(await frame.locator('[data-testid="caption"]').innerText(), 'From the host');
  assert.equal(await frame.locator('[data-testid="embed-bar"]').getAttribute('data-mode'), 'view');
  await assertShowsState(frame, replay(join(POSITIONS, 'nain-jaune-without.json')), 'show_position');

  // The same as position text, playable.
  await post({ source: 'tapis', version: 1, type: 'show_position', record: encode(join(POSITIONS, 'nain-jaune-your-lead.json')), mode: 'play' });
  await until(async () => (await frame.locator('[data-testid="embed-bar"]').getAttribute('data-mode')) === 'play', { what: 'play mode' });
  assert.equal(await frame.locator('[data-testid="caption"]').count(), 0, 'no caption any more');

  // The page's language switch: positions reload in French, the game changes language in place.
  const session = await frame.locator('[data-testid="game"]').getAttribute('data-session');
  await page.locator('[data-set-lang="fr"]').click();
  await until(() => frame.evaluate(() => document.documentElement.lang === 'fr'), { what: 'the game in French' });
  assert.equal(await frame.locator('[data-testid="game"]').getAttribute('data-session'), session, 'same game, not reloaded');
  const position = await frameOf(page, 'nain-jaune-box');
  await until(async () => /Ada/.test(await position.locator('[data-testid="caption"]').innerText().catch(() => '')) && (await position.evaluate(() => document.documentElement.lang)) === 'fr', { what: 'the position in French' });
  assert.equal(await position.locator('[data-testid="caption"]').innerText(), await page.$eval('#nain-jaune-box', (f) => f.dataset.captionFr));
  assertNoErrors(errors);
});

scenario(() => env, 'mount_tapis mounts the game into an element of a same-origin page elsewhere', { timeout: 120_000 }, async ({ open }) => {
  const root = mkdtempSync(join(tmpdir(), 'tapis-host-'));
  cpSync(DIST, join(root, 'lib/tapis'), { recursive: true });
  mkdirSync(join(root, 'pages'));
  // The snippet of docs/embedding.md, as a file (no inline script).
  writeFileSync(join(root, 'pages/host.html'), `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Host page</title>
<link rel="icon" href="data:,"><script type="module" src="host.js"></script></head><body><h1>Spielregeln</h1><div id="game"></div></body></html>`);
  writeFileSync(join(root, 'pages/host.js'), `
const base = new URL('../lib/tapis/', location.href);
const build = await (await fetch(new URL('tapis-build.json', base))).json();
for (const css of build.app.css) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = new URL(css, base);
  document.head.append(link);
}
const tapis = await import(new URL(build.app.js, base));
await tapis.default({ module_or_path: new URL(build.app.wasm, base) });
const element = document.getElementById('game');
window.events = [];
element.addEventListener('tapis', (event) => window.events.push(event.detail));
tapis.mount_tapis(element, 'embed=1&game=nain-jaune&seats=easy,easy,random&seed=5&opt.rounds=1&speed=instant&lang=en', base.href);
`);
  const server = await serve({ root, prefix: '/site/' });
  try {
    const workers = [];
    const { page, errors } = await open({ base: server.url, query: null, init: (p) => p.on('worker', (w) => workers.push(w.url())) });
    await page.goto(server.url + 'pages/host.html');
    await page.locator('#game [data-testid="game"]').waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('body > [data-testid="game"], body > .main').count(), 0, 'nothing outside the element');
    await until(() => page.evaluate(() => window.events.some((e) => e.type === 'game_over')), { timeout: 90_000, what: 'game_over' });
    const events = await page.evaluate(() => window.events);
    assert.equal(events[0].type, 'ready');
    assert.equal(events[0].game, 'nain-jaune');
    assert.ok(events.filter((e) => e.type === 'move').length > 20);
    assert.equal(await byId(page, 'ai-status').getAttribute('data-status'), 'ready', 'the AI worker runs');
    assert.ok(workers[0]?.startsWith(server.url + 'lib/tapis/worker-nain-jaune_loader.js'), `the worker comes from the build: ${workers[0]}`);
    // The host page keeps its title, language and address; nothing is saved.
    assert.equal(await page.title(), 'Host page');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'de');
    assert.equal(await page.locator('#game').getAttribute('lang'), 'en');
    assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), null);
    // Commands as DOM events on the element.
    await page.evaluate(() => document.getElementById('game').dispatchEvent(new CustomEvent('tapis-command', {
      detail: { source: 'tapis', version: 1, type: 'set_lang', lang: 'fr' },
    })));
    assert.equal(await page.locator('#game').getAttribute('lang'), 'fr');
    await shot(page, 'desktop-mounted');
    assertNoErrors(errors);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});
