/**
 * Link-preview cards and structured data on every public page, against the
 * real binary, read with html-metadata (Wikimedia's parser): exactly one of
 * each OpenGraph tag and a Twitter card, og:url equal to the canonical link,
 * an absolute og:image that answers 200 with an image (the default card, then
 * the owner's uploaded photo), and the owner's schema.org Person on / and
 * /about with the links that are set.
 *
 * The file runs its own server, so it neither depends on nor disturbs what
 * other files put in the shared one.
 */
import { createRequire } from 'node:module';
import type { APIRequestContext } from '@playwright/test';
import { expect, ownerApi, startVita, test } from './server';

type OpenGraph = Record<string, string | { url: string } | Array<unknown>>;
type Person = { '@type': string; name: string; jobTitle?: string; affiliation?: { name: string }; image?: string; sameAs?: string[]; url: string };
type Metadata = { openGraph?: OpenGraph; twitter?: Record<string, unknown>; general?: Record<string, string>; jsonLd?: unknown };
const require = createRequire(import.meta.url);
const htmlMetadata = require('html-metadata') as { loadFromString(html: string): Promise<Metadata> };

const HERO = {
  name: 'Dr. Zoë "Z" Ångström & Co',
  title: 'Associate Professor',
  institution: 'KTH Royal Institute of Technology',
  google_scholar_url: 'https://scholar.google.com/citations?user=abc&hl=en',
  linkedin_url: '',
  website_url: 'https://zoe.example.org',
};
/** A 1×1 PNG, the owner's photo. */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let vita: Awaited<ReturnType<typeof startVita>>;
let api: APIRequestContext;
let base: string;
const url = (path: string) => `${base}${path}`;

/** Every public page, a second page of a list, and a paper's page. */
const PAGES = ['/', '/about', '/research', '/publications', '/projects', '/teaching', '/students', '/talks', '/blog', '/open-calls', '/contact', '/news', '/news?page=2', '/publications/masking-risc-v'];

async function saveHero(fields: Record<string, string>) {
  const current = (await (await api.get('/api/homepage/hero')).json()) as { content: Record<string, string> };
  const saved = await api.put('/api/homepage/hero', { data: { ...current.content, ...fields } });
  expect(saved.ok(), await saved.text()).toBe(true);
}

async function page(path: string): Promise<{ html: string; head: string; meta: Metadata }> {
  const response = await fetch(url(path));
  expect(response.status, path).toBe(200);
  const html = await response.text();
  return { html, head: html.split('</head>')[0] ?? '', meta: await htmlMetadata.loadFromString(html) };
}

/** Checks one page's card and returns its og:image. */
async function expectOneCard(path: string): Promise<string> {
  const { head, meta } = await page(path);
  const og = meta.openGraph ?? {};
  for (const tag of ['title', 'description', 'url', 'image', 'type', 'site_name']) {
    expect(og[tag], `${path}: og:${tag}`).toBeDefined();
    expect(Array.isArray(og[tag]), `${path}: one og:${tag}`).toBe(false);
    expect(head.match(new RegExp(`property="og:${tag}"`, 'g')), `${path}: og:${tag} once in <head>`).toHaveLength(1);
  }
  expect(head.match(/name="twitter:card"/g), path).toHaveLength(1);
  expect(['summary', 'summary_large_image'], path).toContain(meta.twitter?.card);
  expect(og.url, path).toBe(meta.general?.canonical);
  expect(og.url, path).toBe(url(path));
  const image = (og.image as { url: string }).url;
  expect(image, path).toMatch(/^http:\/\//);
  return image;
}

async function expectImage(address: string) {
  const response = await fetch(address);
  expect(response.status, address).toBe(200);
  expect(response.headers.get('content-type'), address).toMatch(/^image\//);
}

function person(meta: Metadata): Person {
  const blocks = (Array.isArray(meta.jsonLd) ? meta.jsonLd : [meta.jsonLd]) as Person[];
  const people = blocks.filter((block) => block?.['@type'] === 'Person');
  expect(people).toHaveLength(1);
  return people[0] as Person;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  vita = await startVita();
  base = vita.server.url;
  api = await ownerApi(vita.server);
  await saveHero(HERO);
  const paper = await api.post('/api/publications', {
    data: { title: 'Masking RISC-V', slug: 'masking-risc-v', authors: ['Zoë Ångström'], venue: 'TC', year: 2024, abstract: 'We mask.' },
  });
  expect(paper.status(), await paper.text()).toBe(201);
  for (let i = 0; i < 21; i++) {
    const news = await api.post('/api/news', { data: { title: `News ${i}`, content: 'Text.', date: '2024-01-01' } });
    expect(news.status(), await news.text()).toBe(201);
  }
});

test.afterAll(async () => {
  await api?.dispose();
  await vita?.stop();
});

test('every public page has one card, at its canonical address, with the default image', async () => {
  for (const path of PAGES) {
    const image = await expectOneCard(path);
    expect(image, path).toBe(url('/social-card.png'));
  }
  await expectImage(url('/social-card.png'));
  const { meta } = await page('/');
  expect(meta.twitter?.card).toBe('summary_large_image');
  expect(meta.openGraph?.type).toBe('profile');
  expect(meta.openGraph?.title).toBe(HERO.name);
  expect((await page('/publications/masking-risc-v')).meta.openGraph?.type).toBe('article');
});

test('/ and /about carry the owner as a schema.org Person, with the links that are set', async () => {
  for (const path of ['/', '/about']) {
    const { head, meta } = await page(path);
    const owner = person(meta);
    expect(owner.name).toBe(HERO.name);
    expect(owner.jobTitle).toBe(HERO.title);
    expect(owner.affiliation?.name).toBe(HERO.institution);
    expect(owner.sameAs).toEqual([HERO.google_scholar_url, HERO.website_url]);
    expect(owner.url).toBe(url('/'));
    expect(owner.image).toBeUndefined(); // no photo yet: the placeholder is not the owner
    expect(head).toContain('<script type="application/ld+json">');
  }
  for (const path of ['/research', '/publications', '/news']) {
    const { meta } = await page(path);
    const blocks = meta.jsonLd === undefined ? [] : Array.isArray(meta.jsonLd) ? meta.jsonLd : [meta.jsonLd];
    expect(blocks, path).toEqual([]);
  }
});

test('with a profile photo, the photo is the card and the Person image', async () => {
  const upload = await api.post('/api/uploads/profile-photos?filename=me.png', { data: PHOTO, headers: { 'Content-Type': 'image/png' } });
  expect(upload.status(), await upload.text()).toBe(201);
  const photo = ((await upload.json()) as { url: string }).url;
  await saveHero({ profile_image_url: photo });
  // The widest variant (1 px: the photo is never enlarged), not the original, which is the owner's.
  const absolute = url(photo.replace(/\.png$/, '-1.jpg'));
  // The save answers once the pages are rendered again.
  for (const path of PAGES) {
    expect(await expectOneCard(path), path).toBe(absolute);
  }
  await expectImage(absolute);
  const { meta } = await page('/about');
  expect(meta.twitter?.card).toBe('summary');
  expect(person(meta).image).toBe(absolute);
});
