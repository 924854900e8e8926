/**
 * The interface's words as components read them, without any catalogue: the
 * server render passes a whole catalogue (./index.ts), the browser only the
 * few words of the frame and of the Copy buttons that the server embeds in the
 * page (src/render/mod.rs, `hydration_json`), so no catalogue is in the public
 * JavaScript. Nothing here may import a catalogue's content.
 */
import type en from './en.json';

/** A key of the catalogues; English is the reference (the other catalogues have the same keys). */
export type MessageKey = keyof typeof en;

/** A catalogue, or the part of one the browser gets. */
export type Messages = Readonly<Partial<Record<MessageKey, string>>>;

export type Vars = Readonly<Record<string, string | number>>;

/** Looks a key up in the page's language and fills its `{name}` placeholders. */
export type Translate = (key: MessageKey, vars?: Vars) => string;

/** 'Page {page} of {pages}' with { page: 2, pages: 5 } → 'Page 2 of 5'. A placeholder without a value stays as written. */
export function interpolate(template: string, vars?: Vars): string {
  if (!vars) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The translation function of a set of messages. A missing key shows as itself, so it is seen (the tests keep every catalogue complete). */
export function translator(messages: Messages): Translate {
  return (key, vars) => interpolate(messages[key] ?? key, vars);
}

/** The pieces of a message with a placeholder that is an element ('Powered by {vita}'), in order. */
export function splitAt(template: string, name: string): [before: string, after: string] {
  const at = template.indexOf(`{${name}}`);
  return at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + name.length + 2)];
}
