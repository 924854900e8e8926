/**
 * Language tabs on a translatable field (issue 45, item 7). When the site has
 * more than one language, each field that takes a translation
 * (TRANSLATABLE_FIELDS, generated from src/content/translations.rs) shows a
 * tab list on its label's line: the default language's tab is the field as it
 * always was; each other language's tab shows the saved source text and the
 * translation, its state, and Save / Delete translation / Mark as up to date,
 * written at once through /api/admin/translations (not with the item's form).
 *
 * A form says what it edits with `TranslationScope` (EntityForm from its
 * spec's `translation`, SectionForm from its section); the admin app turns
 * the tabs on with `LanguageTabsOn` (AdminLayout), so a form rendered on its
 * own, as in a screen's tests, has none and asks for nothing.
 */
import * as Tabs from '@radix-ui/react-tabs';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from 'react';
import { useController, useForm, useFormContext, type Control } from 'react-hook-form';
import { TRANSLATABLE_FIELDS } from '../../../api/rules';
import type { TextFormat, TranslatableText, TranslationKind, TranslationStatus } from '../../../api/types';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../api';
import { queryKeys, settingsApi, type TranslationTarget, translationsApi } from '../../endpoints';
import { translationSchema, type TranslationValues, useTranslationActions } from '../../translation-actions';

