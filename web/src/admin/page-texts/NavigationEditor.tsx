/**
 * The public menu in Site Settings (issue 44): the site's pages and the
 * owner's own links in order, moved with Up and Down (buttons, so the
 * keyboard and a phone can do it), each page shown or not, links added and
 * removed. The server checks the whole menu again (`Menu` in
 * src/content/settings.rs) and names what is wrong.
 */
import { useId, useState } from 'react';
import type { MenuItem, MenuPage } from '../../api/types';
import { Button } from '../../components/ui/button';
import { FieldError, FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { isHttpUrl } from '../entities/kit';

/** As `MAX_MENU_LABEL` and `MAX_MENU_LINKS` in src/content/settings.rs. */
export const MAX_LABEL = 40;
export const MAX_LINKS = 10;

/** What the menu calls an item. */
function itemLabel(item: MenuItem, pages: readonly MenuPage[]): string {
  if (item.kind === 'link') return item.label;
  return pages.find((page) => page.page === item.page)?.label ?? item.page;
}

/** `items` with the item at `from` moved to `to`. */
export function moved(items: readonly MenuItem[], from: number, to: number): MenuItem[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** What is wrong with a new link, or null. */
export function linkProblem(label: string, url: string, links: number): string | null {
  if (links >= MAX_LINKS) return `The menu holds at most ${MAX_LINKS} links of your own`;
  if (label.trim() === '') return 'Give the link a label';
  if (label.trim().length > MAX_LABEL) return `The label is longer than ${MAX_LABEL} characters`;
  if (!isHttpUrl(url.trim())) return 'The address must start with https:// or http://';
  return null;
}

export function NavigationEditor({
  items,
  onChange,
  pages,
  defaultMenu,
  hideEmpty,
  error,
}: {
  items: readonly MenuItem[];
  onChange: (items: MenuItem[]) => void;
  pages: readonly MenuPage[];
  defaultMenu: readonly MenuItem[];
  /** Whether "Hide sections with nothing published" is on (the list says which items it can leave out). */
  hideEmpty: boolean;
  /** The server's message on the menu, if any. */
  error?: string | undefined;
}) {
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listId = useId();
  const links = items.filter((item) => item.kind === 'link').length;

  const move = (index: number, by: number) => {
    onChange(moved(items, index, index + by));
    // Focus stays on the moved item's button of the same direction, where it now is; at an
    // end, that button is disabled, so the other one takes it.
    requestAnimationFrame(() => {
      const row = document.getElementById(`${listId}-${index + by}`);
      const wanted = row?.querySelector<HTMLButtonElement>(`[data-move="${by < 0 ? 'up' : 'down'}"]:not(:disabled)`);
      (wanted ?? row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
    });
  };
  const addLink = () => {
    const wrong = linkProblem(label, url, links);
    setProblem(wrong);
    if (wrong) return;
    onChange([...items, { kind: 'link', label: label.trim(), url: url.trim() }]);
    setLabel('');
    setUrl('');
  };

  return (
    <div className="grid gap-5">
      <ol className="grid gap-2" aria-label="Menu items, in order">
        {items.map((item, index) => {
          const name = itemLabel(item, pages);
          const page = item.kind === 'page' ? pages.find((p) => p.page === item.page) : undefined;
          return (
            <li
              key={item.kind === 'page' ? item.page : `link-${index}-${item.url}`}
              id={`${listId}-${index}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-border p-3"
            >
              <div className="min-w-0 flex-1 basis-40">
                <p className="text-sm font-medium">{name}</p>
                <p className="truncate text-xs text-muted-foreground">
                  {item.kind === 'page' ? page?.path : `Your link: ${item.url}`}
                  {page?.can_be_empty && hideEmpty ? ' · left out while nothing is published' : null}
                </p>
              </div>
              {item.kind === 'page' ? (
                <label className="flex shrink-0 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 rounded border-input accent-primary focus-ring"
                    checked={item.shown}
                    onChange={(event) => onChange(items.map((it, i) => (i === index ? { ...item, shown: event.target.checked } : it)))}
                  />
                  <span>
                    <span className="sr-only">{name} </span>Shown
                  </span>
                </label>
              ) : null}
              <div className="flex shrink-0 gap-1.5">
                <Button
                  variant="outline"
                  size="sm"
                  data-move="up"
                  disabled={index === 0}
                  aria-label={`Move ${name} up`}
                  onClick={() => move(index, -1)}
                >
                  Up
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  data-move="down"
                  disabled={index === items.length - 1}
                  aria-label={`Move ${name} down`}
                  onClick={() => move(index, 1)}
                >
                  Down
                </Button>
                {item.kind === 'link' ? (
                  <Button
                    variant="destructive"
                    size="sm"
                    aria-label={`Remove ${name}`}
                    onClick={() => onChange(items.filter((_, i) => i !== index))}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <FieldError messages={error ? [error] : []} />
      <fieldset className="grid gap-4 rounded-lg border border-border p-4">
        <legend className="px-1 text-sm font-medium">Add a link</legend>
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField label="Label" hint={`Up to ${MAX_LABEL} characters.`}>
            {(control) => <Input {...control} value={label} maxLength={MAX_LABEL} onChange={(event) => setLabel(event.target.value)} />}
          </FormField>
          <FormField label="Address" hint="A page anywhere on the web, e.g. https://scholar.google.com/….">
            {(control) => <Input {...control} type="url" inputMode="url" value={url} onChange={(event) => setUrl(event.target.value)} />}
          </FormField>
        </div>
        <FieldError messages={problem ? [problem] : []} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={addLink}>
            Add link
          </Button>
          <Button variant="ghost" onClick={() => onChange([...defaultMenu])}>
            Reset to the default menu
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
