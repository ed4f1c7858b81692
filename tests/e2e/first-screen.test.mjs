// The first screen (scripts/first-screen.mjs): index.html's static copy of the new-game screen is
// what a newcomer sees before the wasm arrives, and the mounted app must take its place unseen.
// With the app's wasm held back, the copy is measured (its text and main boxes); then the wasm is
// let through and the mounted screen is measured the same way: the two must agree, so the copy can
// never drift from the app. Every frame is watched: the copy and the app are never both on
// screen, or neither, and nothing shifts (layout-shift entries). And the copy stays away when the
// app will show something else: a link's game, an embedded page, a returning player's storage.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, scenario, appReady, assertNoErrors, shot, DESKTOP, PHONE } from './harness.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const LAPTOP = { width: 1366, height: 768 };

/** The boxes compared: the top bar, the heading, each game tile, each offer, the form's panels,
 *  the start button, the footer. Measured inside `root` (the copy's language wrapper, or body). */
const MAIN_BOXES = ['.topbar', '.brand', '.topbar-actions', '.new-game-head h2', '.game-tile', '.daily-panel', '.seats-panel', '.rules-panel',
  '.seed-panel', '.start-row .btn', '.footer'];

function measure(page, rootSelector) {
  return page.evaluate(([rootSelector, selectors]) => {
    const root = document.querySelector(rootSelector);
    const boxes = {};
    for (const s of selectors) {
      boxes[s] = [...root.querySelectorAll(s)].map((e) => {
        const r = e.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height), text: e.innerText.replace(/\s+/g, ' ').trim() };
      });
    }
    const controls = [...root.querySelectorAll('input, select')].map((c) =>
      c.type === 'radio' || c.type === 'checkbox' ? `${c.type}:${c.checked}` : `${c.tagName}:${c.value}`);
    return { boxes, controls, scrollHeight: document.documentElement.scrollHeight };
  }, [rootSelector, MAIN_BOXES]);
}

/** Opens the site with the app's wasm held back until `release()`; records each frame's state and
 *  the layout shifts from the first paint on. */
async function openHeld({ viewport, locale = 'en-US', query = '', storage }) {
  const context = await env.browser.newContext({ viewport, locale });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  let release;
  const released = new Promise((r) => { release = r; });
  await page.route(/\/tapis-[0-9a-f]+_bg\.wasm$/, async (route) => { await released; await route.continue(); });
  if (storage) await page.addInitScript(([k, v]) => localStorage.setItem(k, v), storage);
  await page.addInitScript(() => {
    window.__frames = [];
    window.__shifts = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__shifts.push(e.value); }).observe({ type: 'layout-shift', buffered: true });
    const look = () => {
      const shown = [...document.querySelectorAll('.first-copy')].some((c) => getComputedStyle(c).display !== 'none');
      const app = !!document.querySelector('[data-testid="new-game"]') && !document.documentElement.hasAttribute('data-mounting');
      const last = window.__frames.at(-1);
      const now = `${shown ? 'copy' : ''}${app ? 'app' : ''}` || 'none';
      if (last !== now) window.__frames.push(now);
      requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  });
  await page.goto(env.server.url + query, { waitUntil: 'domcontentloaded' });
  return { page, context, errors, release };
}

