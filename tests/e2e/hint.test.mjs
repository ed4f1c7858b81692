// Hints: on my turn, `h` asks the hard computer level for a move; the page says which card and
// why, in the page's language, marks that card (a legal one) and puts the focus on it, so Enter
// plays it. The hint goes away once the card is played.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, activeTestId, byId, shot, until, DESKTOP, PHONE } from './harness.mjs';
import { newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const TEXTS = {
  fr: { button: /Indice/, sentence: /^Jouez (le|la|l')\s?\S+ /, other: /\bPlay\b/ },
  en: { button: /Hint/, sentence: /^Play the \S+/, other: /\bJouez\b/ },
};
const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const FRENCH_COURT = { J: 'V', Q: 'D', K: 'R' };

/** "card-QS" -> "Q♠" (English) or "D♠" (French): how the hint sentence names the card. */
function shortName(testId, lang) {
  const code = testId.slice('card-'.length);
  const rank = code.slice(0, -1);
  return (lang === 'fr' ? FRENCH_COURT[rank] ?? rank : rank) + SUITS[code.slice(-1)];
}


for (const [lang, viewport, device] of [['fr', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  scenario(() => env, `h shows a hint, lang=${lang}, ${device}; Enter plays it`, { timeout: 120_000 }, async ({ open }) => {
    const t = TEXTS[lang];
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&speed=instant` });
    await newGame.start(page, { rounds: 2, seed: 777 });

    for (let turn = 0; turn < 3; turn++) {
      await table.untilMyTurn(page);
      const hint = byId(page, 'hint');
      assert.match(await hint.innerText(), t.button, 'the hint button speaks the page language');
      assert.equal(await page.locator('[data-hinted="true"]').count(), 0, 'no hint before asking');

      await page.keyboard.press('h');
      const text = byId(page, 'hint-text');
      await until(async () => (await text.getAttribute('data-state')) === 'ready', {
        timeout: 10_000, what: 'the hint to arrive',
      });
      const sentence = (await text.innerText()).trim();
      assert.match(sentence, t.sentence, `a ${lang} sentence: ${sentence}`);
      assert.doesNotMatch(sentence, t.other, `no word of the other language: ${sentence}`);

      const hinted = page.locator('[data-testid="hand"] [data-hinted="true"]');
      assert.equal(await hinted.count(), 1, 'exactly one card is suggested');
      const card = await hinted.getAttribute('data-testid');
      assert.equal(await hinted.getAttribute('data-playable'), 'true', `the suggested ${card} is playable`);
      assert.ok(sentence.includes(shortName(card, lang)), `the sentence names ${shortName(card, lang)}: ${sentence}`);
      assert.equal(await activeTestId(page), card, 'the focus is on the suggested card');
      if (turn === 0) await shot(page, `${device}-${lang}-hint`);

      const before = await table.situation(page);
      await page.keyboard.press('Enter');
      await until(async () => (await table.situation(page)).actions > before.actions, { what: `${card} to be played` });
      // The first action after the key press (the computers may have played since).
      const mine = await page.evaluate((i) => JSON.parse(localStorage.getItem('tapis.current')).actions[i], before.actions);
      assert.equal(mine.do, `play ${card.slice('card-'.length)}`, 'Enter played the suggested card');
      assert.ok(!(await table.snapshot(page)).hand.includes(card), `${card} left my hand`);
      await until(async () => (await page.locator('[data-hinted="true"]').count()) === 0, {
        timeout: 2_000, what: 'the hint to go away once the card is played',
      });
      // Still my turn (I go on with the next rank) or not, the sentence is gone.
      assert.ok((await text.count()) === 0 || (await text.getAttribute('data-state')) === 'none', 'the hint sentence is gone too');
    }
    assertNoErrors(errors);
  });
}
