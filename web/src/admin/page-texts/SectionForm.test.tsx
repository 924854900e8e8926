// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import type { AboutContent, HeroContent, SectionRecord } from '../../api/types';
import { MAX_LONG, MAX_SHORT } from '../../api/rules';
import { longText, optionalLine } from '../entities/kit';
import { ABOUT_FORM } from './AboutScreen';
import { HERO_FORM } from './HomepageScreen';
import { failedMessage, savedMessage, type SectionKey } from './section-api';
import { CODE_NEEDED, CONFIRMATION_NEEDED, NOT_ALLOWED, RETENTION_MESSAGE, addsScript, settingsSchema } from './SettingsScreen';
import { domPerTest, fakeServer, type SentRequest } from './testing';
import { isSitePath } from '../entities/kit';
import { LINK_MESSAGE, SectionForm, linkRule, urlRule, type SectionLayout } from './SectionForm';

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast }));

const ABOUT: AboutContent = {
  title: 'About Me',
  bio: 'Default bio',
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
};

const HERO: HeroContent = {
  name: 'Dr. Default',
  title: 'Associate Professor',
  institution: 'A Swedish university',
  bio: 'Bio',
  profile_image_url: '/profile-placeholder.svg',
  profile_image_alt: 'Portrait',
  google_scholar_url: '',
  cv_url: '',
  phone: '',
  website_url: '',
  linkedin_url: '',
};

function record<T>(section: SectionKey, content: T, stored = false): SectionRecord<T> {
  return { section, content, updated_at: stored ? '2025-01-01T00:00:00Z' : null };
}

const dom = domPerTest();
let requests: SentRequest[] = [];

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

function aboutForm() {
  return (
    <SectionForm section="about" record={record('about', ABOUT)} spec={ABOUT_FORM} submitLabel="Update About Page" formLabel="About">
      {({ Field }) => (
        <>
          <Field.Text name="title" label="Title" />
          <Field.TextArea name="bio" label="Biography" />
        </>
      )}
    </SectionForm>
  );
}

function control(label: string): HTMLInputElement | HTMLTextAreaElement {
  const labelElement = [...dom.container().querySelectorAll('label')].find((l) => l.textContent === label);
  const element = labelElement && dom.container().querySelector<HTMLInputElement>(`[id="${labelElement.htmlFor}"]`);
  if (!element) throw new Error(`no field ${label}`);
  return element;
}

/** Types into a field the way React sees a user's input. */
async function type(label: string, value: string) {
  const element = control(label);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    dom.container().querySelector('form')!.requestSubmit();
  });
  // react-hook-form validates asynchronously, then the mutation settles.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('SectionForm', () => {
  it('starts from the content it is given and saves all of it with the spec toast', async () => {
    const saved = { ...ABOUT, title: 'About Dr. Lindberg' };
    requests = fakeServer({ status: 200, body: record('about', saved, true) });
    await dom.render(aboutForm());
    expect(control('Biography').value).toBe('Default bio');
    await type('Title', '  About Dr. Lindberg ');
    await submit();
    expect(requests).toEqual([{ call: 'PUT /api/homepage/about', body: saved }]);
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'About page updated successfully' });
  });

  it("puts the server's field messages next to the fields and names the section in the error toast", async () => {
    requests = fakeServer({
      status: 422,
      body: {
        error: {
          code: 'validation',
          message: 'Title must be at most 1000 characters',
          fields: { title: 'Title must be at most 1000 characters' },
        },
      },
    });
    await dom.render(aboutForm());
    await submit();
    expect(dom.container().textContent).toContain('Title must be at most 1000 characters');
    expect(control('Title').getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).toHaveBeenCalledWith('Error', {
      description: 'Failed to update about page: Title must be at most 1000 characters',
    });
  });

  it('checks links before sending', async () => {
    requests = fakeServer();
    await dom.render(
      <SectionForm section="hero" record={record('hero', HERO)} spec={HERO_FORM} submitLabel="Update Hero Section" formLabel="Hero">
        {({ Field }) => <Field.Text name="cv_url" label="CV URL" />}
      </SectionForm>,
    );
    await type('CV URL', 'javascript:alert(1)');
    await submit();
    expect(requests).toEqual([]);
    expect(dom.container().textContent).toContain(LINK_MESSAGE);
    expect(control('CV URL').getAttribute('aria-invalid')).toBe('true');
  });

  it('stores one field over the stored content, keeping other edits unsaved in the form', async () => {
    const onServer = { ...HERO, name: 'Dr. Stored Elsewhere' };
    const url = '/files/cv-files/17-abc.pdf';
    requests = fakeServer(
      { status: 200, body: record('hero', onServer, true) },
      { status: 200, body: record('hero', { ...onServer, cv_url: url }, true) },
    );
    let layout: SectionLayout<HeroContent> | null = null;
    await dom.render(
      <SectionForm section="hero" record={record('hero', HERO)} spec={HERO_FORM} submitLabel="Update Hero Section" formLabel="Hero">
        {(given) => {
          layout = given;
          return (
            <>
              <given.Field.Text name="name" label="Name" />
              <given.Field.Text name="cv_url" label="CV URL" />
            </>
          );
        }}
      </SectionForm>,
    );
    await type('Name', 'Unsaved Name');
    await act(async () => layout!.saveField('cv_url', url));
    expect(requests).toEqual([
      { call: 'GET /api/homepage/hero', body: undefined },
      { call: 'PUT /api/homepage/hero', body: { ...onServer, cv_url: url } },
    ]);
    expect(control('CV URL').value).toBe(url);
    expect(control('Name').value).toBe('Unsaved Name');
  });
});

