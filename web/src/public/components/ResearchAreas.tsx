import { Brain, Cpu, Shield } from '../../components/icons';
import type { ResearchArea, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { CARD, EmptyState, RichText, Skeletons } from './ui';
import { MathText } from '../math';
import { useLocalized } from '../language';
import { sentence } from '../sentences';
import { useTextLang } from '../text-lang';

/** The icons a research area can name (spec §3); any other name shows Shield. */
const ICONS = { Shield, Cpu, Brain } as const;

const DEFAULT_COLOR = '#3b82f6';
const HEX_COLOR = /^#(?:[0-9a-f]{3}){1,2}$/i;

/** The area's colour, or the default when it is not a hex colour. */
export function areaColor(color: string): string {
  return HEX_COLOR.test(color) ? color : DEFAULT_COLOR;
}

export function AreaIcon({ area, className }: { area: ResearchArea; className?: string }) {
  const Icon = ICONS[area.icon as keyof typeof ICONS] ?? Shield;
  const color = areaColor(area.color);
  return (
    <span
      aria-hidden="true"
      className={cn('relative flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-xl', className)}
      style={{ color }}
    >
      <span className="absolute inset-0 bg-current opacity-15" />
      <Icon className="relative size-6" />
    </span>
  );
}

/** Home page: a card per area (title and description), 3 placeholders while loading. */
export function ResearchAreaGrid({ areas, loading = false }: { areas: ResearchArea[]; loading?: boolean }) {
  const local = useLocalized();
  const grid = 'grid gap-6 md:grid-cols-2 lg:grid-cols-3';
  const lang = useTextLang();
  if (loading) return <Skeletons count={3} className={grid} />;
  return (
    <ul className={grid}>
      {areas.map((area) => (
        <li key={area.id} className={cn(CARD, 'relative overflow-hidden p-6')}>
          <span aria-hidden="true" className="absolute inset-x-0 top-0 h-1" style={{ backgroundColor: areaColor(area.color) }} />
          <AreaIcon area={area} />
          <h3 lang={lang('research_area', area.id, 'title')} className="mt-5 text-xl font-semibold tracking-tight">
            <a href={local(`/research#${area.slug}`)} className="rounded-sm hover:text-primary focus-ring">
              <MathText text={area.title} />
            </a>
          </h3>
          {area.description && (
            <p lang={lang('research_area', area.id, 'description')} className="mt-3 leading-relaxed text-muted-foreground">
              <MathText text={area.description} />
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The Research Areas page: every area with its content as markup. */
export function ResearchAreaList({ areas, site }: { areas: ResearchArea[]; site: SiteInfo }) {
  const lang = useTextLang();
  if (areas.length === 0) return <EmptyState>{sentence(site, 'research.empty')}</EmptyState>;
  return (
    <ul className="space-y-8">
      {areas.map((area) => (
        <li key={area.id}>
          <article id={area.slug} aria-labelledby={`area-${area.id}`} className={cn(CARD, 'relative overflow-hidden p-6 sm:p-8')}>
            <span aria-hidden="true" className="absolute inset-y-0 left-0 w-1" style={{ backgroundColor: areaColor(area.color) }} />
            <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
              <AreaIcon area={area} />
              <div className="min-w-0 flex-1">
                <h2 id={`area-${area.id}`} lang={lang('research_area', area.id, 'title')} className="text-2xl font-semibold tracking-tight">
                  <MathText text={area.title} />
                </h2>
                {area.description && (
                  <p lang={lang('research_area', area.id, 'description')} className="mt-2 text-lg text-muted-foreground">
                    <MathText text={area.description} />
                  </p>
                )}
                {area.content && <RichText html={area.content} lang={lang('research_area', area.id, 'content')} className="mt-5" />}
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
