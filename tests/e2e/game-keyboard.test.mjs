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
    // The other language's words must not leak into this one.
    const body = await page.locator('body').innerText();
    const other = lang === 'fr' ? TEXTS.en : TEXTS.fr;
    assert.ok(!body.includes(other.gameOver), `no "${other.gameOver}" on the ${lang} page`);
    await shots('4-game-over');
    assertNoErrors(errors);
  });
}
