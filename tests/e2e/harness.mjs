// Shared pieces of the end-to-end tests: the browser (Debian's Chromium through playwright-core),
// the site served under a sub-path, error collection, screenshots, axe-core audits, and
// keyboard-only helpers.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromium } from 'playwright-core';
import { serve } from './server.mjs';

/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Builds the native `referee` (cargo answers at once when it is up to date); returns its path. */
export function buildReferee() {
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'referee'], { cwd: ROOT, stdio: 'inherit' });
  return `${process.env.CARGO_TARGET_DIR ?? `${ROOT}target`}/release/referee`;
}

export const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** A small Android phone: the narrowest width the layout is checked at. */
export const SMALL_PHONE = { width: 360, height: 640 };

// As root, and on a closed network: without the networking flags Chromium floods it with requests.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** One Chromium and one server for a test file: `const env = await setup(); … await env.close()`.
 *  `root`: the build to serve (dist/ by default). */
export async function setup({ root } = {}) {
  const server = await serve(root ? { root } : {});
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return {
    server,
    browser,
    /** A fresh page (own context, so own localStorage) that records every error it sees. */
    async open({ viewport = DESKTOP, query = '', init, base = server.url } = {}) {
      const context = await browser.newContext({ viewport, locale: 'en-US' });
      const page = await context.newPage();
      const errors = watchErrors(page);
      if (init) await init(page);
      if (query !== null) await page.goto(base + query);
      return { page, context, errors };
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/** Collects page errors, console errors and failed requests; `assertNoErrors` checks the list. */
export function watchErrors(page) {
  const errors = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    // A navigation (reload) cancels what is still in flight, e.g. the favicon: not the page's fault.
    if (why !== 'net::ERR_ABORTED') errors.push(`request failed: ${r.url()} ${why}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) errors.push(`HTTP ${r.status()}: ${r.url()}`);
  });
  return errors;
}

/**
 * A test that, when it fails, leaves a screenshot of every page it opened with `env.open` in
 * artifacts/FAILED-<title>-<n>.png and prints the errors those pages reported.
 */
export function scenario(getEnv, title, options, body) {
  return test(title, options, async () => {
    const env = getEnv();
    const opened = [];
    const open = async (o) => {
      const p = await env.open(o);
      opened.push(p);
      return p;
    };
    try {
      await body({ ...env, open });
    } catch (e) {
      const slug = title.replace(/[^a-z0-9]+/gi, '-').slice(0, 60);
      for (const [i, { page, errors }] of opened.entries()) {
        await shot(page, `FAILED-${slug}-${i}`).catch(() => {});
        if (errors.length) console.error(`errors seen by page ${i}:\n${errors.join('\n')}`);
      }
      throw e;
    } finally {
      for (const { context } of opened) await context.close().catch(() => {});
    }
  });
}

export function assertNoErrors(errors, what = 'the page') {
  assert.deepEqual(errors, [], `${what} reported errors:\n${errors.join('\n')}`);
}

export const byId = (page, id) => page.locator(`[data-testid="${id}"]`);

/** `open`'s `init` for a test that makes every move of the player itself, forced ones too: the
 *  preference "Play forced moves for me" off (unless the page has preferences already). */
export const chooseForcedMoves = (page) => page.addInitScript(() => {
  if (!localStorage.getItem('tapis.settings')) localStorage.setItem('tapis.settings', '{"choose_forced":true}');
});

/** Waits for the app to be mounted and the WebAssembly started, and shown (it is built over a few
 *  tasks out of sight: src/app/shell/mount_stages.rs). */
export async function appReady(page) {
  await page.waitForFunction(() => document.querySelector('[data-testid]') !== null && !document.documentElement.hasAttribute('data-mounting'), null, { timeout: 30_000 });
}

/** Lets entrance animations and transitions finish (not the endless ones; 3 s at most), so what
 *  is looked at is what a player sees, not a half-faded frame. */
export async function settleAnimations(page) {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => {}))), new Promise((r) => setTimeout(r, 3000))]);
  });
}

let axeSource;

/** Runs axe-core on the page as it is (every rule it runs by default: WCAG 2.0–2.2 A and AA, and
 *  its best practices) and fails with each violation, its elements and why. */
export async function audit(page, what) {
  // Entrance animations end first: a half-faded element has a contrast it never keeps.
  await settleAnimations(page);
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const result = await window.axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      elements: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
      count: v.nodes.length,
    }));
  });
  const report = violations
    .map((v) => `- ${v.rule} (${v.impact}, ${v.count} element(s)): ${v.help}\n    ${v.elements.join('\n    ')}`)
    .join('\n');
  assert.equal(violations.length, 0, `axe found problems on ${what}:\n${report}`);
}

/** Screenshot into tests/e2e/artifacts/NAME.png; then checks that what was shot fits: neither the
 *  page nor a dialog or a chip table needs a sideways scroll, no seat plate cuts its counts, no
 *  board box its name, and no row of buttons pushes one out. */
export async function shot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  await settleAnimations(page);
  await page.screenshot({ path: `${ARTIFACTS}${name}.png`, fullPage: false });
  const wide = await page.evaluate(() => {
    const doc = document.documentElement;
    const boxes = [...document.querySelectorAll('.dialog, .dialog-body, .table-scroll')];
    const wider = [doc, ...boxes].filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => `${e.className || e.tagName} (${e.scrollWidth - e.clientWidth} px)`);
    // What a seat plate says ends inside the plate (its border is 2 px): the counts, and a note
    // (its words stay within its line).
    const cut = [...document.querySelectorAll('.seat')].flatMap((seat) => {
      const edge = seat.getBoundingClientRect().right - 2;
      const who = seat.querySelector('.seat-name')?.textContent.trim();
      const counts = [...seat.querySelectorAll('.seat-chips, .seat-cards')]
        .filter((c) => c.getBoundingClientRect().right > edge + 0.5)
        .map((c) => `${who}'s ${c.className} (${Math.round(c.getBoundingClientRect().right - edge)} px)`);
      const notes = [...seat.querySelectorAll('.seat-note')]
        .filter((n) => n.scrollWidth > n.clientWidth + 1 || n.getBoundingClientRect().right > edge + 0.5)
        .map((n) => `${who}'s note "${n.textContent}"`);
      return [...counts, ...notes];
    });
    // A Nain Jaune box's name is never cut short ("Yellow Dw…" once, on a wide screen).
    const names = [...document.querySelectorAll('.box-name')]
      .filter((n) => n.scrollWidth > n.clientWidth + 1)
      .map((n) => `box name "${n.textContent}"`);
    // A row of buttons keeps them inside it: pushed to its end, a button too wide for the row
    // would run out at the other end, cut by the dialog, and no scroll bar shows it.
    const outside = [...document.querySelectorAll('.dialog-foot, .game-over-actions')].flatMap((row) => {
      const r = row.getBoundingClientRect();
      return [...row.children]
        .filter((b) => {
          const q = b.getBoundingClientRect();
          return q.width > 0 && (q.left < r.left - 0.5 || q.right > r.right + 0.5);
        })
        .map((b) => `button "${b.textContent.trim()}" out of its row`);
    });
    return [...wider, ...cut, ...names, ...outside];
  });
  assert.deepEqual(wide, [], `${name}: wider than the room it has: ${wide.join(', ')}`);
  // An open dialog's title is on top: nothing (the top bar, a seat) is drawn over it.
  const covered = await page.evaluate(() =>
    [...document.querySelectorAll('.dialog h2')]
      .filter((h) => {
        const r = h.getBoundingClientRect();
        if (r.width === 0 || r.bottom < 0 || r.top > innerHeight) return false;
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return !h.closest('.dialog').contains(hit);
      })
      .map((h) => h.textContent),
  );
  assert.deepEqual(covered, [], `${name}: a dialog's title is hidden under something`);
}

