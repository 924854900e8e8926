import { ArrowRight, FileText, Link as LinkIcon } from '../../components/icons';
import type { CitedBy, ListedCitations, Publication, SiteInfo } from '../../api/types';
import { ButtonLink } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { doiUrl } from '../../lib/doi';
import { groupRuns } from '../../lib/group';
import { useT } from '../../i18n/context';
import { coinsTitle } from '../papers/coins';
import { Badge, CARD, EmptyState, ExternalButton, Section, Skeletons } from './ui';
import { TagChips } from './Tags';
import { MathText } from '../math';
import { useLocalized } from '../language';
import { sentence } from '../sentences';

/** The paper's own page. */
export function paperHref(publication: Publication): string {
  return `/publications/${publication.slug}`;
}

const TITLE_LINK = 'rounded-sm hover:text-primary hover:underline focus-ring';

function PublicationLinks({ publication, withUrl = false }: { publication: Publication; withUrl?: boolean }) {
  const t = useT();
  const { doi, pdf_url, url } = publication;
  if (!doi && !pdf_url && !(withUrl && url)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {doi && (
        <ExternalButton href={doiUrl(doi)} icon={<LinkIcon aria-hidden="true" />}>
          {t('publications.doi')}
        </ExternalButton>
      )}
      {pdf_url && (
        <ExternalButton href={pdf_url} icon={<FileText aria-hidden="true" />}>
          {t('publications.pdf')}
        </ExternalButton>
      )}
      {withUrl && url && <ExternalButton href={url}>{t('publications.link')}</ExternalButton>}
    </div>
  );
}

/** Spec §2 Home → Featured Publications card. */
export function FeaturedPublicationCard({ publication }: { publication: Publication }) {
  const local = useLocalized();
  return (
    <article className={cn(CARD, 'flex h-full flex-col gap-3 p-6 transition-shadow hover:shadow-md')}>
      {publication.year !== null && (
        <Badge tone="primary" className="self-start">
          {publication.year}
        </Badge>
      )}
      <h3 className="line-clamp-2 text-lg leading-snug font-semibold tracking-tight">
        <a href={local(paperHref(publication))} className={TITLE_LINK}>
          <MathText text={publication.title} />
        </a>
      </h3>
      {publication.authors.length > 0 && <p className="text-sm text-muted-foreground">{publication.authors.join(', ')}</p>}
      {publication.venue && (
        <p className="text-sm font-medium text-primary">
          <MathText text={publication.venue} />
        </p>
      )}
      {publication.abstract && (
        <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
          <MathText text={publication.abstract} />
        </p>
      )}
      <div className="mt-auto pt-3">
        <PublicationLinks publication={publication} />
      </div>
    </article>
  );
}

/** Spec §2 Home → Featured Publications: nothing at all when none is featured. */
export function FeaturedPublications({
  publications,
  site,
  loading = false,
}: {
  publications: Publication[];
  site: SiteInfo;
  loading?: boolean;
}) {
  const local = useLocalized();
  const t = useT();
  const grid = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';
  if (!loading && publications.length === 0) return null;
  return (
    <Section id="featured-publications" title={t('home.featured_publications')} intro={sentence(site, 'home.featured_publications_intro')}>
      {loading ? (
        <Skeletons count={3} className={grid} />
      ) : (
        <ul className={grid}>
          {publications.map((publication) => (
            <li key={publication.id}>
              <FeaturedPublicationCard publication={publication} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-10 flex justify-center">
        <ButtonLink href={local('/publications')} variant="outline" size="lg">
          {t('home.view_all_publications')}
          <ArrowRight aria-hidden="true" />
        </ButtonLink>
      </div>
    </Section>
  );
}

function PublicationEntry({ publication, baseUrl, citedBy }: { publication: Publication; baseUrl: string; citedBy?: CitedBy }) {
  const local = useLocalized();
  const t = useT();
  const details = [
    publication.venue,
    publication.volume && t('publications.volume', { volume: publication.volume }),
    publication.pages && t('publications.pages', { pages: publication.pages }),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <article id={publication.slug} className="flex flex-col gap-2 py-6">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-1">
        <h3 className="flex-1 text-lg leading-snug font-semibold tracking-tight">
          <a href={local(paperHref(publication))} className={TITLE_LINK}>
            <MathText text={publication.title} />
          </a>
        </h3>
        {publication.featured && <Badge tone="featured">{t('common.featured')}</Badge>}
      </div>
      {publication.authors.length > 0 && <p className="text-muted-foreground">{publication.authors.join(', ')}</p>}
      {details && (
        <p className="text-sm font-medium text-primary italic">
          <MathText text={details} />
        </p>
      )}
      {citedBy && (
        <p className="text-sm text-muted-foreground" data-cited-by="">
          {t('publications.cited_by', { count: citedBy.count, source: citedBy.source, date: citedBy.counted_on })}
        </p>
      )}
      <TagChips tags={publication.tags} />
      {publication.abstract && (
        <details className="group text-sm">
          <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary focus-ring">{t('publications.abstract')}</summary>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-muted-foreground">
            <MathText text={publication.abstract} blocks />
          </p>
        </details>
      )}
      {publication.bibtex && (
        <details className="text-sm">
          <summary className="w-fit cursor-pointer rounded-sm font-medium text-primary focus-ring">{t('publications.bibtex')}</summary>
          <pre className="mt-2 overflow-x-auto rounded-lg bg-muted p-4 text-xs">{publication.bibtex}</pre>
        </details>
      )}
      <div className="pt-2">
        <PublicationLinks publication={publication} withUrl />
      </div>
      {/* For reference managers' browser buttons (Zotero saves every paper of the list at once). */}
      <span className="Z3988" title={coinsTitle(publication, `${baseUrl.replace(/\/+$/, '')}${paperHref(publication)}`)} />
    </article>
  );
}

/** The Selected Publications page list, grouped by year. */
export function PublicationList({
  publications,
  site,
  loading = false,
  error = false,
  citations,
}: {
  publications: Publication[];
  /** The site: its address, for the COinS' link to each paper page, and its sentences. */
  site: SiteInfo;
  /** Each paper's citation count, when the owner shows them on /publications. */
  citations?: ListedCitations | null;
  loading?: boolean;
  error?: boolean;
}) {
  const t = useT();
  if (loading) return <Skeletons count={4} className="space-y-6" />;
  if (error) return <EmptyState>{t('publications.error')}</EmptyState>;
  if (publications.length === 0) return <EmptyState>{sentence(site, 'publications.empty')}</EmptyState>;
  return (
    <div className="space-y-12">
      {groupRuns(publications, (publication) => publication.year).map(([year, items]) => (
        <section
          key={year ?? 'undated'}
          aria-labelledby={`year-${year ?? 'undated'}`}
          className="grid gap-2 md:grid-cols-[8rem_1fr] md:gap-8"
        >
          <h2
            id={`year-${year ?? 'undated'}`}
            className="text-2xl font-bold tracking-tight text-primary md:sticky md:top-24 md:self-start md:pt-5"
          >
            {/* Papers imported from entries that name no year list last, under this heading. */}
            {year ?? t('publications.undated')}
          </h2>
          <ol className="divide-y divide-border border-t border-border md:border-t-0">
            {items.map((publication) => (
              <li key={publication.id}>
                <PublicationEntry publication={publication} baseUrl={site.base_url} citedBy={citations?.papers[publication.id]} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
