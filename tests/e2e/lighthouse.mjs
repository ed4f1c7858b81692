// Lighthouse as a benchmark, never a test: the built site (dist/, or the folder given) served
// under /games/cards/ as a static host serves it, its precompressed Brotli copies first
// (tests/e2e/server.mjs), audited in Debian's
// Chromium with the mobile and desktop presets, each RUNS times (default 3); prints the median
// of each figure. docs/measurements.md keeps the current figures with this command:
//   node tests/e2e/lighthouse.mjs [dist] [runs]
// With LIGHTHOUSE_DETAILS=1 each run also prints what bounds it: the largest contentful paint's
// element and phases, and the main thread's long tasks (start, duration, what ran).
// Lighthouse (npm, about 100 MB) is installed on first use into .tools/lighthouse/, outside the
// tests' own packages, since no test needs it.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from './server.mjs';

const VERSION = '13.5.0';
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const prefix = join(root, '.tools', 'lighthouse');
const dist = resolve(process.argv[2] ?? join(root, 'dist'));
const runs = Number(process.argv[3] ?? 3);

if (!existsSync(join(prefix, 'node_modules', 'lighthouse', 'package.json'))) {
  console.error(`lighthouse.mjs: installing lighthouse ${VERSION} into ${prefix}`);
  execFileSync('npm', ['install', '--silent', '--no-audit', '--no-fund', '--prefix', prefix, `lighthouse@${VERSION}`], { stdio: 'inherit' });
}
const require = createRequire(join(prefix, 'package.json'));
const { default: lighthouse } = await import(pathToFileURL(require.resolve('lighthouse')));
const { launch } = await import(pathToFileURL(require.resolve('chrome-launcher')));
const desktopConfig = (await import(pathToFileURL(join(prefix, 'node_modules', 'lighthouse', 'core', 'config', 'desktop-config.js')))).default;

const server = await serve({ root: dist });
const chrome = await launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  // As root, on a closed network (as tests/e2e/harness.mjs).
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const figures = {
  performance: (r) => Math.round(r.categories.performance.score * 100),
  'FCP ms': (r) => Math.round(r.audits['first-contentful-paint'].numericValue),
  'LCP ms': (r) => Math.round(r.audits['largest-contentful-paint'].numericValue),
  'TBT ms': (r) => Math.round(r.audits['total-blocking-time'].numericValue),
  'CLS': (r) => Number(r.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
  'transfer KB': (r) => Math.round(r.audits['total-byte-weight'].numericValue / 1024),
};
/** The LCP element and its phases, and the long tasks, of one run. */
function details(preset, lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lcp = items('lcp-breakdown-insight');
  const node = lcp.find((i) => i.type === 'node') ?? items('largest-contentful-paint-element').flatMap((i) => i.items ?? [i]).map((i) => i.node ?? i).find((n) => n?.type === 'node');
  const parts = (lcp.find((i) => i.type === 'table')?.items ?? []).map((p) => `${p.label} ${Math.round(p.duration)} ms`).join(', ');
  console.log(`  ${preset} LCP element: ${node?.selector ?? '?'} "${node?.nodeLabel ?? ''}" (${parts})`);
  for (const t of items('long-tasks')) {
    console.log(`  ${preset} long task at ${Math.round(t.startTime)} ms: ${Math.round(t.duration)} ms, ${t.url}`);
  }
  for (const t of items('bootup-time').slice(0, 4)) {
    console.log(`  ${preset} script ${t.url}: ${Math.round(t.total)} ms (evaluation ${Math.round(t.scripting)}, parse/compile ${Math.round(t.scriptParseCompile)})`);
  }
}

try {
  console.log(`Lighthouse ${VERSION}, ${server.url}, ${dist}, median of ${runs}`);
  for (const [preset, config] of [['mobile', undefined], ['desktop', desktopConfig]]) {
    const seen = Object.fromEntries(Object.keys(figures).map((k) => [k, []]));
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(server.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, config);
      for (const [k, f] of Object.entries(figures)) seen[k].push(f(result.lhr));
      if (process.env.LIGHTHOUSE_DETAILS === '1') details(preset, result.lhr);
    }
    const line = Object.entries(seen).map(([k, xs]) => `${k} ${median(xs)} (${xs.join(', ')})`).join(' · ');
    console.log(`${preset}: ${line}`);
  }
} finally {
  await chrome.kill();
  await server.close();
}
