// What is painted, not only what is in the page: a screenshot of the viewport, read with pngjs,
// must show something drawn in the box of every seat plate, of every line of the move log in
// sight, of the hand and of the turn prompt (both in view). An element that is in the page, on
// top and opaque but that the engine did not paint (WebKit left the move log blank at moments)
// shows as a flat colour where its text should be.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { sleep } from './driver.mjs';

export const SHOTS = fileURLToPath(new URL('../artifacts/engines/', import.meta.url));

/** Lets the finite animations end (3 s at most), as `settleAnimations` of harness.mjs does; a
 *  travelling copy is removed 40 ms after its flight: a little more for that. */
async function settle(page) {
  await page.evaluate(() => {
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    return Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => {}))), new Promise((r) => setTimeout(r, 3000))]).then(() => true);
  });
  await sleep(120);
}

/** The boxes to look at, in CSS pixels of the viewport (runs in the page). */
function measure() {
  const box = (r) => ({ x: r.left, y: r.top, w: r.width, h: r.height });
  const onTop = (e) => {
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + Math.min(r.height / 2, 20);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return 'out of view';
    const hit = document.elementFromPoint(x, y);
    if (!hit) return 'nothing';
    if (e === hit || e.contains(hit)) return 'self';
    return `${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`;
  };
  const seats = [...document.querySelectorAll('[data-testid^="seat-"].seat')].map((s) => ({
    id: s.dataset.testid,
    box: box(s.getBoundingClientRect()),
    name: box(s.querySelector('.seat-name')?.getBoundingClientRect() ?? s.getBoundingClientRect()),
    top: onTop(s),
    opacity: getComputedStyle(s).opacity,
  }));
  const list = document.querySelector('[data-testid="move-log"]');
  let log = null;
  if (list) {
    const r = list.getBoundingClientRect();
    // The list's client area: without its scrollbar, where the lines are drawn.
    const client = { x: r.left + list.clientLeft, y: r.top + list.clientTop, w: list.clientWidth, h: list.clientHeight };
    const lines = [...list.querySelectorAll('.log-item')]
      .map((li) => {
        const text = li.querySelector('.event') ?? li;
        const t = text.getBoundingClientRect();
        // Within the list's client area and the viewport.
        const x0 = Math.max(t.left, client.x, 0);
        const y0 = Math.max(t.top, client.y, 0);
        const x1 = Math.min(t.right, client.x + client.w, innerWidth);
        const y1 = Math.min(t.bottom, client.y + client.h, innerHeight);
        return { text: text.textContent.trim().slice(0, 40), box: { x: x0, y: y0, w: x1 - x0, h: y1 - y0 } };
      })
      .filter((l) => l.text && l.box.w >= 20 && l.box.h >= 10)
      .slice(0, 12);
    log = { client, lines, count: list.querySelectorAll('.log-item').length, top: onTop(list) };
  }
  const hand = document.querySelector('[data-testid="hand"]');
  const prompt = document.querySelector('[data-testid="turn-prompt"]');
  return {
    vw: innerWidth,
    vh: innerHeight,
    scroll: [scrollX, scrollY],
    seats,
    log,
    hand: hand && { box: box(hand.getBoundingClientRect()), cards: hand.querySelectorAll('.card').length },
    prompt: prompt && { box: box(prompt.getBoundingClientRect()), text: prompt.textContent.trim().slice(0, 60) },
  };
}

const round = (v) => JSON.stringify(v, (k, x) => (typeof x === 'number' ? Math.round(x) : x));

/** What is drawn in a box of the screenshot: its main colour, how many pixels differ from it
 *  (`ink`, a fraction) and how many colours it holds (by 8 levels a channel). */
export function inkOf(png, scale, b) {
  const x0 = Math.max(0, Math.round(b.x * scale));
  const y0 = Math.max(0, Math.round(b.y * scale));
  const x1 = Math.min(png.width, Math.round((b.x + b.w) * scale));
  const y1 = Math.min(png.height, Math.round((b.y + b.h) * scale));
  const counts = new Map();
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      const key = ((png.data[i] >> 3) << 10) | ((png.data[i + 1] >> 3) << 5) | (png.data[i + 2] >> 3);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const pixels = Math.max(0, x1 - x0) * Math.max(0, y1 - y0);
  if (!pixels) return { pixels: 0, ink: 0, colours: 0, main: [0, 0, 0], light: 0 };
  let main = 0;
  let most = -1;
  for (const [key, n] of counts) if (n > most) [main, most] = [key, n];
  const mr = ((main >> 10) << 3) + 4;
  const mg = (((main >> 5) & 31) << 3) + 4;
  const mb = ((main & 31) << 3) + 4;
  let ink = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * png.width + x) * 4;
      if (Math.abs(png.data[i] - mr) + Math.abs(png.data[i + 1] - mg) + Math.abs(png.data[i + 2] - mb) > 60) ink++;
    }
  }
  return { pixels, ink: ink / pixels, colours: counts.size, main: [mr, mg, mb], light: 0.299 * mr + 0.587 * mg + 0.114 * mb };
}

