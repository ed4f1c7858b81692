// Layout on the screens people play on: at the start of each game, the whole hand and the turn's
// prompt show without scrolling in the browser windows of common laptops, desktops and tablets (a
// 1366×768 screen leaves about 1366×657 to the page, 1366×620 with a bookmarks bar, a 1280×720
// screen about 1280×600, a full-HD screen about 1920×969, a tablet held upright about 768×954). On
// a screen too short for the table and the hand (a phone held sideways, 844×390; a netbook or a
// small tablet held sideways, 1024×600 and 960×540; a 9-player Bonanza on a tablet held
// sideways, 1112×834) the prompt and the hand stay at the bottom of the window and the table
// scrolls behind them; on a phone held sideways (844×390, 740×360) and in a window up to 560 px
// tall (960×540) the prompt sits beside the
// hand, so that they leave most of the window to the table. Each table is shot at every size (tests/e2e/artifacts/window-*.png) for a
// person to look at; `shot` also checks that nothing needs a sideways scroll. Where the hand's
// title shows, no card lies where lifting it would cover the title.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, until, SMALL_PHONE } from './harness.mjs';
import { table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const WINDOWS = [
  { width: 1366, height: 657 },
  { width: 1366, height: 620 },
  { width: 1280, height: 600 },
  { width: 1280, height: 720 },
  { width: 1536, height: 730 },
  { width: 1024, height: 768 },
  { width: 768, height: 954 },
  { width: 844, height: 390 },
  { width: 740, height: 360 },
  { width: 1024, height: 600 },
  { width: 960, height: 540 },
  { width: 1112, height: 834 },
  { width: 1280, height: 800 },
  { width: 1920, height: 969 },
];

// The largest tables (most far plates, longest hands at the start) in each game.
const GAMES = [
  ['nain-jaune', 'en', '?game=nain-jaune&players=3&seats=human,easy,easy&seed=3&autostart=1'],
  ['bonanza', 'fr', '?game=bonanza&players=9&seats=human,easy,easy,easy,easy,easy,easy,easy,easy&seed=5&autostart=1'],
  ['programmes', 'en', '?game=programmes&players=6&seats=human,easy,easy,easy,easy,easy&seed=3&autostart=1'],
];

for (const [game, lang, query] of GAMES) {
  scenario(() => env, `${game}: the whole hand shows without scrolling in laptop and desktop windows`, { timeout: 120_000 }, async ({ open }) => {
    for (const viewport of WINDOWS) {
      const { page, errors, context } = await open({ viewport, query: `${query}&lang=${lang}&speed=slow` });
      await byId(page, 'hand').locator('.card').first().waitFor({ timeout: 30_000 });
      const size = `${viewport.width}x${viewport.height}`;
      // Measured after `shot`, which lets the dealt cards settle (they slide in from below).
      await shot(page, `window-${game}-${size}`);
      const { cards, bottom, height, prompt, dock, underTitle } = await page.evaluate((lift) => {
        const cards = [...document.querySelectorAll('[data-testid="hand"] .card')];
        const prompt = document.querySelector('[data-testid="turn-prompt"]').getBoundingClientRect();
        const dock = document.querySelector('.play-dock').getBoundingClientRect().height;
        // The cards that, lifted as high as the page lifts one (the hint's 22 px), would cover
        // the hand's title where it shows.
        const title = document.querySelector('.hand-area .hand-title').getBoundingClientRect();
        const underTitle = title.width <= 1 ? [] : cards
          .map((c) => c.getBoundingClientRect())
          .filter((c) => c.left < title.right && c.right > title.left && c.top - lift < title.bottom)
          .map((c) => `${Math.round(c.left)},${Math.round(c.top)}`);
        return { cards: cards.length, bottom: Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)), height: innerHeight, prompt: [prompt.top, prompt.bottom], dock, underTitle };
      }, 22);
      // Sideways, the prompt and the hand stacked took 54-81% of the window; side by side 31-53%
      // (at 960×540, stacked, they hid the player's own plate).
      if (viewport.height <= 560) {
        assert.ok(dock <= 0.55 * height, `${game} at ${size}: the prompt and the hand take ${Math.round(dock)} px of ${height}, leaving too little to the table`);
      }
      assert.ok(cards > 0, `${game} at ${size}: no card in the hand`);
      assert.ok(bottom <= height, `${game} at ${size}: the hand's cards end at ${Math.round(bottom)} px, below the window (${height} px)`);
      assert.deepEqual(underTitle, [], `${game} at ${size}: a lifted card would cover the hand's title`);
      assert.ok(prompt[0] >= 0 && prompt[1] <= height, `${game} at ${size}: the turn's prompt is at ${prompt.map(Math.round).join('-')} px, outside the window (${height} px)`);
      assertNoErrors(errors, `${game} at ${size}`);
      await context.close();
    }
  });
}

