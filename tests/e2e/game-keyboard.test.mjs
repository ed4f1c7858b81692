// A whole 4-player Nain Jaune game (you + 3 easy computers, 2 rounds, instant speed) played with
// the keyboard only, once in French on a desktop screen and once in English on a phone screen.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { scenario, setup, assertNoErrors, activeTestId, byId, shotAlsoSmall, until, DESKTOP, PHONE } from './harness.mjs';
import { newGame, table } from './pages.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const TEXTS = {
  fr: { start: 'Commencer la partie', gameOver: 'Partie terminée', title: /Nain Jaune/, next: /Donne suivante|Voir le classement final/ },
  en: { start: 'Start the game', gameOver: 'Game over', title: /Nain Jaune/, next: /Next round|See the final standings/ },
};

for (const [lang, viewport, device] of [['fr', DESKTOP, 'desktop'], ['en', PHONE, 'phone']]) {
  scenario(() => env, `keyboard-only game to the end, lang=${lang}, ${device}`, { timeout: 300_000 }, async ({ open }) => {
    const t = TEXTS[lang];
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&players=4&speed=instant` });
    // On the phone, each moment is shot at a small phone's size too.
    const shots = (moment) => shotAlsoSmall(page, `${device}-${lang}-${moment}`);
    await newGame.visible(page);
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    assert.equal((await byId(page, 'start-game').innerText()).trim(), t.start);
    await shots('1-new-game');

    await newGame.startByKeyboard(page, { rounds: 2, seed: 20240607 });
    // What a screen reader is told: every line the move log's live region receives.
    await page.evaluate(() => {
      window.heard = [];
      window.logAtStart = document.querySelectorAll('[data-testid="move-log"] .event').length;
      new MutationObserver((changes) => {
        for (const change of changes) for (const node of change.addedNodes) window.heard.push(node.textContent);
      }).observe(document.querySelector('[data-testid="move-announcer"]'), { childList: true });
    });

    let moves = 0;
    let summaries = 0;
    let midRoundShot = false;
    const end = Date.now() + 240_000;
    for (;;) {
      assert.ok(Date.now() < end, 'the game should end within 4 minutes');
      const s = await table.situation(page);
      if (s.over) break;
      if (s.summary) {
        // The dialog focuses its main button; Enter continues.
        await until(async () => (await activeTestId(page)) === 'summary-continue', {
          timeout: 5_000, what: 'the focus on the round summary button',
        });
        assert.match(await byId(page, 'summary-continue').innerText(), t.next);
        if (summaries === 0) await shots('3-round-summary');
        summaries++;
        await page.keyboard.press('Enter');
        await until(async () => !(await table.situation(page)).summary || (await table.situation(page)).deal !== s.deal,
          { timeout: 5_000, what: 'the round summary to close' });
        continue;
      }
      if (s.myTurn) {
        await table.playByKeyboard(page, { useArrows: moves % 3 === 1, key: moves % 2 ? 'Space' : 'Enter' });
        moves++;
        if (moves === 4 && !midRoundShot) {
          midRoundShot = true;
          await shots('2-mid-round');
        }
        continue;
      }
      await page.waitForTimeout(20);
    }

    const over = byId(page, 'game-over');
    await over.waitFor();
    assert.match(await over.innerText(), new RegExp(t.gameOver, 'i'));
    assert.ok(summaries >= 2, `two round summaries were shown (saw ${summaries})`);
    assert.ok(moves >= 2, `I played my cards (played ${moves})`);
    await until(async () => (await activeTestId(page)) === 'new-game-button', {
      timeout: 5_000, what: 'the focus on the game-over main button',
    });
    assert.match(await page.title(), t.title);
    // The computers' moves are read out as they come, not only the calls, and so is the end.
    const [heard, logAtStart] = await page.evaluate(() => [window.heard, window.logAtStart]);
    const log = await page.$$eval('[data-testid="move-log"] .event', (lines) => lines.map((l) => l.textContent));
    const computersPlay = lang === 'fr' ? /^(Ada|Bob|Cyd) (joue|pose)/ : /^(Ada|Bob|Cyd) plays/;
    assert.ok(heard.some((line) => computersPlay.test(line)), `a computer's card is read out (heard: ${heard.slice(0, 8).join(' / ')})`);
    assert.equal(heard.length, log.length - logAtStart, 'every line that joined the log is read out, once');
    assert.equal(heard.at(-1), log[0], 'the last line read out is the newest of the log');
    // The other language's words must not leak into this one.
    const body = await page.locator('body').innerText();
    const other = lang === 'fr' ? TEXTS.en : TEXTS.fr;
    assert.ok(!body.includes(other.gameOver), `no "${other.gameOver}" on the ${lang} page`);
    await shots('4-game-over');
    assertNoErrors(errors);
  });
}

scenario(() => env, 'the one-letter keys can be turned off (WCAG 2.1.4), and stay off', { timeout: 120_000 }, async ({ open }) => {
  const { page, errors } = await open({ query: '?lang=en&speed=instant' });
  await newGame.visible(page);
  await byId(page, 'letter-keys').uncheck();
  await newGame.start(page, { rounds: 2, seed: 20240607 });
  await until(async () => (await table.situation(page)).myTurn, { what: 'my turn' });
  const hint = byId(page, 'hint');
  assert.equal(await hint.getAttribute('aria-keyshortcuts'), null, 'the shortcut is not announced');
  assert.equal(await hint.locator('.kbd').isVisible(), false, 'nor shown on the button');
  await table.playByKeyboard(page);
  await until(async () => (await table.situation(page)).myTurn, { what: 'my turn again' });
  await page.keyboard.press('h');
  await page.waitForTimeout(500);
  assert.equal(await byId(page, 'hint-text').getAttribute('data-state'), 'none', 'H asks for no hint');
  const moves = (await table.situation(page)).actions;
  await page.keyboard.press('u');
  await page.waitForTimeout(300);
  assert.equal((await table.situation(page)).actions, moves, 'U takes nothing back');
  // A preference: it outlasts a reload.
  await page.reload();
  await byId(page, 'game').waitFor();
  assert.equal(await byId(page, 'letter-keys').isChecked(), false);
  // Turned on again, they are announced again.
  await byId(page, 'letter-keys').check();
  await until(async () => (await hint.getAttribute('aria-keyshortcuts')) === 'h', { what: 'the shortcut announced again' });
  assertNoErrors(errors);
});
