// Screenshots of pages, for looking at what we built: light and dark, desktop and phone.
// Usage: node scripts/screenshots.mjs <base-url> <out-dir> <path> [<path> …]
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';

const [base, out, ...paths] = process.argv.slice(2);
if (!base || !out || paths.length === 0) {
  console.error('usage: node scripts/screenshots.mjs <base-url> <out-dir> <path> [<path> …]');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
for (const [label, width, height] of [
  ['desktop', 1280, 900],
  ['phone', 390, 844],
]) {
  for (const scheme of ['light', 'dark']) {
    const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
    for (const path of paths) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `${path.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${label}-${scheme}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: true });
      console.log(`${out}/${name}`);
    }
    await page.close();
  }
}
await browser.close();
