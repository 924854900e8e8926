/** Sample render inputs shared by the unit tests: one per public page, with
 *  realistic content, plus builders for single entities. */
import type {
  AboutCvLists,
  AboutContent,
  ContactContent,
  Course,
  HeroContent,
  HomeData,
  NewsItem,
  OpenCall,
  PageData,
  Pagination,
  Post,
  PublicPost,
  Project,
  PublicStudent,
  Publication,
  RenderInput,
  ResearchArea,
  SiteInfo,
  StatsContent,
  Tag,
  Talk,
} from '../api/types';
import { NAV_LINKS } from '../public/navigation';

/** The server's date the fixtures are rendered on. */
export const TODAY = '2025-03-01';

/** A list short enough for one page (no page links). */
export const ONE_PAGE: Pagination = { page: 1, pages: 1 };

/** /publications with no filter applied and no choices in the form. */
export const NO_FILTERS = { filters: { kind: null, year: null, tag: null, q: null }, tags: [], years: [] };

export const SITE: SiteInfo = {
  owner_name: 'Dr. Jane Doe',
  base_url: 'https://jane.example.org',
  today: TODAY,
  card_image: { url: 'https://jane.example.org/social-card.png', photo: false },
  menu: [...NAV_LINKS],
  lang: 'en',
  languages: [],
  texts: {},
};

const STAMP = { created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' };

let nextId = 1;
/** A deterministic UUID-looking id. */
function id(): string {
  return `00000000-0000-4000-8000-${String(nextId++).padStart(12, '0')}`;
}

export function heroContent(overrides: Partial<HeroContent> = {}): HeroContent {
  return {
    name: 'Dr. Jane Doe',
    title: 'Associate Professor',
    institution: 'Department of Computer Science, Example University',
    bio: 'I work on hardware security, embedded systems and AI-driven verification.',
    profile_image_url: '/images/profile.jpg',
    profile_image_alt: 'Portrait of Dr. Jane Doe',
    google_scholar_url: '',
    cv_url: '',
    phone: '',
    website_url: '',
    linkedin_url: '',
    ...overrides,
  };
}

export function statsContent(overrides: Partial<StatsContent> = {}): StatsContent {
  return {
    publications_label: 'Publications',
    publications_description: 'Peer-reviewed papers and articles',
    students_label: 'Students',
    students_description: 'Supervised students and alumni',
    courses_label: 'Courses',
    courses_description: 'Courses taught',
    research_areas_label: 'Research Areas',
    research_areas_description: 'Active fields of research',
    ...overrides,
  };
}

export function publication(overrides: Partial<Publication> = {}): Publication {
  return {
    id: id(),
    tags: [],
    title: 'Side-Channel Resistant Masking for Embedded Processors',
    slug: 'side-channel-resistant-masking',
    authors: ['Jane Doe', 'Erik Svensson', 'Maria Garcia'],
    kind: 'journal-article',
    venue: 'IEEE Transactions on Computers',
    year: 2024,
    month: 3,
    abstract: 'We present a masking scheme that keeps embedded processors safe from power analysis.',
    pdf_url: 'https://papers.example.org/masking.pdf',
    pdf_file: null,
    url: null,
    doi: '10.1109/TC.2024.1234567',
    pages: '1-14',
    volume: '73',
    issue: '4',
    publisher: 'IEEE',
    bibtex: null,
    featured: true,
    status: 'published',
    ...STAMP,
    ...overrides,
  };
}

export function researchArea(overrides: Partial<ResearchArea> = {}): ResearchArea {
  return {
    id: id(),
    title: 'Hardware Security',
    slug: 'hardware-security',
    description: 'Trustworthy hardware from the silicon up.',
    content: '<p>We study <strong>side channels</strong> and fault attacks.</p><ul><li>Masking</li><li>Hiding</li></ul>',
    color: '#ef4444',
    icon: 'Shield',
    featured: true,
    sort_order: 0,
    status: 'published',
    ...STAMP,
    ...overrides,
  };
}

export function project(overrides: Partial<Project> = {}): Project {
  return {
    id: id(),
    tags: [],
    title: 'SecureBoot for RISC-V',
    slug: 'secureboot-for-risc-v',
    summary: 'A verified secure boot chain for open RISC-V cores.',
    content: 'Phase one covers the ROM loader.\nPhase two covers the kernel.',
    tech_stack: ['Rust', 'RISC-V', 'Verilog', 'Coq', 'Python', 'FPGA', 'QEMU', 'LLVM'],
    collaborators: ['Chalmers', 'RISE'],
    repository_url: 'https://git.example.org/secureboot',
    demo_url: null,
    funding_source: 'Swedish Research Council',
    funding_amount: '4 MSEK',
    start_date: '2023-01-01',
    end_date: null,
    featured: true,
    sort_order: 0,
    status: 'published',
    ...STAMP,
    ...overrides,
  };
}

export function newsItem(overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id: id(),
    tags: [],
    title: 'Paper accepted at CHES 2025',
    content: 'Our paper on masking was accepted.',
    date: '2025-02-14',
    link_url: 'https://ches.example.org/2025',
    link_text: 'Conference site',
    featured: false,
    status: 'published',
    ...STAMP,
    ...overrides,
  };
}