describe('page-text rules', () => {
  const message = (rule: z.ZodType, value: unknown) => rule.safeParse(value).error?.issues[0]?.message ?? true;
  /** Stored settings with this analytics script and the defaults otherwise. */
  const storedSettings = (analytics_script_url: string) => ({
    analytics_script_url,
    analytics_own_origin: '',
    show_students_publicly: false,
    orcid_id: '',
    openalex_api_key: '',
    show_citation_counts: false,
    cv_citation_style: 'ieee' as const,
    cv_paper_size: 'a4' as const,
    cv_button: 'uploaded' as const,
    statistics: 'visitors' as const,
    statistics_retention_months: 25,
    show_paper_statistics: false,
    menu: [],
    hide_empty_sections: false,
    languages: ['en'],
    texts: {},
  });

  it('takes http(s) links, site paths and blanks, as the server does', () => {
    const link = linkRule('CV URL');
    expect(message(link, '')).toBe(true);
    expect(message(link, '  ')).toBe(true);
    expect(message(link, 'https://scholar.google.com/citations?user=x')).toBe(true);
    expect(message(link, 'HTTPS://EXAMPLE.ORG/cv.pdf')).toBe(true);
    expect(message(link, ' /files/cv-files/1700000000000-abc.pdf ')).toBe(true);
    expect(message(link, 'javascript:alert(1)')).toBe(LINK_MESSAGE);
    expect(message(link, '//evil.example/x.pdf')).toBe(LINK_MESSAGE);
    expect(message(link, 'www.example.org')).toBe(LINK_MESSAGE);
    expect(message(link, '/files/a b.pdf')).toBe(LINK_MESSAGE);
    expect(message(link, '/\\evil.example')).toBe(LINK_MESSAGE);
    expect(message(link, '/files/\u0007.pdf')).toBe(LINK_MESSAGE);
    expect(isSitePath('/profile-placeholder.svg')).toBe(true);
  });

  it('takes only http(s) links for links to elsewhere (Scholar, LinkedIn, a website)', () => {
    const url = urlRule('Website URL');
    expect(message(url, 'https://example.org')).toBe(true);
    expect(message(url, '/files/cv-files/1-a.pdf')).toBe(LINK_MESSAGE);
    expect(message(url, 'https://good.example@evil.example')).toBe(LINK_MESSAGE);
  });

  it('limits single-line texts to the short and multi-line ones to the long limit, after trimming, in characters', () => {
    expect(message(optionalLine('Title'), 'x'.repeat(MAX_SHORT))).toBe(true);
    expect(message(optionalLine('Title'), ` ${'x'.repeat(MAX_SHORT)} `)).toBe(true);
    expect(message(optionalLine('Title'), 'x'.repeat(MAX_SHORT + 1))).toBe('Title must be at most 1000 characters');
    // Characters, not UTF-16 units: 1000 emoji are 2000 units.
    expect(message(optionalLine('Title'), '🔬'.repeat(MAX_SHORT))).toBe(true);
    expect(message(linkRule('CV URL'), `https://example.org/${'x'.repeat(MAX_SHORT)}`)).toBe('CV URL must be at most 1000 characters');
    expect(message(longText('Bio'), 'x'.repeat(MAX_SHORT + 1))).toBe(true);
    expect(message(longText('Bio'), 'x'.repeat(MAX_LONG + 1))).toBe('Bio must be at most 200000 characters');
  });

  it("takes only a listed provider's analytics script or one from the declared own domain, as src/content/settings.rs", () => {
    const stored = storedSettings('');
    const schema = settingsSchema(['https://plausible.io'], stored, false);
    const script = (url: string, own = '') =>
      message(schema, {
        ...stored,
        statistics_retention_months: '25',
        analytics_script_url: url,
        analytics_own_origin: own,
        current_password: 'pw',
        code: '',
      } as never);
    expect(script('')).toBe(true);
    expect(script('https://plausible.io/js/script.js')).toBe(true);
    expect(script('http://plausible.io/js/script.js')).toBe('The script URL must start with https://');
    expect(script('https://counter.example.com/count.js')).toBe(NOT_ALLOWED);
    expect(script('https://plausible.io.evil.example/x.js')).toBe(NOT_ALLOWED);
    expect(script('https://stats.example.org/s.js', 'https://stats.example.org')).toBe(true);
    expect(script('https://stats.example.org/s.js', 'https://other.example.org')).toBe(NOT_ALLOWED);
    expect(script('', 'https://stats.example.org/path')).toBe('Your analytics domain must be like https://stats.example.org (no path)');
  });

  it('asks for the password, and the code with two-factor authentication on, only for a new script', () => {
    const stored = storedSettings('https://plausible.io/js/script.js');
    const values = (changes: object) =>
      ({
        ...stored,
        statistics_retention_months: String(stored.statistics_retention_months),
        current_password: '',
        code: '',
        ...changes,
      }) as never;
    const withoutCode = settingsSchema(['https://plausible.io'], stored, false);
    const withCode = settingsSchema(['https://plausible.io'], stored, true);
    expect(message(withoutCode, values({ show_students_publicly: true }))).toBe(true);
    expect(message(withoutCode, values({ analytics_script_url: '' }))).toBe(true);
    expect(message(withoutCode, values({ statistics_retention_months: '0' }))).toBe(RETENTION_MESSAGE);
    expect(message(withoutCode, values({ statistics_retention_months: '2.5' }))).toBe(RETENTION_MESSAGE);
    expect(message(withoutCode, values({ statistics_retention_months: ' 120 ' }))).toBe(true);
    expect(message(withoutCode, values({ show_paper_statistics: true }))).toBe(true);
    expect(message(withoutCode, values({ show_paper_statistics: 'yes' }))).not.toBe(true);
    expect(message(withoutCode, values({ analytics_script_url: 'https://plausible.io/js/script.outbound.js' }))).toBe(CONFIRMATION_NEEDED);
    expect(message(withoutCode, values({ analytics_script_url: 'https://plausible.io/js/other.js', current_password: 'pw' }))).toBe(true);
    expect(message(withCode, values({ analytics_script_url: 'https://plausible.io/js/other.js', current_password: 'pw' }))).toBe(
      CODE_NEEDED,
    );
    expect(
      addsScript({ analytics_script_url: stored.analytics_script_url, analytics_own_origin: 'https://Stats.example.org/' }, stored),
    ).toBe(true);
    expect(addsScript({ analytics_script_url: '', analytics_own_origin: '' }, stored)).toBe(false);
  });

  it("words the toasts as the spec's section 8", () => {
    expect(savedMessage('hero')).toBe('Hero section updated successfully');
    expect(savedMessage('stats')).toBe('Stats section updated successfully');
    expect(savedMessage('about')).toBe('About page updated successfully');
    expect(savedMessage('contact')).toBe('Contact page updated successfully');
    expect(failedMessage('hero', 'boom')).toBe('Failed to update hero section: boom');
    expect(failedMessage('stats', 'boom')).toBe('Failed to update stats section: boom');
    expect(failedMessage('about', 'boom')).toBe('Failed to update about page: boom');
    expect(failedMessage('contact', 'boom')).toBe('Failed to update contact page: boom');
  });
});
