/**
 * /cv (issue 28): the CV, made on the server from the site's own data. The
 * sections only a CV has, then the publications by kind as references in
 * the style the settings choose (the owner's name in bold), talks, teaching,
 * supervised students (only when the owner shows students to everyone) and
 * the selected (featured) projects. A section with nothing published is left
 * out. Printing leaves the site's header, footer and buttons out.
 */
import type { ReactNode } from 'react';
import { CV_KIND_HEADINGS } from '../../api/rules';
import type { CvData, PublicStudent } from '../../api/types';
import { Download } from '../../components/icons';
import { yearSpan } from '../../lib/years';
import { label } from '../labels';
import { MathText } from '../math';
import { ExternalButton, PageBody, PageIntro, RichText } from '../components/ui';
import { PAGE_TITLES } from '../meta';

const TERMS: Record<string, string> = { spring: 'Spring', summer: 'Summer', fall: 'Fall', winter: 'Winter' };

/** 4000000 → '4,000,000' (en-US, without Intl: the page renders the same on the server). */
export function groupDigits(amount: number): string {
  const [whole = '', fraction] = String(amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction ? `${grouped}.${fraction}` : grouped;
}

function CvSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`cv-${id}`}
      className="break-inside-avoid-page border-t border-border pt-8 first:border-t-0 first:pt-0 print:pt-4"
    >
      <h2 id={`cv-${id}`} className="text-2xl font-bold tracking-tight print:text-xl">
        {title}
      </h2>
      <div className="mt-5 print:mt-3">{children}</div>
    </section>
  );
}

/** One line of a section: the years in a column of their own, then the entry. */
function Entry({ when, children }: { when: ReactNode; children: ReactNode }) {
  return (
    <li className="grid gap-1 break-inside-avoid sm:grid-cols-[8rem_1fr] sm:gap-6">
      <span className="text-sm font-medium text-muted-foreground tabular-nums sm:pt-0.5">{when}</span>
      <div className="min-w-0 leading-relaxed">{children}</div>
    </li>
  );
}

function Entries({ children }: { children: ReactNode }) {
  return <ul className="space-y-4 print:space-y-2">{children}</ul>;
}

const muted = 'text-muted-foreground';

