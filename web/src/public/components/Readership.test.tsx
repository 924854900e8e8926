/** The public line of a paper's readers: figures, singulars, the month counting began, nothing without figures. */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { translatorFor } from '../../i18n/index';
import { inEnglish } from '../../testing/i18n';
import { ReadershipLine, readershipText } from './Readership';

const t = translatorFor('en');

describe('readershipText', () => {
  it('says the views and PDF downloads since the month of the first counted day', () => {
    expect(readershipText(t, { views: 312, downloads: 87, since: '2026-12-03' })).toBe('312 views · 87 PDF downloads since December 2026');
  });

  it('says one view and one download in the singular, and zero in the plural', () => {
    expect(readershipText(t, { views: 1, downloads: 1, since: '2027-01-31' })).toBe('1 view · 1 PDF download since January 2027');
    expect(readershipText(t, { views: 0, downloads: 4, since: '2027-02-01' })).toBe('0 views · 4 PDF downloads since February 2027');
  });

  it('has no downloads part for a paper without a PDF of its own', () => {
    expect(readershipText(t, { views: 12, downloads: null, since: '2026-11-27' })).toBe('12 views since November 2026');
  });

  it('groups the digits of large figures', () => {
    expect(readershipText(t, { views: 1234567, downloads: 1000, since: '2026-11-27' })).toBe(
      '1,234,567 views · 1,000 PDF downloads since November 2026',
    );
  });
});

describe('ReadershipLine', () => {
  it('is one paragraph of text', () => {
    const html = renderToString(
      inEnglish(<ReadershipLine readership={{ views: 3, downloads: 1, since: '2026-11-27' }} className="mt-2" />),
    );
    expect(html).toBe('<p class="mt-2" data-readership="">3 views · 1 PDF download since November 2026</p>');
  });

  it('is nothing when nothing is shown', () => {
    expect(renderToString(inEnglish(<ReadershipLine readership={null} />))).toBe('');
  });
});
