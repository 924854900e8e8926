/**
 * The page texts of spec section 3 (hero, stats, about, contact): one record per
 * section key, read with the built-in defaults when nothing is stored, saved as
 * an upsert keyed by section (`GET`/`PUT /api/homepage/<section>`).
 */
import { useQuery } from '@tanstack/react-query';
import type { AboutContent, ContactContent, HeroContent, SectionRecord, StatsContent } from '../../api/types';
import { api } from '../api';

export type SectionContents = {
  hero: HeroContent;
  stats: StatsContent;
  about: AboutContent;
  contact: ContactContent;
};
export type SectionKey = keyof SectionContents;

/** How the spec's toasts name each section (section 8). */
const SECTION_NAMES: Record<SectionKey, string> = {
  hero: 'Hero section',
  stats: 'Stats section',
  about: 'About page',
  contact: 'Contact page',
};

/** 'Hero section updated successfully'. */
export function savedMessage(key: SectionKey): string {
  return `${SECTION_NAMES[key]} updated successfully`;
}

/** 'Failed to update hero section: {message}'. */
export function failedMessage(key: SectionKey, message: string): string {
  return `Failed to update ${SECTION_NAMES[key].toLowerCase()}: ${message}`;
}

export function sectionQueryKey(key: SectionKey) {
  return ['homepage', key] as const;
}

export const sectionApi = {
  read: <K extends SectionKey>(key: K, signal?: AbortSignal) =>
    api.get<SectionRecord<SectionContents[K]>>(`/api/homepage/${key}`, { signal }),
  save: <K extends SectionKey>(key: K, content: SectionContents[K]) =>
    api.put<SectionRecord<SectionContents[K]>>(`/api/homepage/${key}`, content),
};

/** The stored section (or its defaults while nothing is stored). */
export function useSection<K extends SectionKey>(key: K) {
  return useQuery({ queryKey: sectionQueryKey(key), queryFn: ({ signal }) => sectionApi.read(key, signal) });
}
