// @vitest-environment happy-dom
/**
 * Every public page as the server renders it, from the fixtures: the spec's
 * exact texts, the empty states, and the head of each page. The markup is
 * parsed into a DOM to query it; React's development build reports warnings,
 * and there must be none.
 */
import { describe, expect, it } from 'vitest';
import { failOnConsoleNoise } from '../testing/console';
import type { AboutCvLists, CvEntry, PageData, PublicPost, RenderInput } from '../api/types';
import {
  aboutContent,
  contactContent,
  course,
  emptyInputs,
  filledInputs,
  tagAndFilterInputs,
  fullHomeInput,
  homeInput,
  newsItem,
  NO_CV_LISTS,
  NO_FILTERS,
  ONE_PAGE,
  openCall,
  pageInput,
  publicPost,
  project,
  publication,
  researchArea,
  SITE,
  sideChannels,
  student,
  talk,
} from '../testing/fixtures';
import { SENTENCES } from '../api/sentences';
import { render } from './render';

failOnConsoleNoise();

/** The rendered body as a DOM, and the <main> part of it. */
function dom(input: RenderInput): { root: HTMLElement; main: HTMLElement; head: string } {
  const { head, body } = render(input);
  const root = document.createElement('div');
  root.innerHTML = body;
  const main = root.querySelector('main');
  if (!main) throw new Error('no <main>');
  return { root, main, head };
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const texts = (elements: Iterable<Element>) => [...elements].map(text);

function page<K extends PageData['page']>(path: string, data: Extract<PageData, { page: K }>): RenderInput {
  return pageInput(path, data);
}

/** Every external link opens in a new tab without handing over the opener. */
function expectNewTab(link: Element | null) {
  expect(link).not.toBeNull();
  expect(link?.getAttribute('target')).toBe('_blank');
  expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
}

const PAGE_NAMES: Record<string, string> = {
  '/': 'Home',
  '/about': 'About',
  '/research': 'Research Areas',
  '/publications': 'Selected Publications',
  '/projects': 'Projects',
  '/teaching': 'Teaching',
  '/students': 'Students',
  '/talks': 'Talks & Presentations',
  '/blog': 'Blog',
  '/open-calls': 'Open Calls',
  '/contact': 'Contact',
  '/news': 'News',
};

describe('every page', () => {
  const cases = [
    ...filledInputs().map((input) => ['with content', input.path, input] as const),
    ...emptyInputs().map((input) => ['empty', input.path, input] as const),
  ];

  it.each(cases)('%s: %s has one <h1>, its title, a description and a canonical URL', (_, __, input) => {
    const { root, head } = dom(input);
    expect(root.querySelectorAll('h1')).toHaveLength(1);
    expect(head).toContain(`<title>${PAGE_NAMES[input.path]?.replace('&', '&amp;')} — ${SITE.owner_name}</title>`);
    expect(head).toMatch(/<meta name="description" content="[^"]{20,160}">/);
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}${input.path}">`);
  });

  it.each(cases)('%s: %s has one link-preview card, at its canonical address', (_, __, input) => {
    const { head } = dom(input);
    for (const tag of ['og:title', 'og:description', 'og:url', 'og:image', 'og:type', 'og:site_name']) {
      expect(head.match(new RegExp(`<meta property="${tag}" `, 'g')), tag).toHaveLength(1);
    }
    expect(head.match(/<meta name="twitter:card" /g)).toHaveLength(1);
    expect(head).toContain(`<meta property="og:url" content="${SITE.base_url}${input.path}">`);
    expect(head).toContain(`<meta property="og:image" content="${SITE.card_image.url}">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(head).toContain(`<meta property="og:type" content="${input.path === '/' ? 'profile' : 'website'}">`);
  });

  it.each(cases)('%s: %s marks its own navigation link as the current page', (_, __, input) => {
    const { root } = dom(input);
    const current = [...root.querySelectorAll('nav a[aria-current="page"]')];
    // Once in the desktop and once in the mobile list; /news has no link of its own.
    expect(current).toHaveLength(input.path === '/news' ? 0 : 2);
    for (const link of current) expect(link.getAttribute('href')).toBe(input.path);
  });

  it('covers every route of the spec and /news', () => {
    expect(filledInputs().map((input) => input.path)).toEqual(Object.keys(PAGE_NAMES));
    expect(emptyInputs().map((input) => input.path)).toEqual(Object.keys(PAGE_NAMES));
  });
});

describe('a page of a long list', () => {
  const news = (pagination: { page: number; pages: number }) =>
    dom(page('/news', { page: 'news', data: { items: [newsItem()], pagination } }));

  it('has a title, canonical address and neighbours of its own', () => {
    const { head, main } = news({ page: 2, pages: 3 });
    expect(head).toContain(`<title>News, page 2 — ${SITE.owner_name}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}/news?page=2">`);
    expect(head).toContain(`<meta property="og:url" content="${SITE.base_url}/news?page=2">`);
    expect(head).toContain('<meta property="og:title" content="News, page 2">');
    expect(head).toContain(`<link rel="prev" href="${SITE.base_url}/news">`);
    expect(head).toContain(`<link rel="next" href="${SITE.base_url}/news?page=3">`);
    const pagination = main.querySelector('nav[aria-label="Pagination"]');
    expect(pagination?.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/news?page=2');
  });

  it('on a tag, pages as on /news (issue 41): its own title, canonical address and neighbours', () => {
    const tag = sideChannels();
    const { head, main } = dom(
      page('/tags/side-channels', {
        page: 'tag',
        data: {
          tag,
          publications: [],
          projects: [],
          talks: [],
          news: [newsItem({ tags: [tag] })],
          posts: [],
          pagination: { page: 2, pages: 8 },
        },
      }),
    );
    expect(head).toContain(`<title>Tagged “Side channels”, page 2 — ${SITE.owner_name}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}/tags/side-channels?page=2">`);
    expect(head).toContain(`<link rel="prev" href="${SITE.base_url}/tags/side-channels">`);
    expect(head).toContain(`<link rel="next" href="${SITE.base_url}/tags/side-channels?page=3">`);
    const pagination = main.querySelector('nav[aria-label="Pagination"]');
    expect(pagination?.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/tags/side-channels?page=2');
    expect(pagination?.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/tags/side-channels?page=3');
  });

  it('is canonical at the bare path on page 1, with no step back', () => {
    const { head, main } = news({ page: 1, pages: 3 });
    expect(head).toContain(`<title>News — ${SITE.owner_name}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}/news">`);
    expect(head).not.toContain('rel="prev"');
    expect(main.querySelector('nav[aria-label="Pagination"] a[rel="next"]')?.textContent).toBe('Older');
  });
});

/** A landscape photo with variants, as src/media/photos.rs describes one. */
const PHOTO = {
  src: '/files/profile-photos/1-a-4032x3024-640.jpg',
  width: 4032,
  height: 3024,
  webp: '/files/profile-photos/1-a-4032x3024-160.webp 160w, /files/profile-photos/1-a-4032x3024-320.webp 320w',
  jpeg: '/files/profile-photos/1-a-4032x3024-160.jpg 160w, /files/profile-photos/1-a-4032x3024-320.jpg 320w',
  largest: '/files/profile-photos/1-a-4032x3024-1280.jpg',
};

describe('home', () => {
  it('shows an uploaded portrait as a picture in its sizes, WebP first, never the original', () => {
    const input = fullHomeInput();
    if (input.page.page !== 'home') throw new Error('not the home page');
    input.page.data.portrait = PHOTO;
    input.page.data.hero.profile_image_url = '/files/profile-photos/1-a-4032x3024.jpg';
    const { main } = dom(input);
    const picture = main.querySelector('picture');
    const source = picture?.querySelector('source');
    const img = picture?.querySelector('img');
    expect(source?.getAttribute('type')).toBe('image/webp');
    expect(source?.getAttribute('srcset')).toBe(PHOTO.webp);
    expect(img?.getAttribute('srcset')).toBe(PHOTO.jpeg);
    expect(img?.getAttribute('src')).toBe(PHOTO.src);
    expect(img?.getAttribute('alt')).toBe('Portrait of Dr. Jane Doe');
    expect([img?.getAttribute('width'), img?.getAttribute('height')]).toEqual(['288', '288']);
    // A 4:3 photo covers the round frame: it is drawn 4/3 as wide as the frame.
    const sizes = '(min-width: 1024px) 384px, (min-width: 640px) 299px, 235px';
    expect([source?.getAttribute('sizes'), img?.getAttribute('sizes')]).toEqual([sizes, sizes]);
    expect(main.innerHTML).not.toContain('4032x3024.jpg');
  });

  it('shows the counters under the stored labels and descriptions', () => {
    const { main } = dom(fullHomeInput());
    const stats = main.querySelector('section[aria-labelledby="stats-title"]');
    const items = [...(stats?.querySelectorAll('dl > div') ?? [])].map((item) => [
      text(item.querySelector('dt')),
      ...texts(item.querySelectorAll('dd')),
    ]);
    expect(items).toEqual([
      ['Publications', '42', 'Peer-reviewed papers and articles'],
      ['Students', '7', 'Supervised students and alumni'],
      ['Courses', '5', 'Courses taught'],
      ['Research Areas', '3', 'Active fields of research'],
    ]);
  });

  it('shows the research areas, featured projects and latest news sections with data', () => {
    const { main } = dom(fullHomeInput());
    expect(texts(main.querySelectorAll('h2'))).toEqual([
      'At a glance',
      'Research Areas',
      'Featured Projects',
      'Featured Publications',
      'Latest News',
    ]);
    const areas = main.querySelector('#research-areas-title')?.closest('section');
    expect(texts(areas?.querySelectorAll('h3') ?? [])).toEqual(['Hardware Security', 'Embedded Systems', 'AI-Driven Verification']);
    expect(areas?.querySelector('a[href="/research"]')).not.toBeNull();
  });

  it('hides every optional section when its list is empty', () => {
    const { main } = dom(homeInput());
    expect(texts(main.querySelectorAll('h2'))).toEqual(['At a glance']);
    expect(main.textContent).not.toContain('Featured Publications');
    expect(main.textContent).not.toContain('View All Publications');
  });

  it('shows at most 6 technologies on a featured project card', () => {
    const { main } = dom(fullHomeInput({ featured_projects: [project({ tech_stack: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'] })] }));
    const card = main.querySelector('#featured-projects-title')?.closest('section');
    expect(texts(card?.querySelectorAll('ul[aria-label="Technologies"] li') ?? [])).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
  });

  it('shows the 3 latest news, each linking to the news page, and a link to all news', () => {
    const items = [newsItem({ title: 'One' }), newsItem({ title: 'Two' }), newsItem({ title: 'Three' })];
    const { main } = dom(fullHomeInput({ latest_news: items }));
    const section = main.querySelector('#latest-news-title')?.closest('section');
    const titles = [...(section?.querySelectorAll('h3 a') ?? [])];
    expect(texts(titles)).toEqual(['One', 'Two', 'Three']);
    expect(titles.map((a) => a.getAttribute('href'))).toEqual(items.map((item) => `/news#news-${item.id}`));
    expect(section?.querySelector('a[href="/news"]')).not.toBeNull();
    expect(text(section?.querySelector('time'))).toBe('February 14, 2025');
  });

  describe('Featured Publications', () => {
    const featured = () => dom(fullHomeInput()).main.querySelector('#featured-publications-title')?.closest('section');

    it('has the heading, the sentence, a 1/2/3-column grid and the View All Publications button', () => {
      const section = featured();
      expect(text(section?.querySelector('h2'))).toBe('Featured Publications');
      expect(section?.textContent).toContain('Recent research contributions in hardware security and embedded systems.');
      expect(section?.querySelector('ul')?.className).toContain('grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3');
      const all = [...(section?.querySelectorAll('a') ?? [])].find((a) => text(a) === 'View All Publications');
      expect(all?.getAttribute('href')).toBe('/publications');
    });

    it('shows year, clamped title, authors joined by commas, venue and clamped abstract on each card', () => {
      const card = featured()?.querySelector('article');
      expect(text(card?.querySelector('span'))).toBe('2024');
      const title = card?.querySelector('h3');
      expect(text(title)).toBe('Side-Channel Resistant Masking for Embedded Processors');
      expect(title?.className).toContain('line-clamp-2');
      expect(card?.textContent).toContain('Jane Doe, Erik Svensson, Maria Garcia');
      expect(card?.textContent).toContain('IEEE Transactions on Computers');
      const abstract = [...(card?.querySelectorAll('p') ?? [])].find((p) => text(p).startsWith('We present'));
      expect(abstract?.className).toContain('line-clamp-3');
    });

    it('links DOI to the public resolver and PDF to the file, both in a new tab', () => {
      const card = featured()?.querySelector('article');
      const doi = [...(card?.querySelectorAll('a') ?? [])].find((a) => text(a).startsWith('DOI'));
      expect(doi?.getAttribute('href')).toBe('https://doi.org/10.1109/TC.2024.1234567');
      expectNewTab(doi ?? null);
      const pdf = [...(card?.querySelectorAll('a') ?? [])].find((a) => text(a).startsWith('PDF'));
      expect(pdf?.getAttribute('href')).toBe('https://papers.example.org/masking.pdf');
      expectNewTab(pdf ?? null);
    });

    it('leaves out the abstract, DOI and PDF when they are not set', () => {
      const { main } = dom(fullHomeInput({ featured_publications: [publication({ abstract: null, doi: null, pdf_url: null })] }));
      const card = main.querySelector('#featured-publications-title')?.closest('section')?.querySelector('article');
      // Only the title's link to the paper's own page.
      expect([...(card?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href'))).toEqual([`/publications/${publication().slug}`]);
      expect(card?.querySelectorAll('.line-clamp-3')).toHaveLength(0);
    });
  });
});

describe('research areas', () => {
  it('renders each area with its icon, colour and content as markup', () => {
    const areas = [
      researchArea({ icon: 'Cpu', color: '#10b981' }),
      researchArea({ title: 'Other', slug: 'other', icon: 'Brain' }),
      researchArea({ title: 'Unknown icon', slug: 'unknown', icon: 'Database', color: 'not a colour' }),
    ];
    const { main } = dom(page('/research', { page: 'research', data: { areas } }));
    const articles = [...main.querySelectorAll('article')];
    expect(articles.map((a) => text(a.querySelector('h2')))).toEqual(['Hardware Security', 'Other', 'Unknown icon']);
    expect(
      articles.map(
        (a) =>
          a
            .querySelector('svg')
            ?.getAttribute('class')
            ?.match(/lucide-(\w+)/)?.[1],
      ),
    ).toEqual(['cpu', 'brain', 'shield']);
    expect(articles[0]?.innerHTML).toContain('color:#10b981');
    expect(articles[2]?.innerHTML).toContain('color:#3b82f6'); // the default colour
    expect(articles[0]?.querySelector('strong')?.textContent).toBe('side channels');
    expect(texts(articles[0]?.querySelectorAll('li') ?? [])).toEqual(['Masking', 'Hiding']);
  });

  it('keeps headings inside the content below the area title', () => {
    const { root } = dom(
      page('/research', { page: 'research', data: { areas: [researchArea({ content: '<h1>Inside</h1><h2>Deeper</h2>' })] } }),
    );
    expect(root.querySelectorAll('h1')).toHaveLength(1);
    expect(text(root.querySelector('article h3'))).toBe('Inside');
    expect(text(root.querySelector('article h4'))).toBe('Deeper');
  });

  it('shows the spec message when there is none', () => {
    const { main } = dom(page('/research', { page: 'research', data: { areas: [] } }));
    expect(text(main.querySelector('h1'))).toBe('Research Areas');
    expect(main.textContent).toContain('No research areas found. Please add some in the admin console.');
  });
});

describe('publications', () => {
  it('lists publications by year with the scholar profile link', () => {
    const publications = [
      publication({ year: 2024 }),
      publication({ title: 'Second', year: 2024, doi: null, url: 'https://example.org/p' }),
      publication({ title: 'Old', year: 2020 }),
    ];
    const { main } = dom(
      page('/publications', {
        page: 'publications',
        data: { publications, scholar_url: 'https://scholar.example.com/jane', pagination: ONE_PAGE, citations: null, ...NO_FILTERS },
      }),
    );
    expect(text(main.querySelector('h1'))).toBe('Selected Publications');
    expect(texts(main.querySelectorAll('h2'))).toEqual(['2024', '2020']);
    expect(texts(main.querySelectorAll('h3'))).toEqual(['Side-Channel Resistant Masking for Embedded Processors', 'Second', 'Old']);
    expect(main.textContent).toContain('Jane Doe, Erik Svensson, Maria Garcia');
    const scholar = main.querySelector('a[href="https://scholar.example.com/jane"]');
    expectNewTab(scholar);
    expect(main.querySelectorAll('a[href^="https://doi.org/"]')).toHaveLength(2);
    expectNewTab(main.querySelector('a[href="https://example.org/p"]'));
  });

  it("shows 'No publications found' and no scholar link when there is nothing", () => {
    const { main } = dom(
      page('/publications', {
        page: 'publications',
        data: { publications: [], scholar_url: '', pagination: ONE_PAGE, citations: null, ...NO_FILTERS },
      }),
    );
    expect(main.textContent).toContain('No publications found');
    expect(main.textContent).not.toContain('Google Scholar');
  });
});

describe('projects', () => {
  it('shows every project with all its technologies, dates, links and funding', () => {
    const { main } = dom(page('/projects', { page: 'projects', data: { projects: [project()], pagination: ONE_PAGE } }));
    expect(text(main.querySelector('h2'))).toBe('SecureBoot for RISC-V');
    expect(main.querySelectorAll('ul[aria-label="Technologies"] li')).toHaveLength(8);
    expect(main.textContent).toContain('Jan 2023 – Present');
    expect(main.textContent).toContain('Swedish Research Council · 4 MSEK');
    expectNewTab(main.querySelector('a[href="https://git.example.org/secureboot"]'));
  });

  it('shows the empty message', () => {
    expect(dom(page('/projects', { page: 'projects', data: { projects: [], pagination: ONE_PAGE } })).main.textContent).toContain(
      'No projects available yet.',
    );
  });
});

describe('teaching', () => {
  it('groups courses by year with term, role and materials', () => {
    const courses = [
      course(),
      course({
        code: 'CS202',
        title: 'Embedded',
        year: 2024,
        term: 'fall',
        role: 'teaching-assistant',
        credits: null,
        students_count: null,
      }),
    ];
    const { main } = dom(page('/teaching', { page: 'teaching', data: { courses, pagination: ONE_PAGE } }));
    expect(texts(main.querySelectorAll('h2'))).toEqual(['2025', '2024']);
    expect(main.textContent).toContain('Spring 2025');
    expect(main.textContent).toContain('Fall 2024');
    expect(main.textContent).toContain('Teaching assistant');
    expect(main.textContent).toContain('7.5 credits');
    expect(main.textContent).toContain('120 students');
    expectNewTab(main.querySelector('a[href="https://courses.example.org/cs101"]'));
  });

  it('shows the empty message', () => {
    expect(dom(page('/teaching', { page: 'teaching', data: { courses: [], pagination: ONE_PAGE } })).main.textContent).toContain(
      'No course information available yet.',
    );
  });
});

describe('students', () => {
  it('groups students as Current Students and Alumni, with initials when there is no photo', () => {
    const students = [
      student(),
      student({
        name: 'Li Wei',
        status: 'graduated',
        start_year: 2017,
        graduation_year: 2022,
        profile_image_url: '/files/li.jpg',
        current_position: 'Engineer at Arm',
      }),
    ];
    const { main } = dom(page('/students', { page: 'students', data: { students, pagination: ONE_PAGE } }));
    expect(texts(main.querySelectorAll('h2'))).toEqual(['Current Students', 'Alumni']);
    const [current, alumni] = [...main.querySelectorAll('section')];
    expect(text(current?.querySelector('h3'))).toBe('Ana Costa');
    expect(text(current?.querySelector('span[aria-hidden="true"]'))).toBe('AC');
    expect(current?.textContent).toContain('2022 – present');
    expect(current?.textContent).toContain('PhD');
    const photo = alumni?.querySelector('img');
    expect(photo?.getAttribute('src')).toBe('/files/li.jpg');
    expect(photo?.getAttribute('width')).toBe('64');
    expect(photo?.getAttribute('height')).toBe('64');
    expect(alumni?.querySelector('picture')).toBeNull();
    expect(alumni?.textContent).toContain('2017 – 2022');
    expect(alumni?.textContent).toContain('Now: Engineer at Arm');
  });

  it("shows an uploaded student's photo in its sizes for the 64 px avatar", () => {
    const photo = { ...PHOTO, width: 600, height: 800 };
    const students = [student({ profile_image_url: '/files/profile-photos/1-a-600x800.jpg', photo })];
    const { main } = dom(page('/students', { page: 'students', data: { students, pagination: ONE_PAGE } }));
    const img = main.querySelector('picture img');
    expect(img?.getAttribute('src')).toBe(PHOTO.src);
    expect(img?.getAttribute('sizes')).toBe('64px');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(main.querySelector('picture source')?.getAttribute('sizes')).toBe('64px');
  });

  it('leaves out a group without students', () => {
    const { main } = dom(page('/students', { page: 'students', data: { students: [student()], pagination: ONE_PAGE } }));
    expect(texts(main.querySelectorAll('h2'))).toEqual(['Current Students']);
  });

  it('shows the empty message (also what anonymous visitors see while the list is private)', () => {
    expect(dom(page('/students', { page: 'students', data: { students: [], pagination: ONE_PAGE } })).main.textContent).toContain(
      'No students information available yet.',
    );
  });
});

describe('talks', () => {
  it('shows each talk with its type, event, date and location', () => {
    const { main } = dom(page('/talks', { page: 'talks', data: { talks: [talk()], pagination: ONE_PAGE } }));
    expect(text(main.querySelector('h1'))).toBe('Talks & Presentations');
    expect(text(main.querySelector('h2'))).toBe('Trustworthy Hardware in the Age of AI');
    for (const part of ['Keynote', 'Featured', 'Embedded Security Summit', 'November 20, 2024', 'Stockholm, Sweden']) {
      expect(main.textContent).toContain(part);
    }
    expectNewTab(main.querySelector('a[href="https://talks.example.org/slides.pdf"]'));
  });

  it('shows the empty message', () => {
    expect(dom(page('/talks', { page: 'talks', data: { talks: [], pagination: ONE_PAGE } })).main.textContent).toContain(
      'No talks and presentations available yet.',
    );
  });
});

describe('blog', () => {
  const blog = (posts: PublicPost[], pagination = ONE_PAGE) => dom(page('/blog', { page: 'blog', data: { posts, pagination } }));

  it("keeps the spec's text as its empty state", () => {
    const { main, head } = blog([]);
    expect(text(main.querySelector('h1'))).toBe('Blog');
    expect(text(main.querySelector('p.border-dashed'))).toBe('Blog posts and articles coming soon...');
    expect(main.querySelector('article')).toBeNull();
    expect(head).toContain(`<meta name="description" content="Blog posts and articles by ${SITE.owner_name}.">`);
  });

  it('lists the posts in the order given (newest first), each with its link, date, summary, tags and cover', () => {
    const tag = sideChannels();
    const posts = [
      publicPost({ title: 'Newer', slug: 'newer', date: '2025-02-20', tags: [tag] }),
      publicPost({ title: 'Older', slug: 'older', date: '2024-09-10', summary: null, cover_image: null }),
    ];
    const { main } = blog(posts);
    expect(main.textContent).not.toContain('coming soon');
    const articles = [...main.querySelectorAll('article')];
    expect(articles.map((article) => text(article.querySelector('h2')))).toEqual(['Newer', 'Older']);
    expect(articles.map((article) => article.querySelector('h2 a')?.getAttribute('href'))).toEqual(['/blog/newer', '/blog/older']);
    expect(articles.map((article) => article.querySelector('time')?.getAttribute('dateTime'))).toEqual(['2025-02-20', '2024-09-10']);
    expect(articles[0]?.textContent).toContain('Masked implementations still leak');
    expect(articles[0]?.querySelector('a[href="/tags/side-channels"]')).not.toBeNull();
    // The cover sits in a fixed 16:9 frame with its size given: nothing moves when it loads.
    const cover = articles[0]?.querySelector('img');
    expect(cover?.getAttribute('src')).toBe('/files/profile-photos/cover.jpg');
    expect(cover?.closest('.aspect-video')).not.toBeNull();
    expect(cover?.getAttribute('width')).toBe('1280');
    expect(cover?.getAttribute('height')).toBe('720');
    expect(articles[1]?.querySelector('img')).toBeNull();
  });

  it('pages as /news: its own title and canonical address, Newer and Older', () => {
    const { head, main } = blog([publicPost()], { page: 2, pages: 3 });
    expect(head).toContain(`<title>Blog, page 2 — ${SITE.owner_name}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}/blog?page=2">`);
    expect(head).toContain(`<link rel="prev" href="${SITE.base_url}/blog">`);
    expect(head).toContain(`<link rel="next" href="${SITE.base_url}/blog?page=3">`);
    const pagination = main.querySelector('nav[aria-label="Pagination"]');
    expect(pagination?.querySelector('a[aria-current="page"]')?.getAttribute('href')).toBe('/blog?page=2');
    expect(text(pagination?.querySelector('a[rel="prev"]'))).toBe('Newer');
    expect(text(pagination?.querySelector('a[rel="next"]'))).toBe('Older');
  });
});

describe('a blog post', () => {
  const postPage = (overrides: Partial<PublicPost> = {}) => {
    const data = publicPost({ tags: [sideChannels()], ...overrides });
    return dom(page(`/blog/${data.slug}`, { page: 'post', data }));
  };

  it('has one h1, the date, the cover, its content with headings below the title, its tags and a way back', () => {
    const { main } = postPage();
    expect(texts(main.querySelectorAll('h1'))).toEqual(['Why masking is not enough']);
    expect(main.querySelector('time')?.getAttribute('dateTime')).toBe('2025-02-20');
    expect(main.querySelector('.aspect-video img')?.getAttribute('src')).toBe('/files/profile-photos/cover.jpg');
    expect(main.textContent).toContain('Masking splits every secret into shares.');
    // The stored headings go one level down, below the title's h1 (h2 → h3), as on the other pages with rich text.
    expect(texts(main.querySelectorAll('article h3'))).toEqual(['Where it leaks']);
    expect(main.textContent).toContain('Glitches & transitions.');
    expect(main.querySelector('a[href="/tags/side-channels"]')).not.toBeNull();
    expect(text(main.querySelector('a[href="/blog"]'))).toBe('All blog posts');
  });

  it('is an article in its head: the title, the summary, and the cover as an absolute picture', () => {
    const { head } = postPage();
    expect(head).toContain(`<title>Why masking is not enough — ${SITE.owner_name}</title>`);
    expect(head).toContain('<meta name="description" content="Masked implementations still leak: a short tour of what goes wrong.">');
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}/blog/why-masking-is-not-enough">`);
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:title" content="Why masking is not enough">');
    expect(head).toContain(`<meta property="og:image" content="${SITE.base_url}/files/profile-photos/cover.jpg">`);
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image">');
  });

  it("without a summary is described by the text of its content; without a cover, by the site's picture", () => {
    const { head } = postPage({
      summary: null,
      cover_image: null,
      content: '<p>Masking &amp; <em>shuffling</em>.</p><p>Both&nbsp;fail.</p>',
    });
    expect(head).toContain('<meta name="description" content="Masking &amp; shuffling . Both fail.">');
    expect(head).toContain(`<meta property="og:image" content="${SITE.card_image.url}">`);
  });

  it('keeps a cover from elsewhere as it is', () => {
    const { head } = postPage({ cover_image: 'https://images.example.org/c.png' });
    expect(head).toContain('<meta property="og:image" content="https://images.example.org/c.png">');
  });

  it('shows an uploaded photo cover in its sizes, never its original, and previews its largest size', () => {
    const original = '/files/profile-photos/1700000000000-abc-1600x900.jpg';
    const size = (width: number, ext: string) => `/files/profile-photos/1700000000000-abc-1600x900-${width}.${ext}`;
    const cover = {
      src: size(640, 'jpg'),
      width: 1600,
      height: 900,
      webp: [160, 320, 640, 1280].map((w) => `${size(w, 'webp')} ${w}w`).join(', '),
      jpeg: [160, 320, 640, 1280].map((w) => `${size(w, 'jpg')} ${w}w`).join(', '),
      largest: size(1280, 'jpg'),
    };
    const { head, main } = postPage({ cover_image: original, cover });
    const picture = main.querySelector('article picture.aspect-video');
    expect(picture?.querySelector('source[type="image/webp"]')?.getAttribute('srcset')).toBe(cover.webp);
    expect(picture?.querySelector('img')?.getAttribute('src')).toBe(cover.src);
    expect(main.innerHTML).not.toContain(original);
    expect(head).toContain(`<meta property="og:image" content="${SITE.base_url}${cover.largest}">`);
  });
});

describe('about', () => {
  it('shows the stored title, bio and the sections that are not empty', () => {
    const content = aboutContent({ title: 'About Jane', background: 'Grew up by the sea.', awards: 'Best Paper 2021', service: '  ' });
    const { main } = dom(page('/about', { page: 'about', data: { stored: true, content, cv: NO_CV_LISTS } }));
    expect(text(main.querySelector('h1'))).toBe('About Jane');
    expect(main.textContent).toContain('I am an associate professor working on hardware security.');
    expect(texts(main.querySelectorAll('h2'))).toEqual(['Background', 'Awards']);
    expect(main.textContent).not.toContain('coming soon');
  });

  it('shows the fallback title and bio with the placeholder while nothing is stored', () => {
    const { main } = dom(page('/about', { page: 'about', data: { stored: false, content: aboutContent(), cv: NO_CV_LISTS } }));
    expect(text(main.querySelector('h1'))).toBe('About Me');
    expect(main.textContent).toContain('I am an associate professor working on hardware security.');
    expect(main.textContent).toContain('Detailed biography and research interests coming soon...');
  });

  it("lists the CV's entries in a block that shows them, in place of its free text", () => {
    const degree = (id: string, when: string, degreeName: string, institution: string): CvEntry => ({
      id,
      when,
      lines: [
        { style: 'strong', texts: [{ text: degreeName, math: false, aside: false, link: null }] },
        { style: 'muted', texts: [{ text: institution, math: false, aside: false, link: null }] },
      ],
    });
    const content = aboutContent({ education: 'Typed by hand', education_source: 'cv', awards: 'Best Paper 2021', awards_source: 'cv' });
    const cv: AboutCvLists = {
      ...NO_CV_LISTS,
      education: [degree('e1', '2012', 'PhD, Computer Engineering', 'KTH'), degree('e2', '2008', 'MSc', 'IST Lisbon')],
      // Chosen, but nothing published: no section at all.
      awards: [],
    };
    const { main } = dom(page('/about', { page: 'about', data: { stored: true, content, cv } }));
    expect(texts(main.querySelectorAll('h2'))).toEqual(['Education']);
    const items = [...main.querySelectorAll('section[aria-labelledby="about-education"] ul > li')];
    expect(items.map((item) => item.textContent)).toEqual(['2012PhD, Computer EngineeringKTH', '2008MScIST Lisbon']);
    expect(main.textContent).not.toContain('Typed by hand');
    expect(main.textContent).not.toContain('Best Paper 2021');
  });
});

describe('contact', () => {
  it('shows the stored contact details', () => {
    const content = contactContent({
      email: 'jane@example.org',
      phone: '+46 (31) 123',
      office_address: 'Room 5\nBuilding A',
      additional_info: 'Mornings are best.',
    });
    const { main } = dom(page('/contact', { page: 'contact', data: { stored: true, content } }));
    expect(text(main.querySelector('h1'))).toBe('Contact');
    expect(main.textContent).toContain('Get in touch about research, teaching or collaboration.');
    expect(main.querySelector('a[href="mailto:jane@example.org"]')).not.toBeNull();
    expect(main.querySelector('a[href="tel:+4631123"]')).not.toBeNull();
    expect(main.textContent).toContain('Room 5\nBuilding A');
    expect(main.textContent).toContain('Mornings are best.');
    expect(main.textContent).not.toContain('coming soon');
  });

  it('shows the placeholder while nothing is stored', () => {
    const { main } = dom(page('/contact', { page: 'contact', data: { stored: false, content: contactContent() } }));
    expect(main.textContent).toContain('Contact form and information coming soon...');
  });
});

describe('open calls', () => {
  const calls = (list = [openCall()]) => dom(page('/open-calls', { page: 'open_calls', data: { calls: list, pagination: ONE_PAGE } })).main;

  it('has the spec heading and subtitle', () => {
    const main = calls();
    expect(text(main.querySelector('h1'))).toBe('Open Calls for Proposals');
    expect(main.textContent).toContain('Current funding opportunities and collaboration calls');
  });

  it('shows every part of a call', () => {
    const card = calls().querySelector('article');
    expect(text(card?.querySelector('h2'))).toBe('PhD Position in Hardware Security');
    for (const part of [
      'Swedish Research Council',
      'Featured',
      'A fully funded four-year PhD position.',
      'March 20, 2025',
      'Full salary',
      '4 years',
    ]) {
      expect(card?.textContent).toContain(part);
    }
    expect(card?.querySelector('em')?.textContent).toBe('side-channel'); // rich-text content
    expect(texts(card?.querySelectorAll('h3') ?? [])).toEqual(['Requirements', 'Contact Information']);
    expect(text(card?.querySelector('section li'))).toBe('MSc in computer engineering');
    expect(card?.querySelector('a[href="mailto:jane@example.org"]')?.textContent).toBe('jane@example.org');
    const apply = [...(card?.querySelectorAll('a') ?? [])].find((a) => text(a).startsWith('Apply Now'));
    expect(apply?.getAttribute('href')).toBe('https://jobs.example.org/123');
    expectNewTab(apply ?? null);
  });

  it("marks deadlines 30 days or fewer from the server's today as Soon, past ones included", () => {
    // SITE.today is 2025-03-01.
    const list = [
      openCall({ title: 'in 10 days', deadline: '2025-03-11' }),
      openCall({ title: 'in 30 days', deadline: '2025-03-31' }),
      openCall({ title: 'in 31 days', deadline: '2025-04-01' }),
      openCall({ title: 'in 60 days', deadline: '2025-04-30' }),
      openCall({ title: 'passed', deadline: '2025-02-01' }),
      openCall({ title: 'no deadline', deadline: null }),
    ];
    const soon = [...calls(list).querySelectorAll('article')].map((card) => [
      text(card.querySelector('h2')),
      texts(card.querySelectorAll('dd span')).includes('Soon'),
    ]);
    expect(soon).toEqual([
      ['in 10 days', true],
      ['in 30 days', true],
      ['in 31 days', false],
      ['in 60 days', false],
      ['passed', true],
      ['no deadline', false],
    ]);
    const badge = [...calls(list).querySelectorAll('dd span')].find((span) => text(span) === 'Soon');
    expect(badge?.className).toContain('bg-destructive');
  });

  it('leaves out what a call does not have', () => {
    const bare = openCall({
      description: null,
      content: null,
      requirements: null,
      contact_email: null,
      contact_info: null,
      application_url: null,
      funding_amount: null,
      duration: null,
      funding_agency: null,
      featured: false,
    });
    const card = calls([bare]).querySelector('article');
    expect(card?.querySelectorAll('a')).toHaveLength(0);
    expect(card?.querySelectorAll('h3')).toHaveLength(0);
    expect(texts(card?.querySelectorAll('dt') ?? [])).toEqual(['Deadline']);
  });

  it('shows the empty message', () => {
    expect(calls([]).textContent).toContain('No open calls available at the moment. Please check back later.');
  });
});

describe('news', () => {
  it('shows every item newest first with its date, content and link', () => {
    const items = [
      newsItem(),
      newsItem({ title: 'Bare link', date: '2025-01-05', link_url: 'https://example.org/x', link_text: null }),
      newsItem({ title: 'No link', date: '2024-12-31', link_url: null, link_text: null }),
    ];
    const { main } = dom(page('/news', { page: 'news', data: { items, pagination: ONE_PAGE } }));
    expect(text(main.querySelector('h1'))).toBe('News');
    expect(texts(main.querySelectorAll('h2'))).toEqual(['Paper accepted at CHES 2025', 'Bare link', 'No link']);
    expect(texts(main.querySelectorAll('time'))).toEqual(['February 14, 2025', 'January 5, 2025', 'December 31, 2024']);
    expect(main.querySelector(`#news-${items[0]?.id}`)).not.toBeNull();
    const links = [...main.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.childNodes[0]?.textContent])).toEqual([
      ['https://ches.example.org/2025', 'Conference site'],
      ['https://example.org/x', 'https://example.org/x'],
    ]);
    for (const link of links) expectNewTab(link);
  });
});

describe('rich text', () => {
  it('is written as the server stored it (sanitised there), not escaped', () => {
    const { main } = dom(
      page('/open-calls', {
        page: 'open_calls',
        data: { calls: [openCall({ content: '<p>a <a href="https://x.example">link</a></p>' })], pagination: ONE_PAGE },
      }),
    );
    expect(main.querySelector('a[href="https://x.example"]')?.textContent).toBe('link');
  });
});

describe('tags and filters', () => {
  const [filtered, tagged] = tagAndFilterInputs();

  it('/publications: a plain GET form with the active filters, each removable, and pages that keep them', () => {
    const { main } = dom(filtered!);
    const form = main.querySelector('form[aria-label="Filter publications"]');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/publications');
    expect(main.querySelector<HTMLInputElement>('input[name="q"]')?.value).toBe('masking & “risc”');
    expect(main.querySelector<HTMLSelectElement>('select[name="tag"]')?.value).toBe('side-channels');
    const removes = [...main.querySelectorAll('ul[aria-label="Active filters"] a')].map((link) => link.getAttribute('href'));
    expect(removes).toEqual([
      '/publications?year=2024&tag=side-channels&q=masking+%26+%E2%80%9Crisc%E2%80%9D',
      '/publications?kind=journal-article&tag=side-channels&q=masking+%26+%E2%80%9Crisc%E2%80%9D',
      '/publications?kind=journal-article&year=2024&q=masking+%26+%E2%80%9Crisc%E2%80%9D',
      '/publications?kind=journal-article&year=2024&tag=side-channels',
    ]);
    expect(main.querySelector('a[rel="next"]')?.getAttribute('href')).toBe(
      '/publications?kind=journal-article&year=2024&tag=side-channels&q=masking+%26+%E2%80%9Crisc%E2%80%9D&page=2',
    );
    expect(main.querySelector('ul[aria-label="Tags"] a')?.getAttribute('href')).toBe('/tags/side-channels');
  });

  it('/tags/<slug>: everything with the tag under one heading per kind, each item with its chips', () => {
    const { main } = dom(tagged!);
    expect(text(main.querySelector('h1'))).toBe('Tagged “Side channels”');
    expect(
      texts(main.querySelectorAll('h2')).filter((heading) => ['Publications', 'Projects', 'Talks', 'News', 'Blog'].includes(heading)),
    ).toEqual(['Publications', 'Projects', 'Talks', 'News', 'Blog']);
    expect(main.querySelectorAll('a[href="/tags/side-channels"]')).toHaveLength(5);
    const posts = main.querySelector('#tagged-posts')?.closest('section');
    expect(posts?.querySelector('h3 a')?.getAttribute('href')).toBe('/blog/why-masking-is-not-enough');
  });
});

describe('fixed sentences (issue 44)', () => {
  /** Pages that show every fixed sentence: the empty lists, the full home page, an empty blog and tag page. */
  const inputs = [
    ...emptyInputs(),
    fullHomeInput(),
    page('/blog', { page: 'blog', data: { posts: [], pagination: ONE_PAGE } }),
    page('/tags/side-channels', {
      page: 'tag',
      data: { tag: sideChannels(), publications: [], projects: [], talks: [], news: [], posts: [], pagination: ONE_PAGE },
    }),
  ];

  it.each(SENTENCES.map((entry) => [entry.key, entry] as const))('%s: its default, or the owner’s words in its place', (key, entry) => {
    const showing = inputs.filter((input) => dom(input).main.textContent?.includes(entry.default));
    expect(showing.length, `a page shows “${entry.default}”`).toBeGreaterThan(0);
    const own = `The owner’s words for ${key} & <co>.`;
    for (const input of showing) {
      const { main } = dom({ ...input, site: { ...input.site, texts: { [key]: own } } });
      expect(main.textContent).toContain(own);
      expect(main.textContent).not.toContain(entry.default);
    }
  });
});
