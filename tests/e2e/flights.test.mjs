// What moved is shown moving (src/app/table/flights.rs): a card played or laid comes from its player's
// seat plate, a card drawn goes to it, chips fly from whoever paid to whoever received. Each flight
// is caught where the page starts it (Element.animate, wrapped before the app loads), with where
// it should start from, measured on the page at that moment. A table drawn afresh (a reload)
// moves nothing; nor does anything move at speed "instant" or with the system's reduced motion.
// One picture per game is taken with the flights frozen on their way (artifacts/flight-*.png).
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, byId, settleAnimations, until, ARTIFACTS, DESKTOP, PHONE } from './harness.mjs';
import { table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

/** Runs in the page before the app: every flight the app starts is noted in `window.__flights`,
 *  with, for a card that arrives, the offset from its place to its seat's plate (or, for the
 *  player at the screen, the top of the hand) at that moment. */
function recordFlights() {
  window.__flights = [];
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (frames, options) {
    const centre = (e) => {
      const r = e.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    };
    const parse = (t) => {
      const m = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(t ?? '');
      return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
    };
    const from = this.dataset?.flyFrom;
    let expected = null;
    if (from !== undefined) {
      const plate = document.querySelector(`[data-testid="seat-${from}"]`);
      const hand = plate?.classList.contains('seat-viewer') ? document.querySelector('[data-testid="hand"]') : null;
      let source = plate && centre(plate);
      if (hand) {
        const r = hand.getBoundingClientRect();
        source = { x: r.left + r.width / 2, y: r.top + Math.min(r.height, 120) / 2 };
      }
      const here = centre(this);
      if (source) expected = { x: source.x - here.x, y: source.y - here.y };
    }
    const kind = this.classList.contains('flight-chip') ? 'chip' : this.classList.contains('flight-card') ? 'draw' : from !== undefined ? 'arrival' : 'other';
    // When a travelling copy's flight ends: it should be gone soon after.
    if (kind === 'chip' || kind === 'draw') this.dataset.landsAt = String(performance.now() + (options?.delay ?? 0) + (options?.duration ?? 0));
    window.__flights.push({
      kind,
      from: from ?? null,
      key: this.dataset?.flyKey ?? null,
      what: String(this.className?.baseVal ?? this.className),
      start: parse(frames?.[0]?.transform),
      end: parse(frames?.[1]?.transform),
      expected,
      duration: options?.duration,
    });
    return animate.call(this, frames, options);
  };
}

const flights = (page) => page.evaluate(() => window.__flights);
const forget = (page) => page.evaluate(() => { window.__flights = []; });

/** Every card that arrived started at its seat (within a pixel), and no travelling copy outlives
 *  its flight (the game may go on meanwhile, with new flights). */
async function assertArrivalsFromTheirSeats(page, list) {
  const arrivals = list.filter((f) => f.kind === 'arrival');
  for (const f of arrivals) {
    assert.ok(f.start && f.expected, `a flight with a start and a seat: ${JSON.stringify(f)}`);
    assert.ok(Math.abs(f.start.x - f.expected.x) < 1.5 && Math.abs(f.start.y - f.expected.y) < 1.5,
      `${f.what} (${f.key}) starts at seat ${f.from}: ${JSON.stringify(f)}`);
  }
  await settleAnimations(page);
  await page.waitForTimeout(120);
  const left = await page.evaluate(() => [...document.querySelectorAll('.flight-chip, .flight-card')]
    .filter((e) => !(performance.now() < Number(e.dataset.landsAt) + 200)).length);
  assert.equal(left, 0, 'the travelling copies are gone once landed');
  return arrivals;
}

/** A picture with the flights under way frozen at 40% of their course. */
async function shotInFlight(page, name) {
  await page.evaluate(() => {
    for (const a of document.getAnimations()) {
      const d = a.effect?.getComputedTiming().duration;
      if (typeof d === 'number' && d > 100 && d < 2000) {
        a.pause();
        a.currentTime = (a.effect.getComputedTiming().delay ?? 0) + d * 0.4;
      }
    }
  });
  await page.screenshot({ path: `${ARTIFACTS}flight-${name}.png` });
  await page.evaluate(() => document.getAnimations().forEach((a) => a.playState === 'paused' && a.play()));
}

scenario(() => env, 'Nain Jaune: cards come from their player, chips go where they are paid, a reload moves nothing', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: null, init: (p) => p.addInitScript(recordFlights) });
  await page.goto(`${env.server.url}?lang=en&game=nain-jaune&players=4&seats=human,easy,easy,easy&seed=31&autostart=1`);
  await byId(page, 'game').waitFor();
  // Play on until a computer's card and one of mine have arrived in the sequence, and chips have
  // moved (a box taken, or the round's payments).
  let list = [];
  for (let turn = 0; turn < 60; turn += 1) {
    list = await flights(page);
    const from = new Set(list.filter((f) => f.kind === 'arrival').map((f) => f.from));
    if (from.has('0') && [...from].some((s) => s !== '0') && list.some((f) => f.kind === 'chip')) break;
    await table.untilMyTurn(page);
    if (turn === 1) await shotInFlight(page, 'nain-jaune');
    await table.playByKeyboard(page);
    await page.waitForTimeout(150);
  }
  const chips = list.filter((f) => f.kind === 'chip');
  assert.ok(chips.length > 0, 'chips flew');
  assert.ok(chips.every((f) => f.start === null && f.end && Math.hypot(f.end.x, f.end.y) > 20), `chips travel: ${JSON.stringify(chips[0])}`);
  const arrivals = await assertArrivalsFromTheirSeats(page, await flights(page));
  assert.ok(arrivals.some((f) => f.from === '0'), 'my card travelled from my hand');
  assert.ok(arrivals.some((f) => f.from !== '0'), "a computer's card travelled from its plate");
  assert.equal(new Set(arrivals.map((f) => f.key)).size, arrivals.length, 'each card travels once');

  // A reload draws the table afresh: nothing that is already there travels.
  await table.untilMyTurn(page);
  await page.reload();
  await table.untilMyTurn(page);
  await page.waitForTimeout(800);
  assert.deepEqual(await flights(page), [], 'nothing travels when the table is drawn again');
  // Another language names the cards' players anew: nothing that is there travels again.
  await byId(page, 'lang-fr').click();
  await page.waitForTimeout(800);
  assert.deepEqual(await flights(page), [], 'nothing travels when the language changes');
  assertNoErrors(errors);
});

