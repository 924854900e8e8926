import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from '../../components/icons';
import { Link } from 'react-router';
import { certificateApi, queryKeys, settingsApi } from '../endpoints';
import { formatDateTime } from '../format';
import { useDocumentTitle } from '../useDocumentTitle';
import { DASHBOARD_CARDS } from '../sections';
import { CitationsCard } from './CitationsCard';
import { OutdatedTranslationsCard } from './OutdatedTranslationsCard';
import { SampleTextsCard } from './SampleTextsCard';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
        <p className="mt-2 text-muted-foreground">Manage the content of your website.</p>
      </div>
      <SampleTextsCard />
      <OutdatedTranslationsCard />
      <ul aria-label="Admin sections" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {DASHBOARD_CARDS.map(({ path, title, description, icon: Icon }) => (
          <li key={path}>
            <Link
              to={path}
              className="group flex h-full items-start gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm transition hover:border-primary/40 hover:shadow-md focus-ring"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="flex items-center justify-between gap-2 font-semibold">
                  {title}
                  <ArrowRight
                    aria-hidden="true"
                    className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-primary"
                  />
                </span>
                <span className="mt-1 block text-sm text-muted-foreground">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <CitationsCard />
      <AnalyticsNotice />
      <CertificateNotice />
    </>
  );
}

/** With `--domain`: when the HTTPS certificate expires, and why getting one failed last. */
function CertificateNotice() {
  const { data } = useQuery({ queryKey: queryKeys.certificate, queryFn: certificateApi.status });
  if (!data) return null;
  return (
    <section
      aria-labelledby="certificate-title"
      className="mt-8 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <h2 id="certificate-title" className="font-semibold">
        HTTPS certificate
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {data.domains.join(', ')}:{' '}
        {data.expires_at ? `valid until ${formatDateTime(data.expires_at)}, renewed automatically.` : 'not issued yet.'}
      </p>
      {data.last_error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          The last attempt to get a certificate failed: {data.last_error}
        </p>
      )}
    </section>
  );
}

/**
 * Which outside script runs on the home page, and since when: a script the
 * owner did not add (a stolen session cannot add one without the password,
 * but the owner should still see it at a glance).
 */
function AnalyticsNotice() {
  const { data } = useQuery({ queryKey: queryKeys.siteSettings, queryFn: settingsApi.read });
  const script = data?.analytics_script;
  if (!script) return null;
  return (
    <section aria-labelledby="analytics-title" className="mt-8 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <h2 id="analytics-title" className="font-semibold">
        Scripts on your pages
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Analytics script from {script.origin} since {formatDateTime(script.since)}.{' '}
        <Link to="/admin/settings" className="font-medium text-primary underline underline-offset-4 focus-ring">
          Site settings
        </Link>
      </p>
    </section>
  );
}
