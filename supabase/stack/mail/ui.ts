// The web page at `/`: one self-contained HTML file (ui.html) with inline CSS and vanilla JS.
import { readFileSync } from 'node:fs';

let template: string | undefined;

export function renderPage({ nonce, smtp }: { nonce: string; smtp: string }): string {
  template ??= readFileSync(new URL('./ui.html', import.meta.url), 'utf8');
  return template.replaceAll('{{NONCE}}', nonce).replaceAll('{{SMTP}}', smtp.replace(/[^\w.:-]/g, ''));
}
