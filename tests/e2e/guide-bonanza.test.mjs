// The guided first game of Bonanza (issue 32): from the new-game form by mouse in English on a
// desktop, and from the address by keyboard in French on a phone, walked to its end; a move off the
// script is explained and taken back. Screens of every move the player makes, for a look: the panel
// must leave the controls free, its texts fit a 360 px phone, and the control it points at be in view.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, until, shot, DESKTOP, PHONE, SMALL_PHONE } from './harness.mjs';
import { newGame } from './pages.mjs';
import { closeGuide, guide, leaveUnsaved, nextByKeyboard, openGuide, playOffScript, tabForwardTo, takeBack, walk } from './guide-walk.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** The player's moves in the guided deal: the widow sold, the joker kept, the joker standing in,
 *  a bet, then the race (cards). */
const MOVES = ['action-sell-widow', 'action-pass', 'action-show-qs-jk', 'action-bet-1', 'QS', 'KS', 'KH', 'AH', '5C'];

/** The control the guide points at is on the screen, and nothing is drawn over its middle. */
async function targetInView(page, id) {
  const where = await page.evaluate(() => {
    const t = document.querySelector('[data-tutorial-target="true"]');
    t.scrollIntoView({ block: 'nearest' });
    const r = t.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return { inside: r.top >= -1 && r.bottom <= innerHeight + 1 && r.left >= -1 && r.right <= innerWidth + 1, free: t.contains(hit), rect: [r.left, r.top, r.right, r.bottom, innerWidth, innerHeight, scrollY].map(Math.round) };
  });
  assert.deepEqual({ inside: where.inside, free: where.free }, { inside: true, free: true }, `${id} is in view and not covered: ${where.rect}`);
}

/** The panel's text and buttons fit its width (nothing runs out on the right). */
async function panelFits(page, name) {
  const over = await page.evaluate(() => {
    const panel = document.querySelector('[data-testid="tutorial"]');
    const edge = panel.getBoundingClientRect().right + 0.5;
    return [panel, ...panel.querySelectorAll('*')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > edge || e.getBoundingClientRect().right > innerWidth + 0.5)
      .map((e) => e.className || e.tagName);
  });
  assert.deepEqual(over, [], `${name}: the guide's panel is wider than the screen`);
}

scenario(() => env, 'the guided deal of Bonanza from the form, by mouse, in English: a move off the script taken back, every step to the end', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=fast&game=bonanza', viewport: DESKTOP });
  await newGame.visible(page);
  await byId(page, 'guide-start').click();
  await byId(page, 'tutorial').waitFor();
  assert.equal(await byId(page, 'game').getAttribute('data-game'), 'bonanza');
  await until(async () => (await guide(page)).target === 'action-sell-widow', { what: 'the guide pointing at the sale of the widow' });
  assert.match((await guide(page)).text, /Welcome to Bonanza/);

  // Another legal move: allowed by the rules, explained, taken back.
  await playOffScript(page, 'action-take-widow', 'a move');
  assert.match((await guide(page)).text, /Take it back and choose “Sell the widow”/);
  assert.equal((await guide(page)).target, null, 'nothing is pointed at off the script');
  await shot(page, 'guide-bonanza-off-script-desktop');
  await takeBack(page, 'action-sell-widow', 'the move');

  let n = 0;
  const { cards, texts } = await walk(page, {
    play: async (id) => {
      await targetInView(page, id);
      await shot(page, `guide-bonanza-desktop-${String(++n).padStart(2, '0')}-${id}`);
      await byId(page, id).click();
    },
    next: () => byId(page, 'tutorial-next').click(),
    shots: 'guide-bonanza-desktop',
  });
  assert.deepEqual(cards, MOVES, 'the player makes the deal\'s moves');
  for (const words of [/widow/, /stands in for the J♦/, /pair of kings/, /dead hand/, /other colour/, /King of Hearts space/, /Bonanza!/]) {
    assert.ok(texts.some((t) => words.test(t)), `the guide says ${words}:\n${texts.join('\n')}`);
  }
  await closeGuide(page);
  assertNoErrors(errors);
});

scenario(() => env, 'the guided deal of Bonanza from the address, by keyboard, in French, on a phone', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await openGuide(open, '?lang=fr&speed=fast&tutorial=bonanza', PHONE);
  assert.match((await guide(page)).text, /Bienvenue au Bonanza/);
  let n = 0;
  const { cards, texts } = await walk(page, {
    // The control the guide waits for is one the keyboard reaches: Tab to it, Enter.
    play: async (id) => {
      await tabForwardTo(page, id);
      await targetInView(page, id);
      const name = `guide-bonanza-phone-fr-${String(++n).padStart(2, '0')}-${id}`;
      await panelFits(page, name);
      await shot(page, name);
      // The same on the narrowest phone: the panel's words still fit, the control is in view.
      await page.setViewportSize(SMALL_PHONE);
      await panelFits(page, `${name} at 360 px`);
      await targetInView(page, `${id} at 360 px`);
      await shot(page, name.replace('phone', 'small'));
      await page.setViewportSize(PHONE);
      await page.keyboard.press('Enter');
    },
    next: () => nextByKeyboard(page),
    shots: 'guide-bonanza-phone-fr',
  });
  assert.deepEqual(cards, MOVES);
  assert.ok(texts.some((t) => /main morte/.test(t)) && texts.some((t) => /Bonanza\u00a0!/.test(t)), texts.join('\n'));
  await leaveUnsaved(page);
  assertNoErrors(errors);
});

/** The loop an outside test runs: done ends it, else Next, else the one control pointed at, by the
 *  mouse or by the keyboard (Tab to it, Enter). Nothing else is clicked: no dialog is in the way. */
async function outsideLoop(page, keyboard) {
  const used = [];
  for (let moves = 0; ; moves++) {
    assert.ok(moves < 40, 'the loop ends');
    const g = await until(async () => {
      const g = await guide(page);
      return g && (g.target || g.next || g.done) && g;
    }, { timeout: 30_000, what: 'the guide waiting for something' });
    if (g.done) break;
    assert.equal(await page.locator('[data-tutorial-target]').count(), g.target ? 1 : 0, 'one control pointed at, at most');
    if (g.next) {
      if (keyboard) {
        await nextByKeyboard(page);
      } else {
        await byId(page, 'tutorial-next').click();
      }
    } else {
      used.push(g.target);
      if (keyboard) {
        await tabForwardTo(page, g.target);
        await page.keyboard.press('Enter');
      } else {
        await page.locator('[data-tutorial-target]').click();
      }
    }
    await until(async () => {
      const now = await guide(page);
      return now.step !== g.step || now.target !== g.target;
    }, { what: 'the guide going on' });
  }
  return used;
}

scenario(() => env, 'an outside loop of Next and the pointed control reaches the end of Bonanza\'s guide, by mouse and by keyboard; Start again starts over', { timeout: 240_000 }, async ({ open }) => {
  const { page, errors } = await openGuide(open, '?lang=en&speed=fast&tutorial=bonanza', DESKTOP);
  const expected = MOVES.map((m) => (m.startsWith('action-') ? m : `card-${m}`));
  assert.deepEqual(await outsideLoop(page, false), expected);
  await byId(page, 'tutorial-restart').click();
  await until(async () => (await guide(page)).target === 'action-sell-widow', { what: 'the guide started over' });
  assert.deepEqual(await outsideLoop(page, true), expected);
  assertNoErrors(errors);
});
