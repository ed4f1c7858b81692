// The guided first game of Nain Jaune (issue 32): from the new-game form by mouse in English, and
// from the address by keyboard in French on a phone, walked to its end; a card off the script is
// explained and taken back; the saved game is left as it was; the rules dialog offers each game's guided deal.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, until, shot, DESKTOP, PHONE } from './harness.mjs';
import { newGame } from './pages.mjs';
import { closeGuide, guide, leaveUnsaved, nextByKeyboard, openGuide, playOffScript, tabForwardTo, takeBack, walk } from './guide-walk.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

scenario(() => env, 'the guided game from the form, by mouse, in English: every step to the end, the saved game kept', { timeout: 180_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=fast', viewport: DESKTOP });
  // A game of the player's own, saved, which the guide must leave alone.
  await newGame.start(page, { rounds: 2, seed: 99 });
  await byId(page, 'new-game-button').click();
  await newGame.visible(page);
  await byId(page, 'guide-start').click();
  await byId(page, 'tutorial').waitFor();
  // Read once the game is off the table (its computers may have moved until then).
  const saved = await page.evaluate(() => localStorage.getItem('tapis.current'));
  assert.ok(JSON.parse(saved).seed === 99, 'the game of my own is saved');

  // A card off the script: allowed by the rules, explained, taken back.
  const first = await guide(page);
  assert.equal(first.target, 'card-5C', 'the guide points at the 5♣ to lead');
  await playOffScript(page, 'card-2D', 'a card');
  assert.match((await guide(page)).text, /Take it back and play the 5♣/);
  await shot(page, 'guide-off-script-desktop');
  await takeBack(page, 'card-5C', 'the card');

  const { cards, texts } = await walk(page, {
    play: (id) => byId(page, id).click(),
    next: () => byId(page, 'tutorial-next').click(),
    shots: 'guide-desktop-en',
  });
  assert.deepEqual(cards, ['5C', '6S', '7D', 'JS', 'QH', '2D'], 'the player plays the deal\'s cards');
  assert.ok(texts.some((t) => /7 without 8/.test(t)) && texts.some((t) => /Grand Opéra/.test(t)), texts.join('\n'));
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), saved, 'the saved game is untouched');

  await closeGuide(page);
  assertNoErrors(errors);
});

scenario(() => env, 'the guided game from the address, by keyboard, in French, on a phone', { timeout: 180_000 }, async ({ open }) => {
  const { page, errors } = await openGuide(open, '?lang=fr&speed=fast&tutorial=nain-jaune', PHONE);
  assert.match((await guide(page)).text, /Bienvenue au Nain Jaune/);
  const { cards, texts } = await walk(page, {
    // The card the guide waits for is the one the keyboard reaches: Tab to it, Enter.
    play: async (id) => {
      await tabForwardTo(page, id);
      await page.keyboard.press('Enter');
    },
    next: () => nextByKeyboard(page),
    shots: 'guide-phone-fr',
  });
  assert.deepEqual(cards, ['5C', '6S', '7D', 'JS', 'QH', '2D']);
  assert.ok(texts.some((t) => /7 sans 8/.test(t)), texts.join('\n'));
  await leaveUnsaved(page);
  assertNoErrors(errors);
});

scenario(() => env, 'the rules dialog offers the guided deal of each game', { timeout: 90_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  // Each game's guide starts on the table of its game, pointing at its first move or saying hello.
  const first = {
    bonanza: async () => (await guide(page)).target === 'action-sell-widow',
    'nain-jaune': async () => (await guide(page)).target === 'card-5C',
    programmes: async () => /Welcome to Programmes/.test((await guide(page)).text),
  };
  for (const [game, ready] of Object.entries(first)) {
    await newGame.visible(page);
    await page.getByRole('button', { name: 'Rules' }).click();
    await byId(page, 'rules').waitFor();
    await byId(page, `rules-${game}`).click();
    await byId(page, 'rules-guide-start').click();
    await byId(page, 'tutorial').waitFor();
    assert.equal(await byId(page, 'rules').count(), 0, 'the rules closed');
    assert.equal(await byId(page, 'game').getAttribute('data-game'), game);
    await until(ready, { what: `${game}'s guide at its first step` });
    await byId(page, 'tutorial-leave').click();
  }
  assertNoErrors(errors);
});

scenario(() => env, 'an unknown guided game in the address says which there is', { timeout: 60_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&tutorial=chess' });
  assert.match(await byId(page, 'error').innerText(), /no guided game “chess”/);
  assert.equal(await byId(page, 'tutorial').count(), 0);
  assertNoErrors(errors);
});