for (const [name, viewport] of [['laptop', LAPTOP], ['phone', PHONE], ['desktop', DESKTOP]]) {
  for (const [lang, how] of [['en', { locale: 'en-US' }], ['fr', { locale: 'fr-FR' }], ['fr', { query: '?lang=fr' }]]) {
    const label = how.query ? `${lang} by the address` : `${lang} by the browser`;
    scenario(() => env, `the first screen (${name}, ${label}) is the app's new-game screen, replaced unseen`, {}, async () => {
      const { page, context, errors, release } = await openHeld({ viewport, ...how });
      try {
        // Before the wasm: the copy in the chosen language, inert, the loading screen out of the way.
        const before = await page.evaluate(() => ({
          first: document.documentElement.dataset.first,
          inert: document.getElementById('tapis-first')?.inert,
          shown: [...document.querySelectorAll('.first-copy')].filter((c) => getComputedStyle(c).display !== 'none').map((c) => c.lang),
          bootTitle: getComputedStyle(document.querySelector('.boot-title')).display,
          ids: document.querySelectorAll('#tapis-first [id], #tapis-first [data-testid], #tapis-first [name]').length,
        }));
        assert.equal(before.first, lang, 'boot-check.js chose the language');
        assert.deepEqual(before.shown, [lang], 'one copy shows, in that language');
        assert.equal(before.inert, true, 'the copy is inert');
        assert.equal(before.bootTitle, 'none', 'the loading screen does not cover the copy');
        assert.equal(before.ids, 0, 'the copy has no ids, names or test ids of the app');
        const copy = await measure(page, `.first-copy[lang="${lang}"]`);
        await shot(page, `first-screen-${name}-${lang}-copy`);
        // A slow download: after a moment a loading line shows over the copy, in its language.
        const loading = page.locator('#tapis-boot');
        await page.waitForFunction(() => getComputedStyle(document.getElementById('tapis-boot')).opacity === '1', null, { timeout: 5_000 });
        assert.equal(await loading.locator('.boot-loading').innerText(), lang === 'fr' ? 'Chargement…' : 'Loading…');
        assert.ok(copy.boxes['.game-tile'].length === 3 && copy.boxes['.start-row .btn'].length === 1, 'the copy holds the form');

        release();
        await appReady(page);
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const after = await page.evaluate(() => ({
          copies: document.querySelectorAll('#tapis-first, .first-copy, #tapis-boot').length,
          first: document.documentElement.dataset.first ?? null,
          mounting: document.documentElement.hasAttribute('data-mounting'),
          lang: document.documentElement.lang,
          frames: window.__frames,
          shifts: window.__shifts,
        }));
        assert.equal(after.copies, 0, 'the copy and the loading screen are gone once the app has mounted');
        assert.equal(after.first, null);
        assert.equal(after.mounting, false);
        assert.equal(after.lang, lang, 'the app chose the same language');
        // (A first frame may come before the body is parsed.)
        const frames = after.frames[0] === 'none' ? after.frames.slice(1) : after.frames;
        assert.deepEqual(frames, ['copy', 'app'], `each frame shows the copy, then the app: never both, never neither (${after.frames.join(' → ')})`);
        assert.deepEqual(after.shifts, [], 'nothing shifted');
        const app = await measure(page, 'body');
        await shot(page, `first-screen-${name}-${lang}-app`);
        for (const s of MAIN_BOXES) assert.deepEqual(app.boxes[s], copy.boxes[s], `${s}: the copy and the mounted screen differ`);
        assert.deepEqual(app.controls, copy.controls, "the form's controls show the same choices");
        assert.equal(app.scrollHeight, copy.scrollHeight, 'the page is as tall');
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
      }
    });
  }
}

/** The first frame's state when the app will show something else: no copy, the loading screen. */
async function loadingScreenFirst({ query = '', storage } = {}) {
  const { page, context, errors, release } = await openHeld({ viewport: PHONE, query, storage });
  try {
    const state = await page.evaluate(() => ({
      first: document.documentElement.dataset.first ?? null,
      shown: [...document.querySelectorAll('.first-copy')].filter((c) => getComputedStyle(c).display !== 'none').length,
      boot: getComputedStyle(document.getElementById('tapis-boot')).position,
      title: getComputedStyle(document.querySelector('.boot-title')).display,
    }));
    release();
    await appReady(page);
    return { state, errors };
  } finally {
    await context.close();
  }
}

for (const [what, options] of [
  ["a link's game", { query: '?game=bonanza&seats=human,easy' }],
  ['an embedded page', { query: '?embed=1' }],
  ['a returning player (preferences kept)', { storage: ['tapis.settings', '{"four_colour":true}'] }],
  ['a returning player (a game saved)', { storage: ['tapis.current', '{}'] }],
]) {
  test(`the first screen stays hidden for ${what}: the loading screen shows`, async () => {
    const { state, errors } = await loadingScreenFirst(options);
    assert.deepEqual(state, { first: null, shown: 0, boot: 'static', title: 'block' });
    assertNoErrors(errors);
  });
}
