/**
 * The small building blocks every public page shares: the page intro with its
 * single <h1>, sections with an <h2>, cards, badges, links that open a new tab,
 * empty and loading states, and sanitised rich text.
 */
import { ExternalLink } from '../../components/icons';
import type { ReactNode } from 'react';
import { buttonClassName, type ButtonVariant } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n/context';
import { MathText, richMath } from '../math';

export const CONTAINER = 'mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8';
/** The reading width of text-heavy pages. */
export const NARROW_CONTAINER = 'mx-auto w-full max-w-4xl px-4 sm:px-6 lg:px-8';

export const CARD = 'rounded-2xl border border-border bg-card text-card-foreground shadow-sm';

/** The top of every page but the home page: the page's one <h1>. The band
 *  reaches under the (transparent) navigation bar. */
export function PageIntro({
  title,
  subtitle,
  narrow = false,
  children,
}: {
  /** Text, or a title with math (a post's). */
  title: ReactNode;
  /** Text, or a text marked with its language (../text-lang.tsx). */
  subtitle?: ReactNode;
  narrow?: boolean;
  children?: ReactNode;
}) {
  return (
    <div className="-mt-16 border-b border-border bg-muted/50 pt-16 print:mt-0 print:bg-transparent print:pt-0">
      <div className={cn(narrow ? NARROW_CONTAINER : CONTAINER, 'py-14 sm:py-20 print:py-4')}>
        <div aria-hidden="true" className="mb-6 h-1 w-12 rounded-full bg-primary print:hidden" />
        <h1 className="text-4xl font-bold tracking-tight text-balance wrap-anywhere sm:text-5xl">{title}</h1>
        {subtitle && <p className="mt-4 max-w-2xl text-lg text-pretty text-muted-foreground">{subtitle}</p>}
        {children}
      </div>
    </div>
  );
}

/** The body of a page below its intro. */
export function PageBody({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={cn(narrow ? NARROW_CONTAINER : CONTAINER, 'py-12 sm:py-16')}>{children}</div>;
}

/** A titled part of a page: an <h2> and what follows it. */
export function Section({
  id,
  title,
  intro,
  action,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className={cn('py-16 sm:py-20', className)}>
      <div className={CONTAINER}>
        <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight sm:text-4xl">
              {title}
            </h2>
            {intro && <p className="mt-3 text-lg text-pretty text-muted-foreground">{intro}</p>}
          </div>
          {action}
        </div>
        {children}
      </div>
    </section>
  );
}

type Tone = 'primary' | 'neutral' | 'danger' | 'featured';

const TONES: Record<Tone, string> = {
  primary: 'bg-accent text-accent-foreground',
  neutral: 'bg-muted text-muted-foreground',
  danger: 'bg-destructive text-destructive-foreground',
  featured: 'bg-primary text-primary-foreground',
};

export function Badge({ tone = 'neutral', children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return <span className={cn('badge', TONES[tone], className)}>{children}</span>;
}

/** A link to another site, opening in a new tab, styled as a small button. */
export function ExternalButton({
  href,
  children,
  variant = 'outline',
  icon = <ExternalLink aria-hidden="true" />,
}: {
  href: string;
  children: ReactNode;
  variant?: ButtonVariant;
  icon?: ReactNode;
}) {
  const t = useT();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={buttonClassName(variant, 'sm')}>
      {icon}
      {children}
      <span className="sr-only">{` ${t('common.new_tab')}`}</span>
    </a>
  );
}

/** A link to another site, opening in a new tab, as underlined text (for
 *  long or user-written link texts that must wrap). */
export function ExternalTextLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useT();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded-sm font-medium wrap-anywhere text-primary underline underline-offset-2 hover:no-underline focus-ring"
    >
      {children}
      <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
      <span className="sr-only">{` ${t('common.new_tab')}`}</span>
    </a>
  );
}

/** The message of an empty list. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-input px-6 py-16 text-center text-lg text-muted-foreground">{children}</p>;
}

/** The text shown while a list loads on the client. */
export function LoadingText({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="py-16 text-center text-lg text-muted-foreground motion-safe:animate-pulse">
      {children}
    </p>
  );
}

/** `count` placeholder cards shown while a list loads on the client. */
export function Skeletons({ count, className }: { count: number; className?: string }) {
  const t = useT();
  return (
    <div role="status" aria-label={t('common.loading')} className={className}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholder cards with no identity of their own; the list is never reordered
        <div key={i} data-skeleton="" className={cn(CARD, 'space-y-4 p-6 motion-safe:animate-pulse')}>
          <div className="h-5 w-1/4 rounded-full bg-muted" />
          <div className="h-6 w-3/4 rounded bg-muted" />
          <div className="h-4 w-full rounded bg-muted" />
          <div className="h-4 w-5/6 rounded bg-muted" />
        </div>
      ))}
    </div>
  );
}

/** Shifts every heading of `html` down by `by` levels (h1 → h3 for `by` = 2,
 *  at most h6), so stored markup never adds a second <h1> to a page or breaks
 *  the outline of the section it sits in. */
export function demoteHeadings(html: string, by: number): string {
  return html.replace(/<(\/?)h([1-6])(?=[\s>/])/gi, (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + by)}`);
}

/** HTML the server sanitised (ammonia) before storing it, its headings placed
 *  below the section's own (`headingLevel`, default 2: they start at h3). */
export function RichText({
  html,
  className,
  headingLevel = 2,
  lang,
}: {
  html: string;
  className?: string;
  headingLevel?: number;
  /** The text's language when it is not the page's (../text-lang.tsx). */
  lang?: string;
}) {
  return (
    <div
      lang={lang}
      className={cn(
        'space-y-4 leading-relaxed wrap-anywhere',
        '[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
        '[&_ul]:list-disc [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:pl-6 [&_li]:mt-1',
        '[&_h3]:text-lg [&_h3]:font-semibold [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold',
        '[&_blockquote]:border-l-4 [&_blockquote]:border-border [&_blockquote]:pl-4 [&_blockquote]:italic',
        '[&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-muted [&_pre]:p-4',
        '[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_strong]:font-semibold',
        className,
      )}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitised this HTML with ammonia before storing it; only heading tags are renamed here, and its math made MathML by the server (../math.tsx)
      dangerouslySetInnerHTML={{ __html: richMath(demoteHeadings(html, headingLevel)) }}
    />
  );
}

/** Multi-line plain text (line breaks kept). */
export function Paragraphs({ text, className, lang }: { text: string; className?: string; lang?: string }) {
  return (
    <p lang={lang} className={cn('leading-relaxed whitespace-pre-line', className)}>
      <MathText text={text} blocks />
    </p>
  );
}
