/**
 * The site's languages in Site Settings (issue 45): BCP 47 tags in order, the
 * first the default (served at /, the others at /<tag>/…). Languages are
 * added, removed, moved with Up and Down, or made the default (buttons, so
 * the keyboard and a phone can do it). The server checks the list again
 * (src/languages.rs) and names what is wrong.
 */
import { useId, useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { FieldError, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';

/** As `MAX_LANGUAGES` in src/languages.rs. */
export const MAX_LANGUAGES = 10;

/** First segments of the site's own addresses shaped like a tag (`RESERVED` in src/languages.rs). */
const RESERVED = ['cv', 'api'];

/** `tag` in its canonical case (`zh-hans` → `zh-Hans`), or null when it is not
 *  one a site can use: a language of two or three letters, then a script, a
 *  region and variants (`canonical_tag` in src/languages.rs, which decides). */
export function canonicalTag(tag: string): string | null {
  const match = /^([a-z]{2,3})(-[a-z]{4})?(-(?:[a-z]{2}|\d{3}))?((?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*)$/i.exec(tag.trim());
  if (!match) return null;
  const [, language = '', script = '', region = '', variants = ''] = match;
  const canonical = [
    language.toLowerCase(),
    script && `-${script.charAt(1).toUpperCase()}${script.slice(2).toLowerCase()}`,
    region.toUpperCase(),
    variants.toLowerCase(),
  ].join('');
  return RESERVED.includes(canonical) ? null : canonical;
}

/** `languages` with the one at `from` moved to `to`. */
export function reordered(languages: readonly string[], from: number, to: number): string[] {
  const next = [...languages];
  const [language] = next.splice(from, 1);
  if (language !== undefined) next.splice(to, 0, language);
  return next;
}

/** What is wrong with adding `tag` to `languages`, or null. */
export function languageProblem(tag: string, languages: readonly string[]): string | null {
  if (languages.length >= MAX_LANGUAGES) return `A site has at most ${MAX_LANGUAGES} languages`;
  const canonical = canonicalTag(tag);
  if (canonical === null) return `“${tag.trim()}” is not a language tag like en, de, de-AT or zh-Hans`;
  if (languages.includes(canonical)) return `${canonical} is in the list already`;
  return null;
}

export function LanguagesEditor({
  languages,
  onChange,
  error,
}: {
  languages: readonly string[];
  onChange: (languages: string[]) => void;
  /** The server's message on the languages, if any. */
  error?: string | undefined;
}) {
  const [tag, setTag] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listId = useId();

  const move = (index: number, to: number) => {
    onChange(reordered(languages, index, to));
    requestAnimationFrame(() =>
      document.getElementById(`${listId}-${to}`)?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus(),
    );
  };
  const add = () => {
    const wrong = languageProblem(tag, languages);
    setProblem(wrong);
    if (wrong) return;
    onChange([...languages, canonicalTag(tag) ?? tag]);
    setTag('');
  };

  return (
    <div className="grid gap-5">
      <ol className="grid gap-2" aria-label="Languages, the default first">
        {languages.map((language, index) => (
          <li
            key={language}
            id={`${listId}-${index}`}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border p-3"
          >
            <div className="min-w-0 flex-1 basis-40">
              <p className="flex items-center gap-2 text-sm font-medium">
                {language}
                {index === 0 ? <Badge>Default</Badge> : null}
              </p>
              <p className="truncate text-xs text-muted-foreground">{index === 0 ? 'At /' : `At /${language}/`}</p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-1.5">
              {index > 0 ? (
                <Button variant="outline" size="sm" aria-label={`Make ${language} the default`} onClick={() => move(index, 0)}>
                  Make default
                </Button>
              ) : null}
              <Button
                variant="outline"
                size="sm"
                disabled={index === 0}
                aria-label={`Move ${language} up`}
                onClick={() => move(index, index - 1)}
              >
                Up
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={index === languages.length - 1}
                aria-label={`Move ${language} down`}
                onClick={() => move(index, index + 1)}
              >
                Down
              </Button>
              <Button
                variant="destructive"
                size="sm"
                disabled={languages.length === 1}
                aria-label={`Remove ${language}`}
                onClick={() => onChange(languages.filter((_, i) => i !== index))}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ol>
      <FieldError messages={error ? [error] : []} />
      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium">Add a language</legend>
        <FormField label="Language tag" hint="A BCP 47 tag, e.g. de, fr, de-AT, zh-Hans or zh-Hant.">
          {(control) => <Input {...control} value={tag} maxLength={35} onChange={(event) => setTag(event.target.value)} />}
        </FormField>
        <FieldError messages={problem ? [problem] : []} />
        <div>
          <Button variant="outline" onClick={add}>
            Add language
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
