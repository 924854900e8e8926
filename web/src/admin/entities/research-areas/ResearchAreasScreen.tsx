/** /admin/research-areas: research areas as cards, created and edited in a dialog. */
import type { ResearchArea, ResearchAreaInput } from '../../../api/types';
import { EntityScreen, type EntityFormSpec } from '../kit';
import { PublishFields, SortOrderField, TitleSlugFields } from '../kit/common-fields';
import { researchAreaForm, researchAreaKind, type ResearchAreaValues } from './schema';

/** Offered as suggestions only: the icon is free text. */
const ICON_SUGGESTIONS = ['Shield', 'Cpu', 'Brain', 'Code', 'Database'];

const form: EntityFormSpec<ResearchArea, ResearchAreaValues, ResearchAreaInput> = {
  ...researchAreaForm,
  translation: 'research_area',
  fields: ({ form, Field }) => (
    <>
      <TitleSlugFields form={form} rule="until-edited" hint="Used in the page address; filled in from the title." />
      <Field.TextArea name="description" label="Description" rows={3} wide />
      <Field.TextArea
        name="content"
        label="Content"
        hint="HTML is allowed (paragraphs, lists, links); anything unsafe is removed when saved."
        rows={6}
        monospace
        wide
      />
      <Field.Color name="color" label="Color" hint="A hex colour, e.g. #3b82f6." />
      <Field.Text name="icon" label="Icon" hint="An icon name, e.g. Brain, Code, Database." suggestions={ICON_SUGGESTIONS} />
      <SortOrderField />
      <PublishFields />
    </>
  ),
};

const TEXTS = { title: 'Research Areas', itemName: 'Research Area', description: 'Describe your research areas and set their order.' };

/** Under a card's title: the colour, icon and place, then the start of the description. */
function details(item: ResearchArea) {
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-full border border-border" style={{ backgroundColor: item.color }} />
          {item.color}
        </span>
        <span>Icon: {item.icon}</span>
        <span>Sort order: {item.sort_order}</span>
      </p>
      {item.description ? <p className="line-clamp-2">{item.description}</p> : null}
    </>
  );
}

export default function ResearchAreasScreen() {
  return (
    <EntityScreen
      sentences="research"
      tools={{ publishable: true, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={researchAreaKind}
      texts={TEXTS}
      list={{ layout: 'cards', details }}
      form={form}
    />
  );
}
