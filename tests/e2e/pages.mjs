// Page objects: what the tests do on each screen, written against the UI contract (data-testid
// hooks, the keyboard contract). Keyboard-only helpers never click.
import assert from 'node:assert/strict';
import { activeTestId, appReady, byId, chooseByKeyboard, tabTo, typeInto, until, untilFocusOn } from './harness.mjs';
import { readTable } from './table-state.mjs';

/** The top bar. On a phone held upright the record buttons and the preferences fold behind
 *  "More" (`more-settings`); elsewhere they are always shown and the toggle is hidden. */
export const topBar = {
  /** Shows the folded controls if they are folded; true if it unfolded them. The toggle is
   *  pressed without taking the keyboard's focus (a game's decision may hold it). */
  async unfold(page) {
    // (Whether the bar is folded is known once the app shows: it is built out of sight.)
    await appReady(page);
    const toggle = byId(page, 'more-settings');
    if (!(await toggle.isVisible()) || (await toggle.getAttribute('aria-expanded')) === 'true') return false;
    await toggle.evaluate((button) => button.click());
    return true;
  },

  /** Chooses the computers' pace, leaving the bar and the focus as they were. */
  async setSpeed(page, speed) {
    const unfolded = await this.unfold(page);
    await byId(page, 'speed').selectOption(speed);
    if (unfolded) await byId(page, 'more-settings').evaluate((button) => button.click());
  },
};

/** The new-game form. */
export const newGame = {
  async visible(page) {
    await byId(page, 'new-game').waitFor({ timeout: 30_000 });
  },

  /** Fills the form and starts, with the keyboard only (Tab, arrows, typing, Enter). `options`
   *  are house rules by record key (`{ deals: 2 }` types into `opt-deals`). */
  async startByKeyboard(page, { players = 4, seats = ['human', 'easy', 'easy', 'easy'], rounds, seed, options = {} }) {
    await this.visible(page);
    await chooseByKeyboard(page, 'players', String(players));
    for (const [i, kind] of seats.entries()) await chooseByKeyboard(page, `seat-kind-${i}`, kind);
    if (rounds !== undefined) await typeInto(page, 'opt-rounds', rounds);
    for (const [key, value] of Object.entries(options)) await typeInto(page, `opt-${key.replaceAll('_', '-')}`, value);
    if (seed !== undefined) await typeInto(page, 'seed', seed);
    await tabTo(page, 'start-game');
    await page.keyboard.press('Enter');
    await byId(page, 'game').waitFor({ timeout: 15_000 });
  },

  /** The same with the mouse, for tests about something else. */
  async start(page, { players = 4, seats = ['human', 'easy', 'easy', 'easy'], rounds, seed }) {
    await this.visible(page);
    await byId(page, 'players').selectOption(String(players));
    for (const [i, kind] of seats.entries()) await byId(page, `seat-kind-${i}`).selectOption(kind);
    if (rounds !== undefined) await byId(page, 'opt-rounds').fill(String(rounds));
    if (seed !== undefined) await byId(page, 'seed').fill(String(seed));
    await byId(page, 'start-game').click();
    await byId(page, 'game').waitFor({ timeout: 15_000 });
  },
};

