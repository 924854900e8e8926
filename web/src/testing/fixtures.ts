/** Sample render inputs shared by the unit tests. */
import type { HeroContent, RenderInput } from '../api/types';

export const SITE = { owner_name: 'Dr. Jane Doe', base_url: 'https://jane.example.org' };

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

export function homeInput(hero: Partial<HeroContent> = {}): RenderInput {
  return { path: '/', site: SITE, page: { page: 'home', data: { hero: heroContent(hero) } } };
}

export function notFoundInput(path = '/no/such/page'): RenderInput {
  return { path, site: SITE, page: { page: 'not_found' } };
}
