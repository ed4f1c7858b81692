// The demo host page (embed.html): a rules page in French and English that embeds Tapis frames.
// What a host page does with the frames (docs/embedding.md):
// - builds each frame's address from its data-params, in the page's language (`embed=1&lang=…`);
// - sizes each frame from its `resize` messages;
// - lists the `move` and `game_over` messages of the playable game;
// - sends commands: `new_game` (the buttons) and `set_lang` (the language switch keeps a game in
//   progress; positions are reloaded with the caption of the new language);
// - tells each frame which part of it the page shows (`viewport`, as the page scrolls or a frame
//   changes size), so that its dialogs open there and not out of view.
// No inline script anywhere: the page works under `script-src 'self'`.

const TAPIS = { source: 'tapis', version: 1 };
const frames = () => [...document.querySelectorAll('iframe.tapis')];

/** Every message received from a Tapis frame, oldest first (for the curious, and the tests). */
const received = [];
window.tapisHost = { received };

const fromAddress = new URLSearchParams(location.search).get('lang');
let lang = ['fr', 'en'].includes(fromAddress)
  ? fromAddress
  : (navigator.language ?? '').toLowerCase().startsWith('fr') ? 'fr' : 'en';

const pick = (el, name) => el.dataset[`${name}${lang === 'fr' ? 'Fr' : 'En'}`];

/** The frame's address: the built site's index.html with its parameters, compact, in `lang`. */
function frameAddress(frame) {
  const params = new URLSearchParams(frame.dataset.params);
  params.set('embed', '1');
  params.set('lang', lang);
  const caption = pick(frame, 'caption');
  if (caption) params.set('caption', caption);
  return new URL(`index.html?${params}`, document.baseURI).href;
}

function send(frame, message) {
  frame.contentWindow?.postMessage({ ...TAPIS, ...message }, new URL(frame.src).origin);
}

function setLang(next, { reloadFrames }) {
  lang = next;
  document.documentElement.lang = lang;
  for (const b of document.querySelectorAll('[data-set-lang]')) b.setAttribute('aria-pressed', String(b.dataset.setLang === lang));
  for (const frame of frames()) {
    frame.title = pick(frame, 'title') ?? frame.title;
    // A game in progress changes language in place; a position is shown again with its caption.
    const playing = frame.dataset.ready === 'true' && !new URLSearchParams(frame.dataset.params).has('position');
    if (reloadFrames && playing) {
      send(frame, { type: 'set_lang', lang });
    } else {
      const address = frameAddress(frame);
      if (frame.src !== address) {
        frame.dataset.ready = 'false';
        frame.src = address;
      }
    }
  }
}

/** `viewport`: the part of `frame` inside the window, in the frame's own CSS pixels. */
function sendViewport(frame) {
  if (frame.dataset.ready !== 'true') return;
  const box = frame.getBoundingClientRect();
  const top = Math.max(0, -box.top);
  const bottom = Math.min(box.height, innerHeight - box.top);
  if (bottom - top >= 1) send(frame, { type: 'viewport', top: Math.round(top), height: Math.round(bottom - top) });
}

// Once per frame of the page's painting at most, however fast it scrolls.
let viewportQueued = false;
function queueViewports() {
  if (viewportQueued) return;
  viewportQueued = true;
  requestAnimationFrame(() => {
    viewportQueued = false;
    for (const frame of frames()) sendViewport(frame);
  });
}
addEventListener('scroll', queueViewports, { passive: true });
addEventListener('resize', queueViewports, { passive: true });

function log(frameId, text) {
  const list = document.querySelector(`[data-log-for="${frameId}"]`);
  if (!list) return;
  const item = document.createElement('li');
  item.textContent = text;
  list.prepend(item);
  while (list.children.length > 60) list.lastElementChild.remove();
}

addEventListener('message', (event) => {
  const frame = frames().find((f) => f.contentWindow === event.source);
  const m = event.data;
  if (!frame || m?.source !== TAPIS.source || m.version !== TAPIS.version) return;
  received.push({ frame: frame.id, ...m });
  switch (m.type) {
    case 'ready':
      frame.dataset.ready = 'true';
      queueViewports();
      break;
    case 'resize':
      frame.style.height = `${m.height}px`;
      queueViewports();
      break;
    case 'move':
      log(frame.id, `#${m.index + 1} · ${lang === 'fr' ? 'place' : 'seat'} ${m.seat + 1} · ${m.action}`);
      break;
    case 'game_over': {
      const { winner, chips } = m.result;
      const who = winner === null ? (lang === 'fr' ? 'égalité' : 'a tie') : m.names?.[winner] ?? `#${winner + 1}`;
      log(frame.id, `${lang === 'fr' ? 'Fin de partie' : 'Game over'} · ${who} · ${chips.join(' / ')}`);
      break;
    }
  }
});

for (const b of document.querySelectorAll('[data-set-lang]')) {
  b.addEventListener('click', () => {
    setLang(b.dataset.setLang, { reloadFrames: true });
    const url = new URL(location.href);
    url.searchParams.set('lang', lang);
    history.replaceState(null, '', url);
  });
}

// Host commands: each button starts a new game in its frame with its parameters.
for (const b of document.querySelectorAll('button[data-target]')) {
  b.addEventListener('click', () => {
    const frame = document.getElementById(b.dataset.target);
    if (frame) send(frame, { type: 'new_game', params: `${b.dataset.params}&lang=${lang}` });
  });
}

setLang(lang, { reloadFrames: false });
