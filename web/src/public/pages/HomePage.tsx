import { ArrowRight } from '../../components/icons';
import type { HomeData, SiteInfo } from '../../api/types';
import { Hero } from '../components/Hero';
import { LatestNewsGrid } from '../components/News';
import { FeaturedProjectGrid } from '../components/Projects';
import { FeaturedPublications } from '../components/Publications';
import { ResearchAreaGrid } from '../components/ResearchAreas';
import { StatsStrip } from '../components/StatsStrip';
import { Section } from '../components/ui';
import { useLocalized } from '../language';
import { useT } from '../../i18n/context';
import { sentence } from '../sentences';

function AllLink({ href, children }: { href: string; children: string }) {
  const local = useLocalized();
  return (
    <a
      href={local(href)}
      className="group inline-flex items-center gap-1.5 rounded-sm py-1 font-medium text-primary hover:underline focus-ring"
    >
      {children}
      <ArrowRight aria-hidden="true" className="size-4 transition-transform group-hover:translate-x-0.5" />
    </a>
  );
}

/** Spec §2 "Home": the hero, the counters, then each section that has data
 *  (research areas, featured projects, featured publications, latest news),
 *  inside #home-sections, the scroll-down indicator's target. */
export function HomePage({ data, site }: { data: HomeData; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <Hero hero={data.hero} portrait={data.portrait} cvLink={data.cv_link} nextSectionId="home-sections" />
      <div id="home-sections" className="[&>section:nth-of-type(2n+3)]:bg-muted/40">
        <StatsStrip stats={data.stats} />
        {data.research_areas.length > 0 && (
          <Section
            id="research-areas"
            title={t('home.research_areas')}
            intro={sentence(site, 'home.research_areas_intro')}
            action={<AllLink href="/research">{t('home.explore_research')}</AllLink>}
          >
            <ResearchAreaGrid areas={data.research_areas} />
          </Section>
        )}
        {data.featured_projects.length > 0 && (
          <Section
            id="featured-projects"
            title={t('home.featured_projects')}
            intro={sentence(site, 'home.featured_projects_intro')}
            action={<AllLink href="/projects">{t('home.all_projects')}</AllLink>}
          >
            <FeaturedProjectGrid projects={data.featured_projects} />
          </Section>
        )}
        <FeaturedPublications publications={data.featured_publications} site={site} />
        {data.latest_news.length > 0 && (
          <Section id="latest-news" title={t('home.latest_news')} action={<AllLink href="/news">{t('home.all_news')}</AllLink>}>
            <LatestNewsGrid items={data.latest_news} />
          </Section>
        )}
      </div>
    </>
  );
}
