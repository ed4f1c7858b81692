// A whole 5-player Bonanza game (you + 4 easy computers, 2 deals, instant speed) played with the
// keyboard only, in French and in English. Every decision is a button of the engine's legal
// actions: the test mostly takes the first one (Enter), and sometimes another with the arrows
// (it sells the widow on its deal, shows what it can, bets once at the poker). Screenshots at
// several sizes of the auction, a call, the poker betting, the race after a stop,
// a deal summary and the end of the game go to artifacts/bonanza-<lang>-<moment>-<size>.png
// (a phone held upright and sideways, a small phone, a laptop, a large screen).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, activeTestId, byId, shot, until, untilFocusOn, DESKTOP, PHONE, SMALL_PHONE } from './harness.mjs';
import { newGame, bonanza, topBar } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const LARGE = { width: 1920, height: 1080 };
// A phone held sideways, where the prompt and the moves sit beside the hand.
const SIDEWAYS = { width: 740, height: 360 };
const SIZES = { small: SMALL_PHONE, phone: PHONE, sideways: SIDEWAYS, laptop: DESKTOP, large: LARGE };
const SPACES = ['joker', 'queen_jack', 'sequence', 'ten_two', 'poker', 'ace_spades', 'king_hearts', 'queen_diamonds', 'jack_clubs', 'bonanza'];

const TEXTS = {
  fr: { gameOver: 'Partie terminée', sell: 'Vendre la veuve', next: /Donne suivante|Voir le classement final/, title: /Bonanza/, stop: /^Arrêt\s:\s/, other: 'Game over' },
  en: { gameOver: 'Game over', sell: 'Sell the widow', next: /Next deal|See the final standings/, title: /Bonanza/, stop: /^Stop: /, other: 'Partie terminée' },
};

/** The same moment at every size, `focus` (a test id) scrolled into view; then back. */
async function shots(page, lang, moment, focus, viewport) {
  for (const [size, dims] of Object.entries(SIZES)) {
    await page.setViewportSize(dims);
    if (focus) await byId(page, focus).first().evaluate((e) => e.scrollIntoView({ block: 'center' })).catch(() => {});
    await shot(page, `bonanza-${lang}-${moment}-${size}`);
  }
  await page.setViewportSize(viewport);
}

