// The first screen without the wasm (scripts/post-build.mjs calls it; node only).
//
// A newcomer's first visit used to show a loading line until the app's wasm (about 290 KB gzip)
// had arrived and mounted. This puts a static copy of the new-game screen into index.html: the
// browser paints it at once, and the app replaces it in the task that mounts it (src/main.rs).
//
// The copy is the app's own screen, never kept by hand: the built page is opened in headless
// Chromium (Debian's, as the tests use; a plain DevTools connection over a pipe, no npm package),
// once per language with fresh storage, and the mounted screen is copied, its form's state written
// into attributes (checked, selected, value). The copy is inert (never focused or clicked, hidden
// from assistive technologies) and carries no id, name, `for` or data-testid: both languages are
// in the page, and ids must stay the app's own. web/boot-check.js picks the language before first
// paint and hides the copy when the app will show something else (a saved game, a link's game, an
// embedded page): style/main.css, "The first screen".
//
// Exported: firstScreen(dir) -> { fr, en }, the two copies' HTML; insert(html, copies) -> index.html
// with them in its empty `<div id="tapis-first">`; startAfterFirstPaint(html) (below).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '../tests/e2e/server.mjs';

export const LANGS = ['fr', 'en'];
const TIMEOUT_MS = 60_000;

/** The two copies of the new-game screen of the build in `dir`, rendered by the build itself. */
export async function firstScreen(dir) {
  const chrome = process.env.CHROME_PATH ?? 'chromium';
  const server = await serve({ root: dir, prefix: '/' });
  const profile = mkdtempSync(join(tmpdir(), 'tapis-first-'));
  const browser = spawn(
    chrome,
    ['--headless=new', '--no-sandbox', '--disable-gpu', '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync', 'about:blank'],
    // Its own process group: Chromium's helpers (crash handler, utilities) go with it.
    { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'], detached: true },
  );
  let stderr = '';
  browser.stderr.on('data', (d) => { stderr += d; });
  const exited = new Promise((_, reject) => {
    browser.on('error', (e) => reject(new Error(`cannot start ${chrome} (${e.message}): scripts/ensure-tools.sh installs Chromium`)));
    browser.on('exit', (code) => reject(new Error(`${chrome} stopped (exit ${code}): ${stderr.slice(-500)}`)));
  });
  exited.catch(() => {});
  const send = devtools(browser);
  try {
    const copies = {};
    for (const lang of LANGS) {
      copies[lang] = await Promise.race([exited, capture(send, `${server.url}?lang=${lang}`, lang)]);
      // The copy is served from anywhere: nothing in it may name the build's temporary address.
      if (copies[lang].includes(server.origin)) throw new Error(`the ${lang} first screen names ${server.origin}`);
    }
    return copies;
  } finally {
    browser.removeAllListeners('exit');
    // (No pid: Chromium never started, and there is nothing to wait for.)
    const gone = new Promise((r) => (browser.pid === undefined || browser.exitCode !== null ? r() : browser.once('exit', r)));
    try {
      process.kill(-browser.pid, 'SIGKILL');
    } catch {
      browser.kill('SIGKILL');
    }
    await gone;
    await server.close();
    // A helper may still be writing its last file: the temporary profile is left if it will not go.
    await new Promise((r) => setTimeout(r, 200));
    try {
      rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    } catch (e) {
      console.warn(`first-screen: left ${profile} (${e.code ?? e.message})`);
    }
  }
}

/** index.html with the copies inside its empty `<div id="tapis-first" …></div>`. */
export function insert(html, copies) {
  const mark = /(<div id="?tapis-first"?[^>]*>)(<\/div>)/;
  if (!mark.test(html)) throw new Error('index.html has no empty <div id="tapis-first"> for the first screen');
  const inner = LANGS.map((lang) => `<div class="first-copy" lang="${lang}">${copies[lang]}</div>`).join('');
  return html.replace(mark, (_, open, close) => `${open}${inner}${close}`);
}

/** index.html with the app's start put after the first screen's paint: Trunk's preload of the
 *  app's wasm goes, and its loader waits for a frame when the copy shows. On a slow network the
 *  copy's own files (the page, its style sheets) then have the bandwidth to themselves, and the
 *  290 KB of wasm follow; without the copy (a link's game, a returning player) nothing waits. */
export function startAfterFirstPaint(html) {
  const preload = /<link\b[^>]*\brel=["']?preload["']?[^>]*_bg\.wasm[^>]*>|<link\b[^>]*_bg\.wasm[^>]*\brel=["']?preload["']?[^>]*>/;
  const init = /(const wasm = )await init\(/;
  if (!preload.test(html) || !init.test(html)) throw new Error("index.html: no preload of the app's wasm or no `const wasm = await init(` in Trunk's loader");
  const painted = "document.documentElement.hasAttribute('data-first') && await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));\n";
  return html.replace(preload, '').replace(init, (_, head) => `${painted}${head}await init(`);
}

/** Opens `url` in a browser context of its own (fresh storage), waits for the new-game screen in
 *  `lang`, and returns its copy. */
async function capture(send, url, lang) {
  const { browserContextId } = await send('Target.createBrowserContext');
  const { targetId } = await send('Target.createTarget', { url: 'about:blank', browserContextId });
  const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
  const evaluate = async (expression) => {
    const { result, exceptionDetails } = await send('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, sessionId);
    if (exceptionDetails) throw new Error(`in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  };
  await send('Page.navigate', { url }, sessionId);
  const deadline = Date.now() + TIMEOUT_MS;
  const ready = `!!document.querySelector('[data-testid="new-game"]') && !document.documentElement.hasAttribute('data-mounting')
    && document.documentElement.lang === ${JSON.stringify(lang)}`;
  while (!(await evaluate(ready).catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`the new-game screen (${lang}) did not appear within ${TIMEOUT_MS / 1000} s at ${url}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // What the mount's effects change comes in the frames after it.
  await evaluate('new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 200))))');
  const html = await evaluate(`(${copyOfScreen})()`);
  await send('Target.closeTarget', { targetId });
  await send('Target.disposeBrowserContext', { browserContextId });
  return html;
}

/** In the page: the app's elements as HTML, their state in attributes, without ids. */
function copyOfScreen() {
  const DROP = ['id', 'for', 'name', 'form', 'data-testid', 'tabindex', 'autofocus', 'aria-labelledby', 'aria-describedby',
    'aria-controls', 'aria-owns', 'aria-activedescendant', 'aria-live'];
  const parts = [];
  for (const element of document.body.children) {
    if (['SCRIPT', 'NOSCRIPT', 'TEMPLATE', 'LINK', 'STYLE'].includes(element.tagName)) continue;
    if (element.id === 'tapis-boot' || element.id === 'tapis-first') continue;
    const copy = element.cloneNode(true);
    const live = [element, ...element.querySelectorAll('*')];
    const copied = [copy, ...copy.querySelectorAll('*')];
    live.forEach((from, i) => {
      const to = copied[i];
      if (from instanceof HTMLInputElement) {
        if (from.type === 'checkbox' || from.type === 'radio') to.toggleAttribute('checked', from.checked);
        else to.setAttribute('value', from.value);
      } else if (from instanceof HTMLOptionElement) {
        to.toggleAttribute('selected', from.selected);
      } else if (from instanceof HTMLTextAreaElement) {
        to.textContent = from.value;
      }
      for (const name of DROP) to.removeAttribute(name);
    });
    // Leptos' markers (empty comments) mean nothing in a copy.
    const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
    const comments = [];
    while (walker.nextNode()) comments.push(walker.currentNode);
    comments.forEach((c) => c.remove());
    parts.push(copy.outerHTML);
  }
  return parts.join('');
}

/** A DevTools Protocol connection over Chromium's pipe (--remote-debugging-pipe: fd 3 in, fd 4
 *  out, one JSON message per NUL). Returns send(method, params, sessionId) -> result. */
function devtools(browser) {
  let next = 0;
  let buffer = '';
  const pending = new Map();
  // A browser that never started (or stopped) closes the pipe: its 'exit' or 'error' says why.
  browser.stdio[3].on('error', () => {});
  browser.stdio[4].setEncoding('utf8');
  browser.stdio[4].on('data', (chunk) => {
    buffer += chunk;
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const waiting = pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message}`));
      else waiting.resolve(message.result);
    }
  });
  return (method, params = {}, sessionId) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      pending.set(id, { resolve, reject, method });
      browser.stdio[3].write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    });
}