scenario(() => env, 'nothing travels at speed instant, nor with reduced motion', { timeout: 90_000 }, async ({ open }) => {
  for (const [query, reduce] of [['speed=instant', false], ['speed=normal', true]]) {
    const { page, errors } = await open({ viewport: PHONE, query: null, init: (p) => p.addInitScript(recordFlights) });
    if (reduce) await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(`${env.server.url}?lang=fr&game=bonanza&players=3&seats=easy,easy,easy&seed=8&autostart=1&${query}`);
    await byId(page, 'game').waitFor();
    await until(() => page.evaluate(() => (document.querySelector('[data-testid="sequence"]')?.dataset.cards ?? '').split(' ').filter(Boolean).length >= 2
      || !!document.querySelector('[data-testid="game-over"]')), { timeout: 60_000, what: 'cards in the race' });
    assert.deepEqual(await flights(page), [], `nothing travels with ${query}${reduce ? ' and reduced motion' : ''}`);
    assertNoErrors(errors);
  }
});

scenario(() => env, 'Bonanza: the race cards come from their players, chips fly where they are paid', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: null, init: (p) => p.addInitScript(recordFlights) });
  await page.goto(`${env.server.url}?lang=en&game=bonanza&players=5&seats=easy,easy,easy,easy,easy&seed=12&autostart=1&speed=fast`);
  await byId(page, 'game').waitFor();
  // Chips move at the calls (a space taken), at the poker (a bet into the pot) and in the race.
  await until(async () => {
    const list = await flights(page);
    return list.filter((f) => f.kind === 'arrival').length >= 3 && list.some((f) => f.kind === 'chip');
  }, { timeout: 60_000, what: 'chips and race cards travelling' });
  await shotInFlight(page, 'bonanza');
  const arrivals = await assertArrivalsFromTheirSeats(page, await flights(page));
  assert.ok(arrivals.every((f) => f.what.includes('sequence-card')), 'the race cards are what travels');
  assertNoErrors(errors);
});

scenario(() => env, 'Programmes: a discard comes from its player, a draw goes to him, a meld comes from who laid it', { timeout: 150_000 }, async ({ open }) => {
  const { page, errors } = await open({ viewport: DESKTOP, query: null, init: (p) => p.addInitScript(recordFlights) });
  await page.goto(`${env.server.url}?lang=en&game=programmes&players=3&seats=easy,easy,easy&seed=5&autostart=1&speed=fast`);
  await byId(page, 'game').waitFor();
  let duplicateIds = [];
  await until(async () => {
    // A travelling copy never repeats an element the tests (or a screen reader) look for.
    duplicateIds = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[data-testid]')].map((e) => e.dataset.testid);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    });
    if (duplicateIds.length) return true;
    const list = await flights(page);
    const kinds = new Set(list.map((f) => (f.kind === 'arrival' && f.what.includes('placed') ? 'meld' : f.kind === 'arrival' ? 'discard' : f.kind)));
    return ['discard', 'draw', 'meld'].every((k) => kinds.has(k)) || (await byId(page, 'game-over').count()) > 0;
  }, { timeout: 120_000, what: 'a discard, a draw and a meld travelling' });
  assert.deepEqual(duplicateIds, [], 'no test id twice on the page');
  const list = await flights(page);
  assert.ok(list.some((f) => f.kind === 'draw' && f.end && Math.hypot(f.end.x, f.end.y) > 20), 'a drawn card travels to its player');
  assert.ok(list.some((f) => f.kind === 'arrival' && f.what.includes('pile-top')), 'a discarded card travels from its player');
  assert.ok(list.some((f) => f.kind === 'arrival' && f.what.includes('placed')), 'a meld travels from who laid it');
  await forget(page);
  await until(async () => (await flights(page)).length > 0, { timeout: 10_000, what: 'the next move' });
  await shotInFlight(page, 'programmes');
  await assertArrivalsFromTheirSeats(page, list);
  assertNoErrors(errors);
});
