/**
 * The dashboard's list of the public texts still the spec's sample (issue 44):
 * a new site shows a made-up owner until its owner writes their own. Each
 * text visitors still read as it came, grouped by the screen that edits it,
 * with a link there; nothing once every one is the owner's. The server decides
 * what is sample (`GET /api/admin/sample-texts`).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SampleText } from '../../api/types';
import { buttonClassName } from '../../components/ui/button';
import { queryKeys, sampleTextsApi } from '../endpoints';

/** The texts grouped by where they are read, in the server's order. */
export function groupByPlace(texts: SampleText[]): { place: string; editPath: string; texts: SampleText[] }[] {
  const groups: { place: string; editPath: string; texts: SampleText[] }[] = [];
  for (const text of texts) {
    const last = groups.at(-1);
    if (last && last.place === text.place) last.texts.push(text);
    else groups.push({ place: text.place, editPath: text.edit_path, texts: [text] });
  }
  return groups;
}

const INTRODUCTION = ['hero.name', 'hero.title', 'hero.institution', 'hero.profile_image_url'];

export function SampleTextsCard() {
  // Read again on every visit: a text saved a moment ago on another screen is no longer sample.
  const { data } = useQuery({ queryKey: queryKeys.sampleTexts, queryFn: sampleTextsApi.list, staleTime: 0 });
  if (!data || data.length === 0) return null;
  // The first-run step writes the hero's name, title, institution and photo.
  const introduced = !data.some((text) => INTRODUCTION.includes(text.key));
  return (
    <section
      aria-labelledby="sample-texts-title"
      className="mb-8 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="sample-texts-title" className="font-semibold">
            Sample text still on your site
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            Visitors read {data.length === 1 ? 'this text' : `these ${data.length} texts`} as the site came. Replace them with your own.
          </p>
        </div>
        {introduced ? null : (
          <Link to="/admin/welcome" className={buttonClassName('primary', 'sm')}>
            Introduce yourself
          </Link>
        )}
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {groupByPlace(data).map((group) => (
          <li key={group.place} className="min-w-0">
            <h3 className="flex items-baseline justify-between gap-2 text-sm font-semibold">
              {group.place}
              <Link to={group.editPath} className="text-sm font-medium text-primary underline underline-offset-4 focus-ring">
                Edit<span className="sr-only"> {group.place}</span>
              </Link>
            </h3>
            <ul className="mt-2 space-y-1 text-sm">
              {group.texts.map((text) => (
                <li key={text.key} className="line-clamp-2 wrap-anywhere">
                  <span className="font-medium">{text.label}:</span> <span className="text-muted-foreground">{text.text}</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