export function post(overrides: Partial<Post> = {}): Post {
  return {
    id: id(),
    tags: [],
    title: 'Why masking is not enough',
    slug: 'why-masking-is-not-enough',
    date: '2025-02-20',
    summary: 'Masked implementations still leak: a short tour of what goes wrong.',
    content: '<p>Masking splits every secret into shares.</p><h2>Where it leaks</h2><p>Glitches &amp; transitions.</p>',
    cover_image: '/files/profile-photos/cover.jpg',
    featured: false,
    status: 'published',
    ...STAMP,
    ...overrides,
  };
}

/** A post as public pages get it: a cover that is no uploaded photo has no sizes. */
export function publicPost(overrides: Partial<PublicPost> = {}): PublicPost {
  return { ...post(), cover: null, ...overrides };
}

export function course(overrides: Partial<Course> = {}): Course {
  return {
    id: id(),
    code: 'CS101',
    title: 'Introduction to Computer Security',
    slug: 'introduction-to-computer-security',
    year: 2025,
    term: 'spring',
    role: 'instructor',
    description: 'Threat models, cryptography basics and secure systems.',
    credits: 7.5,
    students_count: 120,
    course_url: 'https://courses.example.org/cs101',
    syllabus_url: null,
    status: 'published',
    featured: false,
    ...STAMP,
    ...overrides,
  };
}

export function student(overrides: Partial<PublicStudent> = {}): PublicStudent {
  return {
    id: id(),
    name: 'Ana Costa',
    level: 'phd',
    status: 'current',
    bio: 'Works on fault injection.',
    thesis_title: 'Fault-Tolerant Embedded Cryptography',
    start_year: 2022,
    graduation_year: null,
    current_position: null,
    linkedin_url: null,
    website_url: null,
    profile_image_url: null,
    photo: null,
    ...overrides,
  };
}

export function talk(overrides: Partial<Talk> = {}): Talk {
  return {
    id: id(),
    tags: [],
    title: 'Trustworthy Hardware in the Age of AI',
    slug: 'trustworthy-hardware-ai',
    event_name: 'Embedded Security Summit',
    event_location: 'Stockholm, Sweden',
    date: '2024-11-20',
    type: 'keynote',
    abstract: 'Why verification must reach the silicon.',
    slides_url: 'https://talks.example.org/slides.pdf',
    video_url: null,
    status: 'published',
    featured: true,
    ...STAMP,
    ...overrides,
  };
}

export function openCall(overrides: Partial<OpenCall> = {}): OpenCall {
  return {
    id: id(),
    title: 'PhD Position in Hardware Security',
    slug: 'phd-position-hardware-security',
    description: 'A fully funded four-year PhD position.',
    content: '<p>Join our group to work on <em>side-channel</em> analysis.</p>',
    requirements: '<ul><li>MSc in computer engineering</li></ul>',
    contact_email: 'jane@example.org',
    contact_info: '<p>Write to <a href="mailto:jane@example.org">Jane</a>.</p>',
    application_url: 'https://jobs.example.org/123',
    funding_amount: 'Full salary',
    duration: '4 years',
    funding_agency: 'Swedish Research Council',
    deadline: '2025-03-20',
    status: 'published',
    featured: true,
    ...STAMP,
    ...overrides,
  };
}

export function aboutContent(overrides: Partial<AboutContent> = {}): AboutContent {
  return {
    title: 'About Me',
    bio: 'I am an associate professor working on hardware security.',
    background: '',
    research_interests: '',
    education: '',
    experience: '',
    awards: '',
    leadership: '',
    service: '',
    personal: '',
    education_source: 'text',
    experience_source: 'text',
    awards_source: 'text',
    service_source: 'text',
    ...overrides,
  };
}

