// One in-page reading of the table, shared by every loop that plays a game (Playwright's pages,
// the WebDriver engines, the slow-device games): `page.evaluate(readTable)`. It runs in the page,
// so it must stay self-contained (no imports, no outer names).

/** Everything a playing loop needs, read from the page at once. */
export function readTable() {
  const q = (id) => document.querySelector(`[data-testid="${id}"]`);
  const g = q('game');
  let actions = -1;
  try {
    actions = JSON.parse(localStorage.getItem('tapis.current') ?? '{}').actions?.length ?? 0;
  } catch {}
  let focus = document.activeElement;
  while (focus && focus !== document.body && !focus.getAttribute?.('data-testid')) focus = focus.parentElement;
  const reveal = q('reveal-panel');
  const hintButton = q('hint');
  return {
    game: g?.dataset.game ?? null,
    phase: g?.dataset.phase ?? null,
    toMove: g?.dataset.toMove ?? null,
    revealed: g?.dataset.revealed === 'true',
    deal: g?.dataset.dealNumber ?? null,
    over: !!q('game-over'),
    summary: !!(q('round-summary') ?? q('deal-summary')),
    myTurn: !!q('turn-prompt')?.classList.contains('turn-mine'),
    hintShown: !!hintButton && hintButton.offsetParent !== null,
    actions,
    focus: focus && focus !== document.body ? focus.dataset.testid : null,
    reveal: !!reveal && reveal.getClientRects().length > 0,
    hint: q('hint-text')?.dataset.state ?? null,
  };
}
