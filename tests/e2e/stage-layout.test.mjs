// The table as a player sees it, by geometry, through a deal's end of each game, in the windows
// people play in: laptops (1366×768, 1280×720), a desktop (1920×1080), a tablet (768×1024), a
// phone upright (390×844) and sideways (844×390), a small phone (360×640); Chromium at every
// size, Firefox and WebKit at a laptop's and a phone's (as narrow as each opens: WebKit 450,
// Firefox 500). At each of the player's turns and after each move: nothing lies over the player's
// own plate or the turn's prompt (what `elementFromPoint` finds at their middle is themselves), the
// page needs no sideways scroll, and the hand stays where it was (8 px at most, in the page and in
// the window); a deal's summary lies inside the window, over the top bar (which it dims). On a
// phone each card of the hand offers a finger at least 28×44 px, its corner's index uncovered, and
// a point at the middle of that part finds the card. TAPIS_ENGINES=webkit (or a list) runs one
// engine. Screenshots: artifacts/stage/<engine>-<game>-<size>-<moment>.png.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from './server.mjs';
import { launch, selectedEngines, until, sleep } from './engines/driver.mjs';
import { state, untilMyTurnOrEnd, keyboardMove } from './engines/pages.mjs';
import { stageProbe, handProbe } from './stage-probe.mjs';

const SHOTS = fileURLToPath(new URL('./artifacts/stage/', import.meta.url));

// A phone: its window, touch, and three device pixels to a CSS pixel (Chromium's emulation; the
// WebDriver engines open a plain window that narrow).
const phone = (width, height) => ({ width, height, mobile: true });
const SIZES = {
  laptop: { width: 1366, height: 768 },
  'small-laptop': { width: 1280, height: 720 },
  desktop: { width: 1920, height: 1080 },
  tablet: { width: 768, height: 1024 },
  phone: phone(390, 844),
  sideways: phone(844, 390),
  'small-phone': phone(360, 640),
};
const NARROWEST = { webkit: 450, firefox: 500 };
/** The sizes an engine is tried at: all in Chromium, a laptop's and a phone's elsewhere. */
function sizesOf(engine) {
  if (engine === 'chromium') return Object.entries(SIZES);
  return [['small-laptop', SIZES['small-laptop']], ['phone', { ...SIZES.phone, width: Math.max(390, NARROWEST[engine] ?? 0) }]];
}

// Short deals: few players, one deal or round, the computers at once.
const GAMES = [
  { game: 'nain-jaune', query: 'game=nain-jaune&players=3&seats=human,easy,easy&seed=41&opt.rounds=1' },
  { game: 'bonanza', query: 'game=bonanza&players=3&seats=human,easy,easy&seed=20240624&opt.deals=1' },
  { game: 'programmes', query: 'game=programmes&players=2&seats=human,easy&seed=2024&opt.target=1' },
];

/** What is wrong with the table as read by `stageProbe` (`what`: the moment). */
function tableProblems(g, what) {
  const problems = [];
  if (g.sideways) problems.push(`${what}: the page needs a sideways scroll`);
  // (A dialog open lies over the table, as it should.)
  if (g.plate && !g.dialogs.length) problems.push(`${what}: the player's plate is under ${g.plate}`);
  if (g.prompt && !g.dialogs.length) problems.push(`${what}: the prompt is under ${g.prompt}`);
  for (const d of g.dialogs) {
    if (d.top < -0.5 || d.left < -0.5 || d.bottom > g.window[1] + 0.5 || d.right > g.window[0] + 0.5) {
      problems.push(`${what}: the dialog ${d.id} lies at ${[d.left, d.top, d.right, d.bottom].map(Math.round)}, outside the window ${g.window}`);
    }
  }
  if (g.dialogs.length && g.barHit && /topbar|brand|btn|pref/.test(g.barHit) && !/dialog/.test(g.barHit)) {
    problems.push(`${what}: the top bar is above the dialog (${g.barHit})`);
  }
  return problems;
}

/** What is wrong with the hand's cards for a finger (read by `handProbe`). */
function fingerProblems(cards, what) {
  return cards.flatMap((c) => [
    ...(c.width < 28 || c.height < 44 ? [`${what}: ${c.card} offers ${c.width}×${c.height} px`] : []),
    ...(c.centre ? [] : [`${what}: the middle of ${c.card}'s free part is another card`]),
    ...(c.index ? [] : [`${what}: ${c.card}'s index is covered`]),
  ]);
}

