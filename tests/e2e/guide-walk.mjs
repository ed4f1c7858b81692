// Reading and walking a guided first game (issue 32), for the guide's end-to-end tests: the panel's
// state, and a walk that uses the one control the guide points at (`data-tutorial-target`, which
// carries a data-testid) or its Next until it is done, closing a deal's summary on the way; and the
// steps every guide's tests share (a move off the script and back, Next by keyboard, leaving).
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

/** Goes on with the panel's Next by the keyboard: the focus on it, Enter. */
export async function nextByKeyboard(page) {
  await byId(page, 'tutorial-next').focus();
  await page.keyboard.press('Enter');
}

/** Uses the control `testId`, which the guide does not point at, and waits for the guide to
 *  explain why it is off the script (`what` is that move, for a timeout's message). */
export async function playOffScript(page, testId, what) {
  await byId(page, testId).click();
  await until(async () => (await guide(page)).off, { what: `the explanation of ${what} off the script` });
}

/** Takes the move off the script back with the panel's button, and waits for the guide back on
 *  its script, pointing at `target` again (`what`: the move taken back). */
export async function takeBack(page, target, what) {
  await byId(page, 'tutorial-undo').click();
  await until(async () => {
    const g = await guide(page);
    return !g.off && g.target === target;
  }, { what: `${what} taken back` });
}

/** Ends the guide with its last button, back to the new-game form. */
export async function closeGuide(page) {
  await byId(page, 'tutorial-done').click();
  await byId(page, 'new-game').waitFor();
}

/** Leaves a guided game with the panel's Leave, back to the new-game form, after checking that it
 *  saved nothing: a guided game never takes the saved game's place. */
export async function leaveUnsaved(page) {
  assert.equal(await page.evaluate(() => localStorage.getItem('tapis.current')), null, 'the guided game saved nothing');
  await byId(page, 'tutorial-leave').click();
  await byId(page, 'new-game').waitFor();
}
