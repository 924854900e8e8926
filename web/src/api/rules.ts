// Generated from src/rules/mod.rs by `VITA_UPDATE_TYPES=1 cargo test types`. Do not edit.
// The server enforces these rules; the admin forms show the same ones before sending.

import type { ContentStatus, PublicationKind, TalkType, CourseTerm, CourseRole, StudentLevel, StudentStatus, ServiceKind, CitationStyle, PaperSize, CvButton, AboutBlockSource, TranslationKind, TextFormat } from './types';

/** Single-line text, in characters (code points, not UTF-16 units) after trimming. */
export const MAX_SHORT = 1000;
export const MAX_LONG = 200000;
export const YEAR = { min: 1000, max: 9999 } as const;
export const DATE_YEARS = { min: 1900, max: 2200 } as const;
export const MONTH = { min: 1, max: 12 } as const;
export const CREDITS = { min: 0, max: 1000 } as const;
export const STUDENTS_COUNT = { min: 0, max: 1000000 } as const;
export const CV_YEARS = { min: 1900, max: 2100 } as const;
export const AMOUNT = { min: 0, max: 1000000000000000 } as const;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 1024;
export const DEFAULT_COLOR = '#3b82f6';

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
export const HTTP_URL_PATTERN = /^https?:\/\/[^\s\/?#\\@\x00-\x1F\x7F-\x9F]+(?:[\/?#][^\s\\\x00-\x1F\x7F-\x9F]*)?$/i;
export const SITE_PATH_PATTERN = /^\/(?:[^\/\s\\\x00-\x1F\x7F-\x9F][^\s\\\x00-\x1F\x7F-\x9F]*)?$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.][^\s@]*\.[^\s@]*[^\s@.]$/;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export const DOI_PATTERN = /^\s*(?:(?:https?:\/\/(?:dx\.)?doi\.org\/|doi\.org\/|doi:)\s*)?10\.[0-9]+(?:\.[0-9]+)*\/[^\s\x00-\x1F\x7F-\x9F]+\s*$/i;
export const HTML_TAG_PATTERN = /<[A-Za-z!\/?]/;
/** What a DOI must look like, as the server says it. */
export const DOI_RULE = 'A DOI starts with 10., a registrant code, a slash and a suffix, e.g. 10.1145/3448016.3452841 (doi: and https://doi.org/ in front are accepted)';

/** The fields that take a translation, per kind of item, with their format (src/content/translations.rs). */
export const TRANSLATABLE_FIELDS = {
  hero: { title: 'short', institution: 'short', bio: 'long', profile_image_alt: 'short' },
  about: { title: 'short', bio: 'long', background: 'long', research_interests: 'long', education: 'long', experience: 'long', awards: 'long', leadership: 'long', service: 'long', personal: 'long' },
  contact: { title: 'short', subtitle: 'short', office_hours: 'long', additional_info: 'long' },
  stats: { publications_label: 'short', publications_description: 'short', students_label: 'short', students_description: 'short', courses_label: 'short', courses_description: 'short', research_areas_label: 'short', research_areas_description: 'short' },
  research_area: { title: 'short', description: 'long', content: 'html' },
  project: { title: 'short', summary: 'long', content: 'long' },
  news: { title: 'short', content: 'long', link_text: 'short' },
  talk: { title: 'short', abstract: 'long' },
  course: { title: 'short', description: 'long' },
  post: { title: 'short', summary: 'long', content: 'html' },
  cv_appointment: { title: 'short' },
  cv_education: { degree: 'short', field: 'short', thesis_title: 'short' },
  cv_award: { name: 'short' },
  cv_grant: { title: 'short', role: 'short' },
  cv_service: { role: 'short' },
  cv_other: { title: 'short', content: 'html' },
} as const satisfies Record<TranslationKind, Record<string, TextFormat>>;

export const CONTENT_STATUSES = ['published', 'draft'] as const satisfies readonly ContentStatus[];
export const DEFAULT_CONTENT_STATUS: ContentStatus = 'published';

export const PUBLICATION_KINDS = ['journal-article', 'conference-paper', 'preprint', 'book', 'book-chapter', 'thesis', 'report', 'other'] as const satisfies readonly PublicationKind[];
export const DEFAULT_PUBLICATION_KIND: PublicationKind = 'conference-paper';

export const TALK_TYPES = ['invited', 'keynote', 'conference', 'workshop', 'seminar', 'webinar'] as const satisfies readonly TalkType[];
export const DEFAULT_TALK_TYPE: TalkType = 'invited';

export const COURSE_TERMS = ['spring', 'summer', 'fall', 'winter'] as const satisfies readonly CourseTerm[];
export const DEFAULT_COURSE_TERM: CourseTerm = 'fall';

export const COURSE_ROLES = ['instructor', 'co-instructor', 'lecturer', 'teaching-assistant'] as const satisfies readonly CourseRole[];
export const DEFAULT_COURSE_ROLE: CourseRole = 'instructor';

export const STUDENT_LEVELS = ['bachelor', 'master', 'phd'] as const satisfies readonly StudentLevel[];
export const DEFAULT_STUDENT_LEVEL: StudentLevel = 'phd';

export const STUDENT_STATUSES = ['current', 'graduated'] as const satisfies readonly StudentStatus[];
export const DEFAULT_STUDENT_STATUS: StudentStatus = 'current';

export const SERVICE_KINDS = ['committee', 'editorial-board', 'reviewing', 'other'] as const satisfies readonly ServiceKind[];
export const DEFAULT_SERVICE_KIND: ServiceKind = 'committee';

export const CITATION_STYLES = ['ieee', 'apa'] as const satisfies readonly CitationStyle[];
export const DEFAULT_CITATION_STYLE: CitationStyle = 'ieee';

export const PAPER_SIZES = ['a4', 'us-letter'] as const satisfies readonly PaperSize[];
export const DEFAULT_PAPER_SIZE: PaperSize = 'a4';

export const CV_BUTTONS = ['uploaded', 'generated'] as const satisfies readonly CvButton[];
export const DEFAULT_CV_BUTTON: CvButton = 'uploaded';

export const ABOUT_BLOCK_SOURCES = ['text', 'cv'] as const satisfies readonly AboutBlockSource[];
export const DEFAULT_ABOUT_BLOCK_SOURCE: AboutBlockSource = 'text';