const RichTextEditor = lazy(() => import('../../components/RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

const TabsOn = createContext(false);

/** Turns the language tabs on for the forms inside (the admin app's layout). */
export function LanguageTabsOn({ children }: { children: ReactNode }) {
  return <TabsOn.Provider value={true}>{children}</TabsOn.Provider>;
}

/** What a form edits: a kind of item with translatable fields, and the item (null while it is new). */
export type Scope = { kind: TranslationKind; itemId: string | null };

const ScopeContext = createContext<Scope | null>(null);

export function TranslationScope({ scope, children }: { scope: Scope | null; children: ReactNode }) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

/** A site language: its tag and its name in itself ('Deutsch'). */
type Language = { tag: string; name: string };

/** The site's languages, the default first; only one while the settings are loading or unreadable. */
function useSiteLanguages(enabled: boolean): Language[] {
  const { data } = useQuery({ queryKey: queryKeys.siteSettings, queryFn: settingsApi.read, enabled });
  return (data?.language_names ?? []).map(([tag, name]) => ({ tag, name }));
}

/** The kind of control a field is, which its translation uses too. */
export type ControlKind = 'line' | 'text' | 'rich';

/** Where a field puts the parts of its language tabs. */
export type TabSlots = {
  /** Where the field sits on the form's grid (undefined when the tabs carry it). */
  className: string | undefined;
  /** The tab list, for the field's label line; undefined without tabs. */
  aside: ReactNode;
  /** The field's control as the default language's panel, then the other languages' panels. */
  panels: (control: ReactNode) => ReactNode;
};

/**
 * A field as it is with one language; with more, its control becomes the
 * default language's tab panel, beside one panel per other language.
 */
export function Translatable({
  name,
  label,
  control,
  rows,
  className,
  children,
}: {
  name: string;
  label: string;
  control: ControlKind;
  rows?: number;
  /** Where the field sits on the form's grid. */
  className: string | undefined;
  children: (slots: TabSlots) => ReactNode;
}) {
  const scope = useContext(ScopeContext);
  const formats: Partial<Record<string, TextFormat>> | null = scope ? TRANSLATABLE_FIELDS[scope.kind] : null;
  const format = formats?.[name];
  const on = useContext(TabsOn) && format !== undefined;
  const languages = useSiteLanguages(on);
  const [source, ...others] = languages;
  if (!scope || !format || !source || others.length === 0) return children({ className, aside: undefined, panels: (field) => field });
  return <LanguageTabs {...{ name, label, control, rows, className, scope, source, others, format }}>{children}</LanguageTabs>;
}

// Small, and pulled into the label's line height, so a field with tabs lines up with its neighbours.
const TAB =
  'inline-flex h-6 items-center rounded px-2 text-xs font-medium whitespace-nowrap text-muted-foreground transition-colors ' +
  'hover:text-foreground focus-ring disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:text-muted-foreground ' +
  'data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

const PANEL = 'rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function LanguageTabs({
  name,
  label,
  control,
  rows,
  className,
  scope,
  source,
  others,
  format,
  children,
}: {
  name: string;
  label: string;
  control: ControlKind;
  rows: number | undefined;
  className: string | undefined;
  scope: Scope;
  source: Language;
  others: Language[];
  format: TextFormat;
  children: (slots: TabSlots) => ReactNode;
}) {
  const [tab, setTab] = useState(source.tag);
  const { formState, getFieldState } = useFormContext();
  // A submit that finds this field wrong shows it, wherever the owner was.
  const { submitCount } = formState;
  useEffect(() => {
    if (submitCount > 0 && getFieldState(name).invalid) setTab(source.tag);
  }, [submitCount, getFieldState, name, source.tag]);
  const { kind, itemId } = scope;
  const aside = (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      {itemId === null ? <p className="text-xs text-muted-foreground">Save the item first to translate it.</p> : null}
      <Tabs.List aria-label={`${label}: language`} className="-my-1.5 inline-flex flex-wrap gap-0.5 rounded-md bg-muted p-0.5">
        <Tabs.Trigger value={source.tag} className={TAB}>
          {source.name}
        </Tabs.Trigger>
        {others.map((language) => (
          <Tabs.Trigger key={language.tag} value={language.tag} disabled={itemId === null} className={TAB}>
            {language.name}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </div>
  );
  const panels = (field: ReactNode) => (
    <>
      {/* The field stays mounted (only hidden), so the form keeps it while another tab shows. */}
      <Tabs.Content value={source.tag} forceMount className="data-[state=inactive]:hidden">
        {field}
      </Tabs.Content>
      {itemId === null
        ? null
        : others.map((language) => (
            <Tabs.Content key={language.tag} value={language.tag} className={PANEL}>
              <TranslationPanel
                target={{ kind, item_id: itemId, field: name, lang: language.tag }}
                {...{ label, control, rows, format, source, language }}
              />
            </Tabs.Content>
          ))}
    </>
  );
  return (
    <Tabs.Root value={tab} onValueChange={setTab} className={className}>
      {children({ className: undefined, aside, panels })}
    </Tabs.Root>
  );
}

const STATUS: Record<TranslationStatus, { variant: BadgeVariant; text: (source: string) => string }> = {
  outdated: { variant: 'destructive', text: (source) => `Outdated — the ${source} text changed since` },
  untranslated: { variant: 'outline', text: () => 'Not translated yet' },
  done: { variant: 'secondary', text: () => 'Up to date' },
};

/** What a field's translation into one language is edited with. */
type PanelProps = {
  target: TranslationTarget;
  label: string;
  control: ControlKind;
  rows: number | undefined;
  format: TextFormat;
  source: Language;
  language: Language;
};

/** One field's translation into one language: the source for reference, the translation and its actions. */
function TranslationPanel(props: PanelProps) {
  const { target, label, source, language } = props;
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.itemTranslations(target.lang, target.kind, target.item_id),
    queryFn: () => translationsApi.ofItem(target.lang, target.kind, target.item_id),
  });
  if (isPending) return <Spinner label={`Loading the ${language.name} text`} />;
  if (error) return <p className="text-sm text-destructive">{errorMessage(error, 'The translation could not be read')}</p>;
  const text = data.texts.find((entry) => entry.field === target.field);
  if (!text) {
    return (
      <p className="rounded-md bg-muted/50 p-3 text-sm text-muted-foreground">
        Nothing to translate yet: the saved {source.name} {label.toLowerCase()} is empty.
      </p>
    );
  }
  return <TranslationForm key={`${text.status}:${text.translation ?? ''}`} {...props} text={text} />;
}

function TranslationForm({ target, text, label, control, rows, format, source, language }: PanelProps & { text: TranslatableText }) {
  const form = useForm<TranslationValues>({
    resolver: zodResolver(translationSchema(format)),
    defaultValues: { text: text.translation ?? '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = form;
  const { save, review, remove } = useTranslationActions(target, setError);
  // Not a <form>: the panel sits inside the item's form, and Enter must not submit that one.
  const submit = handleSubmit((values) => save.mutate(values));
  const askAndDelete = () => {
    if (window.confirm(`Delete the ${language.name} translation of the ${label.toLowerCase()}?`)) remove.mutate();
  };
  const status = STATUS[text.status];
  const pending = save.isPending || review.isPending || remove.isPending;
  return (
    <div className="grid gap-3 rounded-md border border-border p-3">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-xs font-medium text-muted-foreground">{source.name} text, for reference</p>
          <Badge variant={status.variant}>{status.text(source.name)}</Badge>
        </div>
        <p lang={source.tag} className="max-h-40 overflow-y-auto rounded-md bg-muted/50 p-2 text-sm whitespace-pre-line wrap-anywhere">
          {text.source}
        </p>
      </div>
      <TranslationControl
        control={control}
        rows={rows}
        formControl={form.control}
        label={`${label} in ${language.name}`}
        lang={language.tag}
        error={errors.text?.message}
        onEnter={() => void submit()}
      />
      <div className="flex flex-wrap justify-end gap-2">
        {text.translation !== null ? (
          <Button variant="outline" size="sm" disabled={pending} onClick={askAndDelete}>
            Delete translation
          </Button>
        ) : null}
        {text.status === 'outdated' && !isDirty ? (
          <Button variant="outline" size="sm" disabled={pending} onClick={() => review.mutate()}>
            Mark as up to date
          </Button>
        ) : null}
        <Button size="sm" disabled={pending} onClick={() => void submit()}>
          Save translation
        </Button>
      </div>
    </div>
  );
}

/** The translation's control, of the same kind as the field's own. */
function TranslationControl({
  control,
  rows,
  formControl,
  label,
  lang,
  error,
  onEnter,
}: {
  control: ControlKind;
  rows: number | undefined;
  formControl: Control<{ text: string }>;
  label: string;
  lang: string;
  error: string | undefined;
  onEnter: () => void;
}) {
  const { field } = useController({ control: formControl, name: 'text' });
  if (control === 'rich') {
    return (
      <Suspense fallback={<Spinner label={`Loading the ${label} editor`} />}>
        <div lang={lang}>
          <RichTextEditor label={label} value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={error} />
        </div>
      </Suspense>
    );
  }
  return (
    <FormField label={label} error={error}>
      {(props) =>
        control === 'line' ? (
          <Input
            {...props}
            {...field}
            lang={lang}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              onEnter();
            }}
          />
        ) : (
          <Textarea {...props} {...field} lang={lang} rows={rows ?? 4} />
        )
      }
    </FormField>
  );
}
