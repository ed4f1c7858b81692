// Measurements of the computer players in the release build (not a test: it prints numbers, one
// JSON object per line, and never fails on a goal).
//
//   TAPIS_DIST=/path/to/dist node tests/e2e/measure-ai.mjs
//
// 1. `game`: a 4-player Nain Jaune game of four hard computers at speed `instant`, in headless
//    Chromium at 1280×800. In the page, a requestAnimationFrame loop records every gap between
//    frames; the app leaves one `performance.measure` entry per computer move (`tapis-ai:hard`,
//    request → answer, the page's own clock). Goals: longest frame gap while the hard level
//    thinks ≤ 50 ms; hard-move latency ≤ 250 ms at the 95th percentile.
// 2. `bench-wasm`: the protocol's `Bench { game, players, seconds: 3 }` for each game (Nain Jaune
//    4 players, Bonanza 5, Programmes 4, as in docs/measurements.md) sent to a
//    worker started from the site's own worker files (as the app starts its worker), in the page;
//    `bench-native`: `referee bench` with the same figures, natively (built first, run after the
//    browser is closed, so nothing runs alongside). `ratio`: wasm / native, playouts/s and search
//    iterations/s. (No `?bench=1` mode in the app: the page's size budget has no room for it.)
//
// Environment: TAPIS_DIST (the built site, default dist/), MEASURE_SKIP_GAME=1 (the benches only),
// MEASURE_SKIP_BENCH=1 (the game only),
// MEASURE_ROUNDS (rounds of the game,
// default 2), MEASURE_MOVES (stop after this many moves, default 400), MEASURE_REDUCED_MOTION=1
// (the page as with the system's "reduce motion"), MEASURE_SPEED (the computers' pace, default
// `instant`; `normal` is the app's own default), MEASURE_LEVEL (the four computers' level, default
// `hard`; `easy` is the control: the same page with a worker that barely thinks), CHROMIUM.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { setup, byId, until, DESKTOP } from './harness.mjs';
import { newGame, table } from './pages.mjs';
import { DIST } from './server.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROUNDS = Number(process.env.MEASURE_ROUNDS ?? 2);
const SPEED = process.env.MEASURE_SPEED ?? 'instant';
const LEVEL = process.env.MEASURE_LEVEL ?? 'hard';
const MAX_MOVES = Number(process.env.MEASURE_MOVES ?? 400);
const BENCHES = [
  { game: 'nain-jaune', players: 4, seconds: 3 },
  { game: 'bonanza', players: 5, seconds: 3 },
  { game: 'programmes', players: 4, seconds: 3 },
];

const print = (what, data) => console.log(JSON.stringify({ what, ...data }));
const round = (x, digits = 1) => (x === undefined || x === null ? null : Number(x.toFixed(digits)));

function quantile(sorted, q) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    n: s.length,
    min: round(s[0]),
    p50: round(quantile(s, 0.5)),
    p95: round(quantile(s, 0.95)),
    p99: round(quantile(s, 0.99)),
    max: round(s.at(-1)),
    mean: round(mean),
  };
}

/** Installed before the app starts: records every gap between animation frames. */
function recordFrames() {
  const frames = { gaps: [], last: 0 };
  window.__tapisFrames = frames;
  const tick = (t) => {
    if (frames.last) frames.gaps.push([frames.last, t - frames.last]);
    frames.last = t;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  // Chromium's long animation frames (> 50 ms): how much was script, how much style and layout.
  frames.long = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        frames.long.push({
          start: e.startTime,
          ms: e.duration,
          blocking: e.blockingDuration,
          script: e.scripts.reduce((a, x) => a + x.duration, 0),
          layout: e.renderStart && e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          render: e.renderStart ? e.startTime + e.duration - e.renderStart : 0,
          invokers: e.scripts.map((x) => `${x.invokerType}:${x.invoker}:${Math.round(x.duration)}`).slice(0, 4),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // Not in this browser.
  }
}

// The native referee is built before anything is measured (a build would disturb the browser).
execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'referee'], { cwd: ROOT, stdio: 'inherit' });

