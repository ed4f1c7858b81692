// Programmes end to end, in English and in French, at phone, laptop and large sizes: drawing, the
// reveal chooser (every way the engine finds), extending melds with naturals and a wild, a new
// set, the refusals in plain words, the round summary, a sun, and the result. Records with
// explicit deals set the positions up; a whole game from the new-game form is then played with
// the keyboard only.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, shot, shotAlsoSmall, until, activeTestId, tabTo, chooseForcedMoves, PHONE, DESKTOP } from './harness.mjs';
import { newGame, programmes, watchFocusLoss, focusKeptAfterMove } from './pages.mjs';
import { revealRecord, lastCardTakenRecord } from './programmes-records.mjs';

const LARGE = { width: 1920, height: 1080 };

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const text = (page, id) => byId(page, id).innerText();
const attr = (page, id, name) => byId(page, id).getAttribute(name);

/**
 * Round 1 of `revealRecord`: take the wild from the discard pile, reveal a set of nines and a run
 * of four spades, extend the run at both ends, try a set of two kings (refused), lay the kings,
 * place the wild as the 9♠, discard the last card and go out.
 */
async function playRevealRound(page, { lang, prefix, keyboard }) {
  const fr = lang === 'fr';
  await until(async () => (await activeTestId(page)) === 'stock', { what: 'the focus on the stock at the start of my turn' });
  assert.match(await text(page, 'turn-prompt'), fr ? /prenez le 2♣ de la défausse/ : /take the 2♣ from the discard pile/);
  assert.equal(await attr(page, 'program-card', 'data-program'), 'P14', 'my program card is face up');
  assert.equal(await page.locator('[data-testid="program-card-1"] svg').getAttribute('data-face'), 'down', "Ada's program is face down");
  if (keyboard) await programmes.press(page, 'd');
  else await programmes.click(page, 'discard');

  // The engine's ways to reveal, each laid out; the run 4♠–7♠ with the nines is chosen.
  await byId(page, 'reveal-panel').waitFor();
  assert.match(await text(page, 'turn-prompt'), fr ? /dévoilez-le/ : /reveal it/);
  const count = Number(await page.locator('.reveal-options').getAttribute('data-count'));
  assert.ok(count > 6, `more ways than shown at first (${count})`);
  await byId(page, 'reveal-more').click();
  const ways = await page.$$eval('[data-testid^="reveal-option-"]', (els) => els.map((e) => e.dataset.action));
  assert.equal(ways.length, count, 'every way is listed once "more" is asked');
  assert.ok(ways.some((w) => w.includes('2C=2S 3S 4S 5S')), `a way uses the wild as the 2♠: ${ways}`);
  const k = ways.findIndex((w) => w === 'reveal 9S 9H 9D | 4S 5S 6S 7S');
  assert.ok(k >= 0, `the nines and 4♠–7♠ are a way: ${ways}`);
  await byId(page, `reveal-option-${k}`).click();
  const marked = await page.$$eval('[data-testid^="hand-card-"].marked', (els) => els.map((e) => e.dataset.card).sort());
  assert.deepEqual(marked, ['4S', '5S', '6S', '7S', '9D', '9H', '9S'], 'the chosen way marks its cards in the hand');
  await shot(page, `${prefix}-reveal`);
  if (keyboard) await programmes.press(page, 'r');
  else await programmes.click(page, 'action-reveal');
  assert.equal((await programmes.state(page)).revealed, true);
  assert.equal(await attr(page, 'meld-0', 'data-cards'), '9S 9H 9D');
  assert.equal(await attr(page, 'meld-1', 'data-cards'), '4S 5S 6S 7S');
  // A player counts melds from 1 (the record's `extend N`, from 0).
  assert.match(await attr(page, 'meld-0', 'aria-label'), fr ? /^Combinaison 1 / : /^Meld 1 /);
  assert.equal(await byId(page, 'meld-1').locator('.meld-number').innerText(), '2');
  assert.match(await page.title(), /Programmes/, 'the page is named after its game');

  // The wild just taken from the discard pile may not be discarded this turn: said before trying.
  await programmes.select(page, '2C');
  assert.equal(await attr(page, 'action-discard', 'aria-disabled'), 'true');
  assert.match(await text(page, 'action-why'), fr ? /pris le 2♣ dans la défausse/ : /took the 2♣ from the discard pile/);
  await byId(page, 'action-discard').click({ force: true });
  assert.equal((await programmes.state(page)).phase, 'play', 'nothing was played');
  await byId(page, 'selection-clear').click();

  // 8♠ on the run's high end.
  await programmes.select(page, '8S');
  await programmes.click(page, 'action-extend-1');
  assert.equal(await attr(page, 'meld-1', 'data-cards'), '4S 5S 6S 7S 8S');

  // 3♠ on its low end, with the keyboard: arrows to the card, Space, A to the meld, Enter.
  if (keyboard) {
    await until(async () => (await activeTestId(page))?.startsWith('hand-card-'), { what: 'the focus back in the hand' });
    const hand = await programmes.hand(page);
    for (let i = 0; i < hand.indexOf('3S'); i++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await page.keyboard.press('a');
    await until(async () => (await activeTestId(page)) === 'action-extend-1', { what: 'A to take the focus to the meld' });
    await programmes.press(page, 'Enter');
  } else {
    await programmes.select(page, '3S');
    await programmes.click(page, 'action-extend-1');
  }
  assert.equal(await attr(page, 'meld-1', 'data-cards'), '3S 4S 5S 6S 7S 8S');

  // Two kings are no set: refused in plain words; the third makes it.
  await programmes.select(page, 'KC', 'KD');
  await byId(page, 'action-meld').click({ force: true });
  assert.match(await text(page, 'action-why'), fr ? /au moins trois cartes/ : /at least three cards/);
  await programmes.select(page, 'KH');
  assert.equal(await attr(page, 'action-meld', 'aria-disabled'), 'false');
  if (keyboard) await programmes.press(page, 'n');
  else await programmes.click(page, 'action-meld');
  assert.deepEqual((await attr(page, 'meld-2', 'data-cards')).split(' ').sort(), ['KC', 'KD', 'KH']);

  // The wild: the melds it can join are offered, each with the value it would take.
  await programmes.select(page, '2C');
  const offers = await page.$$eval('[data-testid^="action-extend-"]', (els) => els.map((e) => e.dataset.action).sort());
  assert.deepEqual(offers, ['extend 0 2C=9S', 'extend 1 2C=2S', 'extend 1 2C=9S', 'extend 2 2C=KS']);
  await shot(page, `${prefix}-wild`);
  // The same on a phone held sideways, where the moves and the hand sit beside the prompt.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 740, height: 360 });
  await shot(page, `${prefix}-wild-sideways`);
  await page.setViewportSize(viewport);
  await programmes.click(page, 'action-extend-1-2');
  assert.equal(await attr(page, 'meld-1', 'data-cards'), '3S 4S 5S 6S 7S 8S 2C=9S');

  // The last card goes to the discard pile: out.
  assert.deepEqual(await programmes.hand(page), ['QD']);
  await programmes.select(page, 'QD');
  if (keyboard) await programmes.press(page, 'x');
  else await programmes.click(page, 'action-discard');
  await byId(page, 'round-summary').waitFor();
  assert.match(await text(page, 'round-summary'), fr ? /Donne 1\s:\sVous sortez/ : /Round 1: You go out/);
  assert.equal(await page.locator('[data-testid="round-summary"] tr[data-seat="0"]').getAttribute('data-completed'), 'true');
}

scenario(() => env, 'English, laptop and large: reveal, extend with naturals and a wild, a new set, go out, then win by a second reveal', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: '?lang=en&speed=instant', init: chooseForcedMoves });
  await newGame.visible(page);
  await programmes.importRecord(page, revealRecord({ lang: 'en' }));
  await shot(page, 'laptop-en-programmes-start');

  // The rules of the game on the table.
  await page.getByRole('button', { name: 'Rules' }).click();
  assert.match(await text(page, 'rules'), /How to play Programmes/);
  await page.keyboard.press('Escape');

  await playRevealRound(page, { lang: 'en', prefix: 'laptop-en-programmes', keyboard: true });
  await page.setViewportSize(LARGE);
  await shot(page, 'large-en-programmes-round-summary');
  await page.setViewportSize(DESKTOP);
  assert.match(await text(page, 'round-summary'), /You draw a new program card; the others keep theirs/);
  await page.keyboard.press('Enter');

  // Round 2: the computers play first, then my new program (a natural trio) is in hand.
  await programmes.untilMyTurnOrOver(page);
  assert.equal(await attr(page, 'program-card', 'data-program'), 'P26');
  assert.match(await text(page, 'turn-prompt'), /Then you can reveal your program/);
  await programmes.press(page, 's');
  await byId(page, 'reveal-panel').waitFor();
  await programmes.press(page, 'r');
  await byId(page, 'round-summary').waitFor();
  assert.match(await text(page, 'round-summary'), /Round 2: You complete the last program needed/);
  await byId(page, 'summary-continue').click();
  await byId(page, 'game-over').waitFor();
  assert.match(await text(page, 'game-over'), /You win with 2 programs!/);
  await shot(page, 'laptop-en-programmes-game-over');
  await page.setViewportSize(LARGE);
  await shot(page, 'large-en-programmes-game-over');
  assertNoErrors(errors);
});

