// Accessibility: axe-core (the engine behind Lighthouse's and the browsers' audits) on every kind
// of screen a player meets — the new-game form, each game's table, the Programmes reveal chooser,
// the rules, the end of a game, the compact embedded page — in both languages, on a phone and a
// desktop. Every rule axe runs by default (WCAG 2.0–2.2 A and AA, and its best practices) must pass.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, audit, byId, shot, shotAlsoSmall, until, DESKTOP, PHONE } from './harness.mjs';
import { newGame, table, bonanza, programmes } from './pages.mjs';
import { revealRecord } from './programmes-records.mjs';
import { openGuide } from './guide-walk.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** Tab and Shift+Tab go round the dialog `testId` (its buttons and its scrolling parts), never out. */
async function assertTabStaysIn(page, testId) {
  const stops = new Set();
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    const where = await page.evaluate((id) => {
      const el = document.activeElement;
      const inside = !!el?.closest(`[data-testid="${id}"]`);
      return { inside, what: `${el?.tagName}.${el?.className}` };
    }, testId);
    assert.ok(where.inside, `${key} left the dialog ${testId} for ${where.what}`);
    stops.add(where.what);
  }
  return stops;
}

/** A game of computers only, to its end: each summary (they wait for someone to go on) is handed
 *  to `atSummary`, then continued. Returns how many there were. */
async function playToTheEnd(page, atSummary) {
  let summaries = 0;
  await until(async () => {
    if (await byId(page, 'game-over').count()) return true;
    if (await byId(page, 'summary-continue').count()) {
      summaries += 1;
      await atSummary();
      await byId(page, 'summary-continue').click();
    }
    return false;
  }, { timeout: 60_000, what: 'the end of the game' });
  return summaries;
}

/** On a phone the record buttons and the preferences fold behind "More", a disclosure button
 *  (aria-expanded) the keyboard opens and closes; on a desktop they are all shown, with no toggle. */
async function checkTopBarFolds(page, device, shots) {
  const toggle = byId(page, 'more-settings');
  const barHeight = () => page.locator('.topbar').evaluate((bar) => bar.getBoundingClientRect().height);
  if (device !== 'phone') {
    assert.equal(await toggle.isVisible(), false, 'no "More" toggle on a desktop');
    assert.ok(await byId(page, 'export-record').isVisible() && await byId(page, 'speed').isVisible());
    return;
  }
  const folded = await barHeight();
  assert.ok(folded <= 100, `the folded top bar takes ${folded} px of a phone (two rows at most)`);
  assert.equal(await byId(page, 'speed').isVisible(), false, 'the preferences are folded at first');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  await toggle.focus();
  await page.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  for (const id of ['export-record', 'speed', 'four-colour', 'lang-en', 'lang-fr']) {
    assert.ok(await byId(page, id).isVisible(), `${id} shows once unfolded`);
  }
  assert.ok(await barHeight() > folded, 'the unfolded controls take rows of their own');
  await audit(page, 'the top bar unfolded (phone)');
  await shots('top-bar-unfolded');
  await page.keyboard.press('Space');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await byId(page, 'export-record').isVisible(), false, 'folded again');
}

