// The game under the strict Content-Security-Policy of docs/hosting.md: no inline script but
// Trunk's loader (allowed by its SHA-256, computed here from dist/index.html), no eval,
// 'wasm-unsafe-eval' for WebAssembly, no inline style attribute. The site, its AI worker, its
// service worker and the embedding demo run with no violation and no error.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scenario, setup, assertNoErrors, byId, until } from './harness.mjs';
import { serve, DIST } from './server.mjs';
import { newGame, table } from './pages.mjs';

/** The policy as docs/hosting.md gives it (its first fenced block naming `default-src`), with
 * the hash of the one inline script of index.html in place of `<hash of the loader>`. */
function policy() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
  assert.equal(inline.length, 1, 'one inline script: Trunk\'s loader');
  const hash = createHash('sha256').update(inline[0]).digest('base64');
  const doc = readFileSync(new URL('../../docs/hosting.md', import.meta.url), 'utf8');
  const block = doc.match(/```\n(default-src[^`]*)```/);
  assert.ok(block, 'docs/hosting.md gives the policy in a fenced block');
  return block[1].trim().split(/;\s*/).join('; ').replace('<hash of the loader>', hash);
}

let env;
let server;
const CSP = policy();
before(async () => {
  env = await setup();
  server = await serve({ headers: { 'Content-Security-Policy': CSP } });
});
after(async () => {
  await server?.close();
  await env?.close();
});

/** Records every CSP violation the page (and its frames) report. */
const watchViolations = (page) =>
  page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__violations.push(`${e.violatedDirective}: ${e.blockedURI} ${e.sample}`));
  });

scenario(() => env, 'the build writes the same policy into tapis-build.json', {}, async () => {
  assert.equal(JSON.parse(readFileSync(join(DIST, 'tapis-build.json'), 'utf8')).csp, CSP);
});

scenario(() => env, 'the game plays under the strict policy: no violation, no error', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ base: server.url, query: null, init: watchViolations });
  const response = await page.goto(server.url + '?lang=en&speed=instant');
  assert.equal(response.headers()['content-security-policy'], CSP, 'the policy is served');
  await newGame.start(page, { rounds: 1, seed: 515 });
  await until(async () => (await byId(page, 'ai-status').getAttribute('data-status')) === 'ready', { what: 'the AI worker under the policy' });
  await table.playTurns(page, 3);
  // A hint runs the hard level in the worker.
  await page.keyboard.press('h');
  await until(async () => (await byId(page, 'hint-text').getAttribute('data-state')) === 'ready', { what: 'a hint' });
  // The seats' layout comes from CSS custom properties set without a style attribute.
  assert.notEqual(await page.locator('[data-testid="seat-1"]').evaluate((e) => getComputedStyle(e).getPropertyValue('--order')), '');
  await page.evaluate(() => navigator.serviceWorker.ready);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assertNoErrors(errors);

  // The policy is really enforced: an inline script added to the page is refused. (Code that
  // Playwright evaluates is exempt, so eval cannot be probed from here.)
  const probe = await page.evaluate(() => new Promise((resolve) => {
    document.addEventListener('securitypolicyviolation', (e) => resolve(e.violatedDirective), { once: true });
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.body.append(script);
    setTimeout(() => resolve(window.__inlineRan ? 'ran' : 'no violation reported'), 3000);
  }));
  assert.match(probe, /^script-src/, 'an inline script is refused');
});

scenario(() => env, 'the embedding demo runs under the strict policy', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ base: server.url, query: null, init: watchViolations });
  await page.goto(server.url + 'embed.html?lang=en');
  for (const id of await page.$$eval('iframe.tapis', (fs) => fs.map((f) => f.id))) {
    await page.locator(`#${id}`).scrollIntoViewIfNeeded();
    await until(() => page.evaluate((f) => window.tapisHost.received.some((m) => m.frame === f && m.type === 'resize'), id), { what: `${id} sized` });
    const frame = await (await page.$(`#${id}`)).contentFrame();
    assert.deepEqual(await frame.evaluate(() => window.__violations), [], `${id}: no violation`);
  }
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  assertNoErrors(errors);
});
