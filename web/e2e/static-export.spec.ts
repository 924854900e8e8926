/**
 * The owner's backup download, and `vita export` (issue 17) in a browser: the exported site, served by nginx under a sub-path
 * (/~maja/) as a university's web space would, loads its pages and assets, its links and list
 * pages work, and the hydrated frame works (theme toggle, mobile menu). The site has German too
 * (issue 45): its pages are exported under de/ with the owner's translations, links kept in German.
 *
 * nginx runs from a generated config in a temp folder on a free 127.0.0.1 port and is stopped
 * by its PID.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, OWNER, ownerApi, startVita, test, vitaBinary } from './server';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

let vita: Awaited<ReturnType<typeof startVita>>;
let nginx: ChildProcess;
let work: string;
let base: string;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = join(work, 'logs', 'error.log');
  throw new Error(`nginx did not answer ${url}\n${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
}

test.beforeAll(async () => {
  test.setTimeout(120_000);
  vita = await startVita();
  const api = await ownerApi(vita.server);
  let newest = '';
  for (let i = 0; i < 25; i++) {
    const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    const created = await api.post('/api/news', { data: { title: `News ${String(i).padStart(2, '0')}`, content: 'Text.', date } });
    expect(created.status()).toBe(201);
    newest = (await created.json()).id;
  }
  expect((await api.put('/api/settings', { data: { languages: ['en', 'de'] } })).status()).toBe(200);
  const translated = await api.put(`/api/admin/translations/news/${newest}/title/de`, { data: { text: 'Nachricht 24' } });
  expect(translated.status()).toBe(200);
  const paper = { title: 'Masking RISC-V', authors: ['Maja Berg'], venue: 'CHES', year: 2023, featured: true };
  expect((await api.post('/api/publications', { data: paper })).status()).toBe(201);
  await api.dispose();

  work = mkdtempSync(join(tmpdir(), 'vita-export-'));
  // Readable by nginx's worker, which runs as another user when the tests run as root.
  chmodSync(work, 0o755);
  const port = await freePort();
  base = `http://127.0.0.1:${port}/~maja/`;
  const site = join(work, 'www', '~maja');
  execFileSync(vitaBinary(), ['export', site, '--base-url', base, '--data-dir', vita.server.dataDir], { stdio: 'pipe' });
  for (const dir of ['logs', 'tmp']) mkdirSync(join(work, dir));
  const config = `
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/logs/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${work}/tmp/body;
  proxy_temp_path ${work}/tmp/proxy;
  fastcgi_temp_path ${work}/tmp/fastcgi;
  uwsgi_temp_path ${work}/tmp/uwsgi;
  scgi_temp_path ${work}/tmp/scgi;
  types { text/html html; text/css css; text/javascript js; image/svg+xml svg; application/json json; application/pdf pdf; image/png png; }
  server {
    listen 127.0.0.1:${port};
    root ${work}/www;
    gzip_static on;
    location /~maja/ {
      try_files $uri $uri/index.html =404;
      error_page 404 /~maja/404.html;
    }
    location /~maja/de/ {
      try_files $uri $uri/index.html =404;
      error_page 404 /~maja/de/404.html;
    }
  }
}
`;
  writeFileSync(join(work, 'nginx.conf'), config);
  nginx = spawn(NGINX, ['-e', `${work}/logs/error.log`, '-p', work, '-c', join(work, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'ignore' });
  await waitForHttp(base);
});

test.afterAll(async () => {
  if (nginx?.pid && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    process.kill(nginx.pid, 'SIGTERM');
    await exited;
  }
  await vita?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('the exported site loads under its sub-path and its links lead to pages of the export', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(base);
  // Hydrated (the toggle names its preference then), the frame keeps the links the export wrote.
  await expect(page.locator('header [data-theme-preference]')).toBeVisible();
  const hrefs = await page.locator('header a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.filter((href) => !href.startsWith('/~maja/'))).toEqual([]);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Wide enough for the whole menu beside the language switcher (narrower, it stays behind the menu button).
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Selected Publications' }).first().click();
  await expect(page).toHaveURL(`${base}publications`);
  await page.goto(`${base}news`);
  await expect(page.locator('main h2').first()).toHaveText('News 24');
  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Older' }).click();
  await expect(page).toHaveURL(`${base}news/page/2/`);
  await expect(page.locator('main h2').first()).toHaveText('News 04');

  await page.goto(`${base}publications`);
  await page.locator('main').getByRole('link', { name: 'Masking RISC-V' }).first().click();
  await expect(page).toHaveURL(`${base}publications/masking-risc-v`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${base}publications/masking-risc-v`);

  const missing = await page.goto(`${base}no-such-page`);
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  expect(failed.filter((f) => !f.endsWith('/no-such-page'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the German pages are exported under de/ with the translations, their links kept in German', async ({ page }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${base}de/news`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('header [data-theme-preference]')).toBeVisible();
  await expect(page.locator('main h2').first()).toHaveText('Nachricht 24');
  // The frame's links stay in German under the base path; the switcher's English one leads to the English page.
  const hrefs = await page.locator('header a:not([hreflang="en"])').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(5);
  expect(hrefs.filter((href) => !href.startsWith('/~maja/de') && href !== '/~maja/admin')).toEqual([]);
  await expect(page.locator('header a[hreflang="en"]').first()).toHaveAttribute('href', '/~maja/news');
  await page.getByRole('navigation', { name: 'Seitennavigation' }).getByRole('link', { name: 'Ältere' }).click();
  await expect(page).toHaveURL(`${base}de/news/page/2/`);
  await expect(page.locator('main h2').first()).toHaveText('News 04');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  const missing = await page.goto(`${base}de/nichts-hier`);
  expect(missing?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { name: 'Hoppla! Seite nicht gefunden' })).toBeVisible();
  expect(failed.filter((f) => !f.endsWith('/nichts-hier'))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the theme toggle and the mobile menu work on the exported pages', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`${base}about`);
  const html = page.locator('html');
  // The toggle names the preference once the frame has hydrated; a click shows the other theme.
  const toggle = page.locator('header [data-theme-preference]');
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#site-mobile-nav');
  await expect(menu).toBeVisible();
  await menu.getByRole('link', { name: 'Talks' }).click();
  await expect(page).toHaveURL(`${base}talks`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Talks');
});

test("the account page's Download backup saves the site's archive", async ({ page }) => {
  const url = vita.server.url;
  const signIn = await page.request.post(`${url}/api/auth/token`, { data: OWNER, headers: { Origin: url } });
  expect(signIn.ok()).toBe(true);
  await page.goto(`${url}/admin/account`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download backup' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^vita-backup-\d{8}-\d{6}\.zip$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 2).toString()).toBe('PK');
});
