// Runs inline in <head> before first paint (the Rust server inlines this file
// into every public page; Vite inlines it into admin.html). Keep it tiny, ES5,
// dependency-free and in step with src/lib/theme.ts.
// biome-ignore lint/complexity/useArrowFunction: must stay ES5 (no arrow functions) for the inline <head> script.
(function () {
  var stored, dark, root;
  try {
    stored = localStorage.getItem('academic-theme');
    dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    root = document.documentElement;
    if (dark) root.classList.add('dark');
    else root.classList.remove('dark');
    root.style.colorScheme = dark ? 'dark' : 'light';
  } catch (_e) {}
})();
