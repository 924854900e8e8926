// Lighthouse (the npm package pinned in package.json) on the public pages, with Debian's
// Chromium, offline: every host but 127.0.0.1 fails to resolve.
//
//   node scripts/lighthouse.mjs
//     The gate of ./scripts/test: starts `vita` (VITA_BIN, default ../target/debug/vita) on a
//     fresh data folder, fills it through the API as an owner would (hero with a 4,000 × 3,000
//     photo, about text, research areas, publications, projects, news), then audits /,
//     /publications, /research and /about with the mobile and the desktop preset. Exits 1 unless
//     Accessibility, Best Practices and SEO are all 100, naming each failing audit.
//
//   node scripts/lighthouse.mjs --url http://127.0.0.1:18080 [--runs 3]
//     For bench/run: audits a running server in all four categories (Performance is too noisy on
//     2 shared cores to gate), the median of --runs, and prints what a first visit transfers
//     (the mobile run of /: HTML, CSS, JS, images as the browser received them). Never fails.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const PAGES = ['/', '/publications', '/research', '/about'];
const GATED = ['accessibility', 'best-practices', 'seo'];
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
const OWNER = { email: 'owner@example.org', password: 'lighthouse gate password' };
const webRoot = fileURLToPath(new URL('..', import.meta.url));

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
};
const benchUrl = option('--url');
const runs = Number(option('--runs') ?? 1);

/** A child process, ended (SIGTERM, then SIGKILL) when the script ends. */
const children = [];
async function stopAll() {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/** Waits for a line of `stream` matching `pattern`; its first group. */
function lineMatching(child, stream, pattern, what) {
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${what} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => fail(new Error(`${what} exited (${code}) before it was ready`)));
    createInterface({ input: stream }).on('line', (line) => {
      const found = pattern.exec(line);
      if (found) {
        clearTimeout(timer);
        done(found[1]);
      }
    });
  });
}

/** `vita serve` on a fresh data folder with the owner account. */
async function startVita() {
  const bin = resolve(webRoot, process.env.VITA_BIN ?? '../target/debug/vita');
  if (!existsSync(bin)) throw new Error(`vita binary not found at ${bin}: build it or set VITA_BIN`);
  const dataDir = mkdtempSync(join(tmpdir(), 'vita-lighthouse-'));
  execFileSync(bin, ['admin', 'add', '--create', '--email', OWNER.email, '--data-dir', dataDir], {
    input: `${OWNER.password}\n`,
    stdio: ['pipe', 'ignore', 'pipe'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  const child = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, RUST_LOG: 'warn' },
  });
  children.push(child);
  const url = await lineMatching(child, child.stdout, /^Vita is running at (http:\/\/\S+?)\/?$/, 'vita');
  child.stdout.resume();
  return { url, dataDir };
}

/** A 4,000 × 3,000 photo-like JPEG (what a phone uploads), drawn by Chromium. */
async function portraitJpeg() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const page = await browser.newPage();
    const dataUrl = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 4000;
      canvas.height = 3000;
      const g = canvas.getContext('2d');
      const sky = g.createLinearGradient(0, 0, 4000, 3000);
      sky.addColorStop(0, '#35506b');
      sky.addColorStop(1, '#a9b98f');
      g.fillStyle = sky;
      g.fillRect(0, 0, 4000, 3000);
      g.fillStyle = '#d9a78a';
      g.beginPath();
      g.ellipse(2000, 1300, 650, 850, 0, 0, Math.PI * 2);
      g.fill();
      const pixels = g.getImageData(0, 0, 4000, 3000);
      let state = 0x2545f491;
      for (let i = 0; i < pixels.data.length; i += 4) {
        state ^= state << 13;
        state ^= state >>> 17;
        state ^= state << 5;
        const grain = ((state >>> 0) % 9) - 4;
        pixels.data[i] += grain;
        pixels.data[i + 1] += grain;
        pixels.data[i + 2] += grain;
      }
      g.putImageData(pixels, 0, 0);
      return canvas.toDataURL('image/jpeg', 0.9);
    });
    return Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  } finally {
    await browser.close();
  }
}

