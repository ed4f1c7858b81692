// The page's guard, a classic script that runs before the app (index.html).
//
// Before the app has mounted (the loading screen is still there) it says at once why the game
// cannot start: no wasm SIMD, or the loader failed.
//
// After that, an error that reaches the window (a trap in the wasm: a Rust panic aborts as
// `unreachable`; an uncaught exception; an unhandled rejection) means the app has stopped
// where it was: its state can no longer be trusted and its buttons may do nothing. The guard
// then covers the page with a message in the page's language: the game stopped, it is saved
// up to its last good move, "Reload" resumes it, "Download record" keeps a copy for a report.
// It marks <html data-tapis-crashed>, and the app writes no save after that mark
// (AppState::save), so the last good record is never written over by a broken state.
//
// Plain JavaScript, not the app's Rust: once the wasm has trapped, calling into it is not safe.
(function () {
  var shown = false;
  function show(why) {
    var boot = document.getElementById('tapis-boot');
    if (!boot || shown) return;
    shown = true;
    boot.className += ' boot-' + why;
  }
  // A function returning i8x16.splat(0): the wasm uses SIMD.
  var simd = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 8, 1, 6, 0, 65, 0, 253, 15, 11]);
  var supported = false;
  try {
    supported = typeof WebAssembly === 'object' && WebAssembly.validate(simd);
  } catch (e) {}
  if (!supported) {
    document.addEventListener('DOMContentLoaded', function () { show('unsupported'); });
    return;
  }

  // The first screen (scripts/first-screen.mjs): index.html holds a copy of the new-game screen
  // in both languages, painted before the app's wasm arrives. It is shown, in the language the app
  // will choose (the address's `lang`, else the browser's), only when the app will open on that
  // very screen: an address with no parameter but `lang`, and nothing kept from an earlier visit
  // (a saved game, the last table, preferences, statistics all change what the app shows). Else
  // the loading screen shows, as before. The app removes the copy in the task that mounts it.
  try {
    var lang = null;
    var other = false;
    new URLSearchParams(location.search).forEach(function (value, key) {
      if (key === 'lang') lang = value.trim().toLowerCase();
      else other = true;
    });
    var kept = false;
    for (var i = 0; i < localStorage.length; i++) {
      if (/^tapis\./.test(localStorage.key(i) || '')) kept = true;
    }
    if (!lang) lang = /^fr/i.test(navigator.language || '') ? 'fr' : 'en';
    if (!other && !kept && (lang === 'fr' || lang === 'en')) {
      document.documentElement.setAttribute('data-first', lang);
      document.documentElement.lang = lang;
    }
  } catch (e) {}

  var SAVE_KEY = 'tapis.current';
  var TEXT = {
    en: {
      title: 'The game stopped on an error',
      saved: 'Your game is saved as it was before the error. Reload the page to pick it up again.',
      unsaved: 'Reload the page to start again.',
      report: 'If this happens again, the record of the game helps us find the cause.',
      reload: 'Reload',
      download: 'Download record',
      detail: 'Details',
    },
    fr: {
      title: 'Le jeu s\u2019est arrêté sur une erreur',
      saved: 'Votre partie est enregistrée telle qu\u2019elle était avant l\u2019erreur. Rechargez la page pour la reprendre.',
      unsaved: 'Rechargez la page pour recommencer.',
      report: 'Si cela se reproduit, l\u2019enregistrement de la partie nous aide à en trouver la cause.',
      reload: 'Recharger',
      download: 'Télécharger la partie',
      detail: 'Détails',
    },
  };

  // What the browser reports that is not the app's: a ResizeObserver that could not deliver
  // everything in one frame (harmless, Chromium reports it as an error), an extension's script,
  // and a cross-origin script's error, which comes with no details at all.
  function foreign(message, source) {
    if (/ResizeObserver loop/.test(message || '')) return true;
    if (/^(chrome|moz|safari|safari-web)-extension:/.test(source || '')) return true;
    return message === 'Script error.' && !source;
  }

  function savedRecord() {
    // Only the site's own page keeps the game (the app marks it); a frame's game is not saved.
    if (!document.documentElement.hasAttribute('data-tapis-saves')) return null;
    try {
      var text = localStorage.getItem(SAVE_KEY);
      return text && { text: text, record: JSON.parse(text) };
    } catch (e) {
      return null;
    }
  }

  function element(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text) e.textContent = text;
    return e;
  }

  function download(saved) {
    var r = saved.record || {};
    var name = 'tapis-' + r.game + '-' + r.seed + '-' + ((r.actions || []).length) + 'moves.json';
    var url = URL.createObjectURL(new Blob([saved.text], { type: 'application/json' }));
    var a = element('a');
    a.href = url;
    a.download = name;
    a.hidden = true;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 10000);
  }

  var crashed = false;
  function crash(detail) {
    if (crashed) return;
    crashed = true;
    var root = document.documentElement;
    root.setAttribute('data-tapis-crashed', '');
    var t = TEXT[(root.lang || '').slice(0, 2) === 'en' ? 'en' : 'fr'];
    var saved = savedRecord();

    var backdrop = element('div', 'dialog-backdrop crash-backdrop');
    var box = element('div', 'dialog crash-dialog');
    box.setAttribute('role', 'alertdialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-labelledby', 'tapis-crash-title');
    box.setAttribute('aria-describedby', 'tapis-crash-text');
    box.setAttribute('data-testid', 'crash');
    var head = element('div', 'dialog-head');
    var title = element('h2', null, t.title);
    title.id = 'tapis-crash-title';
    head.appendChild(title);
    var body = element('div', 'dialog-body');
    var text = element('p', null, saved ? t.saved : t.unsaved);
    text.id = 'tapis-crash-text';
    body.appendChild(text);
    if (saved) body.appendChild(element('p', null, t.report));
    var more = element('details', 'crash-detail');
    more.appendChild(element('summary', null, t.detail));
    more.appendChild(element('code', null, String(detail).slice(0, 300)));
    body.appendChild(more);
    var foot = element('div', 'dialog-foot crash-foot');
    if (saved) {
      var keep = element('button', 'btn', t.download);
      keep.type = 'button';
      keep.setAttribute('data-testid', 'crash-download');
      keep.addEventListener('click', function () { download(saved); });
      foot.appendChild(keep);
    }
    var reload = element('button', 'btn btn-primary', t.reload);
    reload.type = 'button';
    reload.setAttribute('data-testid', 'crash-reload');
    reload.addEventListener('click', function () { location.reload(); });
    foot.appendChild(reload);
    box.appendChild(head);
    box.appendChild(body);
    box.appendChild(foot);
    backdrop.appendChild(box);
    // What is under the message can no longer be used: out of reach of the keyboard and of
    // screen readers, as under any modal dialog.
    var children = document.body.children;
    for (var i = 0; i < children.length; i++) children[i].inert = true;
    document.body.appendChild(backdrop);
    reload.focus();
  }

  window.addEventListener('error', function (e) {
    if (foreign(e.message, e.filename)) return;
    if (document.getElementById('tapis-boot')) show('failed');
    else crash(e.error || e.message);
  });
  window.addEventListener('unhandledrejection', function (e) {
    if (document.getElementById('tapis-boot')) show('failed');
    else crash(e.reason);
  });
})();
