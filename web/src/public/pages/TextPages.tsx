/** The pages made of the owner's texts (About, Contact). */
import { Clock, Mail, MapPin, Phone } from '../../components/icons';
import type { ReactNode } from 'react';
import type { AboutCvLists, AboutPage as AboutData, ContactContent, CvEntry, SectionPage, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { CARD, EmptyState, PageBody, PageIntro, Paragraphs } from '../components/ui';
import { useT } from '../../i18n/context';
import type { MessageKey } from '../../i18n/messages';
import { sentence } from '../sentences';
import { useTextLang } from '../text-lang';
import { Entries } from './CvPage';

type AboutText = 'background' | 'research_interests' | 'education' | 'experience' | 'awards' | 'leadership' | 'service' | 'personal';

const ABOUT_SECTIONS: AboutText[] = [
  'background',
  'research_interests',
  'education',
  'experience',
  'awards',
  'leadership',
  'service',
  'personal',
];

/** A section of the page: the owner's free text, or the CV's entries (issue 44). */
type AboutSection = { key: AboutText; title: MessageKey } & ({ text: string } | { entries: CvEntry[] });

/**
 * The sections shown once the texts are stored: a block that shows the CV's
 * list has its entries (none: no section), the others their text (empty: no
 * section).
 */
function aboutSections({ content, stored, cv }: AboutData): AboutSection[] {
  if (!stored) return [];
  return ABOUT_SECTIONS.flatMap((key): AboutSection[] => {
    const title = `about.${key}` as const;
    const entries = key in cv ? cv[key as keyof AboutCvLists] : null;
    if (entries) return entries.length > 0 ? [{ key, title, entries }] : [];
    return content[key].trim() !== '' ? [{ key, title, text: content[key] }] : [];
  });
}

/** Spec §2 "About": the stored texts; the fallback title and bio with a placeholder until stored. */
export function AboutPage({ data, site }: { data: AboutData; site: SiteInfo }) {
  const t = useT();
  const { content, stored } = data;
  const lang = useTextLang();
  const titleLang = content.title ? lang('about', 'about', 'title') : undefined;
  return (
    <>
      <PageIntro narrow title={titleLang ? <span lang={titleLang}>{content.title}</span> : content.title || t('page.about')} />
      <PageBody narrow>
        {content.bio && <Paragraphs text={content.bio} lang={lang('about', 'about', 'bio')} className="text-lg sm:text-xl" />}
        {!stored && <p className="mt-8 text-muted-foreground italic">{sentence(site, 'about.placeholder')}</p>}
        {aboutSections(data).map((section) => (
          <section key={section.key} aria-labelledby={`about-${section.key}`} className="mt-12 border-t border-border pt-10">
            <h2 id={`about-${section.key}`} className="text-2xl font-bold tracking-tight">
              {t(section.title)}
            </h2>
            {'entries' in section ? (
              <div className="mt-5">
                <Entries entries={section.entries} />
              </div>
            ) : (
              <Paragraphs text={section.text} lang={lang('about', 'about', section.key)} className="mt-4 text-muted-foreground" />
            )}
          </section>
        ))}
      </PageBody>
    </>
  );
}

function ContactCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className={cn(CARD, 'flex gap-4 p-6')}>
      <span
        aria-hidden="true"
        className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground [&_svg]:size-5"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <h2 className="font-semibold">{title}</h2>
        <div className="mt-1 leading-relaxed wrap-anywhere whitespace-pre-line text-muted-foreground">{children}</div>
      </div>
    </li>
  );
}

const LINK = 'rounded-sm text-primary underline underline-offset-2 hover:no-underline focus-ring';

/** Spec §2 "Contact": the stored contact texts, or a placeholder until stored. */
export function ContactPage({ data, site }: { data: SectionPage<ContactContent>; site: SiteInfo }) {
  const t = useT();
  const { content, stored } = data;
  const lang = useTextLang();
  const inLang = (field: 'title' | 'subtitle' | 'office_hours', text: string) => {
    const textLang = lang('contact', 'contact', field);
    return textLang ? <span lang={textLang}>{text}</span> : text;
  };
  return (
    <>
      <PageIntro
        narrow
        title={content.title ? inLang('title', content.title) : t('page.contact')}
        subtitle={content.subtitle && inLang('subtitle', content.subtitle)}
      />
      <PageBody narrow>
        {stored ? (
          <>
            <ul className="grid gap-6 sm:grid-cols-2">
              {content.email && (
                <ContactCard icon={<Mail />} title={t('contact.email')}>
                  <a href={`mailto:${content.email}`} className={LINK}>
                    {content.email}
                  </a>
                </ContactCard>
              )}
              {content.phone && (
                <ContactCard icon={<Phone />} title={t('contact.phone')}>
                  <a href={`tel:${content.phone.replace(/[^\d+]/g, '')}`} className={LINK}>
                    {content.phone}
                  </a>
                </ContactCard>
              )}
              {content.office_address && (
                <ContactCard icon={<MapPin />} title={t('contact.office')}>
                  {content.office_address}
                </ContactCard>
              )}
              {content.mailing_address && (
                <ContactCard icon={<Mail />} title={t('contact.mailing_address')}>
                  {content.mailing_address}
                </ContactCard>
              )}
              {content.office_hours && (
                <ContactCard icon={<Clock />} title={t('contact.office_hours')}>
                  {inLang('office_hours', content.office_hours)}
                </ContactCard>
              )}
            </ul>
            {content.additional_info && (
              <Paragraphs
                text={content.additional_info}
                lang={lang('contact', 'contact', 'additional_info')}
                className="mt-10 text-muted-foreground"
              />
            )}
          </>
        ) : (
          <EmptyState>{sentence(site, 'contact.placeholder')}</EmptyState>
        )}
      </PageBody>
    </>
  );
}
