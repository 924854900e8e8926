/**
 * The admin's entity kit: everything a content screen is made of. It never
 * imports an entity; each entity folder (`entities/<entity>/`) brings its
 * kind, zod schema, values/toInput mapping, fields and list layout.
 *
 * A screen (`entities/students/`):
 *
 *   // schema.ts: the kind, the zod schema, a new row's values, the request
 *   export const studentKind = entityKind({ path: 'students', label: 'Student', noun: 'student' });
 *   export const studentSchema = z.object({ name: requiredText('Name'), … });          // rules.ts
 *   export const studentDefaults = () => blankValues(studentSchema, { level: DEFAULT_STUDENT_LEVEL });
 *   export const studentInput = (values: StudentValues): StudentInput => ({ name: values.name, … });
 *   // StudentsScreen.tsx: the fields and the list; the default export is the route's screen
 *   const form: EntityFormSpec<Student, StudentValues, StudentInput> = {
 *     schema: studentSchema, defaults: studentDefaults, toInput: studentInput,
 *     fields: ({ Field, form, item }) => <Field.Text name="name" label="Name" wide />,      // fields.tsx
 *   };
 *   export default function StudentsScreen() {
 *     return <EntityScreen kind={studentKind} texts={{ title: 'Students', itemName: 'Student', description }}
 *       namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;         // or layout 'cards', frame 'card'
 *   }
 *
 * A stored row's form values are read from the row itself (`formValues`:
 * null as '', numbers as text). AdminApp routes /admin/<folder> to each
 * entity folder's screen, loaded on first use.
 *
 * `EntityFormSpec` only type-checks when the schema's output has exactly the
 * keys of the generated `*Input` type (`SameKeys`), and `toInput`'s object
 * literal is checked against that type, so a key added to or dropped from
 * either side fails `npm run typecheck`.
 *
 * A single form without a list or dialog (a section, a settings page) uses
 * the core directly:
 *
 *   const { form, onSubmit, pending } = useEntityForm({ schema, defaultValues, toInput,
 *     submit: (input) => mutation.mutateAsync(input), onSaved });
 *   const Field = fieldsFor<HeroValues>();
 *   <FormShell form={form} onSubmit={onSubmit} aria-label="Hero section">
 *     <Field.Text name="title" label="Title" />
 *     <SubmitButton pending={pending}>Save</SubmitButton>
 *   </FormShell>
 *
 * The RichText field loads the Tiptap editor only when a form that has one
 * opens.
 */
export {
  entityKind,
  entityQueryKey,
  deleteQuestion,
  useDeleteEntity,
  useEntityList,
  useEntityPage,
  useSaveEntity,
  type EntityKind,
  type ListParams,
} from './api';
export { bulkDeleteQuestion, type ListTools } from './ListTools';
export type { Column } from './columns';
export { FeaturedBadge, featuredTitleColumn, formatLocalDate, paintableColor, StatusBadge, statusColumn } from './display';
export {
  EntityForm,
  FormShell,
  SubmitButton,
  useEntityForm,
  type EntityFormSpec,
  type FieldsArgs,
  type FormFrame,
  type SameKeys,
} from './EntityForm';
export { EntityScreen, type CardRow, type ListLayout, type ScreenTexts } from './EntityScreen';
export { fieldsFor, optionsOf, slugDeriver, type Fields, type Option } from './fields';
export * from './rules';
export * from './values';
