/**
 * The dashboard's citations: the total and the h-index over the published
 * papers (each paper's count from OpenAlex, else Crossref), a chart of the
 * citations per year drawn as inline SVG (OpenAlex's counts by year; no chart
 * library), the ORCID check's "N new works" notice, and each outside source's
 * last run and last error.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ScholarlyDashboard, YearCount } from '../../api/types';
import { queryKeys, scholarlyApi } from '../endpoints';
import { formatDateTime } from '../format';

const CHART = { width: 560, height: 180, top: 16, bottom: 24, left: 8, right: 8 };

/** Bars of citations per year, the year under each bar and the count above it. */
export function CitationsChart({ years }: { years: YearCount[] }) {
  const most = Math.max(1, ...years.map((y) => y.count));
  const inner = CHART.width - CHART.left - CHART.right;
  const slot = inner / Math.max(1, years.length);
  const barWidth = Math.max(4, slot * 0.7);
  const scale = (CHART.height - CHART.top - CHART.bottom) / most;
  const summary = years.map((y) => `${y.year}: ${y.count}`).join(', ');
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      className="mt-4 h-auto w-full text-primary"
      role="img"
      aria-label={`Citations per year: ${summary}`}
    >
      {years.map((y, index) => {
        const height = y.count * scale;
        const x = CHART.left + index * slot + (slot - barWidth) / 2;
        const top = CHART.height - CHART.bottom - height;
        return (
          <g key={y.year}>
            <rect x={x} y={top} width={barWidth} height={height} rx={2} fill="currentColor" />
            <text x={x + barWidth / 2} y={top - 4} textAnchor="middle" fontSize={10} className="fill-muted-foreground">
              {y.count}
            </text>
            <text x={x + barWidth / 2} y={CHART.height - 8} textAnchor="middle" fontSize={10} className="fill-muted-foreground">
              {y.year}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

function Figures({ data }: { data: ScholarlyDashboard }) {
  const { citations } = data;
  return (
    <dl className="mt-3 grid grid-cols-3 gap-4 text-center">
      <div>
        <dt className="text-sm text-muted-foreground">Citations</dt>
        <dd className="text-2xl font-bold">{citations.total.toLocaleString('en')}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted-foreground">h-index</dt>
        <dd className="text-2xl font-bold">{citations.h_index}</dd>
      </div>
      <div>
        <dt className="text-sm text-muted-foreground">Papers counted</dt>
        <dd className="text-2xl font-bold">{citations.papers_counted}</dd>
      </div>
    </dl>
  );
}

export function CitationsCard() {
  const { data } = useQuery({ queryKey: queryKeys.scholarly, queryFn: scholarlyApi.dashboard });
  if (!data) return null;
  const { citations, orcid, sources } = data;
  return (
    <section aria-labelledby="citations-title" className="mt-8 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <h2 id="citations-title" className="font-semibold">
        Citations
      </h2>
      {orcid && orcid.new_works > 0 && (
        <p role="status" className="mt-2 text-sm">
          {orcid.new_works} new {orcid.new_works === 1 ? 'work' : 'works'} in your ORCID record:{' '}
          <Link to="/admin/publications?import=orcid" className="font-medium text-primary underline underline-offset-2">
            review
          </Link>
        </p>
      )}
      {citations.papers_counted === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">
          {data.outside_calls
            ? 'No counts yet: papers with a DOI are counted once a day (or run `vita citations refresh`).'
            : 'Outside calls are turned off on this site (--no-outside-calls).'}
        </p>
      ) : (
        <>
          <Figures data={data} />
          <p className="mt-2 text-sm text-muted-foreground">Counted on {citations.counted_on}.</p>
          {citations.per_year.length > 0 ? (
            <CitationsChart years={citations.per_year} />
          ) : (
            <p className="mt-2 text-sm text-muted-foreground">Citations per year come from OpenAlex: set its API key in the settings.</p>
          )}
        </>
      )}
      {sources.length > 0 && (
        <ul className="mt-4 grid gap-1 text-sm" aria-label="Outside sources">
          {sources.map((source) => (
            <li key={source.name}>
              <span className="font-medium">{source.name}</span>:{' '}
              {source.last_success_at ? `last answered ${formatDateTime(source.last_success_at)}` : 'not answered yet'}
              {source.last_error && source.last_error_at && (
                <span role="alert" className="block text-destructive">
                  Last error ({formatDateTime(source.last_error_at)}): {source.last_error}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
