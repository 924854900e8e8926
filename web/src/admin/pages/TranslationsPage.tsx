/**
 * /admin/translations (issue 45): the site's texts in another language. The
 * owner chooses a language (a BCP 47 tag) and sees every translatable text
 * that is untranslated or outdated (its source edited since), the source
 * beside the translation's field; saving writes the translation, and "Mark as
 * up to date" keeps an outdated one as it is. The public pages keep showing an
 * outdated translation until then. The server decides what is translatable
 * and what is outdated (`GET /api/admin/translations?lang=`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import type { TranslatableText, TranslationStatus } from '../../api/types';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { PageSpinner } from '../../components/ui/spinner';
import { errorMessage } from '../api';
import { PageHeader } from '../components/PageHeader';
import { queryKeys, type TranslationTarget, translationsApi } from '../endpoints';
import { translationSchema, type TranslationValues, useTranslationActions } from '../translation-actions';
import { useDocumentTitle } from '../useDocumentTitle';

const STATUS_LABELS: Record<TranslationStatus, string> = {
  untranslated: 'Untranslated',
  outdated: 'Outdated',
  done: 'Up to date',
};

/** The texts to work on first: outdated, then untranslated; the done ones only when asked. */
export function textsToShow(texts: readonly TranslatableText[], showDone: boolean): TranslatableText[] {
  const order: Record<TranslationStatus, number> = { outdated: 0, untranslated: 1, done: 2 };
  return texts.filter((text) => showDone || text.status !== 'done').sort((a, b) => order[a.status] - order[b.status]);
}

/** How many texts are in each state. */
export function countByStatus(texts: readonly TranslatableText[]): Record<TranslationStatus, number> {
  const counts = { untranslated: 0, outdated: 0, done: 0 };
  for (const text of texts) counts[text.status] += 1;
  return counts;
}

const languageSchema = z.object({ lang: z.string().trim().min(1, 'Enter a language tag, such as de or zh-Hans') });

export function TranslationsPage() {
  useDocumentTitle('Translations');
  const [params, setParams] = useSearchParams();
  const lang = params.get('lang') ?? '';
  const showDone = params.get('done') === '1';
  const choose = (next: { lang?: string; done?: boolean }) => {
    const values = new URLSearchParams();
    const chosen = next.lang ?? lang;
    if (chosen) values.set('lang', chosen);
    if (next.done ?? showDone) values.set('done', '1');
    setParams(values);
  };
  return (
    <>
      <PageHeader
        title="Translations"
        description="Your texts in other languages. A page in a language shows each text's translation, or your own text where there is none yet."
      />
      <LanguageForm lang={lang} onChoose={(chosen) => choose({ lang: chosen })} />
      {lang ? <TranslationList lang={lang} showDone={showDone} onShowDone={(done) => choose({ done })} /> : null}
    </>
  );
}

function LanguageForm({ lang, onChoose }: { lang: string; onChoose: (lang: string) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.infer<typeof languageSchema>>({ resolver: zodResolver(languageSchema), values: { lang } });
  return (
    <form onSubmit={handleSubmit((values) => onChoose(values.lang.trim()))} noValidate className="mb-8 flex flex-wrap items-start gap-3">
      <FormField label="Language" hint="A BCP 47 tag: de, fr, zh-Hans, pt-BR…" error={errors.lang?.message} className="w-64">
        {(control) => <Input {...control} autoComplete="off" spellCheck={false} {...register('lang')} />}
      </FormField>
      <Button type="submit" className="mt-7">
        Show
      </Button>
    </form>
  );
}

function TranslationList({ lang, showDone, onShowDone }: { lang: string; showDone: boolean; onShowDone: (done: boolean) => void }) {
  const { data, error, isPending } = useQuery({ queryKey: queryKeys.translations(lang), queryFn: () => translationsApi.list(lang) });
  if (isPending) return <PageSpinner />;
  if (error) {
    return (
      <Alert variant="destructive" title="The translations could not be listed">
        {errorMessage(error, 'An error occurred')}
      </Alert>
    );
  }
  const counts = countByStatus(data.texts);
  const shown = textsToShow(data.texts, showDone);
  return (
    <section aria-labelledby="translations-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="translations-title" className="text-xl font-semibold">
          Texts in <span lang={data.lang}>{data.lang}</span>
        </h2>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={showDone} onChange={(event) => onShowDone(event.target.checked)} className="size-4 focus-ring" />
          Show the texts already translated
        </label>
      </div>
      <p role="status" className="mb-6 text-sm text-muted-foreground">
        {counts.outdated} outdated, {counts.untranslated} untranslated, {counts.done} up to date.
      </p>
      {shown.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-5 text-card-foreground">Every text is translated and up to date.</p>
      ) : (
        <ul className="space-y-6">
          {shown.map((text) => (
            <li key={`${text.kind}:${text.item_id}:${text.field}`}>
              <TranslationRow text={text} lang={data.lang} sourceLang={data.source_lang} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TranslationRow({ text, lang, sourceLang }: { text: TranslatableText; lang: string; sourceLang: string }) {
  const target: TranslationTarget = { kind: text.kind, item_id: text.item_id, field: text.field, lang };
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<TranslationValues>({ resolver: zodResolver(translationSchema(text.format)), values: { text: text.translation ?? '' } });
  const { save, review } = useTranslationActions(target, setError);
  const titleId = `translation-${text.kind}-${text.item_id}-${text.field}`;
  const Control = text.format === 'short' ? Input : Textarea;
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-semibold wrap-anywhere">
          {itemName(text)} · {text.field_label}
        </h3>
        <Badge variant={text.status === 'outdated' ? 'destructive' : text.status === 'done' ? 'secondary' : 'outline'}>
          {STATUS_LABELS[text.status]}
        </Badge>
      </div>
      <form onSubmit={handleSubmit((values) => save.mutate(values))} noValidate className="mt-4 grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <p className="text-sm font-medium">Source ({sourceLang})</p>
          <p lang={sourceLang} className="max-h-60 overflow-y-auto rounded-md bg-muted/50 p-3 text-sm whitespace-pre-line wrap-anywhere">
            {text.source}
          </p>
        </div>
        <FormField label={`Translation (${lang})`} error={errors.text?.message}>
          {(control) => <Control {...control} lang={lang} rows={text.format === 'short' ? undefined : 6} {...register('text')} />}
        </FormField>
        <div className="flex flex-wrap gap-2 lg:col-span-2 lg:justify-end">
          {text.status === 'outdated' && !isDirty ? (
            <Button variant="outline" disabled={review.isPending} onClick={() => review.mutate()}>
              Mark as up to date
            </Button>
          ) : null}
          <Button type="submit" disabled={save.isPending}>
            Save translation
          </Button>
        </div>
      </form>
    </article>
  );
}

/** "Research area: Hardware security"; a page text by its name alone ("Hero"). */
export function itemName(text: Pick<TranslatableText, 'noun' | 'item_label'>): string {
  if (text.item_label.toLowerCase() === text.noun.toLowerCase()) return text.item_label;
  return `${text.noun.charAt(0).toUpperCase()}${text.noun.slice(1)}: ${text.item_label}`;
}