// A change of chips floats off beside its number for a moment and stays in the page, faded: by a
// box on the board's right it went past a small phone's edge ("+25" beside "151"), and the page
// scrolled sideways. Big stakes (×5, eight players) end this game with the first round.
scenario(() => env, 'nain-jaune: the chips floating off the boxes stay inside a small phone', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({
    viewport: SMALL_PHONE,
    query: '?game=nain-jaune&players=8&seats=human,easy,easy,easy,easy,easy,easy,easy&opt.stake_multiplier=5&seed=3&autostart=1&lang=en&speed=instant',
  });
  await until(async () => {
    const s = await table.situation(page);
    if (s.summary) await byId(page, 'summary-continue').click();
    else if (s.myTurn) await page.locator('[data-testid="hand"] [data-playable="true"]').first().click().catch(() => {});
    return s.over;
  }, { timeout: 90_000, interval: 100, what: 'the end of the game' });
  assert.equal(await page.locator('.box-king_hearts .chip-delta').count(), 1, 'the King of Hearts box shows a change');
  // The board in the picture (the standings open below it and scroll the page down).
  await page.locator('[data-testid="box-king_hearts"]').scrollIntoViewIfNeeded();
  await shot(page, 'small-nain-jaune-boxes-changed');
  assertNoErrors(errors);
});

// A long hand on a phone held sideways shows each card as a strip (13 px in a 2-player hand): the
// cards that may be played lie over the others, focused or not, so that a finger or the mouse finds
// them (each whole, unless the next card may be played too).
scenario(() => env, 'nain-jaune: the playable cards of a long hand lie over the others on a phone held sideways', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({
    viewport: { width: 844, height: 390 },
    query: '?game=nain-jaune&players=2&seats=human,easy&seed=4&autostart=1&lang=en&speed=instant',
  });
  let checked = 0;
  for (let turn = 0; turn < 40 && checked < 4; turn++) {
    await table.untilMyTurn(page);
    // Played with the mouse, at a card's left edge (every card shows it).
    const playable = page.locator('[data-testid="hand"] .hand-card.playable');
    const before = await table.situation(page);
    if ((await playable.count()) > 2) {
      await playable.first().click({ position: { x: 4, y: 30 } });
      await until(async () => (await table.situation(page)).actions > before.actions, { timeout: 5_000, what: 'a lead' });
      continue;
    }
    // Following: one card or two of the rank. A tap leaves no focus ring on a phone (Chromium
    // shows one for the page's own focus at the turn's start, and it lifts the card over the
    // others too): without it, the middle of each is still the card.
    await page.evaluate(() => document.activeElement?.blur());
    const covered = await page.$$eval('[data-testid="hand"] .hand-card.playable', (cards) => cards
      .filter((el) => !el.nextElementSibling?.classList.contains('playable'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return !el.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
      })
      .map((el) => `${el.dataset.testid} (one of ${el.parentElement.children.length} cards)`));
    assert.deepEqual(covered, [], 'playable cards covered in their middle');
    await playable.last().click({ timeout: 3_000 });
    await until(async () => (await table.situation(page)).actions > before.actions, { timeout: 5_000, what: 'a card to be played' });
    checked++;
  }
  assert.ok(checked > 0, 'no turn following a sequence');
  await shot(page, 'sideways-nain-jaune-two-players');
  assertNoErrors(errors);
});
