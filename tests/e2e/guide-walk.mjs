// Reading and walking a guided first game (issue 32), for the guide's end-to-end tests: the panel's
// state, and a walk that uses the one control the guide points at (`data-tutorial-target`, which
// carries a data-testid) or its Next until it is done, closing a deal's summary on the way.
import assert from 'node:assert/strict';
import { activeTestId, byId, until, shot } from './harness.mjs';

/** The guide's panel: its step, the card it waits for, whether a move left the script. */
export const guide = (page) =>
  page.evaluate(() => {
    const panel = document.querySelector('[data-testid="tutorial"]');
    const target = document.querySelector('[data-tutorial-target="true"]');
    return panel && {
      step: Number(panel.dataset.step),
      off: panel.dataset.offScript === 'true',
      target: target?.dataset.testid ?? null,
      next: !!document.querySelector('[data-testid="tutorial-next"]'),
      done: !!document.querySelector('[data-testid="tutorial-done"]'),
      text: document.querySelector('[data-testid="tutorial-text"]').innerText,
      summary: !!document.querySelector('[data-testid="summary-continue"]'),
    };
  });

/** Walks the guide to its end: `play(testId)` uses the control it points at, `next()` goes on;
 *  at most `limit` of them. Returns the targets used (a card's without its `card-`) and the texts
 *  read. */
export async function walk(page, { play, next, shots, limit = 40 }) {
  const cards = [];
  const texts = new Set();
  for (let moves = 0; ; moves++) {
    assert.ok(moves < limit, 'the guide ends');
    const g = await until(async () => {
      const g = await guide(page);
      return g && (g.target || g.next || g.done || g.summary) && g;
    }, { timeout: 30_000, what: 'the guide waiting for something' });
    texts.add(g.text);
    if (g.summary) {
      await byId(page, 'summary-continue').click();
      await until(async () => !(await guide(page)).summary, { what: 'the summary closed' });
      continue;
    }
    if (g.done) break;
    if (shots && moves === 0) await shot(page, `${shots}-first-step`);
    if (g.target) {
      cards.push(g.target.replace('card-', ''));
      await play(g.target);
      await until(async () => (await guide(page)).target !== g.target || (await guide(page)).step !== g.step, { what: `the guide past ${g.target}` });
    } else {
      await next();
      await until(async () => (await guide(page)).step !== g.step, { what: 'the guide past Next' });
    }
  }
  if (shots) await shot(page, `${shots}-end`);
  return { cards, texts: [...texts] };
}


/** Opens the guided deal of the address `query` (`tutorial=…`) and waits for its panel. */
export async function openGuide(open, query, viewport) {
  const opened = await open({ query, viewport });
  await byId(opened.page, 'tutorial').waitFor();
  return opened;
}

/** Presses Tab, forward and fewer than 40 times from wherever the focus was left, until the
 *  control `id` has the focus, and checks that it has. */
export async function tabForwardTo(page, id) {
  for (let i = 0; i < 40 && (await activeTestId(page)) !== id; i++) await page.keyboard.press('Tab');
  assert.equal(await activeTestId(page), id, `the keyboard reaches ${id}`);
}

/** Ends the guide with its last button, back to the new-game form. */
export async function closeGuide(page) {
  await byId(page, 'tutorial-done').click();
  await byId(page, 'new-game').waitFor();
}
