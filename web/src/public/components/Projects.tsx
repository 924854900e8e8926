import { Calendar, Code, Globe, Users } from '../../components/icons';
import type { Project, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n/context';
import { shortMonthYearText } from '../../i18n/format';
import type { Translate } from '../../i18n/messages';
import { Badge, CARD, EmptyState, ExternalButton, LoadingText, Paragraphs, Skeletons } from './ui';
import { TagChips } from './Tags';
import { MathText } from '../math';
import { useLocalized } from '../language';
import { sentence } from '../sentences';
import { useTextLang } from '../text-lang';

/** At most this many technologies on a home page card (spec §9). */
export const HOME_CARD_TECHNOLOGIES = 6;

function period(t: Translate, project: Project): string | null {
  if (!project.start_date) return null;
  const end = project.end_date ? shortMonthYearText(t, project.end_date) : t('projects.present');
  return `${shortMonthYearText(t, project.start_date)} – ${end}`;
}

function TechList({ tech }: { tech: string[] }) {
  const t = useT();
  if (tech.length === 0) return null;
  return (
    <ul aria-label={t('projects.technologies')} className="flex flex-wrap gap-2">
      {tech.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: read-only list shown in stored order and never reordered; entries are free text and may repeat, so they can't be keys
        <li key={i}>
          <Badge tone="primary">{item}</Badge>
        </li>
      ))}
    </ul>
  );
}

function ProjectLinks({ project }: { project: Project }) {
  const t = useT();
  if (!project.repository_url && !project.demo_url) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {project.repository_url && (
        <ExternalButton href={project.repository_url} icon={<Code aria-hidden="true" />}>
          {t('projects.code')}
        </ExternalButton>
      )}
      {project.demo_url && (
        <ExternalButton href={project.demo_url} icon={<Globe aria-hidden="true" />}>
          {t('common.website')}
        </ExternalButton>
      )}
    </div>
  );
}

/** A project card. `compact` (home page): summary only, at most 6 technologies. */
export function ProjectCard({ project, compact = false }: { project: Project; compact?: boolean }) {
  const local = useLocalized();
  const t = useT();
  const dates = period(t, project);
  const tech = compact ? project.tech_stack.slice(0, HOME_CARD_TECHNOLOGIES) : project.tech_stack;
  const Title = compact ? 'h3' : 'h2';
  const funding = [project.funding_source, project.funding_amount].filter(Boolean).join(' · ');
  const lang = useTextLang();
  return (
    <article id={compact ? undefined : project.slug} className={cn(CARD, 'flex h-full flex-col gap-4 p-6 sm:p-8')}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        {dates && (
          <span className="inline-flex items-center gap-1.5">
            <Calendar aria-hidden="true" className="size-4" />
            {dates}
          </span>
        )}
        {project.featured && !compact && <Badge tone="featured">{t('common.featured')}</Badge>}
      </div>
      <Title lang={lang('project', project.id, 'title')} className="text-xl font-semibold tracking-tight">
        {compact ? (
          <a href={local(`/projects#${project.slug}`)} className="rounded-sm hover:text-primary focus-ring">
            <MathText text={project.title} />
          </a>
        ) : (
          <MathText text={project.title} />
        )}
      </Title>
      <p lang={lang('project', project.id, 'summary')} className={cn('leading-relaxed', compact ? 'text-muted-foreground' : 'text-lg')}>
        <MathText text={project.summary} />
      </p>
      {!compact && project.content && (
        <Paragraphs text={project.content} lang={lang('project', project.id, 'content')} className="text-muted-foreground" />
      )}
      {!compact && project.collaborators.length > 0 && (
        <p className="flex gap-2 text-sm text-muted-foreground">
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-medium text-foreground">{t('projects.collaborators')}</span> {project.collaborators.join(', ')}
          </span>
        </p>
      )}
      {!compact && funding && (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t('projects.funding')}</span> {funding}
        </p>
      )}
      <div className="mt-auto flex flex-col gap-4 pt-2">
        <TagChips tags={project.tags} />
        <TechList tech={tech} />
        <ProjectLinks project={project} />
      </div>
    </article>
  );
}

/** Home page: featured projects, 2 placeholders while loading. */
export function FeaturedProjectGrid({ projects, loading = false }: { projects: Project[]; loading?: boolean }) {
  const grid = 'grid gap-6 md:grid-cols-2';
  if (loading) return <Skeletons count={2} className={grid} />;
  return (
    <ul className={grid}>
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} compact />
        </li>
      ))}
    </ul>
  );
}

/** The Projects page list. */
export function ProjectList({ projects, site, loading = false }: { projects: Project[]; site: SiteInfo; loading?: boolean }) {
  const t = useT();
  if (loading) return <LoadingText>{t('projects.loading')}</LoadingText>;
  if (projects.length === 0) return <EmptyState>{sentence(site, 'projects.empty')}</EmptyState>;
  return (
    <ul className="grid gap-8 lg:grid-cols-2">
      {projects.map((project) => (
        <li key={project.id}>
          <ProjectCard project={project} />
        </li>
      ))}
    </ul>
  );
}
