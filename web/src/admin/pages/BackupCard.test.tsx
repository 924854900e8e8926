import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BackupCard } from './BackupCard';

describe('BackupCard', () => {
  it('offers the archive as a download from the owner-only endpoint', () => {
    const html = renderToStaticMarkup(<BackupCard />);
    const link = /<a [^>]*>(?:(?!<\/a>).)*Download backup<\/a>/s.exec(html)?.[0] ?? '';
    expect(link).toContain('href="/api/backup"');
    expect(link).toMatch(/\sdownload(="")?[\s>]/);
    expect(html).toContain('vita restore');
  });
});