/** The About page's CV lists when every block shows its free text (the default). */
export const NO_CV_LISTS: AboutCvLists = { education: null, experience: null, awards: null, service: null };

export function contactContent(overrides: Partial<ContactContent> = {}): ContactContent {
  return {
    title: 'Contact',
    subtitle: 'Get in touch about research, teaching or collaboration.',
    office_address: '',
    mailing_address: '',
    phone: '',
    email: '',
    office_hours: '',
    additional_info: '',
    ...overrides,
  };
}

/** Home data with nothing but the hero and zero counters: every optional section absent. */
export function emptyHomeData(hero: Partial<HeroContent> = {}): HomeData {
  const content = heroContent(hero);
  return {
    hero: content,
    // The default setting: the button opens the uploaded CV, when there is one.
    cv_link: content.cv_url,
    portrait: null,
    stats: { labels: statsContent(), publications: 0, students: 0, courses: 0, research_areas: 0 },
    research_areas: [],
    featured_projects: [],
    latest_news: [],
    featured_publications: [],
  };
}

/** Home data with every section filled. */
export function fullHomeData(overrides: Partial<HomeData> = {}): HomeData {
  return {
    hero: heroContent(),
    cv_link: heroContent().cv_url,
    portrait: null,
    stats: { labels: statsContent(), publications: 42, students: 7, courses: 5, research_areas: 3 },
    research_areas: [
      researchArea(),
      researchArea({ title: 'Embedded Systems', slug: 'embedded-systems', icon: 'Cpu', color: '#10b981' }),
      researchArea({ title: 'AI-Driven Verification', slug: 'ai-driven-verification', icon: 'Brain', color: '#8b5cf6' }),
    ],
    featured_projects: [project(), project({ title: 'Fault Lab', slug: 'fault-lab', tech_stack: ['C'] })],
    latest_news: [
      newsItem(),
      newsItem({ title: 'New PhD student joins', date: '2025-01-10', link_url: null, link_text: null }),
      newsItem({ title: 'Keynote in Stockholm', date: '2024-11-20' }),
    ],
    featured_publications: [
      publication(),
      publication({ title: 'Formal Verification with LLMs', slug: 'llm-verification', year: 2023, abstract: null, pdf_url: null }),
      publication({ title: 'A Survey of Fault Attacks', slug: 'fault-attacks-survey', doi: null, year: 2022 }),
    ],
    ...overrides,
  };
}

export function pageInput(
  path: string,
  page: PageData,
  site: Partial<SiteInfo> = {},
  text_langs: RenderInput['text_langs'] = {},
): RenderInput {
  return { path, site: { ...SITE, ...site }, page, text_langs };
}

export function homeInput(hero: Partial<HeroContent> = {}): RenderInput {
  return pageInput('/', { page: 'home', data: emptyHomeData(hero) });
}

export function fullHomeInput(overrides: Partial<HomeData> = {}): RenderInput {
  return pageInput('/', { page: 'home', data: fullHomeData(overrides) });
}

export function notFoundInput(path = '/no/such/page'): RenderInput {
  return pageInput(path, { page: 'not_found' });
}

/** A tag, on the items of the filled pages. */
export function sideChannels(): Tag {
  return { id: 'tag-side-channels', name: 'Side channels', slug: 'side-channels', color: '#dc2626', ...STAMP };
}

/** A filtered /publications (page 1 of 2) and a tag's page. */
export function tagAndFilterInputs(): RenderInput[] {
  return [
    pageInput('/publications', {
      page: 'publications',
      data: {
        publications: [publication({ tags: [sideChannels()] })],
        scholar_url: '',
        pagination: { page: 1, pages: 2 },
        filters: { kind: 'journal-article', year: 2024, tag: 'side-channels', q: 'masking & “risc”' },
        tags: [sideChannels()],
        years: [2024, 2023],
        citations: null,
      },
    }),
    pageInput('/tags/side-channels', {
      page: 'tag',
      data: {
        tag: sideChannels(),
        publications: [publication({ tags: [sideChannels()] })],
        projects: [project({ tags: [sideChannels()] })],
        talks: [talk({ tags: [sideChannels()] })],
        news: [newsItem({ tags: [sideChannels()] })],
        posts: [publicPost({ tags: [sideChannels()] })],
        pagination: { page: 1, pages: 1 },
      },
    }),
  ];
}

