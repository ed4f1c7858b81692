// One small page interface over three browser engines, so that the scenarios of engines.test.mjs
// are written once:
//   chromium  Debian's Chromium through playwright-core (as the other end-to-end tests)
//   firefox   Debian's Firefox ESR through geckodriver (WebDriver), headless
//   webkit    WebKitGTK's MiniBrowser through WebKitWebDriver (WebDriver), under Xvfb
// The WebDriver client is selenium-webdriver. Each engine's driver process is started here on a
// free port and ended by `close()` (and, at worst, when node exits). Every call is bounded.
//
// A page (`engine.open()`) has: goto, reload, evaluate(fn, arg) (Playwright's signature, so the
// read-only helpers of ../pages.mjs work on it), click(testId), press(key), select(testId, value),
// fill(testId, text), screenshot() (a PNG buffer of the viewport), setViewport({width, height}),
// inFrame(css, body), errors() (what the page reported: page errors, console errors) and close().
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { chromium } from 'playwright-core';
import { Builder, By, Key } from 'selenium-webdriver';
import { until, watchErrors } from '../harness.mjs';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The engines to run: $TAPIS_ENGINES (comma-separated), or all three. */
export function selectedEngines() {
  const asked = (process.env.TAPIS_ENGINES ?? '').split(',').map((e) => e.trim().toLowerCase()).filter(Boolean);
  for (const e of asked) assert.ok(ENGINES.includes(e), `TAPIS_ENGINES: unknown engine '${e}' (known: ${ENGINES.join(', ')})`);
  return asked.length ? asked : ENGINES;
}

