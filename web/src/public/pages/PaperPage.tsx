/**
 * One paper, /publications/<slug>: title, authors (the owner emphasised),
 * venue details, abstract, links, and the Cite section (IEEE and APA made on
 * the server, the BibTeX). Server HTML like every page's content: the Copy
 * buttons work through the small delegated script of ../copy.ts, so no page
 * component and no citation library reaches the browser.
 */
import type { PaperData, Publication } from '../../api/types';
import { Download, FileText, Link as LinkIcon } from '../../components/icons';
import { buttonClassName } from '../../components/ui/button';
import { doiUrl } from '../../lib/doi';
import { useT } from '../../i18n/context';
import { monthOfYearText } from '../../i18n/format';
import { splitAt, type Translate } from '../../i18n/messages';
import { isSameAuthor } from '../papers/authors';
import { Badge, ExternalButton, NARROW_CONTAINER } from '../components/ui';
import { cn } from '../../lib/cn';
import { ReadershipLine } from '../components/Readership';
import { TagChips } from '../components/Tags';
import { MathText } from '../math';

function Authors({ authors, owner }: { authors: string[]; owner: string }) {
  const t = useT();
  return (
    <ul aria-label={t('paper.authors')} className="mt-5 flex flex-wrap gap-x-1 text-lg text-muted-foreground">
      {authors.map((author, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: authors are a fixed, ordered list that may repeat a name
        <li key={index}>
          {isSameAuthor(author, owner) ? <strong className="font-semibold text-foreground">{author}</strong> : author}
          {index < authors.length - 1 && ','}
        </li>
      ))}
    </ul>
  );
}

/** The paper's known details, named for its kind; an imported paper may have none (no venue or year). */
function detailRows(t: Translate, paper: Publication): Array<[string, string]> {
  // The venue is named for the kind of work: a journal, a conference, a repository…
  const rows: Array<[string, string | null]> = [
    [t(`paper.venue.${paper.kind}`), paper.venue],
    [t('paper.publisher'), paper.publisher],
    [t('paper.volume'), paper.volume],
    [t('paper.issue'), paper.issue],
    [t('paper.pages'), paper.pages],
    [t('paper.date'), paper.year === null ? null : paper.month ? monthOfYearText(t, paper.month, paper.year) : String(paper.year)],
    [t('publications.doi'), paper.doi],
  ];
  return rows.filter((row): row is [string, string] => Boolean(row[1]));
}

