import { Globe } from '../../components/icons';
import type { PublicStudent, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { initials } from '../../lib/initials';
import { useT } from '../../i18n/context';
import type { Translate } from '../../i18n/messages';
import { type Frame, Picture } from './Picture';
import { Badge, CARD, EmptyState, ExternalButton, LoadingText } from './ui';
import { sentence } from '../sentences';

const AVATAR_SIZE = 64;
const AVATAR_FRAMES: readonly Frame[] = [[null, AVATAR_SIZE]];

/** The student's photo (in its sizes when it was uploaded here), or their initials when there is none. */
export function StudentAvatar({ student }: { student: PublicStudent }) {
  const frame = 'size-16 shrink-0 rounded-full';
  if (student.photo) {
    return (
      <Picture photo={student.photo} frames={AVATAR_FRAMES} alt="" size={AVATAR_SIZE} loading="lazy" className={cn(frame, 'bg-muted')} />
    );
  }
  if (!student.profile_image_url) {
    return (
      <span
        aria-hidden="true"
        className={cn(frame, 'flex items-center justify-center bg-accent text-lg font-semibold text-accent-foreground')}
      >
        {initials(student.name)}
      </span>
    );
  }
  return (
    <img
      src={student.profile_image_url}
      alt=""
      width={AVATAR_SIZE}
      height={AVATAR_SIZE}
      loading="lazy"
      decoding="async"
      className={cn(frame, 'bg-muted object-cover')}
    />
  );
}

function years(t: Translate, student: PublicStudent): string {
  if (student.graduation_year !== null) return `${student.start_year} – ${student.graduation_year}`;
  return student.status === 'graduated' ? `${student.start_year}` : `${student.start_year} – ${t('common.present')}`;
}

function StudentCard({ student }: { student: PublicStudent }) {
  const t = useT();
  return (
    <article className={cn(CARD, 'flex h-full flex-col gap-4 p-6')}>
      <div className="flex items-center gap-4">
        <StudentAvatar student={student} />
        <div className="min-w-0">
          <h3 className="text-lg font-semibold tracking-tight">{student.name}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <Badge tone="primary">{t(`level.${student.level}`)}</Badge>
            <span>{years(t, student)}</span>
          </p>
        </div>
      </div>
      {student.thesis_title && (
        <p className="text-sm">
          <span className="font-medium">{t('students.thesis')}</span> <cite>{student.thesis_title}</cite>
        </p>
      )}
      {student.bio && <p className="text-sm leading-relaxed whitespace-pre-line text-muted-foreground">{student.bio}</p>}
      {student.current_position && (
        <p className="text-sm">
          <span className="font-medium">{student.status === 'graduated' ? t('students.now') : t('students.position')}</span>{' '}
          {student.current_position}
        </p>
      )}
      {(student.website_url || student.linkedin_url) && (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {student.website_url && (
            <ExternalButton href={student.website_url} icon={<Globe aria-hidden="true" />}>
              {t('common.website')}
            </ExternalButton>
          )}
          {student.linkedin_url && <ExternalButton href={student.linkedin_url}>LinkedIn</ExternalButton>}
        </div>
      )}
    </article>
  );
}

function StudentGroup({ id, title, students }: { id: string; title: string; students: PublicStudent[] }) {
  if (students.length === 0) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-6 text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {students.map((student) => (
          <li key={student.id}>
            <StudentCard student={student} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Students page: Current Students, then Alumni. */
export function StudentGroups({ students, site, loading = false }: { students: PublicStudent[]; site: SiteInfo; loading?: boolean }) {
  const t = useT();
  if (loading) return <LoadingText>{t('students.loading')}</LoadingText>;
  if (students.length === 0) return <EmptyState>{sentence(site, 'students.empty')}</EmptyState>;
  const alumni = students.filter((student) => student.status === 'graduated');
  const current = students.filter((student) => student.status !== 'graduated');
  return (
    <div className="space-y-14">
      <StudentGroup id="current-students" title={t('students.current')} students={current} />
      <StudentGroup id="alumni" title={t('students.alumni')} students={alumni} />
    </div>
  );
}
