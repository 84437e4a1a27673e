import { chromium } from '@playwright/test';
const base = process.env.BASE ?? 'http://127.0.0.1:26820';
const paths = (process.env.PATHS ?? '/').split(',');
const widths = (process.env.WIDTHS ?? '390,768,1440').split(',').map(Number);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 800 ? 844 : 900 }, locale: 'nl-NL' });
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
  for (const path of paths) {
    await page.goto(base + path);
    await page.waitForTimeout(Number(process.env.WAIT ?? 1500));
    if (process.env.CLICK) { await page.getByRole('button', { name: process.env.CLICK }).first().click(); await page.waitForTimeout(800); }
    const name = `/tmp/shots/${path.replace(/\W+/g, '_') || 'root'}-${width}${process.env.TAG ?? ''}.png`;
    await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
    console.log(name);
  }
  await page.close();
}
await browser.close();