scenario(() => env, 'French, phone: the same round by taps, then a sun ends the game at once', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: PHONE, query: '?lang=fr&speed=instant', init: chooseForcedMoves });
  await newGame.visible(page);
  await programmes.importRecord(page, revealRecord({ lang: 'fr', sun: true }));
  await shotAlsoSmall(page, 'phone-fr-programmes-start');
  await playRevealRound(page, { lang: 'fr', prefix: 'phone-fr-programmes', keyboard: false });
  const summary = await text(page, 'round-summary');
  assert.match(summary, /Vous recevez un soleil\s:\sun programme offert/);
  await shotAlsoSmall(page, 'phone-fr-programmes-round-summary');
  await byId(page, 'summary-continue').click();
  await byId(page, 'game-over').waitFor();
  assert.match(await text(page, 'game-over'), /Vous gagnez avec 2 programmes\s!/);
  await shot(page, 'phone-fr-programmes-game-over');
  await page.setViewportSize(LARGE);
  await shot(page, 'large-fr-programmes-game-over');
  assertNoErrors(errors);
});

// In one column on a short window the reveal panel comes after the hand: the window shows all of
// it (the ways and the button), then goes back once the sets are down, so that the table is seen.
// On a tablet held upright the play dock stays at the bottom of the window: the panel shows above
// it, its button not under the dock.
for (const { width, height } of [{ width: 1024, height: 600 }, { width: 768, height: 1024 }]) {
  scenario(() => env, `English, ${width}×${height}: the reveal panel shows whole, then the table comes back`, { timeout: 120_000 }, async ({ open }) => {
    const { page, errors } = await open({ viewport: { width, height }, query: '?lang=en&speed=instant', init: chooseForcedMoves });
    await newGame.visible(page);
    await programmes.importRecord(page, revealRecord({ lang: 'en' }));
    await until(async () => (await activeTestId(page)) === 'stock', { what: 'the focus on the stock at the start of my turn' });
    const inWindow = (id) => byId(page, id).evaluate((e) => {
      const r = e.getBoundingClientRect();
      return r.top >= 0 && r.bottom <= innerHeight;
    });
    // Seen, and nothing over it: what a click at its middle reaches is the element itself.
    const uncovered = (id) => byId(page, id).evaluate((e) => {
      const r = e.getBoundingClientRect();
      return e.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
    });
    assert.ok(await inWindow('stock'), 'the piles are in view at the start of the turn');
    await programmes.press(page, 's');
    await until(async () => (await activeTestId(page)) === 'reveal-option-0', { what: 'the focus on the first way to reveal' });
    await until(() => inWindow('reveal-panel'), { timeout: 3_000, what: 'the whole reveal panel in view' });
    assert.ok(await inWindow('action-reveal'), 'the reveal button is in view');
    assert.ok(await uncovered('action-reveal'), 'nothing lies over the reveal button');
    assert.ok(await uncovered('reveal-option-0'), 'nothing lies over the first way to reveal');
    await shot(page, `window-programmes-${width}x${height}-reveal`);
    await programmes.press(page, 'r');
    await until(async () => (await activeTestId(page)) === 'hand-card-0', { what: 'the focus on the hand after the reveal' });
    await until(() => inWindow('stock'), { timeout: 3_000, what: 'the table back in view' });
    assert.ok(await inWindow('hand-card-0'), 'the hand is in view too');
    await shot(page, `window-programmes-${width}x${height}-revealed`);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'a whole game from the new-game form, keyboard only, first to one program', { timeout: 300_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: '?lang=en&speed=instant', init: chooseForcedMoves });
  await newGame.visible(page);
  await byId(page, 'game-programmes').check();
  assert.equal(await byId(page, 'start-chips').isVisible(), false, 'Programmes has no chips');
  await byId(page, 'players').selectOption('3');
  await byId(page, 'seat-kind-0').selectOption('human');
  await byId(page, 'seat-kind-1').selectOption('easy');
  await byId(page, 'seat-kind-2').selectOption('easy');
  await byId(page, 'opt-target').fill('1');
  await byId(page, 'seed').fill('2024');
  await byId(page, 'start-game').click();
  await byId(page, 'game').waitFor();

  let turns = 0;
  for (;;) {
    const s = await programmes.untilMyTurnOrOver(page, 60_000);
    if (s.over) break;
    if (s.summary) {
      await page.keyboard.press('Enter');
      continue;
    }
    turns += 1;
    assert.ok(turns < 200, 'the game ends');
    if (s.phase === 'draw') {
      await programmes.press(page, 's');
    } else if (await byId(page, 'reveal-panel').isVisible()) {
      await programmes.press(page, 'r');
    } else {
      // The focus is on the first card: Space selects it, X discards it.
      await until(async () => (await activeTestId(page)) === 'hand-card-0', { what: 'the focus on the first card' });
      await page.keyboard.press('Space');
      await watchFocusLoss(page);
      if (turns % 2) {
        await programmes.press(page, 'x');
      } else {
        // The discard button itself: it leaves the page with the turn.
        await tabTo(page, 'action-discard');
        await programmes.press(page, 'Enter');
      }
      await focusKeptAfterMove(page, 'a discard');
    }
  }
  await byId(page, 'game-over').waitFor();
  const standings = await page.$$eval('.standing', (els) => els.map((e) => Number(e.dataset.programs)));
  assert.equal(standings[0], 1, 'the winner completed one program');
  await shot(page, 'laptop-en-programmes-form-game-over');
  assertNoErrors(errors);
});

