/**
 * /admin/import-site, "Import a site" (issue 42): `vita import site` from the
 * admin. The owner drops the .zip or .tar.gz of an al-folio, Hugo Blox or
 * academicpages site; it is uploaded (with its progress) and read by the
 * server, which answers the dry run's report: the generator it detected and
 * why, per kind what would be created, updated, found a duplicate, skipped
 * (and why) or refused (file and line), the pictures found or missing, the
 * template code removed and the social links. One Import button then imports
 * the same upload and shows what it did. The server decides everything; this
 * screen only shows it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { SiteGenerator, SiteImportAnswer, SiteItemReport, SiteKindCounts } from '../../api/types';
import { Alert } from '../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Label } from '../../components/ui/label';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { errorMessage } from '../api';
import { PageHeader } from '../components/PageHeader';
import { siteImportApi } from '../endpoints';
import { DropZone } from '../entities/kit/DropZone';
import { useDocumentTitle } from '../useDocumentTitle';

/** The server's limit (src/http/site_import.rs), checked here first so a larger file is not sent for nothing. */
export const MAX_MB = 400;

const GENERATORS: { value: SiteGenerator | ''; label: string }[] = [
  { value: '', label: 'Detect it from the site’s files' },
  { value: 'alfolio', label: 'al-folio (Jekyll)' },
  { value: 'hugo', label: 'Hugo Blox, Wowchemy or Hugo Academic' },
  { value: 'academicpages', label: 'academicpages (Jekyll)' },
];

/** An item's outcome in one word, in the preview (`dryRun`) or after the import. */
export function outcomeLabel(outcome: SiteItemReport['outcome'], dryRun: boolean): string {
  switch (outcome) {
    case 'created':
      return dryRun ? 'New' : 'Created';
    case 'updated':
      return dryRun ? 'To update' : 'Updated';
    case 'unchanged':
      return 'Unchanged';
    case 'duplicate':
      return 'Duplicate';
    case 'conflict':
      return 'Conflict';
    case 'skipped':
      return 'Skipped';
    case 'error':
      return 'Error';
  }
}

/** Why an item is not imported as it is, in words; null for the items that are. */
export function outcomeReason(item: SiteItemReport): string | null {
  switch (item.outcome) {
    case 'duplicate':
      return item.reason ? `The same as ${item.reason}` : 'The same as something already here';
    case 'conflict':
      return 'Edited here since the last import: left alone';
    case 'skipped':
    case 'error':
      return item.reason;
    default:
      return null;
  }
}

const OUTCOME_BADGE: Record<SiteItemReport['outcome'], BadgeVariant> = {
  created: 'default',
  updated: 'default',
  unchanged: 'outline',
  duplicate: 'secondary',
  conflict: 'secondary',
  skipped: 'outline',
  error: 'destructive',
};

/** A kind's numbers as words, leaving out the zeros: "5 new, 1 duplicate, 2 skipped". */
export function countsText({ counts: c }: SiteKindCounts, dryRun: boolean): string {
  const parts: [number, string, string][] = [
    [c.created, dryRun ? 'new' : 'created', dryRun ? 'new' : 'created'],
    [c.updated, dryRun ? 'to update' : 'updated', dryRun ? 'to update' : 'updated'],
    [c.unchanged, 'unchanged', 'unchanged'],
    [c.duplicates, 'duplicate', 'duplicates'],
    [c.conflicts, 'conflict', 'conflicts'],
    [c.skipped, 'skipped', 'skipped'],
    [c.errors, 'error', 'errors'],
  ];
  const said = parts.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  return said.length > 0 ? said.join(', ') : 'nothing';
}

type Stage =
  | { step: 'choose' }
  | { step: 'uploading'; sent: number }
  | { step: 'preview'; answer: SiteImportAnswer; name: string }
  | { step: 'importing'; answer: SiteImportAnswer; name: string }
  | { step: 'done'; answer: SiteImportAnswer; name: string };

