// Words and details of the table (issue 40, part 5), as a player meets them: a greyed card says
// the engine's reason on hover and on a tap, without moving the hand; the card just drawn in
// Programmes is marked until the next move; the melds' cards and wild labels stay readable at
// every size; letter shortcuts are not shown where the only pointer is a finger until a key is
// pressed; the top bar's preferences are labelled and whole; the plates' capitals keep their
// accents; Nain Jaune's header says how long the game lasts.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, until, shot, settleAnimations, DESKTOP, PHONE } from './harness.mjs';
import { programmes } from './pages.mjs';
import { deal, revealRecord } from './programmes-records.mjs';
import { guide, openGuide } from './guide-walk.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** The window sizes players use (laptops, a desktop, a tablet, a phone upright and sideways). */
const SIZES = {
  'laptop-1366': { width: 1366, height: 768 },
  'laptop-1280': { width: 1280, height: 720 },
  desktop: { width: 1920, height: 1080 },
  tablet: { width: 768, height: 1024 },
  phone: PHONE,
  sideways: { width: 844, height: 390 },
};
/** A phone or a tablet: a finger is the only pointer. */
const TOUCH = { isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** Opens a page in a context of its own with a touch screen, recording its errors. */
async function openTouch(viewport, query) {
  const context = await env.browser.newContext({ viewport, locale: 'en-US', ...TOUCH });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && errors.push(`console.error: ${m.text()}`));
  await page.goto(env.server.url + query);
  return { page, context, errors };
}

/** Follows the guided deal (its pointed control, or Next) until it points at `target`. */
async function guideUntil(page, target) {
  for (let moves = 0; moves < 30; moves++) {
    const g = await until(async () => {
      const g = await guide(page);
      return g && (g.target || g.next) && g;
    }, { what: 'the guide waiting for something' });
    if (g.target === target) return;
    if (g.target) await byId(page, g.target).click();
    else await byId(page, 'tutorial-next').click();
    await until(async () => {
      const now = await guide(page);
      return now.target !== g.target || now.step !== g.step;
    }, { what: `the guide past ${g.target ?? 'Next'}` });
  }
  assert.fail(`the guide never pointed at ${target}`);
}

/** Each card of the hand: its place in the page's layout (a hovered playable card lifts itself,
 *  which is no move of the hand), its reason if the engine refuses it, and whether a reason is
 *  drawn over it (the card's ::after, with its box worked out from its computed size). */
const handCards = (page) =>
  page.$$eval('[data-testid="hand"] .hand-card', (cards) =>
    cards.map((c) => {
      const r = c.getBoundingClientRect();
      const after = getComputedStyle(c, '::after');
      const shown = !c.classList.contains('playable') && after.content !== 'none' && after.display !== 'none';
      const w = parseFloat(after.width);
      const h = parseFloat(after.height);
      // (Resolved against the card's box, which has no border: its left edge is the card's.)
      const left = r.left + parseFloat(after.left);
      return {
        card: c.dataset.card,
        rect: (() => {
          const hand = c.closest('.hand-area').getBoundingClientRect();
          return [hand.left, hand.top, c.offsetLeft, c.offsetTop, c.offsetWidth, c.offsetHeight].map(Math.round);
        })(),
        why: c.dataset.why ?? null,
        label: c.querySelector('.sr-only').textContent,
        bubble: shown ? { left, right: left + w, top: r.top - 24 - h, bottom: r.top - 24 } : null,
      };
    }),
  );

/** The reason drawn over `card`, checked inside the window. */
async function reasonShown(page, card) {
  const c = (await handCards(page)).find((x) => x.card === card);
  assert.ok(c.bubble, `a reason is drawn over ${card}`);
  const { left, right, top } = c.bubble;
  const { width } = page.viewportSize();
  assert.ok(left >= 0 && right <= width && top >= 0, `the reason over ${card} is inside the window: ${JSON.stringify(c.bubble)}`);
  return c;
}

