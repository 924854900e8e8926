// @vitest-environment happy-dom
/**
 * The spec's loading states (§2, §9). Pages get their data with the HTML, so a
 * normal page load never shows them; they are what the lists show while their
 * data loads on the client (`loading`).
 */
import { renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../testing/i18n';
import { SITE } from '../../testing/fixtures';
import { CourseList } from './Courses';
import { LatestNewsGrid } from './News';
import { OpenCallList } from './OpenCalls';
import { FeaturedProjectGrid, ProjectList } from './Projects';
import { FeaturedPublications, PublicationList } from './Publications';
import { ResearchAreaGrid } from './ResearchAreas';
import { StudentGroups } from './Students';
import { TalkList } from './Talks';

function dom(element: ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(inEnglish(element));
  return root;
}

const skeletons = (root: HTMLElement) => root.querySelectorAll('[data-skeleton]').length;

describe('loading texts', () => {
  // biome-ignore-start lint/correctness/useJsxKeyInIterable: test-case table for it.each, not a rendered list; each element is rendered on its own
  it.each([
    ['projects', <ProjectList projects={[]} site={SITE} loading />, 'Loading projects...'],
    ['courses', <CourseList courses={[]} site={SITE} loading />, 'Loading courses...'],
    ['students', <StudentGroups students={[]} site={SITE} loading />, 'Loading students...'],
    ['talks', <TalkList talks={[]} site={SITE} loading />, 'Loading talks...'],
    // biome-ignore-end lint/correctness/useJsxKeyInIterable: end of the test-case table
  ])('%s: %s', (_, element, message) => {
    const status = dom(element).querySelector('[role="status"]');
    expect(status?.textContent).toBe(message);
  });

  it('are replaced by the empty message once loaded', () => {
    expect(dom(<ProjectList projects={[]} site={SITE} />).textContent).toBe('No projects available yet.');
    expect(dom(<TalkList talks={[]} site={SITE} />).textContent).toBe('No talks and presentations available yet.');
  });
});

describe('skeleton cards', () => {
  // biome-ignore-start lint/correctness/useJsxKeyInIterable: test-case table for it.each, not a rendered list; each element is rendered on its own
  it.each([
    ['open calls', <OpenCallList calls={[]} site={SITE} loading />, 3],
    ['home: featured publications', <FeaturedPublications publications={[]} site={SITE} loading />, 3],
    ['home: projects', <FeaturedProjectGrid projects={[]} loading />, 2],
    ['home: news', <LatestNewsGrid items={[]} loading />, 3],
    ['home: research areas', <ResearchAreaGrid areas={[]} loading />, 3],
    ['publications', <PublicationList publications={[]} site={SITE} loading />, 4],
    // biome-ignore-end lint/correctness/useJsxKeyInIterable: end of the test-case table
  ])('%s: %d placeholders', (_, element, count) => {
    const root = dom(element);
    expect(skeletons(root)).toBe(count);
    expect(root.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading');
  });

  it('the featured publications keep their heading while loading and render nothing once empty', () => {
    expect(dom(<FeaturedPublications publications={[]} site={SITE} loading />).querySelector('h2')?.textContent).toBe(
      'Featured Publications',
    );
    expect(renderToString(inEnglish(<FeaturedPublications publications={[]} site={SITE} />))).toBe('');
  });

  it('the open calls show their message after a failed or empty load', () => {
    expect(dom(<OpenCallList calls={[]} site={SITE} />).textContent).toBe(
      'No open calls available at the moment. Please check back later.',
    );
  });

  it('the publications show the error text after a failed load', () => {
    expect(dom(<PublicationList publications={[]} site={SITE} error />).textContent).toBe('Error loading publications');
  });
});