/** The game table. */
export const table = {
  /** Everything a player can see that a reload must bring back. */
  snapshot(page) {
    return page.evaluate(() => {
      const q = (id) => document.querySelector(`[data-testid="${id}"]`);
      const game = q('game');
      const seats = [...document.querySelectorAll('[data-testid^="seat-"]')]
        .filter((e) => /^seat-\d+$/.test(e.dataset.testid))
        .map((e) => ({ seat: e.dataset.testid, chips: e.dataset.chips, cards: e.dataset.cards, dealer: e.dataset.dealer }));
      const boxes = [...document.querySelectorAll('[data-testid^="box-"]')].map((e) => `${e.dataset.testid}=${e.dataset.chips}`);
      const hand = [...document.querySelectorAll('[data-testid="hand"] [data-testid^="card-"]')].map((e) => e.dataset.testid);
      return {
        deal: game?.dataset.dealNumber,
        phase: game?.dataset.phase,
        toMove: game?.dataset.toMove,
        seats,
        boxes,
        hand,
        sequence: q('sequence')?.dataset.cards,
      };
    });
  },

  /** What the loop needs to decide its next key press. */
  situation(page) {
    return page.evaluate(() => {
      const q = (id) => document.querySelector(`[data-testid="${id}"]`);
      return {
        over: !!q('game-over'),
        summary: !!q('round-summary'),
        myTurn: q('hand')?.dataset.active === 'true',
        myCards: Number(q('seat-0')?.dataset.cards ?? -1),
        actions: (() => {
          try {
            return JSON.parse(localStorage.getItem('tapis.current') ?? '{}').actions?.length ?? 0;
          } catch {
            return -1;
          }
        })(),
        deal: q('game')?.dataset.dealNumber,
      };
    });
  },

  /** Waits until it is my turn (no dialog open), continuing past round summaries. */
  async untilMyTurn(page) {
    await until(async () => {
      const s = await this.situation(page);
      if (s.summary) await byId(page, 'summary-continue').click();
      return s.myTurn && !s.summary;
    }, { timeout: 30_000, what: 'my turn' });
  },

  /** Plays `turns` of my turns with the keyboard (waiting for each), then waits for my next turn;
   *  gives the table then (its `snapshot`). */
  async playTurns(page, turns) {
    for (let i = 0; i < turns; i++) {
      await this.untilMyTurn(page);
      await this.playByKeyboard(page);
    }
    await this.untilMyTurn(page);
    return this.snapshot(page);
  },

  /** Plays one card on the human's turn with the keyboard; checks the focus contract on the way. */
  async playByKeyboard(page, { useArrows = false, key = 'Enter' } = {}) {
    const focused = await untilFocusOn(page, 'card-', 'the focus on a playable card at the start of my turn');
    const playable = await page.$$eval('[data-testid="hand"] [data-playable="true"]', (cards) => cards.map((c) => c.dataset.testid));
    assert.equal(focused, playable[0], 'on my turn the focus is on the first playable card');
    let chosen = focused;
    if (useArrows && playable.length > 1) {
      await page.keyboard.press('ArrowRight');
      assert.equal(await activeTestId(page), playable[1], 'ArrowRight moves to the next playable card');
      await page.keyboard.press('ArrowLeft');
      assert.equal(await activeTestId(page), playable[0], 'ArrowLeft moves back');
      await page.keyboard.press('ArrowRight');
      chosen = playable[1];
    }
    const before = await this.situation(page);
    await watchFocusLoss(page);
    await page.keyboard.press(key);
    await until(async () => (await this.situation(page)).actions > before.actions, {
      timeout: 5_000,
      what: `${chosen} to be played with ${key}`,
    });
    await focusKeptAfterMove(page, chosen);
    return chosen;
  },
};

/** Before a move: from now on, notes whether the focus is ever left on <body> after a change
 *  of the page (checked by `focusKeptAfterMove`). */
export function watchFocusLoss(page) {
  return page.evaluate(() => {
    window.focusLost = false;
    if (window.focusWatch) return;
    window.focusWatch = new MutationObserver(() => {
      if (!document.activeElement || document.activeElement === document.body) window.focusLost = true;
    });
    window.focusWatch.observe(document.body, { childList: true, subtree: true });
  });
}

/** The played card or the decision taken leaves the page: the focus must not go with it to
 *  <body> (where Tab starts again from the top and a screen reader loses its place), not even
 *  until the next turn puts it on a card. */
export async function focusKeptAfterMove(page, what) {
  await page.waitForTimeout(100);
  assert.equal(await page.evaluate(() => window.focusLost), false, `the focus kept in the game after ${what} (not lost to <body>)`);
}