/** `shot`, and when the page has a phone's width (PHONE) the same again at SMALL_PHONE's, the name's
 *  leading `phone-` becoming `small-`; the page goes back to its size after. */
export async function shotAlsoSmall(page, name) {
  await shot(page, name);
  const size = page.viewportSize();
  if (size?.width !== PHONE.width) return;
  await page.setViewportSize(SMALL_PHONE);
  await shot(page, name.replace(/^phone-/, 'small-'));
  await page.setViewportSize(size);
}

// ---------------------------------------------------------------- keyboard only

/** data-testid of the focused element (or of its nearest ancestor that has one). */
export function activeTestId(page) {
  return page.evaluate(() => {
    let el = document.activeElement;
    while (el && el !== document.body) {
      const id = el.getAttribute?.('data-testid');
      if (id) return id;
      el = el.parentElement;
    }
    return null;
  });
}

/** Waits (5 s at most) for the focus on an element whose data-testid starts with `prefix`
 *  (`card-`, `action-`), and gives that test id. */
export function untilFocusOn(page, prefix, what) {
  return until(async () => {
    const id = await activeTestId(page);
    return id && id.startsWith(prefix) ? id : null;
  }, { timeout: 5_000, what });
}

/** Presses Tab (then Shift+Tab) until the element with this data-testid has the focus. */
export async function tabTo(page, testId, maxPresses = 80) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < maxPresses; i++) {
      if ((await activeTestId(page)) === testId) return;
      await page.keyboard.press(key);
    }
  }
  assert.fail(`could not reach [data-testid="${testId}"] with Tab (focus is on ${await activeTestId(page)})`);
}

/** Chooses `value` in a <select> with the arrow keys (as a keyboard user does on a closed select). */
export async function chooseByKeyboard(page, testId, value) {
  await tabTo(page, testId);
  const select = byId(page, testId);
  const values = await select.evaluate((s) => [...s.options].map((o) => o.value));
  assert.ok(values.includes(value), `${testId} has no option '${value}' (options: ${values.join(', ')})`);
  for (let i = 0; i < values.length + 1; i++) {
    const current = await select.evaluate((s) => s.value);
    if (current === value) return;
    const key = values.indexOf(current) < values.indexOf(value) ? 'ArrowDown' : 'ArrowUp';
    await page.keyboard.press(key);
  }
  assert.equal(await select.evaluate((s) => s.value), value, `${testId} could not be set to ${value}`);
}

/** Replaces the text of an input by typing (select all, then the new text). */
export async function typeInto(page, testId, text) {
  await tabTo(page, testId);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(String(text));
}

/** Polls `fn` until it returns a truthy value. */
export async function until(fn, { timeout = 30_000, interval = 50, what = 'condition' } = {}) {
  const end = Date.now() + timeout;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) assert.fail(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, interval));
  }
}