scenario(() => env, "a greyed card says the engine's reason on hover and on a tap, and the hand stays put", { timeout: 180_000 }, async ({ open }) => {
  // Bonanza's guided deal: after the K♠ stop the lead must change colour (the 5♣ is refused), and
  // a lead is the lowest card of its suit (the A♥, below the K♥, is refused).
  const { page, errors } = await openGuide(open, '?lang=en&speed=fast&tutorial=bonanza', { width: 1366, height: 768 });
  await guideUntil(page, 'card-KH');
  await settleAnimations(page);
  const before = await handCards(page);
  assert.deepEqual(before.map((c) => [c.card, c.why]), [
    ['KH', null],
    ['AH', 'A lead is the lowest card of its suit: here the K♥.'],
    ['5C', 'After a stop the lead changes colour: lead a red card.'],
  ]);
  assert.match(before[2].label, /cannot be played now: After a stop the lead changes colour/, 'the reason is in the card\'s name');
  assert.ok(before.every((c) => !c.bubble), 'no reason is drawn before the pointer comes');
  // The mouse over the 5♣: its reason, over the card.
  await byId(page, 'card-5C').hover();
  await reasonShown(page, '5C');
  await shot(page, 'words-reason-hover-laptop');
  // Away, nothing; a click (a tap) leaves the reason up, and refuses the card.
  await page.mouse.move(5, 5);
  assert.ok((await handCards(page)).every((c) => !c.bubble), 'the reason goes with the pointer');
  const actions = (await guide(page)).step;
  await byId(page, 'card-5C').click({ force: true });
  await page.mouse.move(5, 5);
  await settleAnimations(page);
  await reasonShown(page, '5C');
  assert.equal((await guide(page)).step, actions, 'nothing was played');
  const after = await handCards(page);
  assert.deepEqual(after.map((c) => c.rect), before.map((c) => c.rect), 'the hand did not move');
  // The card to play is played; the reason is gone with the move.
  await byId(page, 'card-KH').click();
  await until(async () => (await guide(page)).target === 'card-AH', { what: 'the K♥ played' });
  assert.ok((await handCards(page)).every((c) => !c.bubble), 'no reason left over the new hand');
  assertNoErrors(errors);
});

