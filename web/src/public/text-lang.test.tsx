/**
 * Issue 45: on a page in one language, a text shown in another (the owner's own,
 * where no translation exists yet) is marked with its `lang`, so a screen reader
 * switches voice; a text in the page's language is not.
 */
import { describe, expect, it } from 'vitest';
import { render } from '../ssr/render';
import { failOnConsoleNoise } from '../testing/console';
import { newsItem, pageInput, project, researchArea, talk } from '../testing/fixtures';

failOnConsoleNoise();

const GERMAN = { lang: 'de' };

describe('texts in another language than the page', () => {
  it('marks an untranslated news text with its language, and leaves the translated one alone', () => {
    const item = newsItem({ id: 'n1', title: 'Förderung erhalten', content: 'We won the grant.' });
    const input = pageInput('/news', { page: 'news', data: { items: [item], pagination: { page: 1, pages: 1 } } }, GERMAN, {
      'news:n1:content': 'en',
    });
    const { body } = render(input);
    expect(body).toMatch(/<p lang="en"[^>]*>.*We won the grant\./);
    expect(body).toMatch(/<h2 class="[^"]*">Förderung erhalten<\/h2>/);
  });

  it('marks the research areas, projects and talks the same way', () => {
    const area = researchArea({ id: 'a1' });
    const areas = render(
      pageInput('/research', { page: 'research', data: { areas: [area] } }, GERMAN, { 'research_area:a1:content': 'en' }),
    );
    expect(areas.body).toMatch(/<div lang="en"[^>]*>.*side channels/);
    const shown = project({ id: 'p1' });
    const projects = render(
      pageInput('/projects', { page: 'projects', data: { projects: [shown], pagination: { page: 1, pages: 1 } } }, GERMAN, {
        'project:p1:title': 'zh-Hans',
      }),
    );
    expect(projects.body).toMatch(/<h2 lang="zh-Hans"[^>]*>SecureBoot for RISC-V<\/h2>/);
    const given = talk({ id: 't1', abstract: 'On masking.' });
    const talks = render(
      pageInput('/talks', { page: 'talks', data: { talks: [given], pagination: { page: 1, pages: 1 } } }, GERMAN, {
        'talk:t1:abstract': 'en',
      }),
    );
    expect(talks.body).toMatch(/<p lang="en"[^>]*>On masking\.<\/p>/);
  });

  it('adds no attribute on a page in the owner’s own language', () => {
    const item = newsItem({ id: 'n1' });
    const { body } = render(pageInput('/news', { page: 'news', data: { items: [item], pagination: { page: 1, pages: 1 } } }));
    expect(body).not.toContain(' lang=');
  });
});