scenario(() => env, 'a reveal may leave only the card taken from the discard pile when laying it goes out', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: '?lang=en&speed=instant', init: chooseForcedMoves });
  await newGame.visible(page);
  await programmes.importRecord(page, lastCardTakenRecord());
  await until(async () => (await activeTestId(page)) === 'stock', { what: 'my turn' });
  await programmes.click(page, 'discard');
  await byId(page, 'reveal-panel').waitFor();
  const ways = await page.$$eval('[data-testid^="reveal-option-"]', (els) => els.map((e) => e.dataset.action));
  const k = ways.indexOf('reveal 4H 5H 6H 7H');
  assert.ok(k >= 0, `4♥–7♥ is a way, the 8♥ left to lay: ${ways}`);
  await byId(page, `reveal-option-${k}`).click();
  await programmes.click(page, 'action-reveal');
  assert.deepEqual(await programmes.hand(page), ['8H']);
  assert.match(await text(page, 'turn-prompt'), /cannot go back: add it to a meld \(A\) to go out/);
  await programmes.select(page, '8H');
  assert.equal(await attr(page, 'action-discard', 'aria-disabled'), 'true', 'the 8♥ may not be discarded');
  await shot(page, 'desktop-en-programmes-lay-out');
  await programmes.click(page, 'action-extend-0');
  await byId(page, 'summary-continue').waitFor({ timeout: 10_000 });
  assertNoErrors(errors);
});