export function SiteImportPage() {
  useDocumentTitle('Import a site');
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [generator, setGenerator] = useState<SiteGenerator | ''>('');
  const [error, setError] = useState<string | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);

  // The keyboard and screen reader land on the preview, and then on the result, as each comes
  // (a failed import stays on its button, with the alert read out).
  const previousStep = useRef(stage.step);
  useEffect(() => {
    const arrived = (stage.step === 'preview' && previousStep.current === 'uploading') || stage.step === 'done';
    previousStep.current = stage.step;
    if (arrived) resultRef.current?.focus();
  }, [stage.step]);

  const upload = async (file: File) => {
    setError(null);
    if (file.size > MAX_MB * 1024 * 1024) {
      setError(`This file is larger than ${MAX_MB} MB: leave out the built site (_site/, public/) and large media, and try again`);
      return;
    }
    setStage({ step: 'uploading', sent: 0 });
    try {
      const answer = await siteImportApi.preview(file, generator || null, (sent) => setStage({ step: 'uploading', sent }));
      setStage({ step: 'preview', answer, name: file.name });
    } catch (e) {
      setStage({ step: 'choose' });
      setError(errorMessage(e, 'The upload failed'));
    }
  };

  const runImport = async (answer: SiteImportAnswer, name: string) => {
    if (!answer.token) return;
    setError(null);
    setStage({ step: 'importing', answer, name });
    try {
      const result = await siteImportApi.run(answer.token);
      // Every list of the admin may have changed.
      await queryClient.invalidateQueries();
      setStage({ step: 'done', answer: result, name });
    } catch (e) {
      setStage({ step: 'preview', answer, name });
      setError(errorMessage(e, 'The import failed'));
    }
  };

  const startAgain = (answer: SiteImportAnswer | null) => {
    if (answer?.token) void siteImportApi.discard(answer.token).catch(() => undefined);
    setError(null);
    setStage({ step: 'choose' });
  };

  const shown = 'answer' in stage ? stage : null;
  return (
    <>
      <PageHeader
        title="Import a site"
        description="Bring in a whole al-folio, Hugo Blox (Wowchemy, Hugo Academic) or academicpages site: profile, about page, papers, news, projects, talks, courses, blog posts and CV."
      />
      <div className="grid min-w-0 gap-6">
        {stage.step === 'choose' || stage.step === 'uploading' ? (
          <Card>
            <CardHeader>
              <CardTitle>Upload the site</CardTitle>
              <CardDescription>
                Download your site’s repository as a .zip (on GitHub: Code, then Download ZIP) and drop it here. You see everything the
                import would do before anything is written.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid max-w-md gap-2">
                <Label htmlFor="site-generator">Generator</Label>
                <Select
                  id="site-generator"
                  value={generator}
                  disabled={stage.step === 'uploading'}
                  options={GENERATORS}
                  onChange={(event) => setGenerator(event.target.value as SiteGenerator | '')}
                />
              </div>
              <DropZone
                testId="site-archive-dropzone"
                accept=".zip,.tar.gz,.tgz,application/zip,application/gzip,application/x-gzip"
                busy={stage.step === 'uploading'}
                progress={
                  stage.step === 'uploading'
                    ? stage.sent < 1
                      ? `Uploading... ${Math.round(stage.sent * 100)}%`
                      : 'Reading the site...'
                    : null
                }
                onFile={(file) => void upload(file)}
                hint={`A .zip or .tar.gz of the site’s repository, up to ${MAX_MB} MB.`}
              />
              {stage.step === 'uploading' ? (
                <div className="grid gap-1">
                  <progress
                    className="h-2 w-full accent-primary"
                    aria-label="Upload progress"
                    max={1}
                    value={stage.sent < 1 ? stage.sent : undefined}
                  />
                  <p role="status" className="text-sm text-muted-foreground">
                    {stage.sent < 1
                      ? `Uploading: ${Math.round(stage.sent * 100)}%`
                      : 'Uploaded. Reading the site and preparing the preview...'}
                  </p>
                </div>
              ) : null}
            </CardContent>
          </Card>
        ) : null}
        {error ? (
          <Alert variant="destructive" title={stage.step === 'preview' ? 'The import failed' : 'This site cannot be imported'}>
            {error}
          </Alert>
        ) : null}
        {shown ? (
          <Report
            answer={shown.answer}
            name={shown.name}
            headingRef={resultRef}
            actions={
              shown.step === 'done' ? (
                <div className="flex flex-wrap gap-2">
                  <a href="/" className={buttonClassName()}>
                    View the site
                  </a>
                  <Button variant="outline" onClick={() => startAgain(null)}>
                    Import another site
                  </Button>
                </div>
              ) : (
                <div className="flex flex-wrap gap-2">
                  <Button disabled={shown.step === 'importing'} onClick={() => void runImport(shown.answer, shown.name)}>
                    {shown.step === 'importing' ? <Spinner className="size-4" /> : null}
                    {shown.step === 'importing' ? 'Importing...' : 'Import'}
                  </Button>
                  <Button variant="outline" disabled={shown.step === 'importing'} onClick={() => startAgain(shown.answer)}>
                    Choose another file
                  </Button>
                </div>
              )
            }
          />
        ) : null}
      </div>
    </>
  );
}

