/**
 * /admin/settings: the site-wide options (analytics script, students' visibility,
 * the public menu, the site's languages).
 * A change that puts a new script on visitors' pages asks for the password, and
 * a code when two-factor authentication is on (src/http/settings_api.rs).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { z } from 'zod';
import { CITATION_STYLES, CV_BUTTONS, PAPER_SIZES } from '../../api/rules';
import type {
  CitationStyle,
  CvButton,
  MenuItem,
  PaperSize,
  SecondFactorStatus,
  SiteSettings,
  SiteSettingsView,
  Statistics,
} from '../../api/types';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { FieldError } from '../../components/ui/form-field';
import { queryKeys, secondFactorApi, settingsApi, type SiteSettingsRequest } from '../endpoints';
import { FormShell, fieldsFor, isHttpUrl, oneOf, optionalLine, optionsOf } from '../entities/kit';
import { notify } from '../toast';
import { LanguagesEditor } from './LanguagesEditor';
import { NavigationEditor } from './NavigationEditor';
import { PageScreen, UpdateButton, useStoredForm, type StoredFormSpec } from './page-form';

/** `https://host[:port]` of an https URL, lower-cased, as src/content/settings.rs reads it; null otherwise. */
export function httpsOrigin(url: string): string | null {
  if (!isHttpUrl(url)) return null;
  const [scheme, rest = ''] = url.split('://');
  const host = rest.split(/[/?#]/)[0] ?? '';
  const [name = '', port = '443'] = host.split(':');
  const plain = /^[A-Za-z0-9.-]+$/.test(name) && /^\d+$/.test(port);
  return scheme?.toLowerCase() === 'https' && plain ? `https://${host.toLowerCase()}` : null;
}

export const RETENTION_MESSAGE = 'Statistics are kept for 1 to 120 months';

export const NOT_ALLOWED = 'The script must come from a listed analytics provider, or from the domain you declared as your own';

/** The own origin as the server stores it: no trailing slash, lower case. */
function normalisedOrigin(origin: string): string {
  return origin.trim().replace(/\/+$/, '').toLowerCase();
}

/**
 * As `SiteSettings::adds_script` (src/content/settings.rs): a new script URL or
 * a new own origin puts a script on visitors' pages; clearing either does not.
 */
export function addsScript(values: Pick<SiteSettings, 'analytics_script_url' | 'analytics_own_origin'>, stored: SiteSettings): boolean {
  const url = values.analytics_script_url.trim();
  const own = normalisedOrigin(values.analytics_own_origin);
  return (url !== '' && url !== stored.analytics_script_url) || (own !== '' && own !== stored.analytics_own_origin);
}

export const CONFIRMATION_NEEDED = 'Enter your password to confirm this change';
export const CODE_NEEDED = 'Enter the code from your authenticator app (or a recovery code) to confirm this change';

/**
 * As src/content/settings.rs: https only, from one of the listed providers' origins
 * (`GET /api/settings` lists them) or from the origin the owner declared their own.
 * A new script asks for the password, and the code with two-factor authentication on.
 */
export function settingsSchema(providerOrigins: readonly string[], stored: SiteSettings, codeAsked: boolean) {
  return z
    .object({
      analytics_script_url: optionalLine('The script URL').refine(
        (url) => url === '' || httpsOrigin(url) !== null,
        'The script URL must start with https://',
      ),
      analytics_own_origin: optionalLine('Your analytics domain').refine(
        (origin) => origin === '' || httpsOrigin(origin) === normalisedOrigin(origin),
        'Your analytics domain must be like https://stats.example.org (no path)',
      ),
      show_students_publicly: z.boolean(),
      // Checked on the server (the check character, ISO 7064 11,2); its 422 shows under the field.
      orcid_id: optionalLine('ORCID iD'),
      openalex_api_key: optionalLine('The OpenAlex API key'),
      show_citation_counts: z.boolean(),
      cv_citation_style: oneOf(CITATION_STYLES),
      cv_paper_size: oneOf(PAPER_SIZES),
      cv_button: oneOf(CV_BUTTONS),
      statistics: oneOf(STATISTICS),
      // Typed as text; as src/content/settings.rs: a whole number of 1 to 120 months.
      statistics_retention_months: z
        .string()
        .trim()
        .refine((months) => /^\d+$/.test(months) && Number(months) >= 1 && Number(months) <= 120, RETENTION_MESSAGE),
      show_paper_statistics: z.boolean(),
      // Edited by the Navigation card, which checks a new link; the server checks the whole menu.
      menu: z.array(z.custom<MenuItem>()),
      hide_empty_sections: z.boolean(),
      // Edited by the Languages card, which checks a new tag; the server checks the whole list.
      languages: z.array(z.string()).min(1, 'The site needs at least one language'),
      current_password: z.string(),
      code: z.string(),
    })
    .refine(
      ({ analytics_script_url: url, analytics_own_origin: own }) => {
        const origin = httpsOrigin(url);
        if (url === '' || origin === null) return true;
        return providerOrigins.includes(origin) || (own !== '' && httpsOrigin(own) === origin);
      },
      { path: ['analytics_script_url'], message: NOT_ALLOWED },
    )
    .refine((values) => !addsScript(values, stored) || values.current_password !== '', {
      path: ['current_password'],
      message: CONFIRMATION_NEEDED,
    })
    .refine((values) => !codeAsked || !addsScript(values, stored) || values.code.trim() !== '', { path: ['code'], message: CODE_NEEDED });
}
type SettingsValues = z.infer<ReturnType<typeof settingsSchema>>;

export function settingsForm(
  providerOrigins: readonly string[],
  stored: SiteSettings,
  codeAsked: boolean,
): StoredFormSpec<SettingsValues, SiteSettingsRequest> {
  return {
    schema: settingsSchema(providerOrigins, stored, codeAsked),
    // The confirmation goes only with a change that needs it.
    toInput: ({ current_password, code, statistics_retention_months, ...rest }) => {
      const settings = { ...rest, statistics_retention_months: Number(statistics_retention_months) };
      return addsScript(settings, stored) ? { ...settings, current_password, ...(code.trim() === '' ? {} : { code }) } : settings;
    },
  };
}

/** What the server counts (src/stats), as `Statistics` in src/content/settings.rs. */
export const STATISTICS = ['visitors', 'views', 'off'] as const satisfies readonly Statistics[];
const STATISTICS_LABELS: Record<Statistics, string> = {
  visitors: 'Views, downloads and daily visitors',
  views: 'Views and downloads only (no visitor key)',
  off: 'Nothing',
};

/** The reference styles the server writes (src/citations), for the CV page. */
const CITATION_STYLE_LABELS: Record<CitationStyle, string> = { ieee: 'IEEE', apa: 'APA' };
const PAPER_SIZE_LABELS: Record<PaperSize, string> = { a4: 'A4', 'us-letter': 'US Letter' };
const CV_BUTTON_LABELS: Record<CvButton, string> = {
  uploaded: 'The CV file uploaded under Homepage (without one, /cv.pdf)',
  generated: 'The PDF generated from this site (/cv.pdf)',
};

const Field = fieldsFor<SettingsValues>();

/** The stored settings as the form holds them: the months as typed text, no confirmation yet, and not the sentences (each page's card has them). */
function formValues({ texts: _sentences, ...settings }: SiteSettings): SettingsValues {
  return { ...settings, statistics_retention_months: String(settings.statistics_retention_months), current_password: '', code: '' };
}

export function SettingsScreen() {
  const settings = useQuery({ queryKey: queryKeys.siteSettings, queryFn: settingsApi.read });
  const secondFactor = useQuery({ queryKey: queryKeys.secondFactor, queryFn: secondFactorApi.status });
  return (
    <PageScreen
      title="Site Settings"
      description="Options that apply to the whole public site."
      queries={[settings, secondFactor]}
      loading="Loading settings…"
      errorTitle="Could not load the settings"
    >
      {(stored, factor) => <SettingsForm stored={stored} secondFactor={factor} />}
    </PageScreen>
  );
}

function SettingsForm({ stored, secondFactor }: { stored: SiteSettingsView; secondFactor: SecondFactorStatus }) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: settingsApi.save,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.siteSettings, saved);
      notify.success('Settings updated successfully');
    },
    onError: (error) => notify.error(error, 'Failed to update settings'),
  });
  const providerOrigins = useMemo(() => stored.analytics_providers.map(([, origin]) => origin), [stored.analytics_providers]);
  const spec = useMemo(() => settingsForm(providerOrigins, stored, secondFactor.enabled), [providerOrigins, stored, secondFactor.enabled]);
  const values = useMemo(() => formValues(stored), [stored]);
  const { form, onSubmit, pending } = useStoredForm({
    spec,
    stored: values,
    submit: save.mutateAsync,
    // The password is for this one change: never kept in the form.
    onSaved: (saved) => form.reset({ ...saved, current_password: '', code: '' }),
  });
  const providers = stored.analytics_providers.map(([name, origin]) => `${name} (${origin})`).join(', ');
  const studentsHintId = useId();
  const studentsError = form.formState.errors.show_students_publicly?.message;
  const countsHintId = useId();
  const paperStatisticsHintId = useId();
  const hideEmptyHintId = useId();
  const [menu, hideEmpty, languages] = form.watch(['menu', 'hide_empty_sections', 'languages']);
  const [url, own] = form.watch(['analytics_script_url', 'analytics_own_origin']);
  const confirming = addsScript({ analytics_script_url: url, analytics_own_origin: own }, stored);

  return (
    <FormShell form={form} onSubmit={onSubmit} aria-label="Site settings">
      <Card className="max-w-3xl">
        <CardHeader>
          <CardTitle>Home page and visibility</CardTitle>
          <CardDescription>Changes take effect on the public pages at once.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          {stored.analytics_warning ? (
            <Alert variant="destructive" title="Analytics script">
              {stored.analytics_warning}
            </Alert>
          ) : null}
          <Field.Text
            name="analytics_script_url"
            label="Analytics script URL"
            hint={`A visitor counter, loaded on the home page only (never on other pages), from one of: ${providers}; or from your own analytics domain below. Leave empty for none.`}
            type="url"
            inputMode="url"
            placeholder="https://plausible.io/js/script.js"
          />
          <Field.Text
            name="analytics_own_origin"
            label="Your own analytics domain"
            hint="Only for a counter you host yourself (e.g. https://stats.example.org). Warning: a script from this domain runs on your home page with full access to it, so use only a server you control. Leave empty otherwise."
            type="url"
            inputMode="url"
            placeholder="https://stats.example.org"
          />
          <Field.Select
            name="statistics"
            label="Statistics"
            hint="Vita counts page views, PDF downloads, where readers came from and feed subscribers itself, with no cookie and no script (the analytics script above is not needed for them). Stored: daily counts per page, file, source and feed reader, and for the current day only a keyed hash of each visitor's network and browser, deleted with its daily key at midnight; never an address or a user agent. Vita's privacy note (docs/privacy.md) lists every stored column."
            options={optionsOf(STATISTICS_LABELS)}
          />
          <Field.Text
            name="statistics_retention_months"
            label="Keep the counts per page and per source for (months)"
            hint="25 by default; the daily totals and the downloads per paper are kept for good."
            type="number"
            inputMode="numeric"
          />
          <div className="grid gap-1.5">
            <Checkbox
              label="Show views and downloads on paper pages"
              aria-describedby={paperStatisticsHintId}
              {...form.register('show_paper_statistics')}
            />
            <p id={paperStatisticsHintId} className="pl-6 text-sm text-muted-foreground">
              Off by default. On: each paper&apos;s page says how often it was read, e.g. &ldquo;312 views · 87 PDF downloads since December
              2026&rdquo; (the downloads only for a PDF uploaded here), updated at least once a day; nothing while statistics count nothing.
            </p>
          </div>
          {confirming ? (
            <fieldset className="grid gap-4 rounded-lg border border-border p-4">
              <legend className="px-1 text-sm font-medium">Confirm it is you</legend>
              <p className="text-sm text-muted-foreground">
                A new script runs on every visitor&apos;s home page, so this change needs your password
                {secondFactor.enabled ? ' and a code from your authenticator app' : ''}.
              </p>
              <Field.Text name="current_password" label="Your password" type="password" autoComplete="current-password" required />
              {secondFactor.enabled ? (
                <Field.Text name="code" label="Authentication code" inputMode="numeric" autoComplete="one-time-code" required />
              ) : null}
            </fieldset>
          ) : null}
          <div className="grid gap-1.5">
            <Checkbox label="Show students publicly" aria-describedby={studentsHintId} {...form.register('show_students_publicly')} />
            <p id={studentsHintId} className="pl-6 text-sm text-muted-foreground">
              Off (the default): only you, signed in, see the student list; visitors see the Students page without it. On: every visitor
              sees the list, never with e-mail addresses.
            </p>
            <FieldError messages={studentsError ? [studentsError] : []} />
          </div>
        </CardContent>
        <CardHeader>
          <CardTitle>Publications from outside sources</CardTitle>
          <CardDescription>ORCID, and the citation counts refreshed daily from Crossref and OpenAlex.</CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <Field.Text
            name="orcid_id"
            label="ORCID iD"
            hint="e.g. 0000-0002-1825-0097. Your works there can be imported (Publications → Import from ORCID), and a daily check tells the dashboard about new ones."
            placeholder="0000-0002-1825-0097"
          />
          <Field.Text
            name="openalex_api_key"
            label="OpenAlex API key"
            hint="Free from openalex.org: citation counts per year for the dashboard's chart. Without it, Crossref's counts are used."
            autoComplete="off"
          />
          <Field.Select
            name="cv_citation_style"
            label="Reference style of the CV"
            hint="How the publications on the CV page (/cv) and in its PDF (/cv.pdf) are written."
            options={optionsOf(CITATION_STYLE_LABELS)}
          />
          <Field.Select
            name="cv_paper_size"
            label="Paper of the CV PDF"
            hint="The page size of /cv.pdf."
            options={optionsOf(PAPER_SIZE_LABELS)}
          />
          <Field.Select
            name="cv_button"
            label="The CV buttons open"
            hint="The home page's Download CV button and the CV page's Download PDF link. Without an uploaded file both open /cv.pdf, made from your site (the home page shows the button once the CV has an entry)."
            options={optionsOf(CV_BUTTON_LABELS)}
          />
          <div className="grid gap-1.5">
            <Checkbox
              label="Show citation counts on Publications"
              aria-describedby={countsHintId}
              {...form.register('show_citation_counts')}
            />
            <p id={countsHintId} className="pl-6 text-sm text-muted-foreground">
              Off by default: each paper's own page shows its count. On: the list shows each paper's count and the total too.
            </p>
          </div>
        </CardContent>
        <CardHeader>
          <CardTitle>Navigation</CardTitle>
          <CardDescription>
            The menu at the top of every public page, in this order. Untick a page to leave it out; add links to pages elsewhere.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <NavigationEditor
            items={menu}
            onChange={(items) => form.setValue('menu', items, { shouldDirty: true })}
            pages={stored.menu_pages}
            defaultMenu={stored.default_menu}
            hideEmpty={hideEmpty}
            error={form.formState.errors.menu?.message}
          />
          <div className="grid gap-1.5">
            <Checkbox
              label="Hide sections with nothing published"
              aria-describedby={hideEmptyHintId}
              {...form.register('hide_empty_sections')}
            />
            <p id={hideEmptyHintId} className="pl-6 text-sm text-muted-foreground">
              Off by default. On: a list page such as Talks or Blog leaves the menu while it has nothing published, and comes back with its
              first published item. Home, About, Contact, CV and your own links always stay.
            </p>
          </div>
        </CardContent>
        <CardHeader>
          <CardTitle>Languages</CardTitle>
          <CardDescription>
            The languages of your public site. The first is the default, at /; each other one has every page under its own prefix, e.g.
            /de/publications, showing your text in the default language until it is translated. Visitors choose with the language switcher.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <LanguagesEditor
            languages={languages}
            onChange={(next) => form.setValue('languages', next, { shouldDirty: true })}
            error={form.formState.errors.languages?.message}
          />
        </CardContent>
        <CardFooter>
          <UpdateButton pending={pending}>Update Settings</UpdateButton>
        </CardFooter>
      </Card>
    </FormShell>
  );
}
