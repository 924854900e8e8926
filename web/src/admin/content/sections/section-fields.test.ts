import { describe, expect, it } from 'vitest';
import { failedMessage, savedMessage } from './section-api';
import { LINK_MESSAGE, MAX_LONG, MAX_SHORT, checkField, isSitePath } from './section-fields';

describe('page-text fields', () => {
  const link = { label: 'CV URL', kind: 'link' } as const;

  it('takes http(s) links, site paths and blanks, as the server does', () => {
    expect(checkField(link, '')).toBe(true);
    expect(checkField(link, '  ')).toBe(true);
    expect(checkField(link, 'https://scholar.google.com/citations?user=x')).toBe(true);
    expect(checkField(link, ' /files/cv-files/1700000000000-abc.pdf ')).toBe(true);
    expect(checkField(link, 'javascript:alert(1)')).toBe(LINK_MESSAGE);
    expect(checkField(link, '//evil.example/x.pdf')).toBe(LINK_MESSAGE);
    expect(checkField(link, 'www.example.org')).toBe(LINK_MESSAGE);
    expect(checkField(link, '/files/a b.pdf')).toBe(LINK_MESSAGE);
    expect(isSitePath('/profile-placeholder.svg')).toBe(true);
  });

  it('limits single-line texts to the short and multi-line ones to the long limit, after trimming', () => {
    expect(checkField({ label: 'Title' }, 'x'.repeat(MAX_SHORT))).toBe(true);
    expect(checkField({ label: 'Title' }, ` ${'x'.repeat(MAX_SHORT)} `)).toBe(true);
    expect(checkField({ label: 'Title' }, 'x'.repeat(MAX_SHORT + 1))).toBe('Title must be at most 1000 characters');
    // Characters, not UTF-16 units: 1000 emoji are 2000 units.
    expect(checkField({ label: 'Title' }, '🔬'.repeat(MAX_SHORT))).toBe(true);
    expect(checkField({ label: 'Bio', kind: 'multiline' }, 'x'.repeat(MAX_SHORT + 1))).toBe(true);
    expect(checkField({ label: 'Bio', kind: 'multiline' }, 'x'.repeat(MAX_LONG + 1))).toBe('Bio must be at most 200000 characters');
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
