// SPEC 8.7, the fatal startup screen: when the app cannot even start, plain DOM (no React, no
// styles that might be what failed) offers 'Refresh Page' and 'Clear Data & Refresh'; the
// second clears local and session storage, then reloads.
export function showFatalStartupScreen(root: HTMLElement, error: unknown) {
  const detail = error instanceof Error ? error.message : String(error);
  root.innerHTML = '';
  const box = document.createElement('main');
  box.setAttribute('role', 'alert');
  box.style.cssText = 'max-width:32rem;margin:15vh auto;padding:2rem;font-family:system-ui,sans-serif;color:#251d2a;background:#fff;border:1px solid #eadfd6;border-radius:1rem';
  const title = document.createElement('h1');
  title.textContent = 'Technical Error';
  title.style.cssText = 'margin:0 0 .75rem;font-size:1.6rem';
  const text = document.createElement('p');
  text.textContent = detail;
  text.style.cssText = 'color:#53435b;font-family:monospace;font-size:.85rem;word-break:break-word';
  const buttons = document.createElement('div');
  buttons.style.cssText = 'display:flex;gap:.75rem;flex-wrap:wrap;margin-top:1.25rem';
  const button = (label: string, primary: boolean, onClick: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.style.cssText = `padding:.6rem 1.2rem;border-radius:999px;font-weight:600;cursor:pointer;border:1px solid #c2471a;${primary ? 'background:#c2471a;color:#fff' : 'background:#fff;color:#9f3817'}`;
    element.addEventListener('click', onClick);
    buttons.append(element);
  };
  button('Refresh Page', true, () => window.location.reload());
  button('Clear Data & Refresh', false, () => {
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } finally {
      window.location.reload();
    }
  });
  box.append(title, text, buttons);
  root.append(box);
}
