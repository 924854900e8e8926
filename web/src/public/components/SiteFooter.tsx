import { useT } from '../../i18n/context';
import { splitAt } from '../../i18n/messages';
import { initials } from '../../lib/initials';
import { useLocalized } from '../language';

export function SiteFooter({ ownerName }: { ownerName: string }) {
  const local = useLocalized();
  const t = useT();
  const [poweredBy, afterVita] = splitAt(t('frame.powered_by'), 'vita');
  return (
    <footer className="border-t border-border bg-muted/40 print:hidden">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:px-6 lg:px-8">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
          >
            {initials(ownerName)}
          </span>
          <p>{t('frame.rights', { name: ownerName })}</p>
        </div>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <a href={local('/cv')} className="font-medium text-foreground underline-offset-2 hover:underline">
            {t('frame.cv')}
          </a>
          <span>
            {poweredBy}
            <span className="font-medium text-foreground">Vita</span>
            {afterVita}
          </span>
        </p>
      </div>
    </footer>
  );
}
