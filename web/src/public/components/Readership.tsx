/**
 * A paper's readers, as its page tells them when the owner asks for it (Site
 * Settings → "Show views and downloads on paper pages"): "312 views · 87 PDF
 * downloads since December 2026". The figures are those the server counted
 * (src/stats) when it rendered the page; the line is server HTML like the rest
 * of the page's content, with no script and nothing loaded later, so it moves
 * nothing on the page.
 */
import type { Readership } from '../../api/types';
import { useT } from '../../i18n/context';
import { countText, monthYearText } from '../../i18n/format';
import type { MessageKey, Translate } from '../../i18n/messages';

/** '1 view', '312 views': the catalogue's `<key>_one` for one, `<key>_other` for any other count. */
function counted(t: Translate, count: number, key: 'readership.views' | 'readership.downloads'): string {
  return t(`${key}_${count === 1 ? 'one' : 'other'}` satisfies MessageKey, { count: countText(t, count) });
}

/** "312 views · 87 PDF downloads since December 2026"; no downloads part for a paper without a PDF of its own. */
export function readershipText(t: Translate, { views, downloads, since }: Readership): string {
  const parts = [counted(t, views, 'readership.views')];
  if (downloads !== null) parts.push(counted(t, downloads, 'readership.downloads'));
  return t('readership.since', { counts: parts.join(' · '), date: monthYearText(t, since) });
}

export function ReadershipLine({ readership, className }: { readership: Readership | null; className?: string }) {
  const t = useT();
  if (!readership) return null;
  return (
    <p className={className} data-readership="">
      {readershipText(t, readership)}
    </p>
  );
}