export function CvPage({ data, owner }: { data: CvData; owner: string }) {
  const current = data.students?.filter((student) => student.status === 'current') ?? [];
  const alumni = data.students?.filter((student) => student.status === 'graduated') ?? [];
  const studentGroups: [string, PublicStudent[]][] = [
    ['Current Students', current],
    ['Alumni', alumni],
  ];
  const empty =
    [
      data.appointments,
      data.education,
      data.awards,
      data.grants,
      data.service,
      data.other,
      data.publications,
      data.talks,
      data.courses,
      data.projects,
    ].every((list) => list.length === 0) && current.length + alumni.length === 0;
  return (
    <>
      <PageIntro narrow title={PAGE_TITLES.cv} subtitle={owner}>
        {data.pdf_url && (
          <div className="mt-8 print:hidden">
            <ExternalButton href={data.pdf_url} icon={<Download aria-hidden="true" />}>
              Download PDF
            </ExternalButton>
          </div>
        )}
      </PageIntro>
      <PageBody narrow>
        <div className="space-y-12 print:space-y-6 print:text-sm">
          {empty && <p className={muted}>Nothing has been added to the CV yet.</p>}
          {data.appointments.length > 0 && (
            <CvSection id="appointments" title="Appointments">
              <Entries>
                {data.appointments.map((item) => (
                  <Entry key={item.id} when={yearSpan(item.start_year, item.end_year)}>
                    <p className="font-semibold">{item.title}</p>
                    <p className={muted}>{[item.institution, item.place].filter(Boolean).join(', ')}</p>
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.education.length > 0 && (
            <CvSection id="education" title="Education">
              <Entries>
                {data.education.map((item) => (
                  <Entry key={item.id} when={item.year}>
                    <p className="font-semibold">{[item.degree, item.field].filter(Boolean).join(', ')}</p>
                    <p className={muted}>{item.institution}</p>
                    {item.thesis_title && (
                      <p>
                        Thesis: <MathText text={item.thesis_title} />
                      </p>
                    )}
                    {item.advisor && <p className={muted}>Advisor: {item.advisor}</p>}
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.awards.length > 0 && (
            <CvSection id="awards" title="Awards and Honours">
              <Entries>
                {data.awards.map((item) => (
                  <Entry key={item.id} when={item.year}>
                    <p className="font-semibold">{item.name}</p>
                    {item.awarding_body && <p className={muted}>{item.awarding_body}</p>}
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.grants.length > 0 && (
            <CvSection id="grants" title="Grants and Funding">
              <Entries>
                {data.grants.map((item) => (
                  <Entry key={item.id} when={yearSpan(item.start_year, item.end_year)}>
                    <p className="font-semibold">{item.title}</p>
                    <p className={muted}>
                      {[
                        item.funder,
                        item.role,
                        item.amount === null ? null : `${groupDigits(item.amount)}${item.currency ? ` ${item.currency}` : ''}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.publications.length > 0 && (
            <CvSection id="publications" title="Publications">
              <div className="space-y-8 print:space-y-4">
                {data.publications.map((group) => (
                  <div key={group.kind}>
                    <h3 className="text-lg font-semibold">{CV_KIND_HEADINGS[group.kind]}</h3>
                    <ol className="mt-3 space-y-3 print:space-y-1.5">
                      {group.references.map((reference) => (
                        <li key={reference.id} className="break-inside-avoid leading-relaxed">
                          <span
                            className="[&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2 [&_strong]:font-semibold [&_strong]:text-foreground"
                            // biome-ignore lint/security/noDangerouslySetInnerHtml: made on the server (src/citations) from the stored record with every text escaped; only <i>, <b>, <strong> and DOI links
                            dangerouslySetInnerHTML={{ __html: reference.html }}
                          />{' '}
                          <a
                            href={`/publications/${reference.slug}`}
                            className="text-sm text-primary underline underline-offset-2 print:hidden"
                          >
                            Details<span className="sr-only">: {reference.title}</span>
                          </a>
                        </li>
                      ))}
                    </ol>
                  </div>
                ))}
              </div>
            </CvSection>
          )}
          {data.talks.length > 0 && (
            <CvSection id="talks" title="Talks">
              <Entries>
                {data.talks.map((talk) => (
                  <Entry key={talk.id} when={talk.date.slice(0, 4)}>
                    <p className="font-semibold">
                      <MathText text={talk.title} />
                    </p>
                    <p className={muted}>{[label(talk.type), talk.event_name, talk.event_location].filter(Boolean).join(' · ')}</p>
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.courses.length > 0 && (
            <CvSection id="teaching" title="Teaching">
              <Entries>
                {data.courses.map((course) => (
                  <Entry key={course.id} when={`${TERMS[course.term] ?? label(course.term)} ${course.year}`}>
                    <p className="font-semibold">
                      {course.code} {course.title}
                    </p>
                    <p className={muted}>{label(course.role)}</p>
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {current.length + alumni.length > 0 && (
            <CvSection id="students" title="Supervised Students">
              <div className="space-y-6">
                {studentGroups.map(([heading, students]) =>
                  students.length > 0 ? (
                    <div key={heading}>
                      <h3 className="text-lg font-semibold">{heading}</h3>
                      <div className="mt-3">
                        <Entries>
                          {students.map((student) => (
                            <Entry key={student.id} when={yearSpan(student.start_year, student.graduation_year)}>
                              <p className="font-semibold">
                                {student.name} <span className={`font-normal ${muted}`}>({label(student.level)})</span>
                              </p>
                              {student.thesis_title && (
                                <p>
                                  <MathText text={student.thesis_title} />
                                </p>
                              )}
                              {student.current_position && <p className={muted}>Now: {student.current_position}</p>}
                            </Entry>
                          ))}
                        </Entries>
                      </div>
                    </div>
                  ) : null,
                )}
              </div>
            </CvSection>
          )}
          {data.projects.length > 0 && (
            <CvSection id="projects" title="Selected Projects">
              <Entries>
                {data.projects.map((project) => (
                  <Entry
                    key={project.id}
                    when={
                      project.start_date
                        ? project.end_date
                          ? yearSpan(Number(project.start_date.slice(0, 4)), Number(project.end_date.slice(0, 4)))
                          : yearSpan(Number(project.start_date.slice(0, 4)), null)
                        : ''
                    }
                  >
                    <p className="font-semibold">
                      <a href={`/projects#${project.slug}`} className="hover:underline">
                        {project.title}
                      </a>
                    </p>
                    <p className={muted}>{[project.summary, project.funding_source].filter(Boolean).join(' · ')}</p>
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.service.length > 0 && (
            <CvSection id="service" title="Service">
              <Entries>
                {data.service.map((item) => (
                  <Entry key={item.id} when={yearSpan(item.start_year, item.end_year)}>
                    <p className="font-semibold">{item.role}</p>
                    <p className={muted}>{[item.body, label(item.kind)].join(' · ')}</p>
                  </Entry>
                ))}
              </Entries>
            </CvSection>
          )}
          {data.other.map((section) => (
            <CvSection key={section.id} id={`other-${section.id}`} title={section.title}>
              {section.content ? <RichText html={section.content} /> : null}
            </CvSection>
          ))}
        </div>
      </PageBody>
    </>
  );
}