function Details({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-medium text-muted-foreground">{name}</dt>
          <dd className="wrap-anywhere">
            <MathText text={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A Copy button for the text of the element `target` (see ../copy.ts). */
function CopyButton({ target, what }: { target: string; what: string }) {
  const t = useT();
  return (
    <button type="button" data-copy={target} data-copy-what={what} className={buttonClassName('outline', 'sm')}>
      <span data-copy-label="">{t('copy.copy')}</span>
      <span className="sr-only">{` ${what}`}</span>
    </button>
  );
}

function Reference({ id, style, html }: { id: string; style: string; html: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{style}</h3>
        <p
          id={id}
          className="mt-1 leading-relaxed wrap-anywhere [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: made on the server (src/citations) from the stored record with every text escaped; only <i>, <b> and DOI links
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </div>
      <div className="shrink-0">
        <CopyButton target={id} what={t('paper.reference', { style })} />
      </div>
    </div>
  );
}

export function PaperPage({ data, owner }: { data: PaperData; owner: string }) {
  const t = useT();
  const paper = data.publication;
  const details = detailRows(t, paper);
  // The day of the count is a <time> inside the sentence.
  const [citedBy, afterCitedBy] = data.cited_by
    ? splitAt(t('publications.cited_by', { count: data.cited_by.count, source: data.cited_by.source }), 'date')
    : ['', ''];
  const bibHref = `/publications/${paper.slug}.bib`;
  return (
    <article>
      <header className="-mt-16 border-b border-border bg-muted/50 pt-16">
        <div className={cn(NARROW_CONTAINER, 'py-12 sm:py-16')}>
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone="primary">{t(`kind.${paper.kind}`)}</Badge>
            {paper.year !== null && <Badge>{paper.year}</Badge>}
          </p>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-balance wrap-anywhere sm:text-4xl">
            <MathText text={paper.title} />
          </h1>
          {paper.authors.length > 0 && <Authors authors={paper.authors} owner={owner} />}
          {paper.venue && (
            <p className="mt-2 font-medium text-primary italic">
              <MathText text={paper.venue} />
            </p>
          )}
          {data.cited_by && (
            <p className="mt-2 text-sm text-muted-foreground" data-cited-by="">
              {citedBy}
              <time dateTime={data.cited_by.counted_on}>{data.cited_by.counted_on}</time>
              {afterCitedBy}
            </p>
          )}
          <ReadershipLine readership={data.readership} className="mt-2 text-sm text-muted-foreground" />
          <TagChips tags={paper.tags} className="mt-4" />
          {(paper.doi || data.pdf_href || paper.url) && (
            <div className="mt-6 flex flex-wrap gap-2">
              {data.pdf_href && (
                <a href={data.pdf_href} className={buttonClassName('primary', 'sm')}>
                  <FileText aria-hidden="true" />
                  {t('publications.pdf')}
                </a>
              )}
              {paper.doi && (
                <ExternalButton href={doiUrl(paper.doi)} icon={<LinkIcon aria-hidden="true" />}>
                  {t('publications.doi')}
                </ExternalButton>
              )}
              {paper.url && <ExternalButton href={paper.url}>{t('paper.publisher_page')}</ExternalButton>}
            </div>
          )}
        </div>
      </header>

      <div className={cn(NARROW_CONTAINER, 'space-y-12 py-12 sm:py-16')}>
        {paper.abstract && (
          <section aria-labelledby="abstract-title">
            <h2 id="abstract-title" className="text-2xl font-bold tracking-tight">
              {t('publications.abstract')}
            </h2>
            <p className="mt-4 leading-relaxed whitespace-pre-line">
              <MathText text={paper.abstract} blocks />
            </p>
          </section>
        )}

        {details.length > 0 && (
          <section aria-labelledby="details-title">
            <h2 id="details-title" className="text-2xl font-bold tracking-tight">
              {t('paper.details')}
            </h2>
            <div className="mt-4">
              <Details rows={details} />
            </div>
          </section>
        )}

        <section aria-labelledby="cite-title">
          <h2 id="cite-title" className="text-2xl font-bold tracking-tight">
            {t('paper.cite')}
          </h2>
          <div className="mt-4 space-y-4">
            <Reference id="cite-ieee" style="IEEE" html={data.citations.ieee} />
            <Reference id="cite-apa" style="APA" html={data.citations.apa} />
            <div className="rounded-xl border border-border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <h3 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{t('publications.bibtex')}</h3>
                <div className="flex flex-wrap gap-2">
                  <CopyButton target="cite-bibtex" what={t('publications.bibtex')} />
                  <a href={bibHref} download={`${paper.slug}.bib`} className={buttonClassName('outline', 'sm')}>
                    <Download aria-hidden="true" />
                    {t('paper.download')}
                    <span className="sr-only">{` ${t('publications.bibtex')}`}</span>
                  </a>
                </div>
              </div>
              {/* Wrapped, not scrolled: long titles and URLs stay readable on a phone (copying reads the text, not the lines). */}
              <pre id="cite-bibtex" className="mt-3 rounded-lg bg-muted p-4 text-xs leading-relaxed wrap-anywhere whitespace-pre-wrap">
                {data.bibtex}
              </pre>
            </div>
          </div>
          <p id="copy-status" role="status" aria-live="polite" className="sr-only" />
        </section>
      </div>
    </article>
  );
}
