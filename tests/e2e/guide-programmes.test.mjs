// The guided first deal of Programmes (issue 32): from the new-game form by mouse in English on a
// desktop, and from the address by keyboard in French on a phone, walked to its end; a move off the
// script is explained and taken back (guide.test.mjs has the rules dialog's offer). Moves of several
// clicks (cards to select, then a button) move the guide's target along.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, until, shot, shotAlsoSmall, DESKTOP, PHONE } from './harness.mjs';
import { newGame } from './pages.mjs';
import { closeGuide, guide, leaveUnsaved, nextByKeyboard, openGuide, playOffScript, tabForwardTo, takeBack, walk } from './guide-walk.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

// The controls the player uses, in order (the walker drops a card's `card-`): the discard pile,
// Reveal, the three kings then New set, the 9♠ then its Add on Bob's run, the 3♠ then Discard.
const TARGETS = ['discard', 'action-reveal', 'hand-2', 'hand-3', 'hand-4', 'action-meld', 'hand-1', 'action-extend-0', 'hand-0', 'action-discard'];

/** The guide's target, once it points at one. */
const targetNow = (page) => until(async () => (await guide(page))?.target, { what: 'a control to use' });

/** Whether the guide's target is inside the window (to a pixel: scrolling leaves fractions), and not
 *  under the guide's panel. */
const targetInView = (page) =>
  page.evaluate(() => {
    const t = document.querySelector('[data-tutorial-target="true"]');
    t.scrollIntoView({ block: 'nearest' });
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + Math.min(r.height / 2, 20));
    return r.top >= -1 && r.bottom <= innerHeight + 1 && (t === hit || t.contains(hit)) ? true : `${t.dataset.testid} at ${Math.round(r.top)}, under ${hit?.className}`;
  });

scenario(() => env, 'the guided deal of Programmes from the form, by mouse, in English, on a desktop', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=fast', viewport: DESKTOP });
  await newGame.visible(page);
  await byId(page, 'game-programmes').click();
  await byId(page, 'guide-start').click();
  await byId(page, 'tutorial').waitFor();
  assert.match((await guide(page)).text, /Welcome to Programmes/);
  assert.ok((await guide(page)).next, 'the computers wait while the first step is read');
  await shot(page, 'guide-programmes-desktop-welcome');
  await byId(page, 'tutorial-next').click();

  // Bob reveals and discards the J♣; the guide points at the discard pile. Drawing from the stock
  // instead is legal: explained, taken back.
  assert.equal(await targetNow(page), 'discard');
  assert.match((await guide(page)).text, /J♣ completes that run/);
  await playOffScript(page, 'stock', 'a move');
  assert.match((await guide(page)).text, /Take it back, then take the discard pile's card/);
  assert.equal(await page.locator('[data-tutorial-target]').count(), 0, 'no target while off the script');
  await shot(page, 'guide-programmes-off-script-desktop');
  await takeBack(page, 'discard', 'the draw');

  let strayed = false;
  const { cards, texts } = await walk(page, {
    play: async (id) => {
      assert.equal(await page.locator('[data-tutorial-target]').count(), 1, 'one control at a time');
      assert.equal(await targetInView(page), true, `${id} is in view`);
      if (id === 'action-reveal') await shot(page, 'guide-programmes-desktop-reveal');
      if (id === 'hand-card-2' && !strayed) {
        // A card the move does not use, selected: the guide points at Clear, then back at the kings.
        strayed = true;
        await byId(page, 'hand-card-0').click();
        await until(async () => (await guide(page)).target === 'selection-clear', { what: 'the guide pointing at Clear' });
        await byId(page, 'selection-clear').click();
        await until(async () => (await guide(page)).target === 'hand-card-2', { what: 'the guide back at the first king' });
      }
      if (id === 'action-extend-0') await shot(page, 'guide-programmes-desktop-extend');
      if (id === 'action-discard') {
        // The deal as played: the 9♠ on Bob's run, the player's kings.
        assert.equal(await byId(page, 'meld-0').getAttribute('data-cards'), '5S 6S 7S 8S 9S');
        assert.equal(await byId(page, 'meld-4').getAttribute('data-cards'), 'KS KH KD');
      }
      await byId(page, id).click();
    },
    next: () => byId(page, 'tutorial-next').click(),
    shots: 'guide-programmes-desktop-en',
  });
  assert.deepEqual(cards, TARGETS, 'the player makes the deal\'s moves');
  assert.ok(texts.some((t) => /wild/.test(t)) && texts.some((t) => /new sets/.test(t)) && texts.some((t) => /you go out/.test(t)), texts.join('\n'));
  assert.match((await guide(page)).text, /five programs/);

  await closeGuide(page);
  assertNoErrors(errors);
});

scenario(() => env, 'the guided deal of Programmes from the address, by keyboard, in French, on a phone', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await openGuide(open, '?lang=fr&speed=fast&tutorial=programmes', PHONE);
  assert.match((await guide(page)).text, /Bienvenue aux Programmes/);
  await shotAlsoSmall(page, 'phone-guide-programmes-welcome');
  let shots = 0;
  const { cards, texts } = await walk(page, {
    // The control the guide waits for is one the keyboard reaches: Tab to it (in fewer than 40
    // presses, from wherever the focus was left), Enter.
    play: async (id) => {
      await tabForwardTo(page, id);
      assert.equal(await targetInView(page), true, `${id} is in view`);
      if (['discard', 'action-reveal', 'action-meld', 'action-extend-0'].includes(id)) await shotAlsoSmall(page, `phone-guide-programmes-${++shots}-${id}`);
      await page.keyboard.press('Enter');
    },
    next: () => nextByKeyboard(page),
    shots: 'phone-guide-programmes-fr',
  });
  assert.deepEqual(cards, TARGETS);
  assert.ok(texts.some((t) => /frimes/.test(t)) && texts.some((t) => /vous sortez/.test(t)), texts.join('\n'));
  await shotAlsoSmall(page, 'phone-guide-programmes-done');
  await leaveUnsaved(page);
  assertNoErrors(errors);
});