const inset = (b, d) => ({ x: b.x + d, y: b.y + d, w: b.w - 2 * d, h: b.h - 2 * d });
const fmt = (s) => `ink ${(s.ink * 100).toFixed(1)}%, ${s.colours} colours, main rgb(${s.main.join(',')})`;

/**
 * Takes the screenshot `<engine>-<name>.png` (into artifacts/engines/) of the page as it stands,
 * once its animations have ended, and returns what is wrong with what it shows (an empty list
 * when every box is painted and in view). With `scrolls` (a phone, whose page scrolls by design)
 * only the hand and the prompt must be in view; the seats and the log lines in sight must be
 * painted.
 */
export async function paintCheck(page, name, { scrolls = false } = {}) {
  await settle(page);
  let layout;
  let png;
  // The boxes measured just before and just after the screenshot must agree (the page did not
  // move meanwhile); else again.
  for (let i = 0; ; i++) {
    const before = await page.evaluate(measure);
    const buffer = await page.screenshot();
    layout = await page.evaluate(measure);
    png = PNG.sync.read(buffer);
    if (round(before) === round(layout)) {
      mkdirSync(SHOTS, { recursive: true });
      writeFileSync(`${SHOTS}${page.engine}-${name}.png`, buffer);
      break;
    }
    if (i === 3) return [`${name}: the page kept moving while it was shot`];
    await settle(page);
  }
  const scale = png.width / layout.vw;
  const problems = [];
  const inView = (b) => b.x >= -1 && b.y >= -1 && b.x + b.w <= layout.vw + 1 && b.y + b.h <= layout.vh + 1;

  if (!layout.seats.length) problems.push('no seat plate in the page');
  for (const seat of layout.seats) {
    if (!inView(seat.box)) {
      if (!scrolls) problems.push(`${seat.id} is not (wholly) in view: ${round(seat.box)}`);
      continue;
    }
    if (seat.top !== 'self') problems.push(`${seat.id} is under ${seat.top}`);
    const plate = inkOf(png, scale, inset(seat.box, 4));
    const name = inkOf(png, scale, seat.name);
    // A plate is light paper with an initial's disc, a name, counts: its main colour is light
    // (not the felt under it) and it holds many colours; its name is text.
    if (plate.light < 150 || plate.colours < 12 || plate.ink < 0.03) problems.push(`${seat.id} unpainted (${fmt(plate)})`);
    else if (name.ink < 0.02 || name.colours < 4) problems.push(`${seat.id}'s name unpainted (${fmt(name)})`);
  }

  const log = layout.log;
  const blankLines = () => {
    const blank = log.lines.filter((l) => {
      const s = inkOf(png, scale, l.box);
      return s.ink < 0.02 || s.colours < 3;
    });
    if (blank.length) problems.push(`${blank.length} of ${log.lines.length} lines of the move log in sight unpainted: ${blank.map((l) => `"${l.text}"`).join(', ')}`);
  };
  if (!log) problems.push('no move log in the page');
  else if (!inView(log.client)) {
    if (scrolls) blankLines();
    else problems.push(`the move log is not (wholly) in view: ${round(log.client)}`);
  } else {
    if (log.top !== 'self') problems.push(`the move log is under ${log.top}`);
    if (log.count && !log.lines.length) problems.push(`the move log has ${log.count} lines, none in sight`);
    const panel = inkOf(png, scale, log.client);
    if (log.lines.length && (panel.ink < 0.01 || panel.colours < 4)) problems.push(`the move log is blank (${fmt(panel)}, ${log.count} lines in the page)`);
    else blankLines();
  }

  if (!layout.hand) problems.push('no hand in the page');
  else {
    const b = layout.hand.box;
    const seen = { x: Math.max(b.x, 0), y: Math.max(b.y, 0), w: Math.min(b.x + b.w, layout.vw) - Math.max(b.x, 0), h: Math.min(b.y + b.h, layout.vh) - Math.max(b.y, 0) };
    if (seen.w < Math.min(b.w, 200) || seen.h < Math.min(b.h, 80)) problems.push(`the hand is not in view: ${round(b)} in ${layout.vw}x${layout.vh}`);
    else if (layout.hand.cards) {
      const s = inkOf(png, scale, seen);
      if (s.ink < 0.03 || s.colours < 12) problems.push(`the hand (${layout.hand.cards} cards) unpainted (${fmt(s)})`);
    }
  }

  if (!layout.prompt) problems.push('no turn prompt in the page');
  else if (!inView(layout.prompt.box) || layout.prompt.box.h < 4) problems.push(`the turn prompt is not in view: ${round(layout.prompt.box)}`);
  else if (layout.prompt.text) {
    const s = inkOf(png, scale, layout.prompt.box);
    if (s.ink < 0.01 || s.colours < 3) problems.push(`the turn prompt "${layout.prompt.text}" unpainted (${fmt(s)})`);
  }
  return problems.map((p) => `${name}: ${p}`);
}
