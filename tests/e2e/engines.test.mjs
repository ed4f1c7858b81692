// The core scenarios in three browser engines: Chromium (playwright-core), Firefox ESR
// (geckodriver) and WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, under Xvfb), one
// scenario file for all three through the page interface of engines/driver.mjs. Each game started
// from the new-game form and a whole deal played by keyboard and by hint, with what is painted
// checked in screenshots at several moments (engines/paint.mjs), and Bonanza's again in a phone's
// narrow window; a reload that resumes; a hint taken back by undo; a game's review from a shared
// link; each game's guided deal; the embedding demo page; an offline reload.
// One engine alone: TAPIS_ENGINES=webkit node --test tests/e2e/engines.test.mjs (a comma-separated
// list; all three by default). Screenshots: artifacts/engines/<engine>-<name>.png.
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serve, DIST } from './server.mjs';
import { launch, selectedEngines, until, sleep } from './engines/driver.mjs';
import { paintCheck, inkOf, SHOTS } from './engines/paint.mjs';
import { state, startFromForm, untilMyTurnOrEnd, keyboardMove, hintMove, snapshot, savedActions, visible, attr } from './engines/pages.mjs';
import { PNG } from 'pngjs';
import { buildReferee } from './harness.mjs';

const DESKTOP = { width: 1280, height: 800 };
// A phone held upright (harness.mjs's PHONE), or as near as the engine's window goes: WebKitGTK's
// MiniBrowser opens no narrower than 447 px, Firefox than 500 (still the phone's layout, which
// holds up to 760 px; the Chromium tests also cover 390 and 360 px).
const NARROWEST = { webkit: 450, firefox: 500 };
const phone = (engineName) => ({ width: Math.max(390, NARROWEST[engineName] ?? 0), height: 844 });

// Whole deals, small: few players; Nain Jaune two rounds (WebKit's blank move log came with a
// long log), Bonanza one deal, both to the end of the game; Programmes its first round. Nain Jaune
// and Programmes at speed "instant"; Bonanza at "fast", so that cards and chips travel
// (src/app/table/flights.rs) while the table is shot.
const DEALS = [
  { game: 'nain-jaune', speed: 'instant', players: 4, seats: ['human', 'easy', 'easy', 'easy'], options: { rounds: 2 }, seed: 777, toTheEnd: true },
  { game: 'bonanza', speed: 'fast', players: 4, seats: ['human', 'easy', 'easy', 'easy'], options: { deals: 1 }, seed: 20240624, toTheEnd: true },
  { game: 'programmes', speed: 'instant', players: 3, seats: ['human', 'easy', 'easy'], options: { target: 1 }, seed: 2024, toTheEnd: false },
];

/** Plays to the end of the game (or of the first deal): my moves alternate between the keyboard
 *  and the hint, and the table is shot at each of my turns; a deal's summary is closed with the
 *  keyboard (its button has the focus). Returns the paint problems seen. */
async function playDeals(page, { game, toTheEnd }, { prefix = game, scrolls = false } = {}) {
  const problems = [];
  let moves = 0;
  let deals = 0;
  const end = Date.now() + 240_000;
  for (;;) {
    assert.ok(Date.now() < end, `${game}: the deals end within 4 minutes (${moves} moves of mine)`);
    const s = await untilMyTurnOrEnd(page);
    if (s.over) break;
    if (s.summary) {
      deals++;
      if (!toTheEnd) break;
      await until(async () => (await state(page)).focus === 'summary-continue', { timeout: 5_000, what: 'the focus on the summary button' });
      await page.press('Enter');
      await until(async () => !(await state(page)).summary, { timeout: 10_000, what: 'the summary to close' });
      continue;
    }
    problems.push(...(await paintCheck(page, `${prefix}-${String(moves).padStart(2, '0')}`, { scrolls })));
    if (moves % 2) await hintMove(page);
    else await keyboardMove(page);
    moves++;
    assert.ok(moves < 150, `${game}: the deals end`);
  }
  return { problems, moves, deals };
}

