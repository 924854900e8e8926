/**
 * /admin/statistics (issue 43): what the server counted of its readers, with no
 * cookie and no script (src/stats): visitors, views and PDF downloads per day
 * as an SVG chart of the last 30, 90 or 365 days (no chart library), the top
 * pages, the papers by downloads, where readers came from (with Google
 * Scholar's share) and the feed subscribers, and the days as a CSV file.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { DayFigures, Report } from '../../api/types';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../components/ui/table';
import { PageHeader } from '../components/PageHeader';
import { queryKeys, statsApi } from '../endpoints';
import { useDocumentTitle } from '../useDocumentTitle';

export const SPANS = [30, 90, 365] as const;
type Span = (typeof SPANS)[number];

/** The first and last day (UTC, YYYY-MM-DD) of the `days` days up to `today`. */
export function spanOf(days: number, today: Date): { from: string; to: string } {
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const from = new Date(today.getTime() - (days - 1) * 86_400_000);
  return { from: day(from), to: day(today) };
}

/** The days as CSV: a header line, then one line a day. */
export function daysCsv(days: readonly DayFigures[]): string {
  const lines = days.map((d) => `${d.date},${d.visitors},${d.views},${d.downloads}`);
  return ['date,visitors,views,downloads', ...lines].join('\n').concat('\n');
}

/** Google Scholar's share of the visitors who came from somewhere, in whole percent. */
export function scholarShare(report: Pick<Report, 'sources'>): number | null {
  const total = report.sources.reduce((sum, s) => sum + s.visitors, 0);
  const scholar = report.sources.find((s) => s.source === 'Google Scholar')?.visitors ?? 0;
  return total === 0 ? null : Math.round((100 * scholar) / total);
}

const CHART = { width: 640, height: 200, top: 12, bottom: 22, left: 8, right: 8 };

/** Views as bars and visitors as a line, per day; the first and last date under the axis. */
export function DaysChart({ days }: { days: readonly DayFigures[] }) {
  const most = Math.max(1, ...days.map((d) => Math.max(d.views, d.visitors)));
  const inner = CHART.width - CHART.left - CHART.right;
  const slot = inner / Math.max(1, days.length);
  const scale = (CHART.height - CHART.top - CHART.bottom) / most;
  const base = CHART.height - CHART.bottom;
  const line = days.map((d, i) => `${CHART.left + i * slot + slot / 2},${base - d.visitors * scale}`).join(' ');
  const totals = days.reduce((sum, d) => ({ views: sum.views + d.views, visitors: sum.visitors + d.visitors }), { views: 0, visitors: 0 });
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="h-auto w-full text-primary"
      role="img"
      aria-label={`${days.length} days: ${totals.views} views and ${totals.visitors} daily visitors in all`}
    >
      {days.map((d, i) => (
        <rect
          key={d.date}
          x={CHART.left + i * slot + slot * 0.1}
          y={base - d.views * scale}
          width={Math.max(1, slot * 0.8)}
          height={d.views * scale}
          fill="currentColor"
          opacity={0.35}
        >
          <title>{`${d.date}: ${d.views} views, ${d.visitors} visitors, ${d.downloads} downloads`}</title>
        </rect>
      ))}
      <polyline points={line} fill="none" stroke="currentColor" strokeWidth={2} />
      {days.length > 0 ? (
        <>
          <text x={CHART.left} y={CHART.height - 6} fontSize={11} className="fill-muted-foreground">
            {days[0]?.date}
          </text>
          <text x={CHART.width - CHART.right} y={CHART.height - 6} fontSize={11} textAnchor="end" className="fill-muted-foreground">
            {days.at(-1)?.date}
          </text>
        </>
      ) : null}
    </svg>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold">{value.toLocaleString('en')}</dd>
    </div>
  );
}

/** A table of named figures, the first column left-aligned, the others right. */
function Ranked({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}) {
  return (
    <section className="mt-8">
      <h2 className="mb-3 font-semibold">{caption}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing counted in these days.</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              {columns.map((column, i) => (
                <TableHead key={column} className={i > 0 ? 'text-right' : undefined}>
                  {column}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={String(row[0])}>
                {row.map((cell, i) => (
                  <TableCell key={columns[i]} className={i > 0 ? 'text-right tabular-nums' : 'break-all'}>
                    {typeof cell === 'number' ? cell.toLocaleString('en') : cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

function Statistics({ report, span }: { report: Report; span: Span }) {
  const sum = (figure: (d: DayFigures) => number) => report.days.reduce((total, d) => total + figure(d), 0);
  const share = scholarShare(report);
  return (
    <>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        <Figure label="Daily visitors" value={sum((d) => d.visitors)} />
        <Figure label="Page views" value={sum((d) => d.views)} />
        <Figure label="PDF downloads" value={sum((d) => d.downloads)} />
        <Figure label="Feed subscribers" value={report.feed_subscribers} />
      </dl>
      <div className="mt-6 rounded-xl border border-border bg-card p-4">
        <DaysChart days={report.days} />
        <p className="mt-2 text-sm text-muted-foreground">Bars: page views a day. Line: visitors a day.</p>
      </div>
      <Ranked
        caption="Top pages"
        columns={['Page', 'Views', 'Visitors']}
        rows={report.pages.slice(0, 20).map((p) => [p.path, p.views, p.visitors])}
      />
      <Ranked
        caption="Papers by downloads"
        columns={['Paper', 'Downloads', 'Unique downloads']}
        rows={report.downloads.map((d) => [d.title, d.downloads, d.unique_downloads])}
      />
      <Ranked caption="Sources" columns={['Source', 'Visitors']} rows={report.sources.slice(0, 20).map((s) => [s.source, s.visitors])} />
      {share === null ? null : (
        <p className="mt-2 text-sm text-muted-foreground">{share} % of the visitors who came from elsewhere came from Google Scholar.</p>
      )}
      <div className="mt-8">
        <Button variant="outline" onClick={() => download(`statistics-${span}-days.csv`, daysCsv(report.days))}>
          Download CSV
        </Button>
      </div>
    </>
  );
}

export function StatisticsPage() {
  useDocumentTitle('Statistics');
  const [span, setSpan] = useState<Span>(30);
  const { from, to } = spanOf(span, new Date());
  const report = useQuery({ queryKey: queryKeys.stats(from, to), queryFn: () => statsApi.report(from, to) });
  return (
    <>
      <PageHeader
        title="Statistics"
        description="Counted by your site itself: no cookie, no script, nothing that identifies a reader is stored."
        actions={
          <fieldset className="flex gap-2">
            <legend className="sr-only">Days shown</legend>
            {SPANS.map((days) => (
              <Button key={days} variant={days === span ? 'primary' : 'outline'} aria-pressed={days === span} onClick={() => setSpan(days)}>
                {days} days
              </Button>
            ))}
          </fieldset>
        }
      />
      {report.isPending ? <PageSpinner /> : null}
      {report.isError ? (
        <Alert variant="destructive" title="Could not load the statistics">
          {report.error.message}
        </Alert>
      ) : null}
      {report.data ? <Statistics report={report.data} span={span} /> : null}
    </>
  );
}
