/** /admin/projects: research projects as cards, created and edited in a dialog. */
import type { Project, ProjectInput } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { EntityScreen, type EntityFormSpec } from '../kit';
import { PublishFields, SortOrderField, TitleSlugFields } from '../kit/common-fields';
import { projectForm, projectKind, type ProjectValues } from './schema';
import { TagPickerField, useTagOptions } from '../tags/TagPicker';

const form: EntityFormSpec<Project, ProjectValues, ProjectInput> = {
  ...projectForm,
  translation: 'project',
  fields: ({ form, Field }) => (
    <>
      <TitleSlugFields form={form} rule="until-edited" hint="Used in the page address; filled in from the title." />
      <Field.TextArea name="summary" label="Summary" rows={3} wide />
      <Field.TextArea name="content" label="Content" rows={5} wide />
      <Field.List name="tech_stack" label="Tech stack" itemLabel="Technology" />
      <Field.List name="collaborators" label="Collaborators" itemLabel="Collaborator" />
      <Field.Text name="repository_url" label="Repository URL" type="url" inputMode="url" />
      <Field.Text name="demo_url" label="Demo URL" type="url" inputMode="url" />
      <Field.Text name="funding_source" label="Funding source" />
      <Field.Text name="funding_amount" label="Funding amount" placeholder="e.g. 2.5 MSEK" />
      <Field.Text name="start_date" label="Start date" type="date" />
      <Field.Text name="end_date" label="End date" type="date" />
      <SortOrderField />
      <TagPickerField />
      <PublishFields />
    </>
  ),
};

/** 'January 5, 2024 – Ongoing', or nothing when no dates are set. */
function projectPeriod(project: Project): string | null {
  if (!project.start_date && !project.end_date) return null;
  const start = project.start_date ? formatDate(project.start_date) : 'Not set';
  const end = project.end_date ? formatDate(project.end_date) : 'Ongoing';
  return `${start} – ${end}`;
}

const TEXTS = { title: 'Projects', itemName: 'Project', description: 'Manage research projects, collaborators and funding.' };

/** Under a card's title: the period, the start of the summary and the technologies. */
function details(item: Project) {
  const period = projectPeriod(item);
  return (
    <>
      {period ? <p>{period}</p> : null}
      <p className="line-clamp-2">{item.summary}</p>
      {item.tech_stack.length > 0 ? <p>{item.tech_stack.join(' · ')}</p> : null}
    </>
  );
}

export default function ProjectsScreen() {
  const tags = useTagOptions();
  return (
    <EntityScreen
      sentences="projects"
      tools={{ publishable: true, tags, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={projectKind}
      texts={TEXTS}
      list={{ layout: 'cards', details }}
      form={form}
    />
  );
}
