// Hints: on my turn, `h` (or the hint button) asks the hard computer level for a move; the page
// says which move and why, in the page's language, marks the control that plays it (a card, a
// decision, a pile, the reveal) and puts the focus on it, so Enter plays it. The hint goes away
// once a move is played. Nain Jaune, Bonanza and Programmes; never in a read-only position.
import { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { scenario, setup, assertNoErrors, activeTestId, byId, shot, until, DESKTOP, PHONE } from './harness.mjs';
import { newGame, table, bonanza, programmes } from './pages.mjs';
import { revealRecord } from './programmes-records.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const TEXTS = {
  fr: { button: /Indice/, sentence: /^Jouez (le|la|l')\s?\S+\s/, other: /\bPlay\b/ },
  en: { button: /Hint/, sentence: /^Play the \S+/, other: /\bJouez\b/ },
};
const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const FRENCH_COURT = { J: 'V', Q: 'D', K: 'R' };

/** "card-QS" -> "Q♠" (English) or "D♠" (French): how the hint sentence names the card. */
function shortName(testId, lang) {
  const code = testId.slice('card-'.length);
  if (code === 'JK') return 'Joker';
  const rank = code.slice(0, -1);
  return (lang === 'fr' ? FRENCH_COURT[rank] ?? rank : rank) + SUITS[code.slice(-1)];
}

/**
 * How many controls `marks` (a locator) finds, once the marks are there: the page sets them just
 * after it shows the sentence (in a task of its own, once the controls are drawn), so a slow
 * machine may read the sentence first.
 */
async function marked(marks) {
  await until(async () => (await marks.count()) > 0, { timeout: 3_000, what: 'a control marked' });
  return marks.count();
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
      assert.equal(await marked(hinted), 1, 'exactly one card is suggested');
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

// ---------------------------------------------------------------- Bonanza and Programmes

/** The record as a `position=` text (raw DEFLATE, base64url: src/record/codec.rs). */
const positionText = (record) => deflateRawSync(Buffer.from(JSON.stringify(record))).toString('base64url');

/** Asks for a hint with the `h` key or the button; resolves to its sentence once it is ready. */
async function askHint(page, how) {
  const text = byId(page, 'hint-text');
  if (how === 'key') await page.keyboard.press('h');
  else await byId(page, 'hint').click();
  await until(async () => (await text.getAttribute('data-state')) === 'ready', { timeout: 15_000, what: `the hint (${how}) to arrive` });
  return (await text.innerText()).trim();
}

/** The one control the hint marks: checks it has the focus and the teal ring; its test id. */
async function hintedControl(page, selector = '[data-testid="game"] [data-hinted="true"]') {
  const control = page.locator(selector).first();
  const id = await control.getAttribute('data-testid');
  await until(async () => (await activeTestId(page)) === id, { timeout: 3_000, what: `the focus on the suggested ${id}` });
  // (Once its transition is over.)
  const ring = () => control.evaluate((e) => getComputedStyle(e).boxShadow + ' ' + getComputedStyle(e, '::after').boxShadow);
  await until(async () => (await ring()).includes('rgb(94, 234, 212)'), { timeout: 3_000, what: `the hint's ring on ${id} (${await ring()})` });
  return { control, id };
}

/** The record's action at index `i`. */
const recordAction = (page, i) => page.evaluate((i) => JSON.parse(localStorage.getItem('tapis.current')).actions[i]?.do, i);

const BONANZA = {
  en: { sentence: /^(Take|Sell|Bid|Pass|Show|Check|Bet|Call|Raise|Fold|Play)\b.*: \S.*\.$/, other: /\b(Jouer|vous|votre|veuve|jetons|main)\b/ },
  fr: { sentence: /^(Prendre|Vendre|Offrir|Passer|Montrer|Parole|Miser|Suivre|Relancer|Se coucher|Jouer)\b.*\s:\s\S.*\.$/, other: /\b(the|your|you|chips|widow|hand)\b/ },
};

for (const [lang, viewport, device, seed] of [['en', PHONE, 'phone', 20240620], ['fr', DESKTOP, 'desktop', 20240624]]) {
  scenario(() => env, `Bonanza: hints on decisions and cards, lang=${lang}, ${device}; Enter plays them`, { timeout: 240_000 }, async ({ open }) => {
    const t = BONANZA[lang];
    const seats = 'human,easy,easy,easy,easy';
    const { page, errors } = await open({
      viewport,
      query: `?lang=${lang}&game=bonanza&players=5&seats=${seats}&seed=${seed}&opt.deals=2&autostart=1&speed=instant`,
    });
    await byId(page, 'game').waitFor({ timeout: 30_000 });
    const seen = { decision: 0, card: 0 };
    let asked = 0;
    const end = Date.now() + 200_000;
    while (seen.decision < 3 || seen.card < 2) {
      assert.ok(Date.now() < end, `hints on decisions and cards in time (saw ${JSON.stringify(seen)})`);
      const s = await bonanza.situation(page);
      assert.ok(!s.over, `the game went on long enough (saw ${JSON.stringify(seen)})`);
      if (s.summary) {
        await byId(page, 'summary-continue').click();
        continue;
      }
      if (!s.decisions.length && !s.race) {
        await page.waitForTimeout(20);
        continue;
      }
      // My turn: its first choice (or playable card) has the focus, nothing is suggested yet.
      await until(async () => /^(action-|card-)/.test((await activeTestId(page)) ?? ''), { timeout: 5_000, what: 'the focus on my first choice' });
      assert.equal(await page.locator('[data-hinted="true"]').count(), 0, 'no hint before asking');
      const sentence = await askHint(page, asked % 2 ? 'button' : 'key');
      asked++;
      assert.match(sentence, t.sentence, `a ${lang} sentence: ${sentence}`);
      assert.doesNotMatch(sentence, t.other, `no word of the other language: ${sentence}`);
      assert.equal(await marked(page.locator('[data-testid="game"] [data-hinted="true"]')), 1, 'one control is suggested');
      const { control, id } = await hintedControl(page);
      let expected;
      if (id.startsWith('card-')) {
        assert.equal(await control.getAttribute('data-playable'), 'true', `the suggested ${id} is playable`);
        assert.ok(sentence.includes(shortName(id, lang)), `the sentence names ${shortName(id, lang)}: ${sentence}`);
        expected = `play ${id.slice('card-'.length)}`;
        if (seen.card++ === 0) await shot(page, `${device}-${lang}-bonanza-hint-card`);
      } else {
        // The sentence begins with the button's own words.
        const label = (await control.getAttribute('aria-label')) ?? (await control.innerText()).trim();
        assert.ok(sentence.startsWith(label), `the sentence starts with "${label}": ${sentence}`);
        expected = await control.getAttribute('data-action');
        if (seen.decision++ === 0) await shot(page, `${device}-${lang}-bonanza-hint-decision`);
      }
      const before = (await bonanza.situation(page)).actions;
      await page.keyboard.press('Enter');
      await until(async () => (await bonanza.situation(page)).actions > before, { timeout: 5_000, what: `${id} to be played` });
      assert.equal(await recordAction(page, before), expected, 'Enter played the suggestion');
      await until(async () => (await page.locator('[data-hinted="true"]').count()) === 0, { timeout: 2_000, what: 'the hint to go away' });
    }
    assertNoErrors(errors);
  });
}

const PROGRAMMES = {
  en: {
    draw: /^(Draw from the stock|Take the \S+ from the discard pile): \S.*\.$/,
    reveal: /^Reveal your program: your hand fulfils it\.$/,
    play: /^(Add \S+ to meld \d+|Lay down .+|Discard the \S+): \S.*\.$/,
    other: /\b(vous|votre|la|le|défausse)\b/,
  },
  fr: {
    draw: /^(Piochez|Prenez (le |la |l')\S+ de la défausse)\s:\s\S.*\.$/,
    reveal: /^Dévoilez votre programme\s:\svotre main le remplit\.$/,
    play: /^(Ajoutez \S+ à la combinaison \d+|Posez .+|Défaussez (le |la |l')\S+)\s:\s\S.*\.$/,
    other: /\b(the|your|you|discard|stock)\b/,
  },
};

for (const [lang, viewport, device] of [['en', PHONE, 'phone'], ['fr', DESKTOP, 'desktop']]) {
  scenario(() => env, `Programmes: hints on the piles, the reveal and the hand, lang=${lang}, ${device}`, { timeout: 120_000 }, async ({ open }) => {
    const t = PROGRAMMES[lang];
    const { page, errors } = await open({ viewport, query: `?lang=${lang}&speed=instant` });
    await newGame.visible(page);
    await programmes.importRecord(page, revealRecord({ lang }));
    await until(async () => (await activeTestId(page)) === 'stock', { what: 'the focus on the stock at the start of my turn' });
    assert.equal(await page.locator('[data-hinted="true"]').count(), 0, 'no hint before asking');

    // Drawing: the stock or the discard pile.
    let sentence = await askHint(page, 'key');
    assert.match(sentence, t.draw, `a ${lang} sentence: ${sentence}`);
    assert.doesNotMatch(sentence, t.other, `no word of the other language: ${sentence}`);
    assert.equal(await marked(page.locator('[data-testid="game"] [data-hinted="true"]')), 1, 'one pile is suggested');
    let { id } = await hintedControl(page);
    assert.ok(['stock', 'discard'].includes(id), `a pile is suggested (${id})`);
    await shot(page, `${device}-${lang}-programmes-hint-draw`);
    let before = (await programmes.state(page)).actions;
    await programmes.press(page, 'Enter');
    assert.equal(await recordAction(page, before), id === 'stock' ? 'draw stock' : 'draw discard', 'Enter drew as suggested');

    // The hand fulfils the program: the suggested way is chosen and the reveal button marked.
    await byId(page, 'reveal-panel').waitFor();
    sentence = await askHint(page, 'button');
    assert.match(sentence, t.reveal, `a ${lang} sentence: ${sentence}`);
    ({ id } = await hintedControl(page));
    assert.equal(id, 'action-reveal');
    const way = await page.locator('.reveal-option.reveal-chosen').getAttribute('data-action');
    await shot(page, `${device}-${lang}-programmes-hint-reveal`);
    before = (await programmes.state(page)).actions;
    await programmes.press(page, 'Enter');
    assert.equal(await recordAction(page, before), way, 'Enter revealed the suggested way');
    assert.equal((await programmes.state(page)).revealed, true);

    // Laying off or discarding: the cards in the hand, selected, and the button that plays them
    // focused, so that Enter plays the suggestion as in the other games.
    await until(async () => (await page.locator('[data-hinted="true"]').count()) === 0, { timeout: 2_000, what: 'the hint to go away' });
    sentence = await askHint(page, 'key');
    assert.match(sentence, t.play, `a ${lang} sentence: ${sentence}`);
    assert.doesNotMatch(sentence, t.other, `no word of the other language: ${sentence}`);
    assert.ok((await marked(page.locator('[data-testid="hand"] [data-hinted="true"]'))) >= 1, 'cards of the hand are suggested');
    const cards = await page.$$eval('[data-testid="hand"] [data-hinted="true"]', (els) => els.map((e) => e.dataset.card));
    for (const card of cards) assert.ok(sentence.includes(shortName(`card-${card}`, lang)), `the sentence names ${card}: ${sentence}`);
    ({ id } = await hintedControl(page));
    assert.match(id, /^action-(meld|discard|extend)/, 'the button that plays the suggestion has the focus');
    const selected = await page.$$eval('[data-testid="hand"] [aria-pressed="true"]', (els) => els.map((e) => e.dataset.card));
    assert.deepEqual(selected, cards, 'the suggested cards are selected');
    await shot(page, `${device}-${lang}-programmes-hint-hand`);
    // Sorting the hand keeps the suggestion: the same cards selected and marked where they went,
    // the focus back on the button that plays them.
    await byId(page, 'hand-sort').click();
    await until(async () => (await activeTestId(page)) === id, { timeout: 3_000, what: 'the focus back on the suggested move after sorting' });
    const sorted = (sel) => page.$$eval(`[data-testid="hand"] ${sel}`, (els) => els.map((e) => e.dataset.card).sort());
    assert.deepEqual(await sorted('[aria-pressed="true"]'), [...cards].sort(), 'the suggested cards stay selected after sorting');
    assert.deepEqual(await sorted('[data-hinted="true"]'), [...cards].sort(), 'and stay marked');
    before = (await programmes.state(page)).actions;
    await programmes.press(page, 'Enter');
    const played = await recordAction(page, before);
    assert.match(played, /^(meld|discard|extend) /, `Enter played the suggestion (${played})`);
    for (const card of cards) assert.ok(played.split(/[ =]/).includes(card), `the move takes ${card}: ${played}`);
    assertNoErrors(errors);
  });
}

scenario(() => env, 'a read-only position offers no hint', { timeout: 60_000 }, async ({ open }) => {
  // The human (seat 0) is to move in this position, but nobody moves in a position shown read-only.
  const position = positionText(revealRecord({ lang: 'en' }));
  const { page, errors } = await open({ query: `?lang=en&position=${position}&position_mode=view` });
  await byId(page, 'game').waitFor({ timeout: 30_000 });
  assert.equal(await byId(page, 'hint').isVisible(), false, 'no hint button');
  await page.keyboard.press('h');
  await page.waitForTimeout(1_000);
  assert.equal(await byId(page, 'hint-text').getAttribute('data-state'), 'none', 'h asks for nothing');
  assert.equal(await page.locator('[data-hinted="true"]').count(), 0);
  assertNoErrors(errors);
});