/** The preview (a dry run) or the result of the import. */
function Report({
  answer,
  name,
  headingRef,
  actions,
}: {
  answer: SiteImportAnswer;
  name: string;
  headingRef: RefObject<HTMLHeadingElement | null>;
  actions: ReactNode;
}) {
  const { report, counts, detection } = answer;
  const dryRun = report.dry_run;
  const unplaced = report.problems.filter((p) => p.kind === null);
  const missing = report.media.filter((m) => !m.found);
  const listedSocial = report.social.filter((s) => !report.social_placed.includes(s.key));
  const changes = counts.reduce((sum, k) => sum + k.counts.created + k.counts.updated, 0);
  return (
    <section aria-labelledby="site-report-title" className="grid min-w-0 gap-6">
      <div className="grid gap-2">
        <h2 id="site-report-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight focus:outline-none">
          {dryRun ? `Preview of ${name || 'the site'}` : `Imported ${name || 'the site'}`}
        </h2>
        <p className="text-sm text-muted-foreground break-words">{detection}</p>
        <p role="status" className="text-sm">
          {dryRun
            ? changes > 0
              ? 'Nothing is written yet: press Import to bring in what is marked new or to update.'
              : 'Nothing new to bring in: everything is already here or skipped.'
            : changes > 0
              ? 'Done. What was new is now on your site; the rest was left as it was.'
              : 'Done. Nothing changed: everything was already here or skipped.'}
        </p>
        {actions}
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h3">{dryRun ? 'What the import will do' : 'What the import did'}</CardTitle>
        </CardHeader>
        <CardContent>
          {counts.length === 0 ? (
            <p className="text-sm text-muted-foreground">The site holds nothing Vita imports.</p>
          ) : (
            <ul className="grid gap-3">
              {counts.map((kind) => (
                <KindRow key={kind.kind} kind={kind} items={report.items.filter((i) => i.kind === kind.kind)} dryRun={dryRun} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {unplaced.length > 0 ? (
        <Card>
          <CardHeader>
            <CardTitle as="h3">Files that could not be read</CardTitle>
            <CardDescription>The rest of the site is imported without them.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1 text-sm">
              {unplaced.map((p) => (
                <li key={`${p.file}:${p.line}:${p.message}`} className="break-words">
                  <code className="font-mono text-xs">{p.line > 0 ? `${p.file}:${p.line}` : p.file}</code> {p.message}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}

      <Card>
        <CardHeader>
          <CardTitle as="h3">Pictures and files</CardTitle>
          <CardDescription>
            {report.media.length - missing.length} found, {missing.length} missing. A missing file is left out; the rest is imported.
          </CardDescription>
        </CardHeader>
        {missing.length > 0 ? (
          <CardContent>
            <Details summary={`The ${missing.length} missing`}>
              {missing.map((m) => (
                <li key={`${m.path}|${m.from}`} className="break-words">
                  <code className="font-mono text-xs">{m.path}</code> (in {m.from})
                </li>
              ))}
            </Details>
          </CardContent>
        ) : null}
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Template code removed</CardTitle>
          <CardDescription>
            {report.removed.length === 0
              ? 'None: every piece of the generator’s template code was converted.'
              : `${report.removed.length} pieces of the generator’s template code have no meaning here and are left out.`}
          </CardDescription>
        </CardHeader>
        {report.removed.length > 0 ? (
          <CardContent>
            <Details summary="What was removed">
              {report.removed.map(([file, code], i) => (
                // The same code may be removed twice from one file: the position tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order
                <li key={i} className="break-words">
                  {file}: <code className="font-mono text-xs">{code}</code>
                </li>
              ))}
            </Details>
          </CardContent>
        ) : null}
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Social links</CardTitle>
          <CardDescription>
            {report.social.length === 0
              ? 'The site configures none.'
              : `On the home page: ${report.social_placed.length > 0 ? report.social_placed.join(', ') : 'none'}. Listed only (add them by hand if you want them): ${
                  listedSocial.length > 0 ? listedSocial.map((s) => s.key).join(', ') : 'none'
                }.`}
          </CardDescription>
        </CardHeader>
        {listedSocial.length > 0 ? (
          <CardContent>
            <Details summary="The links listed only">
              {listedSocial.map((s) => (
                <li key={s.key} className="break-words">
                  {s.key}: <span className="break-all">{s.url}</span>
                </li>
              ))}
            </Details>
          </CardContent>
        ) : null}
      </Card>
    </section>
  );
}

/** One kind: its numbers, and its items (with the reasons) behind a disclosure. */
function KindRow({ kind, items, dryRun }: { kind: SiteKindCounts; items: SiteItemReport[]; dryRun: boolean }) {
  return (
    <li className="grid gap-1 rounded-lg border border-border p-3" data-testid={`site-kind-${kind.kind}`}>
      <p className="text-sm">
        <span className="font-medium">{kind.heading}</span>: {countsText(kind, dryRun)}
      </p>
      <Details summary={`The ${items.length} ${items.length === 1 ? 'item' : 'items'}`}>
        {items.map((item, i) => {
          const reason = outcomeReason(item);
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: one file may give several items (a .bib file's papers); the list never changes order
              key={i}
              className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-2 border-t border-border pt-1 first:border-t-0 first:pt-0"
            >
              <Badge variant={OUTCOME_BADGE[item.outcome]}>{outcomeLabel(item.outcome, dryRun)}</Badge>
              <span className="grid min-w-0 gap-0.5">
                <span className="break-words">
                  {item.title || '(untitled)'}
                  {item.date ? ` (${item.date})` : ''}
                </span>
                <code className="font-mono text-xs break-all text-muted-foreground">{item.source}</code>
                {reason ? (
                  <span className={cn('text-xs', item.outcome === 'error' ? 'text-destructive' : 'text-muted-foreground')}>{reason}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </Details>
    </li>
  );
}

function Details({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-sm text-primary underline-offset-4 hover:underline focus-ring">{summary}</summary>
      <ul className="mt-2 grid gap-1">{children}</ul>
    </details>
  );
}