/** Where the hand moved from `a` to `b` by more than 8 px (in the page or in the window). */
function jump(a, b) {
  const moves = [['top', b.top - a.top], ['left', b.left - a.left], ['page top', b.pageTop - a.pageTop], ['page left', b.pageLeft - a.pageLeft]];
  return moves.filter(([, d]) => Math.abs(d) > 8).map(([k, d]) => `${k} ${d > 0 ? '+' : ''}${Math.round(d)} px`);
}

/** Lets the finite animations and transitions end (3 s at most). */
function settle(page) {
  return page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => {}))), new Promise((r) => setTimeout(r, 3000))]).then(() => true);
  });
}

async function saveShot(page, name) {
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}${name}.png`, await page.screenshot());
}

/** Plays the first deal of `game` at this size, reading the table as it goes; returns what is
 *  wrong, the number of my moves and the largest move of the hand seen. */
async function playDeal(page, engine, { game }, size, sizeName) {
  const problems = [];
  const prefix = `${engine}-${game}-${sizeName}`;
  let last = null;
  let moves = 0;
  let largest = 0;
  let shotProblem = false;
  const look = async (moment) => {
    const g = await page.evaluate(stageProbe);
    const found = tableProblems(g, moment);
    problems.push(...found);
    // What the player saw at the first moment that went wrong.
    if (found.length && !shotProblem) {
      shotProblem = true;
      await saveShot(page, `${prefix}-problem`);
    }
    if (g.hand && !g.dialogs.length) {
      if (last) {
        const jumps = jump(last.hand, g.hand);
        largest = Math.max(largest, ...['top', 'left', 'pageTop', 'pageLeft'].map((k) => Math.abs(g.hand[k] - last.hand[k])));
        if (jumps.length) problems.push(`${moment}: the hand moved (${jumps.join(', ')}) since ${last.moment}`);
      }
      last = { hand: g.hand, moment };
    }
    return g;
  };
  const end = Date.now() + 200_000;
  for (;;) {
    assert.ok(Date.now() < end, `${prefix}: the deal ends within 200 s (${moves} moves of mine)`);
    const s = await untilMyTurnOrEnd(page);
    if (s.summary || s.over) {
      await sleep(400);
      const g = await look('the summary');
      assert.ok(g.dialogs.length > 0 || s.over, `${prefix}: a dialog at the deal's end`);
      await saveShot(page, `${prefix}-summary`);
      break;
    }
    const moment = `move ${moves} (${s.phase})`;
    await look(`${moment}, my turn`);
    if (size.mobile || sizeName === 'phone') {
      // (Once the cards have slid to their places: a focused card pushes its neighbour aside.)
      await settle(page);
      const cards = await page.evaluate(handProbe);
      problems.push(...fingerProblems(cards, moment));
    }
    if (moves === 0 || moves === 3) await saveShot(page, `${prefix}-turn-${moves}`);
    await keyboardMove(page);
    moves++;
    await look(`after move ${moves - 1}`);
    assert.ok(moves < 120, `${prefix}: the deal ends`);
  }
  return { problems, moves, largest };
}

for (const engineName of selectedEngines()) {
  describe(`the table as a stage, ${engineName}`, { concurrency: 1 }, () => {
    let engine;
    let server;
    before(async () => {
      server = await serve();
      engine = await launch(engineName);
    }, { timeout: 120_000 });
    after(async () => {
      await engine?.close();
      await server?.close();
    }, { timeout: 60_000 });

    for (const [sizeName, size] of sizesOf(engineName)) {
      for (const deal of GAMES) {
        it(`${deal.game} at ${sizeName} (${size.width}×${size.height}): a deal to its end`, { timeout: 300_000 }, async () => {
          const page = await engine.open({ viewport: { width: size.width, height: size.height }, mobile: size.mobile });
          try {
            await page.goto(`${server.url}?lang=en&speed=instant&autostart=1&${deal.query}`);
            const { problems, moves, largest } = await playDeal(page, engineName, deal, size, sizeName);
            console.log(`# ${engineName} ${deal.game} ${sizeName}: ${moves} moves of mine, the hand moved ${Math.round(largest)} px at most, ${problems.length} problems`);
            assert.ok(moves >= 2, `${deal.game}: moves of mine (${moves})`);
            assert.deepEqual(problems, [], `${engineName}, ${deal.game} at ${size.width}×${size.height}`);
            assert.deepEqual(await page.errors(), [], 'the page reported no errors');
          } catch (e) {
            await saveShot(page, `FAILED-${engineName}-${deal.game}-${sizeName}`).catch(() => {});
            throw e;
          } finally {
            await page.close();
          }
        });
      }
    }
  });
}