scenario(() => env, 'a greyed card says why on a phone, in French: a tap on it', { timeout: 180_000 }, async () => {
  // Nain Jaune's guided deal: after the 5♣ the sequence wants a 6, and the player holds one.
  const { page, context, errors } = await openTouch(PHONE, '?lang=fr&speed=fast&tutorial=nain-jaune');
  try {
    await byId(page, 'tutorial').waitFor();
    await guideUntil(page, 'card-6S');
    await settleAnimations(page);
    const before = await handCards(page);
    const seven = before.find((c) => c.card === '7D');
    assert.equal(seven.why, 'La séquence attend un 6, et vous en avez un\u00a0: jouez-le.');
    await byId(page, 'card-7D').tap({ force: true });
    // The card shakes, once: it is not dealt in again when the shake ends.
    await until(async () => !(await page.locator('.hand-card.shake').count()), { what: 'the shake over' });
    const moving = await byId(page, 'card-7D').evaluate((c) => c.getAnimations().filter((a) => a.playState === 'running').map((a) => a.animationName));
    assert.deepEqual(moving, [], 'the refused card is still, not dealt in again');
    await reasonShown(page, '7D');
    assert.deepEqual((await handCards(page)).map((c) => c.rect), before.map((c) => c.rect), 'the hand did not move');
    await shot(page, 'words-reason-tap-phone-fr');
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
});

/** Programmes with two wilds side by side in each meld of the reveal: the human (seat 0) holds
 *  program P14 (a set of three and a run of four), the A♠ on top of the stock. */
function wildsRecord() {
  const layout = deal([
    ['9H', 'JK', '2D', '4S', 'JK', '2H', '7S', 'KC', 'KD', 'KH', 'QD', '3S', '8S'],
    ['AH', '4D', '8C', '10H', 'QC', '6D', 'JH', '3C', '7D', 'KS', '5H', '9C', 'JD'],
    ['AD', '5C', '9S', 'JC', '4H', '8D', 'QH', '3D', '7C', '10S', '6H', 'AC', '10D'],
  ], ['10C', 'AS']);
  const programs = ['P14', 'P07', 'P02'];
  const deck = [...Array.from({ length: 40 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`), 'SUN1', 'SUN2'];
  return {
    format: 1, game: 'programmes', players: 3, seats: ['human', 'easy', 'easy'], names: ['You', 'Ada', 'Bob'], seed: 5, first_dealer: 2,
    deals: [{ ...layout, programs, program_deck: deck.filter((p) => !programs.includes(p)) }], actions: [],
  };
}

/** The hand's cards marked as just drawn: the card, whether its tag is seen (in the window, no
 *  other card over its middle, the hand brought into view first), the words read out. */
const drawnMarks = (page) =>
  page.$$eval('[data-testid^="hand-card-"]', (cards) =>
    cards
      .filter((c) => c.classList.contains('drawn'))
      .map((c) => {
        c.closest('.hand-area').scrollIntoView({ block: 'nearest' });
        const tag = c.querySelector('.drawn-tag');
        const r = tag?.getBoundingClientRect();
        // (The tag lets the pointer through: what is found there is the hand, or the card itself.)
        const hit = r && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        const seen = !!hit && r.width > 0 && r.top >= 0 && (hit.closest('.hand-card') ?? c) === c && !!hit.closest('.hand-area');
        return { card: c.dataset.card, tag: seen, words: c.querySelector('.sr-only').textContent };
      }),
  );

scenario(() => env, 'the card just drawn is marked until the next move', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant', viewport: { width: 1366, height: 768 } });
  await byId(page, 'new-game').waitFor();
  // From the stock: the card the hand did not hold.
  await programmes.importRecord(page, wildsRecord());
  await programmes.untilMyTurnOrOver(page);
  assert.deepEqual(await drawnMarks(page), [], 'nothing is marked before the draw');
  const held = await programmes.hand(page);
  await programmes.click(page, 'stock');
  const now = await programmes.hand(page);
  const fresh = now.filter((c, i) => now.slice(0, i + 1).filter((x) => x === c).length > held.filter((x) => x === c).length);
  assert.deepEqual(fresh, ['AS'], 'the stock gave the A♠');
  const marks = await drawnMarks(page);
  assert.deepEqual(marks.map((m) => [m.card, m.tag]), [['AS', true]], 'the A♠ is marked, its tag on it');
  assert.match(marks[0].words, /^ace of spades, just taken/);
  await shot(page, 'words-drawn-laptop');
  // The next move (the reveal) ends the mark.
  await programmes.click(page, 'action-reveal');
  assert.deepEqual(await drawnMarks(page), [], 'the mark goes with the next move');

  assertNoErrors(errors);

  // From the discard pile, in French.
  const fr = await open({ query: '?lang=fr&speed=instant', viewport: PHONE });
  await byId(fr.page, 'new-game').waitFor();
  await programmes.importRecord(fr.page, revealRecord({ lang: 'fr' }));
  await programmes.untilMyTurnOrOver(fr.page);
  await programmes.click(fr.page, 'discard');
  const taken = await drawnMarks(fr.page);
  assert.deepEqual(taken.map((m) => [m.card, m.tag]), [['2C', true]], 'the 2♣ is marked, its tag on it');
  assert.match(taken[0].words, /^2 de trèfle, que vous venez de prendre/);
  await shot(fr.page, 'words-drawn-phone-fr');
  assertNoErrors(fr.errors);
});

/** Geometry of the melds: each card's width and the part of it no neighbour covers, each wild's
 *  tag, each "Add" button; what overlaps what. */
const meldGeometry = (page) =>
  page.evaluate(() => {
    const box = (e) => e.getBoundingClientRect();
    const meet = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const problems = [];
    let narrowest = Infinity;
    for (const meld of document.querySelectorAll('[data-testid^="meld-"]')) {
      const id = meld.dataset.testid;
      const cards = [...meld.querySelectorAll('.placed')].map(box);
      cards.forEach((c, i) => {
        const next = cards[i + 1];
        const free = next && Math.abs(next.top - c.top) < 1 ? Math.min(c.width, next.left - c.left) : c.width;
        narrowest = Math.min(narrowest, free);
      });
      const tags = [...meld.querySelectorAll('.wild-tag')].map((t) => ({ r: box(t), text: t.textContent, cut: t.scrollWidth > t.clientWidth + 1 }));
      const m = box(meld);
      tags.forEach((t, i) => {
        if (t.cut || t.r.left < m.left || t.r.right > m.right || t.r.bottom > m.bottom + 0.5) problems.push(`${id}: the tag ${t.text} is cut`);
        tags.slice(i + 1).forEach((u) => meet(t.r, u.r) && problems.push(`${id}: the tags ${t.text} and ${u.text} overlap`));
      });
      for (const add of meld.querySelectorAll('.meld-add')) {
        if (cards.some((c) => meet(box(add), c))) problems.push(`${id}: "${add.textContent}" lies over a card`);
      }
    }
    return { problems, narrowest: Math.round(narrowest) };
  });

scenario(() => env, 'melds read whole at every size: cards, wild labels and the Add buttons apart', { timeout: 240_000 }, async ({ open }) => {
  for (const [name, viewport] of Object.entries(SIZES)) {
    const { page, errors } = await open({ query: '?lang=en&speed=instant', viewport });
    await byId(page, 'new-game').waitFor();
    await programmes.importRecord(page, wildsRecord());
    await programmes.untilMyTurnOrOver(page);
    await programmes.click(page, 'stock');
    // The reveal with two wilds side by side in each meld; the 7♠ then joins the run.
    const ways = await page.$$eval('[data-testid^="reveal-option-"]', (els) => els.map((e) => e.dataset.action));
    const k = ways.indexOf('reveal AS 2H=AH 2D=AD | 4S JK=5S JK=6S 7S');
    assert.ok(k >= 0, `the way with both pairs of wilds is offered: ${ways}`);
    if (k > 0) {
      if (await byId(page, 'reveal-more').count()) await byId(page, 'reveal-more').click();
      await byId(page, `reveal-option-${k}`).click();
    }
    await programmes.click(page, 'action-reveal');
    await programmes.select(page, '8S');
    await page.locator('.prog-melds').scrollIntoViewIfNeeded();
    await settleAnimations(page);
    const g = await meldGeometry(page);
    assert.deepEqual(g.problems, [], `${name}: ${g.problems.join('; ')}`);
    assert.ok(g.narrowest >= 20, `${name}: every meld card shows at least 20 px of itself (${g.narrowest})`);
    await shot(page, `words-melds-${name}`);
    assertNoErrors(errors);
  }
});

/** What shows of the letter shortcuts: the keys on the buttons (a box of their own), and the
 *  letters in the prompt. */
const lettersShown = (page) =>
  page.evaluate(() => ({
    kbd: [...document.querySelectorAll('.kbd')].filter((k) => k.getBoundingClientRect().width > 0).map((k) => k.textContent),
    prompt: document.querySelector('[data-testid="turn-prompt"]').innerText,
  }));

scenario(() => env, 'no letter shortcuts where a finger is the only pointer, until a key is pressed', { timeout: 120_000 }, async ({ open }) => {
  const { page, context, errors } = await openTouch(PHONE, '?lang=en&speed=instant');
  try {
    await byId(page, 'new-game').waitFor();
    await programmes.importRecord(page, revealRecord());
    await programmes.untilMyTurnOrOver(page);
    let shown = await lettersShown(page);
    assert.deepEqual(shown.kbd, [], 'no key on the buttons');
    assert.match(shown.prompt, /^Your turn: draw from the stock or take the 2♣ from the discard pile\. /, 'no letters in the prompt');
    await shot(page, 'words-letters-touch-phone');
    // A keyboard comes: the letters are there for it from then on.
    await page.keyboard.press('Shift');
    shown = await lettersShown(page);
    assert.deepEqual(shown.kbd, ['H'], 'Hint H (no move to take back yet)');
    assert.match(shown.prompt, /stock \(S\) or take the 2♣ from the discard pile \(D\)/);
    assertNoErrors(errors);
  } finally {
    await context.close();
  }
  // With a mouse, the letters show from the start.
  const desk = await open({ query: '?lang=en&speed=instant', viewport: DESKTOP });
  await byId(desk.page, 'new-game').waitFor();
  await programmes.importRecord(desk.page, revealRecord());
  await programmes.untilMyTurnOrOver(desk.page);
  const shown = await lettersShown(desk.page);
  assert.deepEqual(shown.kbd, ['H']);
  assert.match(shown.prompt, /\(S\)/);
  assertNoErrors(desk.errors);
});

scenario(() => env, "the top bar's preferences: the speed has its label, no label is cut", { timeout: 120_000 }, async ({ open }) => {
  for (const viewport of [SIZES['laptop-1366'], SIZES['laptop-1280'], SIZES.desktop, SIZES.tablet]) {
    for (const lang of ['en', 'fr']) {
      const { page, errors } = await open({ query: `?lang=${lang}`, viewport });
      await byId(page, 'new-game').waitFor();
      const bar = await page.evaluate(() => {
        const speed = document.querySelector('.pref-speed .pref-label');
        const r = speed.getBoundingClientRect();
        const labels = [...document.querySelectorAll('.prefs .pref span, .pref-label')];
        return {
          speed: speed.textContent,
          speedSeen: r.width > 8 && r.height > 8 && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== null && speed.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)),
          cut: labels.filter((l) => l.scrollWidth > l.clientWidth + 1 || /…$/.test(l.textContent)).map((l) => l.textContent),
        };
      });
      const size = `${viewport.width}×${viewport.height} ${lang}`;
      assert.equal(bar.speed, lang === 'en' ? 'Speed' : 'Vitesse', size);
      assert.ok(bar.speedSeen, `${size}: the speed's label is seen`);
      assert.deepEqual(bar.cut, [], `${size}: labels cut short`);
      if (viewport === SIZES['laptop-1366']) await shot(page, `words-topbar-1366-${lang}`);
      assertNoErrors(errors);
    }
  }
});

// (On a desktop: where the table is 420 px tall or less, a laptop's included, the plates are slim
// and their glowing border alone says whose turn it is, with no status line; style/main.css.)
scenario(() => env, "the plates' capital accents are drawn whole (À JOUER)", { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=fr&speed=slow&game=nain-jaune&players=3&seats=human,easy,easy&autostart=1', viewport: SIZES.desktop });
  const status = page.locator('.seat-status', { hasText: 'À jouer' });
  await status.first().waitFor();
  // The ink of "À JOUER" (its accent the highest) inside the box that clips the line.
  const ink = await status.first().evaluate((el) => {
    const style = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d');
    ctx.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const m = ctx.measureText(el.textContent.toUpperCase());
    const range = document.createRange();
    range.selectNodeContents(el);
    const line = range.getBoundingClientRect();
    const baseline = line.top + m.fontBoundingBoxAscent;
    const clip = el.getBoundingClientRect();
    return { inkTop: baseline - m.actualBoundingBoxAscent, inkBottom: baseline + m.actualBoundingBoxDescent, clipTop: clip.top, clipBottom: clip.bottom };
  });
  assert.ok(ink.inkTop >= ink.clipTop - 0.5 && ink.inkBottom <= ink.clipBottom + 0.5, `the letters lie inside the clip: ${JSON.stringify(ink)}`);
  await shot(page, 'words-plates-fr-desktop');
  assertNoErrors(errors);
});

scenario(() => env, "Nain Jaune's header says how long the game lasts", { timeout: 120_000 }, async ({ open }) => {
  const header = async (query, viewport = SIZES['laptop-1366']) => {
    const { page, errors } = await open({ query: `${query}&game=nain-jaune&players=3&seats=human,easy,easy&autostart=1&speed=fast`, viewport });
    await page.locator('.round-badge').waitFor();
    const text = {
      badge: await page.locator('.round-badge').innerText(),
      // Lines of text in the header: the distinct tops of its pieces' line boxes.
      lines: await page.evaluate(() => {
        const tops = [...document.querySelectorAll('.round-badge, .stake-info')].flatMap((e) => {
          const range = document.createRange();
          range.selectNodeContents(e);
          return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
        });
        return new Set(tops).size;
      }),
    };
    assertNoErrors(errors);
    return text;
  };
  let h = await header('?lang=en&opt.rounds=5');
  assert.equal(h.badge, 'Round 1 of 5');
  h = await header('?lang=fr');
  assert.equal(h.badge, 'Donne 1 · tant que chacun peut miser');
  // On a phone the badge keeps its line, and the stake line one below it.
  h = await header('?lang=fr', PHONE);
  assert.ok(h.lines <= 2, `the badge and the stake line take two lines at most (${h.lines})`);
});