/** Polls `fn` (node side) until it returns a truthy value: the Chromium tests' own. */
export { until };

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `promise`, or a failure after `ms` (a driver that stops answering must not hang the run). */
function bounded(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, fail) => { timer = setTimeout(() => fail(new Error(`${what}: no answer within ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/** Starts the engine (its driver process too); resolves to { name, version, open(), close() }. */
export async function launch(name) {
  if (name === 'chromium') return launchChromium();
  if (name === 'firefox') return launchWebDriver(name, geckodriver);
  if (name === 'webkit') return launchWebDriver(name, webkitDriver);
  throw new Error(`unknown engine ${name}`);
}

// ------------------------------------------------------------------------------ Chromium

// As harness.mjs: as root, and on a closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage',
];

async function launchChromium() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, timeout: 60_000 });
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    /** `mobile`: a phone's (touch, three device pixels to a CSS pixel). */
    async open({ viewport, mobile = false }) {
      const phone = mobile ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {};
      const context = await browser.newContext({ viewport, locale: 'en-US', ...phone });
      const page = await context.newPage();
      page.setDefaultTimeout(30_000);
      const errors = watchErrors(page);
      return playwrightPage(page, context, errors);
    },
    async close() {
      await bounded(browser.close(), 30_000, 'closing Chromium').catch(() => {});
    },
  };
}

const byTestId = (id) => `[data-testid="${id}"]`;

function playwrightPage(page, context, errors, target = page) {
  const self = {
    engine: 'chromium',
    async goto(url) { await page.goto(url, { timeout: 60_000 }); },
    async reload() { await page.reload({ timeout: 60_000 }); },
    evaluate: (fn, arg) => target.evaluate(fn, arg),
    async click(testId) { await target.locator(byTestId(testId)).click({ timeout: 10_000 }); },
    async press(key) { await page.keyboard.press(key); },
    async select(testId, value) { await target.locator(byTestId(testId)).selectOption(String(value), { timeout: 10_000 }); },
    async fill(testId, text) { await target.locator(byTestId(testId)).fill(String(text), { timeout: 10_000 }); },
    screenshot: () => page.screenshot({ type: 'png', timeout: 30_000 }),
    setViewport: (size) => page.setViewportSize(size),
    async inFrame(css, body) {
      const frame = await (await page.locator(css).elementHandle({ timeout: 10_000 })).contentFrame();
      return body(playwrightPage(page, context, errors, frame));
    },
    errors: async () => [...errors],
    async close() { await bounded(context.close(), 30_000, 'closing a Chromium page').catch(() => {}); },
  };
  return self;
}

// ------------------------------------------------------------------------------ WebDriver

/** A free TCP port on 127.0.0.1. */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail).listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

const children = new Set();
// At worst (a crash, a failed run), node's exit still ends the driver processes it started.
process.on('exit', () => {
  for (const child of children) try { process.kill(-child.pid, 'SIGKILL'); } catch {}
});

/** Starts `command` in a process group of its own (so that it and its children end together). */
function start(command, args, what, env = process.env) {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  children.add(child);
  let log = '';
  const keep = (d) => { log = (log + d).slice(-4000); };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((ok) => child.once('exit', (code, signal) => { children.delete(child); ok({ code, signal }); }));
  child.once('error', (e) => { keep(`\n${what}: ${e.message}`); });
  child.log = () => log;
  return child;
}

/** Ends a process started by `start`, and its children: TERM, then KILL after 5 s. */
async function stop(child) {
  if (!children.has(child)) return;
  try { process.kill(-child.pid, 'SIGTERM'); } catch {}
  const ended = await Promise.race([child.exited, sleep(5_000).then(() => null)]);
  if (!ended) {
    try { process.kill(-child.pid, 'SIGKILL'); } catch {}
    await Promise.race([child.exited, sleep(5_000)]);
  }
}

/** Starts a WebDriver server on a free port (`args(port)`: `command`'s arguments to listen there)
 *  and waits until it answers; gives its process and address. */
async function startServer(what, command, args, env) {
  const port = await freePort();
  const child = start(command, args(port), what, env);
  const url = `http://127.0.0.1:${port}`;
  await serverReady(url, child, what);
  return { child, url };
}

/** Waits until a WebDriver server answers its /status. */
async function serverReady(url, child, what) {
  const end = Date.now() + 60_000;
  for (;;) {
    const up = await fetch(`${url}/status`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (up) return;
    if (!children.has(child)) throw new Error(`${what} exited at start:\n${child.log()}`);
    if (Date.now() > end) throw new Error(`${what} did not answer within 60 s:\n${child.log()}`);
    await sleep(200);
  }
}

function findExecutable(name, extra = []) {
  for (const dir of [...(process.env.PATH ?? '').split(':'), ...extra]) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

const FIREFOX = process.env.FIREFOX ?? '/usr/bin/firefox-esr';
const MINIBROWSER = process.env.MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const MISSING = 'run scripts/ensure-tools.sh test';

async function geckodriver() {
  const exe = process.env.GECKODRIVER ?? findExecutable('geckodriver', [join(homedir(), '.cargo/bin')]);
  assert.ok(exe, `geckodriver not found (${MISSING}: cargo install --locked geckodriver)`);
  assert.ok(existsSync(FIREFOX), `${FIREFOX} not found (${MISSING}: apt-get install firefox-esr)`);
  const server = await startServer('geckodriver', exe, (port) => ['--host', '127.0.0.1', '--port', String(port), '--log', 'warn']);
  return {
    ...server,
    capabilities: {
      browserName: 'firefox',
      'moz:firefoxOptions': {
        binary: FIREFOX,
        args: ['-headless'],
        prefs: {
          // A closed network: nothing of Firefox's own traffic (updates, telemetry, safe browsing).
          'app.update.disabledForTesting': true,
          'browser.safebrowsing.malware.enabled': false,
          'browser.safebrowsing.phishing.enabled': false,
          'browser.safebrowsing.downloads.enabled': false,
          'datareporting.policy.dataSubmissionEnabled': false,
          'toolkit.telemetry.enabled': false,
          'network.captive-portal-service.enabled': false,
          'network.connectivity-service.enabled': false,
          'extensions.update.enabled': false,
          'intl.accept_languages': 'en-US',
          // As Chromium here: the system asks for no reduced motion.
          'ui.prefersReducedMotion': 0,
        },
        log: { level: 'warn' },
      },
    },
  };
}

async function webkitDriver() {
  const exe = process.env.WEBKIT_WEBDRIVER ?? '/usr/bin/WebKitWebDriver';
  assert.ok(existsSync(exe), `${exe} not found (${MISSING}: apt-get install webkit2gtk-driver)`);
  assert.ok(existsSync(MINIBROWSER), `${MINIBROWSER} not found (${MISSING}: apt-get install webkit2gtk-driver)`);
  const xvfbRun = findExecutable('xvfb-run');
  assert.ok(xvfbRun, `xvfb-run not found (${MISSING}: apt-get install xvfb xauth)`);
  // xvfb-run's own screen is 640x480x8: a large true-colour one instead.
  // Skia paints with the CPU: under Xvfb its GPU painting threads run on Mesa's software GL
  // (swrast), which crashed the web process now and then (the kernel log: SkiaGPUWorker, a
  // segfault in swrast_dri.so; WebDriver: "page crash or hang"), 2 runs in 4. Layers are still
  // composited as before. Safari paints with Metal: nothing of the page's own.
  const env = { WEBKIT_SKIA_ENABLE_CPU_RENDERING: '1', ...process.env };
  const args = (port) => ['-a', '-s', '-screen 0 1920x1200x24 -nolisten tcp', exe, `--port=${port}`];
  const server = await startServer('WebKitWebDriver under xvfb-run', xvfbRun, args, env);
  return {
    ...server,
    capabilities: {
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
    },
  };
}

const KEYS = {
  Enter: Key.ENTER, Space: ' ', Tab: Key.TAB, Escape: Key.ESCAPE, Backspace: Key.BACK_SPACE,
  ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, ArrowUp: Key.ARROW_UP, ArrowDown: Key.ARROW_DOWN,
  Home: Key.HOME, End: Key.END,
};

// Errors a WebDriver page reports: collected by the page itself (classic WebDriver has no
// console events), installed again after each load. Read before each navigation.
const COLLECT_ERRORS = `
  if (!window.__engineErrors) {
    const errors = (window.__engineErrors = []);
    addEventListener('error', (e) => {
      const t = e.target;
      if (t && t !== window && (t.src || t.href)) errors.push('failed to load: ' + (t.src || t.href));
      else errors.push('pageerror: ' + (e.message || e.error));
    }, true);
    addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + (e.reason && (e.reason.stack || e.reason.message) || e.reason)));
    const original = console.error;
    console.error = function (...args) { errors.push('console.error: ' + args.map(String).join(' ')); return original.apply(this, args); };
  }`;

/** `startServer()` starts the engine's driver process: again when a session does not start. */
async function launchWebDriver(name, startServer) {
  let version = '';
  let server = await startServer();
  const session = () => bounded(new Builder().usingServer(server.url).withCapabilities(server.capabilities).build(), 90_000, `a ${name} session`);
  const engine = {
    name,
    get version() { return version; },
    async open({ viewport }) {
      let driver;
      try {
        driver = await session();
      } catch (e) {
        // A browser that never came up (seen once in WebKit, the machine loaded, after 90 s): the
        // driver process and its browser are ended, and one fresh start is tried. The scenario
        // has not begun, so nothing of the test is run twice.
        console.log(`# ${name}: ${e.message}; the driver is started again. Its last words: ${server.child.log().slice(-500)}`);
        await stop(server.child);
        server = await startServer();
        driver = await session();
      }
      const caps = await driver.getCapabilities();
      version = `${caps.get('browserName')} ${caps.get('browserVersion')}`;
      await driver.manage().setTimeouts({ script: 60_000, pageLoad: 60_000, implicit: 0 });
      const page = webDriverPage(name, driver);
      await page.setViewport(viewport);
      return page;
    },
    async close() {
      await stop(server.child);
    },
  };
  return engine;
}

function webDriverPage(name, driver) {
  const collected = [];
  const call = (promise, what) => bounded(promise, 90_000, `${name}: ${what}`);
  const find = (testId) => call(driver.findElement(By.css(byTestId(testId))), `finding ${testId}`);
  // Brought to the middle of the window first: a sticky bar (the new-game form's start row) must
  // not lie over it, which the drivers' own scrolling (to the nearest edge) allows.
  const centred = async (testId) => {
    const element = await find(testId);
    await call(driver.executeScript('arguments[0].scrollIntoView({ block: "center", inline: "nearest" })', element), `scrolling to ${testId}`);
    return element;
  };
  const harvest = async () => {
    const seen = await driver.executeScript('return window.__engineErrors ? window.__engineErrors.splice(0) : []').catch(() => []);
    collected.push(...seen);
  };
  const install = () => call(driver.executeScript(COLLECT_ERRORS), 'installing the error collector');
  const self = {
    engine: name,
    async goto(url) {
      await harvest();
      await call(driver.get(url), `loading ${url}`);
      await install();
    },
    /** A reload as the player's F5 does (location.reload): WebDriver's own "refresh" in Firefox
     *  goes past the service worker, as a forced reload does. */
    async reload() {
      await harvest();
      await call(driver.executeScript('window.__engineOldPage = true; setTimeout(() => location.reload(), 0);'), 'reloading');
      await until(() => driver.executeScript('return !window.__engineOldPage && document.readyState === "complete"').catch(() => false), {
        timeout: 60_000, interval: 100, what: `${name}: the page to load again`,
      });
      await install();
    },
    async evaluate(fn, arg) {
      const source = typeof fn === 'function' ? `return (${fn})(arguments[0]);` : `return (${fn});`;
      try {
        return await call(driver.executeScript(source, arg), 'running a script');
      } catch (e) {
        // WebKitWebDriver 2.50, the machine busy, at times loses a script's answer ("Could not
        // parse script result") though the script ran: once more (the scripts here only read, or
        // scroll, or post a message a frame takes twice alike).
        if (!/Could not parse script result/.test(e.message)) throw e;
        return call(driver.executeScript(source, arg), 'running a script again');
      }
    },
    async click(testId) { await call((await centred(testId)).click(), `clicking ${testId}`); },
    async press(key) {
      const k = KEYS[key] ?? key;
      assert.ok(k.length === 1 || KEYS[key], `no WebDriver key for '${key}'`);
      await call(driver.actions().sendKeys(k).perform(), `pressing ${key}`);
    },
    async select(testId, value) {
      const select = await centred(testId);
      const option = await call(select.findElement(By.css(`option[value="${value}"]`)), `finding option ${value} of ${testId}`);
      await call(option.click(), `choosing ${value} in ${testId}`);
      const now = await call(driver.executeScript('return arguments[0].value', select), 'reading a select');
      assert.equal(now, String(value), `${name}: ${testId} set to ${value}`);
    },
    async fill(testId, text) {
      const input = await centred(testId);
      await call(input.clear(), `clearing ${testId}`);
      await call(input.sendKeys(String(text)), `typing into ${testId}`);
    },
    async screenshot() { return Buffer.from(await call(driver.takeScreenshot(), 'taking a screenshot'), 'base64'); },
    /** The viewport's size: the window is resized by what its frame (if any) takes. */
    async setViewport({ width, height }) {
      for (let i = 0; i < 4; i++) {
        const inner = await call(driver.executeScript('return [innerWidth, innerHeight]'), 'reading the viewport');
        if (inner[0] === width && inner[1] === height) return;
        const rect = await call(driver.manage().window().getRect(), 'reading the window');
        await call(driver.manage().window().setRect({ width: rect.width + width - inner[0], height: rect.height + height - inner[1] }), 'resizing the window');
        await sleep(100);
      }
      const inner = await driver.executeScript('return [innerWidth, innerHeight]');
      assert.deepEqual(inner, [width, height], `${name}: the viewport could not be set to ${width}x${height}`);
    },
    async inFrame(css, body) {
      const frame = await call(driver.findElement(By.css(css)), `finding frame ${css}`);
      await call(driver.switchTo().frame(frame), `entering frame ${css}`);
      try {
        return await body(self);
      } finally {
        await call(driver.switchTo().defaultContent(), 'leaving the frame');
      }
    },
    async errors() {
      await harvest();
      return [...collected];
    },
    async close() {
      await bounded(driver.quit(), 30_000, `${name}: ending the session`).catch(() => {});
    },
  };
  return self;
}
