import { ChevronDown, Download, ExternalLink, GraduationCap, Mail } from '../../components/icons';
import type { HeroContent, Photo } from '../../api/types';
import { ButtonLink } from '../../components/ui/button';
import { useT } from '../../i18n/context';
import { initials } from '../../lib/initials';
import { useTextLang } from '../text-lang';
import { type Frame, Picture } from './Picture';
import { useLocalized } from '../language';

const PORTRAIT_SIZE = 288;
/** The frame's side by screen width: `size-44 sm:size-56 lg:size-72` below. */
const PORTRAIT_FRAMES: readonly Frame[] = [
  [1024, PORTRAIT_SIZE],
  [640, 224],
  [null, 176],
];

/**
 * Round profile image (in its sizes when it was uploaded here), or the
 * initials when no image is set.
 */
function Portrait({ hero, portrait }: { hero: HeroContent; portrait: Photo | null }) {
  const frame = 'relative size-44 shrink-0 rounded-full ring-4 ring-background shadow-xl shadow-primary/10 sm:size-56 lg:size-72';
  if (portrait) {
    return (
      <Picture
        photo={portrait}
        frames={PORTRAIT_FRAMES}
        alt={hero.profile_image_alt}
        size={PORTRAIT_SIZE}
        fetchPriority="high"
        className={`${frame} bg-muted`}
      />
    );
  }
  if (!hero.profile_image_url) {
    return (
      <div
        aria-hidden="true"
        className={`${frame} flex items-center justify-center bg-linear-to-br from-primary to-primary/70 text-5xl font-bold text-primary-foreground sm:text-6xl lg:text-7xl`}
      >
        {initials(hero.name)}
      </div>
    );
  }
  return (
    <img
      src={hero.profile_image_url}
      alt={hero.profile_image_alt}
      width={PORTRAIT_SIZE}
      height={PORTRAIT_SIZE}
      decoding="async"
      fetchPriority="high"
      className={`${frame} bg-muted object-cover`}
    />
  );
}

/** Spec §2 "Home" → Hero. */
export function Hero({
  hero,
  portrait,
  cvLink,
  nextSectionId,
}: {
  hero: HeroContent;
  portrait: Photo | null;
  /** The uploaded CV or /cv.pdf, as Site Settings choose; '' for no button. */
  cvLink: string;
  nextSectionId: string;
}) {
  const local = useLocalized();
  const t = useT();
  const lang = useTextLang();
  return (
    <section aria-labelledby="hero-name" className="relative isolate -mt-16 flex min-h-svh items-center overflow-hidden pt-16">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -top-40 left-1/2 h-[40rem] w-[40rem] -translate-x-1/2 bg-radial from-primary/15 to-transparent to-70% lg:left-3/4" />
        <div className="absolute right-1/2 -bottom-48 h-[32rem] w-[32rem] bg-radial from-accent to-transparent to-70%" />
      </div>

      <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-10 px-4 pt-16 pb-24 text-center sm:px-6 lg:flex-row-reverse lg:justify-between lg:gap-16 lg:px-8 lg:text-left">
        <Portrait hero={hero} portrait={portrait} />

        <div className="max-w-2xl">
          <h1 id="hero-name" className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {hero.name}
          </h1>
          {hero.title && (
            <p lang={lang('hero', 'hero', 'title')} className="mt-4 text-xl font-medium text-primary sm:text-2xl">
              {hero.title}
            </p>
          )}
          {hero.institution && (
            <p lang={lang('hero', 'hero', 'institution')} className="mt-2 text-lg text-muted-foreground">
              {hero.institution}
            </p>
          )}
          {hero.bio && (
            <p
              lang={lang('hero', 'hero', 'bio')}
              className="mt-6 text-base leading-relaxed text-pretty whitespace-pre-line text-muted-foreground sm:text-lg"
            >
              {hero.bio}
            </p>
          )}

          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center lg:justify-start">
            <ButtonLink href={local('/publications')} size="lg">
              <GraduationCap aria-hidden="true" />
              {t('hero.view_publications')}
            </ButtonLink>
            <ButtonLink href={local('/contact')} variant="outline" size="lg">
              <Mail aria-hidden="true" />
              {t('hero.contact_me')}
            </ButtonLink>
            {hero.google_scholar_url && (
              <ButtonLink href={hero.google_scholar_url} target="_blank" rel="noopener noreferrer" variant="outline" size="lg">
                <ExternalLink aria-hidden="true" />
                {t('hero.google_scholar')}
              </ButtonLink>
            )}
            {cvLink && (
              <ButtonLink href={cvLink} target="_blank" rel="noopener noreferrer" variant="outline" size="lg">
                <Download aria-hidden="true" />
                {t('hero.download_cv')}
              </ButtonLink>
            )}
          </div>
        </div>
      </div>

      <a
        href={`#${nextSectionId}`}
        className="absolute bottom-6 left-1/2 flex -translate-x-1/2 flex-col items-center gap-1 rounded-full p-2 text-muted-foreground transition-colors hover:text-foreground focus-ring"
      >
        <span className="sr-only">{t('hero.scroll_down')}</span>
        <ChevronDown aria-hidden="true" className="size-6 motion-safe:animate-bounce" />
      </a>
    </section>
  );
}
