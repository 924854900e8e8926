/**
 * /cv (issue 28): the CV, made on the server from the site's own data. The
 * server builds it whole (`src/render/cv.rs`: the sections, their titles,
 * years and wording, the same value /cv.pdf is typeset from); this page only
 * lays it out. Printing leaves the site's header, footer and buttons out.
 */
import type { ReactNode } from 'react';
import type { CvData, CvEntry, CvLine, CvLineStyle, CvPart, CvText } from '../../api/types';
import { Download } from '../../components/icons';
import { MathText } from '../math';
import { ExternalButton, PageBody, PageIntro, RichText } from '../components/ui';
import { useLocalized } from '../language';
import { useT } from '../../i18n/context';

function CvSection({ id, title, lang, children }: { id: string; title: string; lang?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`cv-${id}`}
      className="break-inside-avoid-page border-t border-border pt-8 first:border-t-0 first:pt-0 print:pt-4"
    >
      <h2 id={`cv-${id}`} lang={lang} className="text-2xl font-bold tracking-tight print:text-xl">
        {title}
      </h2>
      <div className="mt-5 print:mt-3">{children}</div>
    </section>
  );
}

const muted = 'text-muted-foreground';

const LINE_CLASSES: Record<CvLineStyle, string | undefined> = { strong: 'font-semibold', plain: undefined, muted };

/** A stretch of a line: formulas as MathML, a project's title linked to its page, an owner's
 *  text not translated into the page's language marked with its own (../text-lang.tsx). */
function Run({ text }: { text: CvText }) {
  const local = useLocalized();
  const written = text.math ? <MathText text={text.text} /> : text.text;
  const shown = text.lang ? <span lang={text.lang}>{written}</span> : written;
  if (text.link) {
    return (
      <a href={local(text.link)} className="hover:underline">
        {shown}
      </a>
    );
  }
  return text.aside ? <span className={`font-normal ${muted}`}>{shown}</span> : shown;
}

function Line({ line }: { line: CvLine }) {
  return (
    <p className={LINE_CLASSES[line.style]}>
      {line.texts.map((text, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line's stretches are fixed, never reordered, and may read the same
        <Run key={index} text={text} />
      ))}
    </p>
  );
}

/** One line of a section: the years in a column of their own, then the entry. */
function Entry({ entry }: { entry: CvEntry }) {
  return (
    <li className="grid gap-1 break-inside-avoid sm:grid-cols-[8rem_1fr] sm:gap-6">
      <span className="text-sm font-medium text-muted-foreground tabular-nums sm:pt-0.5">{entry.when}</span>
      <div className="min-w-0 leading-relaxed">
        {entry.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an entry's lines are fixed, never reordered, and may read the same
          <Line key={index} line={line} />
        ))}
      </div>
    </li>
  );
}

/** A list of dated entries, as /cv shows them (the About page's CV lists too). */
export function Entries({ entries }: { entries: CvEntry[] }) {
  return (
    <ul className="space-y-4 print:space-y-2">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}

function Part({ part }: { part: CvPart }) {
  const local = useLocalized();
  const t = useT();
  switch (part.kind) {
    case 'entries':
      return part.heading === null ? (
        <Entries entries={part.entries} />
      ) : (
        <div>
          <h3 className="text-lg font-semibold">{part.heading}</h3>
          <div className="mt-3">
            <Entries entries={part.entries} />
          </div>
        </div>
      );
    case 'references':
      return (
        <div>
          <h3 className="text-lg font-semibold">{part.heading}</h3>
          <ol className="mt-3 space-y-3 print:space-y-1.5">
            {part.references.map((reference) => (
              <li key={reference.id} className="break-inside-avoid leading-relaxed">
                <span
                  className="[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold [&_strong]:text-foreground"
                  // biome-ignore lint/security/noDangerouslySetInnerHtml: made on the server (src/citations) from the stored record with every text escaped; only <i>, <b>, <strong> and DOI links
                  dangerouslySetInnerHTML={{ __html: reference.html }}
                />{' '}
                <a
                  href={local(`/publications/${reference.slug}`)}
                  className="text-sm text-primary underline underline-offset-2 print:hidden"
                >
                  {t('cv.details')}
                  <span className="sr-only">{`: ${reference.title}`}</span>
                </a>
              </li>
            ))}
          </ol>
        </div>
      );
    case 'rich_text':
      return <RichText html={part.html} lang={part.lang} />;
  }
}

function headed(part: CvPart): boolean {
  return part.kind === 'references' || (part.kind === 'entries' && part.heading !== null);
}

/** A section's parts: one without a heading as it is; those with headings (the kinds of
 *  papers, current students and alumni) spaced apart, references further. */
function Parts({ parts }: { parts: CvPart[] }) {
  const [first] = parts;
  if (!first) return null;
  if (parts.length === 1 && !headed(first)) return <Part part={first} />;
  return (
    <div className={first.kind === 'references' ? 'space-y-8 print:space-y-4' : 'space-y-6'}>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a section's parts are fixed and never reordered
        <Part key={index} part={part} />
      ))}
    </div>
  );
}

export function CvPage({ data, owner }: { data: CvData; owner: string }) {
  const t = useT();
  const { sections } = data.document;
  return (
    <>
      <PageIntro narrow title={t('page.cv')} subtitle={owner}>
        {data.pdf_url && (
          <div className="mt-8 print:hidden">
            <ExternalButton href={data.pdf_url} icon={<Download aria-hidden="true" />}>
              {t('cv.download_pdf')}
            </ExternalButton>
          </div>
        )}
      </PageIntro>
      <PageBody narrow>
        <div className="space-y-12 print:space-y-6 print:text-sm">
          {sections.length === 0 && <p className={muted}>{t('cv.empty')}</p>}
          {sections.map((section) => (
            <CvSection key={section.id} id={section.id} title={section.title} lang={section.lang}>
              <Parts parts={section.parts} />
            </CvSection>
          ))}
        </div>
      </PageBody>
    </>
  );
}