/** The Bonanza table: its decisions are buttons (`action-…`), the race is played from the hand. */
export const bonanza = {
  /** What the loop needs to decide its next key press. */
  situation(page) {
    return page.evaluate(() => {
      const q = (id) => document.querySelector(`[data-testid="${id}"]`);
      const game = q('game');
      return {
        over: !!q('game-over'),
        summary: !!q('deal-summary'),
        phase: game?.dataset.phase,
        call: game?.dataset.call,
        deal: game?.dataset.dealNumber,
        decisions: [...document.querySelectorAll('[data-testid="decisions"] button.decision')].map((b) => b.dataset.testid),
        race: q('hand')?.dataset.active === 'true',
        stop: q('announcement')?.querySelector('[data-event="stop"]') !== null,
        actions: (() => {
          try {
            return JSON.parse(localStorage.getItem('tapis.current') ?? '{}').actions?.length ?? 0;
          } catch {
            return -1;
          }
        })(),
      };
    });
  },

  /** Every space of the wheel: name → chips. */
  wheel(page) {
    return page.$$eval('[data-testid^="space-"]', (spaces) =>
      Object.fromEntries(spaces.map((s) => [s.dataset.testid.slice(6), Number(s.dataset.chips)])));
  },

  /** Makes a decision with the keyboard: waits for the focus on the first choice, moves with
   *  ←/→ (`steps`, negative to the left, wrapping round), presses Enter; returns the choice. */
  async decideByKeyboard(page, steps = 0) {
    const first = await untilFocusOn(page, 'action-', 'the focus on the first choice');
    const choices = await page.$$eval('[data-testid="decisions"] button.decision', (b) => b.map((e) => e.dataset.testid));
    assert.equal(first, choices[0], 'a new decision puts the focus on its first choice');
    for (let i = 0; i < Math.abs(steps); i++) await page.keyboard.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
    const chosen = await activeTestId(page);
    const before = await this.situation(page);
    await watchFocusLoss(page);
    await page.keyboard.press('Enter');
    await until(async () => (await this.situation(page)).actions > before.actions, { timeout: 5_000, what: `${chosen} to be played` });
    await focusKeptAfterMove(page, chosen);
    return chosen;
  },
};

/** The Programmes table (its own hand: several cards selected, known by position). */
export const programmes = {
  /** Puts a record on the table through the "Open a record…" file input. */
  async importRecord(page, record, name = 'programmes.json') {
    await byId(page, 'import-record').setInputFiles({
      name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(record)),
    });
    await byId(page, 'game').waitFor({ timeout: 15_000 });
  },

  /** The cards of the hand, in display order. */
  hand(page) {
    return page.$$eval('[data-testid^="hand-card-"]', (cards) => cards.map((c) => c.dataset.card));
  },

  /** Clicks these cards of the hand (each card name once; the first copy not yet selected). */
  async select(page, ...cards) {
    for (const card of cards) {
      const i = await page.$$eval(
        '[data-testid^="hand-card-"]',
        (els, c) => els.findIndex((e) => e.dataset.card === c && e.getAttribute('aria-pressed') !== 'true'),
        card,
      );
      assert.ok(i >= 0, `no ${card} to select in the hand ${(await this.hand(page)).join(' ')}`);
      await byId(page, `hand-card-${i}`).click();
    }
  },

  /** The game element's data: phase, seat to move, whether the viewer revealed, actions played. */
  state(page) {
    return page.evaluate(readTable);
  },

  /** Waits until the human is to move (or the game is over), past nothing else. */
  async untilMyTurnOrOver(page, timeout = 30_000) {
    return until(async () => {
      const s = await this.state(page);
      return (s.myTurn || s.over || s.summary) && s;
    }, { timeout, what: 'my turn, a summary or the end' });
  },

  /** Plays one action by a click and waits for the engine to take it. */
  async click(page, testId, options) {
    const before = (await this.state(page)).actions;
    await byId(page, testId).click(options);
    await until(async () => (await this.state(page)).actions > before, { timeout: 5_000, what: `${testId} to be played` });
  },

  /** Presses a key and waits for the engine to take the move. */
  async press(page, key) {
    const before = (await this.state(page)).actions;
    await page.keyboard.press(key);
    await until(async () => (await this.state(page)).actions > before, { timeout: 5_000, what: `${key} to play a move` });
  },
};