/** Every public page with content, by route. */
export function filledInputs(): RenderInput[] {
  return [
    fullHomeInput(),
    pageInput('/about', {
      page: 'about',
      data: {
        stored: true,
        content: aboutContent({ background: 'Grew up in Lisbon.', education: 'PhD, KTH, 2012\nMSc, IST, 2008' }),
        cv: NO_CV_LISTS,
      },
    }),
    pageInput('/research', { page: 'research', data: { areas: fullHomeData().research_areas } }),
    pageInput('/publications', {
      page: 'publications',
      data: {
        publications: fullHomeData().featured_publications,
        scholar_url: 'https://scholar.example.com/jane',
        pagination: ONE_PAGE,
        citations: null,
        ...NO_FILTERS,
      },
    }),
    pageInput('/projects', { page: 'projects', data: { projects: fullHomeData().featured_projects, pagination: ONE_PAGE } }),
    pageInput('/teaching', {
      page: 'teaching',
      data: {
        courses: [course(), course({ code: 'CS202', title: 'Embedded Systems', year: 2024, term: 'fall', credits: null })],
        pagination: ONE_PAGE,
      },
    }),
    pageInput('/students', {
      page: 'students',
      data: {
        pagination: ONE_PAGE,
        students: [
          student(),
          student({
            name: 'Li Wei',
            status: 'graduated',
            level: 'master',
            start_year: 2019,
            graduation_year: 2021,
            current_position: 'Engineer at Arm',
            profile_image_url: '/files/li.jpg',
          }),
        ],
      },
    }),
    pageInput('/talks', {
      page: 'talks',
      data: {
        talks: [talk(), talk({ title: 'Seminar on Masking', type: 'seminar', date: '2024-05-02', featured: false })],
        pagination: ONE_PAGE,
      },
    }),
    pageInput('/blog', {
      page: 'blog',
      data: {
        posts: [publicPost(), publicPost({ title: 'Notes from CHES', slug: 'notes-from-ches', date: '2024-09-10', cover_image: null })],
        pagination: ONE_PAGE,
      },
    }),
    pageInput('/open-calls', {
      page: 'open_calls',
      data: {
        pagination: ONE_PAGE,
        calls: [openCall(), openCall({ title: 'Postdoc in Verification', slug: 'postdoc', deadline: '2025-06-30', featured: false })],
      },
    }),
    pageInput('/contact', {
      page: 'contact',
      data: {
        stored: true,
        content: contactContent({ email: 'jane@example.org', phone: '+46 31 123 45 67', office_hours: 'Tuesdays 10–12' }),
      },
    }),
    pageInput('/news', { page: 'news', data: { items: fullHomeData().latest_news, pagination: ONE_PAGE } }),
  ];
}

/** Every public page with nothing stored and no content, by route. */
export function emptyInputs(): RenderInput[] {
  return [
    homeInput(),
    pageInput('/about', { page: 'about', data: { stored: false, content: aboutContent(), cv: NO_CV_LISTS } }),
    pageInput('/research', { page: 'research', data: { areas: [] } }),
    pageInput('/publications', {
      page: 'publications',
      data: { publications: [], scholar_url: '', pagination: ONE_PAGE, citations: null, ...NO_FILTERS },
    }),
    pageInput('/projects', { page: 'projects', data: { projects: [], pagination: ONE_PAGE } }),
    pageInput('/teaching', { page: 'teaching', data: { courses: [], pagination: ONE_PAGE } }),
    pageInput('/students', { page: 'students', data: { students: [], pagination: ONE_PAGE } }),
    pageInput('/talks', { page: 'talks', data: { talks: [], pagination: ONE_PAGE } }),
    pageInput('/blog', {
      page: 'blog',
      data: {
        posts: [publicPost(), publicPost({ title: 'Notes from CHES', slug: 'notes-from-ches', date: '2024-09-10', cover_image: null })],
        pagination: ONE_PAGE,
      },
    }),
    pageInput('/open-calls', { page: 'open_calls', data: { calls: [], pagination: ONE_PAGE } }),
    pageInput('/contact', { page: 'contact', data: { stored: false, content: contactContent() } }),
    pageInput('/news', { page: 'news', data: { items: [], pagination: ONE_PAGE } }),
  ];
}
