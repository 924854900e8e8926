/**
 * "Sentences on this page" (issue 44): the fixed sentences a public page shows
 * (src/content/sentences.rs), each with the words the site came with, the
 * sentence visitors read now, Save and 'Use the default'. Each sentence is
 * saved on its own (`PUT /api/settings/texts`, the other sentences and
 * settings kept) and the public page shows it at once.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { HTML_TAG_PATTERN } from '../../api/rules';
import { MAX_SENTENCE_LENGTH, SENTENCE_PLAIN_TEXT, SENTENCES } from '../../api/sentences';
import type { Sentence } from '../../api/types';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FieldError } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Spinner } from '../../components/ui/spinner';
import { ApiError, errorMessage } from '../api';
import { queryKeys, sentencesApi, settingsApi } from '../endpoints';
import { notify } from '../toast';
import { useUnsavedChanges } from '../unsaved';

/** A public page that has fixed sentences: `home`, `publications`, … */
export type SentencePage = (typeof SENTENCES)[number]['page'];

/** As `content::sentences::validated`: what is wrong with the owner's wording, if anything (empty is the default). */
export function sentenceProblem(text: string): string | undefined {
  const trimmed = text.trim();
  if ([...trimmed].length > MAX_SENTENCE_LENGTH) return `A sentence must be at most ${MAX_SENTENCE_LENGTH} characters`;
  if (HTML_TAG_PATTERN.test(trimmed)) return SENTENCE_PLAIN_TEXT;
  return undefined;
}

export function PageSentences({ page }: { page: SentencePage }) {
  const settings = useQuery({ queryKey: queryKeys.siteSettings, queryFn: settingsApi.read });
  const titleId = useId();
  const sentences: readonly Sentence[] = SENTENCES.filter((sentence) => sentence.page === page);
  return (
    <Card className="mt-8" role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>Sentences on this page</CardTitle>
        <CardDescription>
          The fixed sentences visitors read on the public page. Write your own in their place; an empty one, or &lsquo;Use the
          default&rsquo;, shows the words the site came with.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {settings.isPending ? (
          <Spinner label="Loading the sentences…" />
        ) : settings.isError ? (
          <Alert variant="destructive" title="Could not load the sentences">
            {errorMessage(settings.error)}
          </Alert>
        ) : (
          sentences.map((sentence) => <SentenceForm key={sentence.key} sentence={sentence} stored={settings.data.texts[sentence.key]} />)
        )}
      </CardContent>
    </Card>
  );
}

/** One sentence: what visitors read now, editable, with its default beside it. */
function SentenceForm({ sentence, stored }: { sentence: Sentence; stored: string | undefined }) {
  const queryClient = useQueryClient();
  const current = stored ?? sentence.default;
  const [value, setValue] = useState(current);
  const [shown, setShown] = useState(current);
  const [error, setError] = useState<string>();
  // A save (here or in another tab, once refetched) is what the input starts from again.
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }
  const dirty = value.trim() !== current;
  useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: (text: string) => sentencesApi.save({ [sentence.key]: text }),
    onSuccess: (saved, text) => {
      queryClient.setQueryData(queryKeys.siteSettings, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.sampleTexts });
      setError(undefined);
      notify.success(text === '' ? 'The default sentence is back' : 'Sentence updated successfully');
    },
    onError: (failure) => {
      setError(failure instanceof ApiError ? failure.field(`texts.${sentence.key}`) : undefined);
      notify.error(failure, 'Failed to update the sentence');
    },
  });
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = sentenceProblem(value);
    setError(problem);
    if (problem === undefined) save.mutate(value.trim());
  };
  const describedBy = [`${id}-default`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" aria-label={sentence.label}>
      <Label htmlFor={id}>{sentence.label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy}
      />
      <p id={`${id}-default`} className="text-sm text-muted-foreground">
        Default: &ldquo;{sentence.default}&rdquo;
      </p>
      <FieldError id={`${id}-error`} messages={error ? [error] : []} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={!dirty || save.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={stored === undefined || save.isPending} onClick={() => save.mutate('')}>
          Use the default
        </Button>
      </div>
    </form>
  );
}
