// What a player sees of the table, read by geometry in the page: `page.evaluate(stageProbe)` and
// `page.evaluate(handProbe)`. Both run in the page (Playwright's or a WebDriver engine's), so they
// stay self-contained (no imports, no outer names).

/** Where the hand is, and what a finger or the mouse finds at the player's own plate, at the
 *  prompt and at the top bar; the dialogs open; whether the page needs a sideways scroll. */
export function stageProbe() {
  const q = (css) => document.querySelector(css);
  const name = (e) => {
    if (!e) return 'nothing';
    const id = e.closest('[data-testid]')?.dataset.testid;
    const cls = typeof e.className === 'string' ? e.className : e.className?.baseVal ?? '';
    return `${e.tagName.toLowerCase()}.${cls.trim().split(/\s+/).join('.')}${id ? ` in ${id}` : ''}`;
  };
  // null when a point at the element's middle reaches the element itself, else what it reaches.
  const coveredBy = (el) => {
    if (!el) return null;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return null;
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return `out of the window (${Math.round(x)}, ${Math.round(y)})`;
    const hit = document.elementFromPoint(x, y);
    return el.contains(hit) ? null : name(hit);
  };
  const hand = q('[data-testid="hand"]');
  const h = hand?.getBoundingClientRect();
  const dialogs = [...document.querySelectorAll('[role="dialog"]')]
    .filter((d) => d.getClientRects().length > 0)
    .map((d) => {
      const r = d.getBoundingClientRect();
      return { id: d.dataset.testid ?? d.className, top: r.top, bottom: r.bottom, left: r.left, right: r.right };
    });
  const bar = q('.topbar');
  let barHit = null;
  if (bar && dialogs.length) {
    const r = bar.getBoundingClientRect();
    if (r.bottom > 0) barHit = name(document.elementFromPoint(r.left + r.width / 2, Math.max(r.top, 0) + (r.bottom - Math.max(r.top, 0)) / 2));
  }
  const prompt = q('[data-testid="turn-prompt"]');
  const mine = !!prompt?.classList.contains('turn-mine');
  return {
    window: [innerWidth, innerHeight],
    hand: h && h.width > 0 ? { top: h.top, left: h.left, pageTop: h.top + scrollY, pageLeft: h.left + scrollX, bottom: h.bottom } : null,
    mine,
    plate: coveredBy(q('.seat-viewer')),
    prompt: mine ? coveredBy(prompt) : null,
    dialogs,
    barHit,
    sideways: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  };
}

/** Each card of the hand: the part a finger can reach. Along a line across the card below its
 *  top corner's lift, the longest run of points where the card itself is found; down the middle
 *  of that run, the longest run again; then what is found at the middle of both. */
export function handProbe() {
  // (Under a dialog the hand is out of reach, as it should be.)
  if ([...document.querySelectorAll('[role="dialog"]')].some((d) => d.getClientRects().length > 0)) return [];
  const cards = [...document.querySelectorAll('[data-testid="hand"] .hand-card')];
  const longest = (from, to, at) => {
    let best = [0, 0];
    let start = null;
    for (let v = from; v <= to; v += 1) {
      if (at(v)) {
        if (start === null) start = v;
        if (v - start > best[1] - best[0]) best = [start, v];
      } else start = null;
    }
    return best;
  };
  return cards.map((card) => {
    const r = card.getBoundingClientRect();
    const mine = (x, y) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight && card.contains(document.elementFromPoint(x, y));
    const y = r.top + r.height * 0.55;
    const [x0, x1] = longest(Math.ceil(r.left), Math.floor(r.right) - 1, (x) => mine(x + 0.5, y));
    const x = (x0 + x1) / 2 + 0.5;
    const [y0, y1] = longest(Math.ceil(r.top), Math.floor(r.bottom) - 1, (v) => mine(x, v + 0.5));
    // The index in the top corner: the card's own colour at its left edge, just below the top.
    const index = mine(r.left + 3, r.top + r.height * 0.12);
    return {
      card: card.dataset.testid,
      width: x1 - x0 + 1,
      height: y1 - y0 + 1,
      centre: mine(x, (y0 + y1) / 2 + 0.5),
      index,
    };
  });
}