/** Fills the site through the API, signed in as the owner. */
async function seed(base) {
  const origin = { Origin: base };
  const signIn = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...origin },
    body: JSON.stringify(OWNER),
  });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const call = async (method, path, body, contentType = 'application/json') => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { 'Content-Type': contentType, Cookie: cookie, ...origin },
      body: contentType === 'application/json' ? JSON.stringify(body) : body,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const photo = await call('POST', '/api/uploads/profile-photos?filename=portrait.jpg', await portraitJpeg(), 'image/jpeg');
  await call('PUT', '/api/homepage/hero', {
    name: 'Dr. Maja Berg',
    title: 'Associate Professor',
    institution: 'Department of Electrical Engineering, Example University',
    bio: 'I study how hardware can be attacked and defended: side channels, fault injection and the verification of secure embedded systems.',
    profile_image_url: photo.url,
    profile_image_alt: 'Portrait of Maja Berg',
    google_scholar_url: 'https://scholar.google.com/citations?user=example',
  });
  await call('PUT', '/api/homepage/about', {
    title: 'About Maja Berg',
    bio: 'Maja Berg leads the secure hardware group.',
    research_interests: 'Side-channel analysis\nFault injection\nFormal verification of hardware',
    education: 'PhD in Computer Engineering, 2014',
  });
  const areas = ['Hardware Security', 'Embedded Systems', 'AI-Driven Verification'];
  for (const [i, title] of areas.entries()) {
    await call('POST', '/api/research-areas', {
      title,
      description: `Our work on ${title.toLowerCase()}.`,
      content: `<p>We study ${title.toLowerCase()} with <strong>open tools</strong> and real devices.</p>`,
      featured: true,
      sort_order: i,
    });
  }
  for (let i = 0; i < 6; i++) {
    await call('POST', '/api/publications', {
      title: `Masking and fault detection for embedded cores, part ${i + 1}`,
      authors: ['Maja Berg', 'Li Wei', 'Ana Costa'],
      venue: 'IACR Transactions on Cryptographic Hardware and Embedded Systems',
      year: 2024 - i,
      abstract: 'We show how masking and redundancy combine on a small RISC-V core, and what each costs in area and energy.',
      doi: `10.1000/example.${i}`,
      featured: i < 3,
    });
  }
  await call('POST', '/api/projects', {
    title: 'Trustworthy RISC-V',
    summary: 'An open RISC-V core hardened against side channels and faults.',
    tech_stack: ['SystemVerilog', 'Rust', 'Python'],
    featured: true,
  });
  for (let i = 0; i < 3; i++) {
    await call('POST', '/api/news', {
      title: `Paper accepted at CHES ${2024 - i}`,
      content: 'Our paper was accepted.',
      date: `2024-0${i + 1}-15`,
      featured: true,
    });
  }
}

/** Chromium with remote debugging for Lighthouse; its port. */
async function startChromium() {
  const profile = mkdtempSync(join(tmpdir(), 'vita-lighthouse-chromium-'));
  const child = spawn(CHROMIUM, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  children.push(child);
  const endpoint = await lineMatching(child, child.stderr, /DevTools listening on (ws:\/\/\S+)/, 'chromium');
  child.stderr.resume();
  return { port: Number(new URL(endpoint).port), profile };
}

async function audit(url, port, preset, categories) {
  const flags = { port, output: 'json', logLevel: 'error', onlyCategories: categories };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url} (${preset}): ${result.lhr.runtimeError.message}`);
  return result.lhr;
}

/** The audits of a category that did not pass, with where (a few elements or URLs). */
function failingAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score !== null && a.score < 1 && !['notApplicable', 'informative', 'manual'].includes(a.scoreDisplayMode))
    .map((a) => {
      const items = (a.details?.items ?? [])
        .slice(0, 3)
        .map((item) => item.node?.snippet ?? item.url ?? item.source?.url ?? JSON.stringify(item).slice(0, 120));
      return `${a.id}: ${a.title}${items.length ? `\n        ${items.join('\n        ')}` : ''}`;
    });
}

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

async function main() {
  const started = Date.now();
  let base = benchUrl?.replace(/\/+$/, '');
  let dataDir;
  if (!base) {
    ({ url: base, dataDir } = await startVita());
    await seed(base);
  }
  const { port, profile } = await startChromium();
  const categories = ['performance', ...GATED];
  const failures = [];
  console.log(`${'page'.padEnd(14)} ${'preset'.padEnd(8)} ${categories.map((c) => c.padStart(15)).join('')}`);
  let firstVisit;
  try {
    for (const path of PAGES) {
      for (const preset of ['mobile', 'desktop']) {
        const reports = [];
        for (let run = 0; run < runs; run++) reports.push(await audit(`${base}${path}`, port, preset, categories));
        const scores = categories.map((category) => median(reports.map((lhr) => score(lhr, category))));
        console.log(`${path.padEnd(14)} ${preset.padEnd(8)} ${scores.map((s) => String(s).padStart(15)).join('')}`);
        const lhr = reports[0];
        if (path === '/' && preset === 'mobile') firstVisit = lhr;
        for (const category of GATED) {
          if (score(lhr, category) < 100)
            failures.push(
              `${path} (${preset}) ${category} ${score(lhr, category)}:\n      ${failingAudits(lhr, category).join('\n      ')}`,
            );
        }
      }
    }
  } finally {
    await stopAll();
    // Chromium's helpers may still be writing its profile for a moment after it exits: retried.
    rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  if (firstVisit) {
    const summary = firstVisit.audits['resource-summary']?.details?.items ?? [];
    const kb = (type) => ((summary.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024).toFixed(1);
    console.log(
      `\nfirst mobile visit to / (Lighthouse, ${firstVisit.configSettings.screenEmulation.width} px at ${firstVisit.configSettings.screenEmulation.deviceScaleFactor}x): ` +
        `${kb('total')} KB transferred (budget 150 KB): document ${kb('document')}, script ${kb('script')}, stylesheet ${kb('stylesheet')}, image ${kb('image')}, other ${kb('other')} KB`,
    );
    const picked = firstVisit.audits['network-requests']?.details?.items
      ?.filter((r) => r.resourceType === 'Image')
      .map((r) => `${r.url.replace(base, '')} (${(r.transferSize / 1024).toFixed(1)} KB)`);
    if (picked?.length) console.log(`images: ${picked.join(', ')}`);
  }
  console.log(`\n${PAGES.length * 2 * runs} Lighthouse runs in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (failures.length && !benchUrl) {
    console.error(`\nLighthouse gate: ${GATED.join(', ')} must be 100 on every page.\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  if (failures.length) console.log(`\nbelow 100:\n  ${failures.join('\n  ')}`);
}

try {
  await main();
} catch (error) {
  await stopAll();
  console.error(error);
  process.exit(1);
}
