/**
 * The dashboard's count of outdated translations (issue 45): per language,
 * the translations whose source text was edited since, each linking to that
 * language's list on /admin/translations; nothing while none is outdated.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { queryKeys, translationsApi } from '../endpoints';

export function OutdatedTranslationsCard() {
  const { data } = useQuery({ queryKey: queryKeys.outdatedTranslations, queryFn: translationsApi.outdated, staleTime: 0 });
  const outdated = (data ?? []).filter((count) => count.outdated > 0);
  if (outdated.length === 0) return null;
  return (
    <section
      aria-labelledby="outdated-translations-title"
      className="mb-8 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <h2 id="outdated-translations-title" className="font-semibold">
        Outdated translations
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">Their source text changed since they were written. Visitors still read them.</p>
      <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {outdated.map(({ lang, outdated: count }) => (
          <li key={lang}>
            <Link
              to={`/admin/translations?lang=${encodeURIComponent(lang)}`}
              className="font-medium text-primary underline underline-offset-4 focus-ring"
            >
              <span lang={lang}>{lang}</span>: {count} outdated
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