// Seeds whose first deal gives you something to show (the joker, Ten-Two, a sequence).
for (const [lang, viewport, device, seed] of [['fr', DESKTOP, 'laptop', 20240624], ['en', PHONE, 'phone', 20240620]]) {
  scenario(() => env, `Bonanza, keyboard only, 5 players to the end, lang=${lang}, ${device}`, { timeout: 420_000 }, async ({ open }) => {
    const t = TEXTS[lang];
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&game=bonanza&players=5&speed=instant` });
    await newGame.visible(page);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal(await byId(page, 'game-bonanza').isChecked(), true, 'game=bonanza chooses Bonanza');
    await newGame.startByKeyboard(page, {
      players: 5,
      seats: ['human', 'easy', 'easy', 'easy', 'easy'],
      options: { deals: 2 },
      seed,
    });
    assert.match(await page.title(), t.title);
    assert.deepEqual(Object.keys(await bonanza.wheel(page)).sort(), [...SPACES].sort(), 'the wheel has the ten spaces');
    // Before anyone acts, each space holds one chip per player.
    assert.deepEqual(new Set(Object.values(await bonanza.wheel(page))), new Set([5]));

    const phases = new Set();
    const taken = new Set();
    let summaries = 0;
    let decisions = 0;
    let cards = 0;
    let betOnce = false;
    const end = Date.now() + 360_000;
    for (;;) {
      assert.ok(Date.now() < end, 'the game should end within 6 minutes');
      const s = await bonanza.situation(page);
      if (s.phase) phases.add(s.phase);
      if (s.over) break;
      if (s.summary) {
        await until(async () => (await activeTestId(page)) === 'summary-continue', { timeout: 5_000, what: 'the focus on the deal summary button' });
        assert.match(await byId(page, 'summary-continue').innerText(), t.next);
        const dead = await byId(page, 'dead-hand').getAttribute('data-cards');
        assert.ok(dead && dead.split(' ').length >= 8, `the dead hand is turned up (${dead})`);
        if (summaries === 0) {
          // (`shot` checks that Bonanza's chip table, the widest of the three games, fits a phone.)
          await shots(page, lang, '5-deal-summary', null, viewport);
          // On a phone at the top of the page, where the top bar is: `shot` checks that nothing is
          // drawn over the summary's title.
          await page.setViewportSize(PHONE);
          await page.evaluate(() => window.scrollTo(0, 0));
          await shot(page, `bonanza-${lang}-5-deal-summary-phone-top`);
          await page.setViewportSize(viewport);
        }
        summaries++;
        await page.keyboard.press('Enter');
        await until(async () => !(await bonanza.situation(page)).summary, { timeout: 5_000, what: 'the deal summary to close' });
        continue;
      }
      if (s.decisions.length) {
        let steps = 0;
        if (s.phase === 'widow') {
          assert.deepEqual(s.decisions, ['action-take-widow', 'action-sell-widow']);
          if (s.deal === '1') {
            steps = 1;
            // The auction goes at a watchable pace for its picture.
            await topBar.setSpeed(page, 'slow');
          }
        } else if (s.phase === 'auction') {
          assert.equal(s.decisions[0], 'action-pass');
          if (!taken.has('auction')) {
            taken.add('auction');
            await shots(page, lang, '1-auction', 'widow', viewport);
          }
        } else if (s.phase === 'call') {
          assert.equal(s.decisions[0], 'action-pass', 'a call starts with pass');
          const shows = s.decisions.filter((d) => d.startsWith('action-show-'));
          assert.equal(shows.length, s.decisions.length - 1, 'the other choices are shows');
          if (shows.length) {
            steps = -1;
            if (!taken.has('call')) {
              taken.add('call');
              await shots(page, lang, '2-call', 'call', viewport);
            }
          }
        } else if (s.phase === 'poker') {
          if (!taken.has('poker')) {
            taken.add('poker');
            await shots(page, lang, '3-poker', 'poker', viewport);
          }
          if (s.decisions[0] === 'action-check' && s.decisions.includes('action-bet-1') && !betOnce) {
            betOnce = true;
            steps = 1;
          }
        }
        const chosen = await bonanza.decideByKeyboard(page, steps);
        if (s.phase === 'widow' && s.deal === '1') {
          assert.equal(chosen, 'action-sell-widow');
          const sold = (await bonanza.situation(page)).actions;
          assert.equal((await bonanza.situation(page)).phase, 'auction', 'selling the widow opens the auction');
          phases.add('auction');
          // The first bidder's answer (a bid or a pass) is on the table.
          await until(async () => (await bonanza.situation(page)).actions > sold, { timeout: 20_000, what: 'a first answer in the auction' });
          if ((await bonanza.situation(page)).phase === 'auction' && !taken.has('auction')) {
            taken.add('auction');
            await shots(page, lang, '1-auction', 'widow', viewport);
          }
          await topBar.setSpeed(page, 'instant');
        }
        decisions++;
        continue;
      }
      if (s.race) {
        if (s.stop && !taken.has('stop')) {
          taken.add('stop');
          assert.match(await byId(page, 'announcement').innerText(), t.stop);
          await shots(page, lang, '4-race-stop', 'race', viewport);
        }
        const focused = await untilFocusOn(page, 'card-', 'the focus on a playable card');
        const playable = await page.$$eval('[data-testid="hand"] [data-playable="true"]', (c) => c.map((e) => e.dataset.testid));
        assert.equal(focused, playable[0], 'the focus is on the first playable card');
        await page.keyboard.press('Enter');
        await until(async () => (await bonanza.situation(page)).actions > s.actions, { timeout: 5_000, what: `${focused} to be played` });
        cards++;
        continue;
      }
      await page.waitForTimeout(20);
    }

    const over = byId(page, 'game-over');
    await over.waitFor();
    assert.match(await over.innerText(), new RegExp(t.gameOver, 'i'));
    assert.equal(summaries, 2, 'each of the two deals had its summary');
    assert.ok(decisions >= 3, `I made my decisions (${decisions})`);
    assert.ok(cards >= 2, `I played my cards (${cards})`);
    for (const phase of ['widow', 'auction', 'call', 'poker']) assert.ok(phases.has(phase), `the game went through ${phase} (saw ${[...phases]})`);
    assert.ok(phases.has('lead') || phases.has('follow'), 'the game went through the race');
    await until(async () => (await activeTestId(page)) === 'new-game-button', { timeout: 5_000, what: 'the focus on the game-over main button' });
    const body = await page.locator('body').innerText();
    assert.ok(!body.includes(t.other), `no "${t.other}" on the ${lang} page`);
    await shots(page, lang, '6-game-over', 'game-over', viewport);
    for (const moment of ['auction', 'call', 'poker']) assert.ok(taken.has(moment), `a picture of the ${moment} was taken`);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'a bid typed beyond the limits is brought within them, never played as another amount', { timeout: 120_000 }, async ({ open }) => {
  // Seed 2: in the third deal the dealer (a computer) sells the widow and my seat bids.
  const { page, errors } = await open({ query: '?lang=en&game=bonanza&players=4&seats=human,easy,easy,easy&seed=2&opt.deals=4&autostart=1&speed=instant' });
  await until(async () => {
    const s = await bonanza.situation(page);
    if (s.phase === 'auction' && s.decisions.length) return true;
    if (s.summary) await byId(page, 'summary-continue').click();
    else if (s.decisions.length) await byId(page, s.decisions[0]).click();
    else if (s.race) await page.locator('[data-testid="hand"] [data-playable="true"]').first().click();
    return false;
  }, { timeout: 60_000, what: 'my bid in the auction' });
  const amount = byId(page, 'amount');
  const [low, high] = [Number(await amount.getAttribute('min')), Number(await amount.getAttribute('max'))];
  const bidButton = page.locator('.stepper button.decision');
  assert.equal(await bidButton.innerText(), `Bid ${low}`);
  const before = (await bonanza.situation(page)).actions;

  await amount.fill(String(high + 990));
  assert.equal(await amount.getAttribute('aria-invalid'), 'true', 'the field says its number is out of bounds');
  assert.match(await page.locator('.step-range').innerText(), new RegExp(`from ${low} to ${high}`), 'and what the bounds are');
  await amount.press('Enter');
  await page.waitForTimeout(300);
  assert.equal((await bonanza.situation(page)).actions, before, 'Enter played nothing');
  assert.equal(await amount.inputValue(), String(high), 'the field shows the nearest amount, the one its button bids');
  assert.equal(await amount.getAttribute('aria-invalid'), 'false');

  assert.equal(await bidButton.innerText(), `Bid ${high}`);
  await amount.press('Enter');
  await until(async () => (await bonanza.situation(page)).actions > before, { what: 'the bid played' });
  const saved = JSON.parse(await page.evaluate(() => localStorage.getItem('tapis.current')));
  assert.equal(saved.actions[before].do, `bid ${high}`, 'the amount shown is the amount bid');
  assertNoErrors(errors);
});