const env = await setup();
const wasm = {};
try {
  const browser = env.browser.version();
  print('environment', { dist: DIST, chromium: browser, cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version });

  // ---- 1. A game of four hard computers at speed instant (or MEASURE_LEVEL, MEASURE_SPEED). ----
  if (process.env.MEASURE_SKIP_GAME !== '1') {
    const { page, context } = await env.open({
      viewport: DESKTOP,
      query: null,
      init: async (p) => {
        await p.addInitScript(recordFrames);
        if (process.env.MEASURE_REDUCED_MOTION) await p.emulateMedia({ reducedMotion: 'reduce' });
      },
    });
    await page.goto(env.server.url + `?lang=en&speed=${SPEED}`);
    await until(async () => (await byId(page, 'ai-status').getAttribute('data-status')) === 'ready', {
      timeout: 30_000, what: 'the AI worker',
    });
    // The worker warms its searches up once it is ready (about 100 ms here); the first move may
    // wait behind that (`first` below).
    await newGame.start(page, { seats: [LEVEL, LEVEL, LEVEL, LEVEL], rounds: ROUNDS, seed: 2024 });
    const started = await page.evaluate(() => performance.now());
    const wall = Date.now();
    let moves = 0;
    for (;;) {
      const s = await table.situation(page);
      moves = s.actions;
      if (s.over || moves >= MAX_MOVES || Date.now() - wall > 600_000) break;
      if (s.summary) await byId(page, 'summary-continue').click();
      await page.waitForTimeout(100);
    }
    const result = await page.evaluate(([from, level]) => {
      const to = performance.now();
      const thinks = performance
        .getEntriesByType('measure')
        .filter((m) => m.name === `tapis-ai:${level}` && m.startTime >= from)
        .map((m) => ({ start: m.startTime, end: m.startTime + m.duration, ms: m.duration }));
      const gaps = window.__tapisFrames.gaps.filter(([t]) => t >= from && t <= to);
      // A gap counts as "while thinking" when it overlaps a request → answer interval.
      const during = gaps.filter(([t, g]) => thinks.some((k) => t < k.end && t + g > k.start));
      const worst = [...during].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([t, g]) => ({ at: Math.round(t - from), ms: Math.round(g * 10) / 10 }));
      const long = window.__tapisFrames.long.filter((e) => e.start >= from && e.start <= to);
      return {
        long,
        ms: to - from,
        thinks: thinks.map((k) => k.ms),
        gaps: gaps.map(([, g]) => g),
        during: during.map(([, g]) => g),
        worst,
      };
    }, [started, LEVEL]);
    await context.close();

    const latency = summary(result.thinks);
    const gaps = summary(result.gaps);
    const during = summary(result.during);
    print('game', {
      setup: `4 ${LEVEL} computers, speed ${SPEED}, ${ROUNDS} rounds, seed 2024, ${DESKTOP.width}x${DESKTOP.height}`,
      moves,
      seconds: round(result.ms / 1000),
    });
    print(`${LEVEL}-move-latency-ms`, { ...latency, first: round(result.thinks[0]), goal_p95: 250, met: latency.p95 !== null && latency.p95 <= 250 });
    print('long-animation-frames', {
      n: result.long.length,
      duration: summary(result.long.map((e) => e.ms)),
      script: summary(result.long.map((e) => e.script)),
      render: summary(result.long.map((e) => e.render)),
      style_and_layout: summary(result.long.map((e) => e.layout)),
      examples: result.long.sort((a, b) => b.ms - a.ms).slice(0, 3).map((e) => ({ ...e, start: Math.round(e.start - started) })),
    });
    // Frames come every 16.7 ms: a 50 ms gap is three frame intervals, measured 49.9 to 50.1.
    const longer = (g) => g > 51;
    print('frame-gap-ms', {
      while_thinking: during,
      all: gaps,
      worst_while_thinking: result.worst,
      over_three_frames: result.during.filter(longer).length,
      goal_max: 50,
      met: during.max !== null && !longer(during.max),
    });
  }

  // ---- 2a. The engine in the browser, in the app's worker files. ----
  // A worker of its own, started like the app starts its game's (a module worker from
  // worker-<game>_loader.js), sent the protocol's Bench request as JSON once it says it is ready.
  if (process.env.MEASURE_SKIP_BENCH !== '1') {
    const { page, context } = await env.open({ viewport: DESKTOP, query: '?lang=en' });
    // (No game on the table: the app starts no worker of its own.)
    for (const bench of BENCHES) {
      const answer = await page.evaluate(({ game, players, seconds }) => new Promise((resolve, reject) => {
        const worker = new Worker(new URL(`worker-${game}_loader.js?v=measure`, document.baseURI), { type: 'module' });
        const timer = setTimeout(() => reject(new Error('no bench report within 120 s')), 120_000);
        worker.onerror = (e) => { clearTimeout(timer); reject(new Error(`worker error: ${e.message}`)); };
        worker.onmessage = (e) => {
          const message = JSON.parse(e.data);
          if (message.kind === 'ready') {
            worker.postMessage(JSON.stringify({ kind: 'bench', id: 1, game, players, seconds }));
            return;
          }
          clearTimeout(timer);
          worker.terminate();
          resolve(message);
        };
      }), bench);
      if (answer.kind === 'bench') {
        wasm[bench.game] = { game: bench.game, target: 'wasm', where: 'worker', ...answer.report };
        print('bench-wasm', wasm[bench.game]);
      } else {
        print('bench-wasm', { game: bench.game, error: answer });
      }
    }
    await context.close();
  }
} finally {
  await env.close();
}

// ---- 2b. The same benches natively, nothing else running. ----
for (const { game, players, seconds } of process.env.MEASURE_SKIP_BENCH === '1' ? [] : BENCHES) {
  const nativeText = execFileSync(
    'cargo',
    ['run', '--release', '--quiet', '--bin', 'referee', '--', 'bench', '--game', game, '--players', String(players), '--seconds', String(seconds)],
    { cwd: ROOT, encoding: 'utf8' },
  );
  const native = JSON.parse(nativeText.trim().split('\n').at(-1));
  print('bench-native', native);
  const w = wasm[game];
  if (w) {
    print('ratio', {
      game,
      of: 'wasm / native',
      playouts_per_second: round(w.playouts_per_second / native.playouts_per_second, 3),
      moves_per_second: round(w.moves_per_second / native.moves_per_second, 3),
      search_iterations_per_second: round(w.search_iterations_per_second / native.search_iterations_per_second, 3),
    });
  }
}
