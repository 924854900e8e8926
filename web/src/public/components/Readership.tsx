/**
 * A paper's readers, as its page tells them when the owner asks for it (Site
 * Settings → "Show views and downloads on paper pages"): "312 views · 87 PDF
 * downloads since December 2026". The figures are those the server counted
 * (src/stats) when it rendered the page; the line is server HTML like the rest
 * of the page's content, with no script and nothing loaded later, so it moves
 * nothing on the page.
 */
import type { Readership } from '../../api/types';
import { formatCount, formatMonthYear } from '../../lib/format';

function counted(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

/** "312 views · 87 PDF downloads since December 2026"; no downloads part for a paper without a PDF of its own. */
export function readershipText({ views, downloads, since }: Readership): string {
  const parts = [counted(views, 'view', 'views')];
  if (downloads !== null) parts.push(counted(downloads, 'PDF download', 'PDF downloads'));
  return `${parts.join(' · ')} since ${formatMonthYear(since)}`;
}

export function ReadershipLine({ readership, className }: { readership: Readership | null; className?: string }) {
  if (!readership) return null;
  return (
    <p className={className} data-readership="">
      {readershipText(readership)}
    </p>
  );
}