/** Shoots the page (artifacts/engines/<name>.png) once it has settled, and measures the ink of
 *  the element `css`, the part of it in view. */
async function inkIn(page, css, name) {
  await sleep(500);
  const box = await page.evaluate((css) => {
    const r = document.querySelector(css).getBoundingClientRect();
    return { x: Math.max(r.left, 0), y: Math.max(r.top, 0), w: Math.min(r.right, innerWidth) - Math.max(r.left, 0), h: Math.min(r.bottom, innerHeight) - Math.max(r.top, 0), vw: innerWidth };
  }, css);
  const buffer = await page.screenshot();
  mkdirSync(SHOTS, { recursive: true });
  writeFileSync(`${SHOTS}${name}.png`, buffer);
  const png = PNG.sync.read(buffer);
  return { box, ink: inkOf(png, png.width / box.vw, box) };
}

for (const engineName of selectedEngines()) {
  describe(engineName, { concurrency: 1 }, () => {
    let engine;
    let server;
    let started;
    before(async () => {
      started = Date.now();
      server = await serve();
      engine = await launch(engineName);
    }, { timeout: 120_000 });
    after(async () => {
      await engine?.close();
      await server?.close();
      console.log(`# ${engineName}: ${engine?.version ?? '?'}, ${Math.round((Date.now() - started) / 1000)} s`);
    }, { timeout: 60_000 });

    /** A scenario in a fresh session (its own storage); on failure a screenshot and the page's errors. */
    const scenario = (title, timeout, body, viewport = DESKTOP) => it(title, { timeout }, async (t) => {
      const page = await engine.open({ viewport });
      try {
        await body(page, t);
        const errors = await page.errors();
        assert.deepEqual(errors, [], `${engineName}: the page reported errors:\n${errors.join('\n')}`);
      } catch (e) {
        const slug = title.replace(/[^a-z0-9]+/gi, '-').slice(0, 50);
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot().then((png) => writeFileSync(`${SHOTS}FAILED-${engineName}-${slug}.png`, png)).catch(() => {});
        const errors = await page.errors().catch(() => []);
        if (errors.length) console.error(`errors seen by the ${engineName} page:\n${errors.join('\n')}`);
        throw e;
      } finally {
        await page.close();
      }
    });

    for (const deal of DEALS) {
      scenario(`${deal.game}: started from the form, ${deal.toTheEnd ? 'played to the end' : 'a whole deal'} by keyboard and by hint, painted`, 300_000, async (page) => {
        await page.goto(`${server.url}?lang=en&speed=${deal.speed}`);
        await startFromForm(page, deal);
        const { problems, moves, deals } = await playDeals(page, deal);
        console.log(`# ${engineName} ${deal.game}: ${moves} moves of mine, each shot; ${problems.length} paint problems`);
        assert.ok(moves >= 2 && deals >= 1, `${deal.game}: a whole deal with moves of mine (${moves} moves, ${deals} deals)`);
        if (deal.toTheEnd) assert.ok((await state(page)).over, `${deal.game}: the game is over`);
        assert.deepEqual(problems, [], `${engineName}: what the screenshots show`);
      });
    }

    // Bonanza on a phone: the wheel, the seats around it, the calls and the race in a narrow
    // window whose page scrolls.
    scenario('bonanza on a phone: a whole deal by keyboard and by hint, painted', 300_000, async (page) => {
      const deal = DEALS[1];
      await page.goto(`${server.url}?lang=fr&speed=${deal.speed}`);
      await startFromForm(page, deal);
      const { problems, moves, deals } = await playDeals(page, deal, { prefix: 'phone-bonanza', scrolls: true });
      console.log(`# ${engineName} bonanza on a phone: ${moves} moves of mine, each shot; ${problems.length} paint problems`);
      assert.ok(moves >= 2 && deals >= 1, `a whole deal with moves of mine (${moves} moves, ${deals} deals)`);
      assert.ok((await state(page)).over, 'the game is over');
      assert.deepEqual(problems, [], `${engineName}: what the screenshots show`);
    }, phone(engineName));

    scenario('a reload mid-game brings back the same table, and play goes on', 120_000, async (page) => {
      await page.goto(`${server.url}?lang=en&speed=instant`);
      await startFromForm(page, { ...DEALS[0], options: { rounds: 3 }, seed: 424242 });
      for (let i = 0; i < 3; i++) {
        await untilMyTurnOrEnd(page);
        await keyboardMove(page);
      }
      await untilMyTurnOrEnd(page);
      const before = await snapshot(page);
      const saved = await page.evaluate(() => localStorage.getItem('tapis.current'));
      assert.ok(before.hand.length > 0 && JSON.parse(saved).actions.length > 3, 'a round is under way, saved');
      await page.reload();
      await visible(page, 'game');
      const s = await untilMyTurnOrEnd(page);
      assert.ok(s.myTurn && !s.summary, 'my turn again');
      assert.deepEqual(await snapshot(page), before, 'the table after the reload is the table before it');
      assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), saved, 'the save is unchanged by the reload');
      const problems = await paintCheck(page, 'reloaded');
      assert.deepEqual(problems, [], 'the reloaded table is painted');
      const played = await keyboardMove(page);
      assert.ok(!(await snapshot(page)).hand.includes(`card-${played.split(' ')[1]}`), `${played}: the card left my hand`);
    });

    scenario('a move played by hint is taken back by undo', 120_000, async (page) => {
      await page.goto(`${server.url}?lang=en&speed=instant`);
      await startFromForm(page, { ...DEALS[0], options: { rounds: 2 }, seed: 4242 });
      await untilMyTurnOrEnd(page);
      const hidden = () => page.evaluate(() => {
        const u = document.querySelector('[data-testid="undo"]');
        return !u || u.hidden || u.getClientRects().length === 0;
      });
      assert.ok(await hidden(), 'nothing to take back before my first move');
      const mine = await snapshot(page);
      const actionsBefore = await savedActions(page);
      const done = await hintMove(page);
      await untilMyTurnOrEnd(page);
      assert.ok(!(await snapshot(page)).hand.includes(`card-${done.split(' ')[1]}`), `${done} left my hand`);
      await until(async () => !(await hidden()), { timeout: 5_000, what: 'the undo button once I have moved' });
      await page.press('u');
      await until(async () => (await savedActions(page)).length === actionsBefore.length, { timeout: 5_000, what: 'the record back before my move' });
      assert.deepEqual(await savedActions(page), actionsBefore, 'exactly the moves before mine are kept');
      await untilMyTurnOrEnd(page);
      const back = await snapshot(page);
      assert.deepEqual(back.hand, mine.hand, 'my card is back in my hand');
      assert.deepEqual(back.boxes, mine.boxes, 'the board is as it was');
      assert.ok(await hidden(), 'nothing more to take back');
      assert.deepEqual(await paintCheck(page, 'after-undo'), [], 'the table after the undo is painted');
      await keyboardMove(page);
    });

    scenario('a review link: every move stepped through, a verdict for each of my decisions', 180_000, async (page) => {
      const referee = buildReferee();
      const record = JSON.parse(execFileSync(referee, ['play', '--game', 'nain-jaune', '--players', '3', '--seats', 'easy,easy,easy', '--seed', '12', '--option', 'rounds=1'], { encoding: 'utf8' }));
      record.seats = ['human', 'easy', 'easy'];
      const text = execFileSync(referee, ['encode', '-'], { input: JSON.stringify(record), encoding: 'utf8' }).trim();
      const mine = record.actions.map((a, i) => [a, i]).filter(([a]) => a.seat === 0).map(([, i]) => i);
      await page.goto(`${server.url}?lang=en&speed=instant&review=${text}&at=0`);
      const review = () => page.evaluate(() => {
        const r = document.querySelector('[data-testid="review"]');
        const verdicts = [...document.querySelectorAll('[data-testid="review-verdict"]')].map((b) => [Number(b.dataset.at), b.dataset.verdict]);
        return r && { step: Number(r.dataset.step), verdicts, hands: document.querySelectorAll('[data-testid^="review-hand-"]').length };
      });
      await until(async () => (await review())?.step === 0, { timeout: 30_000, what: 'the review at its start' });
      const weighed = await until(async () => {
        const r = await review();
        return r.verdicts.length === mine.length && r.verdicts.every(([, v]) => v !== 'pending') && r;
      }, { timeout: 90_000, what: 'a verdict for each of my decisions' });
      assert.deepEqual(weighed.verdicts.map(([at]) => at), mine);
      assert.ok(weighed.verdicts.every(([, v]) => ['same', 'even', 'other', 'costly'].includes(v)), JSON.stringify(weighed.verdicts));
      assert.equal(weighed.hands, 3, 'every hand face up');
      const painted = await inkIn(page, '[data-testid="review"]', `${engineName}-review`);
      assert.ok(painted.box.h > 200 && painted.ink.ink > 0.05 && painted.ink.colours > 20, `the review is painted (${JSON.stringify(painted.ink)})`);
      for (let step = 1; step <= record.actions.length; step++) {
        await page.click('review-next');
        await until(async () => (await review()).step === step, { timeout: 10_000, what: `step ${step}` });
      }
      await page.click('review-prev');
      await until(async () => (await review()).step === record.actions.length - 1, { timeout: 10_000, what: 'one step back' });
    });

    scenario('each game\'s guided deal from its address, walked to its end', 240_000, async (page) => {
      // The loop an outside test runs: Next when the guide offers it, else the one control it marks.
      const guide = () => page.evaluate(() => {
        const panel = document.querySelector('[data-testid="tutorial"]');
        const marked = [...document.querySelectorAll('[data-tutorial-target="true"]')];
        return panel && {
          step: Number(panel.dataset.step),
          off: panel.dataset.offScript === 'true',
          targets: marked.map((t) => t.dataset.testid),
          next: !!document.querySelector('[data-testid="tutorial-next"]'),
          done: !!document.querySelector('[data-testid="tutorial-done"]'),
        };
      });
      for (const game of ['nain-jaune', 'bonanza', 'programmes']) {
        await page.goto(`${server.url}?lang=en&speed=instant&tutorial=${game}`);
        let uses = 0;
        for (;;) {
          const g = await until(async () => {
            const g = await guide();
            return g && (g.done || g.next || g.targets.length) && g;
          }, { timeout: 30_000, what: `${game}: the guide waiting for something` });
          assert.ok(!g.off, `${game}: on the script`);
          if (g.done) break;
          assert.ok(++uses < 60, `${game}: the guide ends`);
          if (g.next) {
            await page.click('tutorial-next');
          } else {
            assert.equal(g.targets.length, 1, `${game}: one control marked (${g.targets.join(', ')})`);
            await page.click(g.targets[0]);
          }
          await until(async () => {
            const h = await guide();
            return h.step !== g.step || h.targets.join() !== g.targets.join() || h.done;
          }, { timeout: 15_000, what: `${game}: the guide past step ${g.step}` });
        }
        console.log(`# ${engineName} guided ${game}: ${uses} controls used to the end`);
        await page.click('tutorial-done');
        await until(() => page.evaluate(() => !!document.querySelector('[data-testid="new-game"]')), { what: `${game}: the form after the guide` });
      }
    });

    scenario('the embedding demo page: every frame ready and sized, a position played', 180_000, async (page) => {
      await page.goto(`${server.url}embed.html?lang=en`);
      const received = (id) => page.evaluate((f) => window.tapisHost.received.filter((m) => m.frame === f), id);
      const ids = await until(() => page.evaluate(() => window.tapisHost && [...document.querySelectorAll('iframe.tapis')].map((f) => f.id)), { what: 'the demo page' });
      assert.ok(ids.length >= 4, `frames: ${ids.join(', ')}`);
      for (const id of ids) {
        await page.evaluate((f) => document.getElementById(f).scrollIntoView({ block: 'center' }), id);
        await until(async () => (await received(id)).some((m) => m.type === 'ready' && m.lang === 'en'), { what: `${id} to say it is ready` });
        // Sized by its content: the host set the frame to the last height it was told.
        await until(async () => {
          const sizes = (await received(id)).filter((m) => m.type === 'resize');
          if (!sizes.length) return false;
          const last = sizes.at(-1).height;
          return page.evaluate(([f, h]) => {
            const frame = document.getElementById(f);
            const content = Math.ceil(frame.contentDocument.documentElement.getBoundingClientRect().height);
            return frame.style.height === `${h}px` && Math.abs(content - h) <= 1;
          }, [id, last]);
        }, { what: `${id} to be sized by its resize messages` });
      }
      // A playable position: my lead; the 7♦ takes the Yellow Dwarf's box, and the host hears of it.
      await page.evaluate(() => document.getElementById('nain-jaune-your-lead').scrollIntoView({ block: 'center' }));
      await page.inFrame('#nain-jaune-your-lead', async (frame) => {
        await until(async () => (await attr(frame, 'hand', 'data-active')) === 'true', { what: 'my turn in the position' });
        await frame.click('card-7D');
        await until(async () => (await attr(frame, 'box-nain_jaune', 'data-chips')) === '0', { what: 'the box to be taken' });
      });
      const moves = (await received('nain-jaune-your-lead')).filter((m) => m.type === 'move');
      assert.equal(moves[0]?.action, 'play 7D', 'the host heard of the move');
      // What the frame shows is painted.
      const { box, ink } = await inkIn(page, '#nain-jaune-your-lead', `${engineName}-embed`);
      assert.ok(box.h > 200 && ink.ink > 0.05 && ink.colours > 20, `the frame is painted (${JSON.stringify(ink)})`);
      assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), null, 'no frame saved a game');
    });

    scenario('after one visit the game loads and plays with the server gone', 150_000, async (page, t) => {
      // A server of its own, which the test closes.
      const own = await serve({ root: DIST });
      let closed = false;
      try {
        await page.goto(`${own.url}?lang=en&speed=instant`);
        await visible(page, 'new-game');
        const support = await page.evaluate(async () => {
          if (!('serviceWorker' in navigator) || !navigator.serviceWorker) return 'navigator.serviceWorker is missing';
          const registration = await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(() => r(null), 10_000))]);
          if (registration) return null;
          // Not ready in 10 s: why, as the browser says it.
          return navigator.serviceWorker.register('sw.js').then(() => 'registered, but never ready', (e) => `registration refused: ${e.name}: ${e.message}`);
        });
        if (support !== null) {
          const reason = `${engineName} (${engine.version}) has no service worker here: ${support}`;
          console.log(`# SKIPPED offline reload: ${reason}`);
          t.skip(reason);
          return;
        }
        const activated = await page.evaluate(async () => {
          const { active } = await navigator.serviceWorker.ready;
          if (active.state !== 'activated') await new Promise((r) => active.addEventListener('statechange', () => active.state === 'activated' && r()));
          return active.state;
        });
        assert.equal(activated, 'activated');
        // The new-game form loads no AI worker: the game's worker comes from the offline copy below.
        assert.equal(await attr(page, 'ai-status', 'data-status'), 'idle');
        const build = JSON.parse(readFileSync(join(DIST, 'tapis-build.json'), 'utf8'));
        const cached = await page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, `tapis-${build.id}`);
        assert.equal(cached, build.files.length, 'every file of the build is cached');

        await own.close();
        closed = true;
        await page.reload();
        await visible(page, 'new-game');
        assert.ok(await page.evaluate(() => navigator.serviceWorker.controller !== null), 'served by the service worker');
        await startFromForm(page, { ...DEALS[0], options: { rounds: 1 }, seed: 4242 });
        await until(async () => (await attr(page, 'ai-status', 'data-status')) === 'ready', { what: 'the AI worker, offline' });
        for (let i = 0; i < 3; i++) {
          await untilMyTurnOrEnd(page);
          await keyboardMove(page);
        }
        assert.deepEqual(await paintCheck(page, 'offline'), [], 'the offline table is painted');
        assert.equal(await fetch(own.url).then(() => 'answered', () => 'gone'), 'gone', 'really no server');
      } finally {
        if (!closed) await own.close();
      }
    });
  });
}
