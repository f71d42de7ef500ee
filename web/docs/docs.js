// The help's pages in the theme chosen on the GM's screen (kept in this browser under the same
// name), set before the page is drawn so that it does not flash the other; and the same switch.
/* global document, localStorage, matchMedia */
const root = document.documentElement;
const kept = localStorage.getItem('fray.theme');
if (kept === 'dark' || kept === 'light') root.dataset.theme = kept;
const dark = () =>
  root.dataset.theme ? root.dataset.theme === 'dark' : matchMedia('(prefers-color-scheme: dark)').matches;
document.addEventListener('DOMContentLoaded', () => {
  const button = document.querySelector('.theme-switch');
  if (!button) return;
  const show = () => {
    button.setAttribute('aria-pressed', String(dark()));
    button.textContent = `${dark() ? '☾' : '☀'} Dark theme`;
  };
  show();
  button.hidden = false;
  button.addEventListener('click', () => {
    const next = dark() ? 'light' : 'dark';
    root.dataset.theme = next;
    localStorage.setItem('fray.theme', next);
    show();
  });
});
