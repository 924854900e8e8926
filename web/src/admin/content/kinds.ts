/**
 * The admin's content tables and the words the spec uses for each (section 8
 * toasts, section 4 delete confirmations). One record per table, so every
 * screen says the same things the same way.
 */
export type ContentKind = {
  /** The table's path under /api (`/api/news`, `/api/admin/news`, `/api/news/<id>`). */
  path: string;
  /** Start of the success toasts: '<label> created successfully'. */
  label: string;
  /** In the delete question: 'Are you sure you want to delete this <noun>?' */
  noun: string;
  /** Toast text when a save fails without a server message. */
  saveFallback: string;
  /** Toast text when a delete fails without a server message. */
  deleteFallback: string;
};

const GENERIC = 'An error occurred';

export const KINDS = {
  news: { path: 'news', label: 'News item', noun: 'news item', saveFallback: GENERIC, deleteFallback: GENERIC },
  publications: { path: 'publications', label: 'Publication', noun: 'publication', saveFallback: GENERIC, deleteFallback: GENERIC },
  researchAreas: { path: 'research-areas', label: 'Research area', noun: 'research area', saveFallback: GENERIC, deleteFallback: GENERIC },
  projects: { path: 'projects', label: 'Project', noun: 'project', saveFallback: GENERIC, deleteFallback: GENERIC },
  students: { path: 'students', label: 'Student', noun: 'student', saveFallback: GENERIC, deleteFallback: 'Failed to delete student' },
  courses: { path: 'courses', label: 'Course', noun: 'course', saveFallback: GENERIC, deleteFallback: 'Failed to delete course' },
  talks: { path: 'talks', label: 'Talk', noun: 'talk', saveFallback: GENERIC, deleteFallback: 'Failed to delete talk' },
  tags: { path: 'tags', label: 'Tag', noun: 'tag', saveFallback: GENERIC, deleteFallback: 'Failed to delete tag' },
  openCalls: {
    path: 'open-calls',
    label: 'Open call',
    noun: 'open call',
    saveFallback: 'Failed to save open call',
    deleteFallback: 'Failed to delete open call',
  },
} as const satisfies Record<string, ContentKind>;

export function deleteQuestion(kind: ContentKind): string {
  return `Are you sure you want to delete this ${kind.noun}?`;
}