for (const [lang, viewport, device] of [['en', DESKTOP, 'desktop'], ['fr', PHONE, 'phone']]) {
  scenario(() => env, `new-game form and rules, lang=${lang}, ${device}`, { timeout: 90_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport, query: `?lang=${lang}` });
    // On the phone, each moment is shot at a small phone's size too.
    const shots = (moment) => shotAlsoSmall(page, `${device}-${lang}-${moment}`);
    await newGame.visible(page);
    await audit(page, `the new-game form (${lang}, ${device})`);
    await checkTopBarFolds(page, device, shots);
    await byId(page, 'game-bonanza').check();
    await audit(page, `the new-game form for Bonanza (${lang}, ${device})`);
    // Bonanza's options have the longest choices of the three forms.
    await shots('new-game-bonanza');
    await page.getByRole('button', { name: lang === 'en' ? 'Rules' : 'Règles' }).click();
    await byId(page, 'rules').waitFor();
    // The guide is fetched when the dialog first opens (public/rules/<lang>.json).
    assert.equal(await page.locator('[data-testid="rules"] .rules-section h3').first().innerText(), lang === 'en' ? 'The aim' : 'Le but');
    await audit(page, `the rules (${lang}, ${device})`);
    await shots('rules');
    const stops = await assertTabStaysIn(page, 'rules');
    assert.ok([...stops].some((w) => w.includes('rules-body')), `the rules' text is a Tab stop (stops: ${[...stops].join(', ')})`);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'Nain Jaune table with a move log, and the end of a game (English, desktop)', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: '?lang=en&speed=instant' });
  await newGame.start(page, { rounds: 1, seed: 5 });
  await table.playTurns(page, 3);
  await audit(page, 'the Nain Jaune table');

  const { page: over } = await open({
    viewport: DESKTOP,
    query: '?lang=en&game=nain-jaune&players=3&seats=easy,easy,easy&seed=9&opt.rounds=1&autostart=1&speed=instant',
  });
  const summaries = await playToTheEnd(over, async () => {
    await audit(over, 'a round summary');
    await assertTabStaysIn(over, 'round-summary');
  });
  assert.ok(summaries > 0, 'a round summary was shown and audited');
  await shot(over, 'desktop-en-a11y-game-over');
  await audit(over, 'the end of a Nain Jaune game');
  // Its review: the steps, every hand, the progress (no seat of a person, so nothing to weigh).
  await byId(over, 'review-open').click();
  await byId(over, 'review').waitFor();
  await byId(over, 'review-first').click();
  await until(async () => (await byId(over, 'review').getAttribute('data-step')) === '0', { what: 'the review at its start' });
  await audit(over, 'the review of a Nain Jaune game');
  assertNoErrors(errors);
});

for (const [game, title, target, what] of [
  ['nain-jaune', 'the guided first game (French, phone)', 'the card the guide points at', 'the guided first game'],
  ['bonanza', 'the guided first game of Bonanza (French, phone)', 'the decision the guide points at', 'the guided first game of Bonanza, at the widow'],
]) {
  scenario(() => env, title, { timeout: 60_000 }, async ({ open }) => {
    const { page, errors } = await openGuide(open, `?lang=fr&speed=instant&tutorial=${game}`, PHONE);
    await until(async () => (await page.locator('[data-tutorial-target="true"]').count()) === 1, { what: target });
    await audit(page, what);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'Bonanza table (French, phone)', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({
    viewport: PHONE,
    query: '?lang=fr&game=bonanza&players=5&seats=human,easy,easy,easy,easy&seed=5&autostart=1&speed=instant',
  });
  await until(async () => {
    const s = await bonanza.situation(page);
    return s.decisions.length > 0 || s.race;
  }, { what: 'a decision of mine' });
  await audit(page, 'the Bonanza table');

  const { page: over } = await open({
    viewport: PHONE,
    query: '?lang=fr&game=bonanza&players=5&seats=easy,easy,easy,easy,easy&seed=9&opt.deals=1&autostart=1&speed=instant',
  });
  await playToTheEnd(over, () => audit(over, 'a Bonanza deal summary'));
  await audit(over, 'the end of a Bonanza game');
  assertNoErrors(errors);
});

scenario(() => env, 'a notice about a bad address parameter (English, desktop)', { timeout: 60_000 }, async ({ open }) => {
  const { page } = await open({ viewport: DESKTOP, query: '?lang=en&game=chess&speed=warp' });
  await newGame.visible(page);
  await byId(page, 'error').waitFor();
  await audit(page, 'the new-game form with a notice');
});

for (const [lang, viewport, device] of [['en', DESKTOP, 'desktop'], ['fr', PHONE, 'phone']]) {
  scenario(() => env, `Programmes table with the reveal chooser, lang=${lang}, ${device}`, { timeout: 90_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&speed=instant` });
    await newGame.visible(page);
    await programmes.importRecord(page, revealRecord({ lang }));
    await programmes.untilMyTurnOrOver(page);
    await audit(page, `the Programmes table (${lang}, ${device})`);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'the compact page for a frame (embed=1)', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({
    viewport: { width: 720, height: 560 },
    query: '?embed=1&lang=en&game=nain-jaune&players=3&seats=human,easy,easy&seed=77&autostart=1&speed=instant',
  });
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  await table.untilMyTurn(page);
  await audit(page, 'the embedded Nain Jaune table');
  assertNoErrors(errors);
});
