// Says at once why the game cannot start (index.html).
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
  window.addEventListener('error', function () { show('failed'); });
  window.addEventListener('unhandledrejection', function () { show('failed'); });
})();
