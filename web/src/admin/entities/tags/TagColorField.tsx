/**
 * A tag's colour in the tag dialog (spec sections 2 and 9): a colour picker
 * and a hex text input bound to the same value, the ten preset swatches, and
 * a live preview of the badge ('Tag Name' until a name is typed). Works
 * inside the tag form's FormProvider (fields `name` and `color`).
 */
import { Check } from '../../../components/icons';
import { useFormContext } from 'react-hook-form';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/cn';
import { DEFAULT_COLOR } from '../../../api/rules';
import { paintableColor } from '../kit';
import { readableTextColor, TagBadge } from './badge';

/** The spec's ten presets (section 9), each with the name its button is announced by. */
export const TAG_COLOR_PRESETS = [
  { value: '#3b82f6', name: 'Blue' },
  { value: '#ef4444', name: 'Red' },
  { value: '#10b981', name: 'Green' },
  { value: '#f59e0b', name: 'Amber' },
  { value: '#8b5cf6', name: 'Violet' },
  { value: '#ec4899', name: 'Pink' },
  { value: '#06b6d4', name: 'Cyan' },
  { value: '#84cc16', name: 'Lime' },
  { value: '#f97316', name: 'Orange' },
  { value: '#6b7280', name: 'Gray' },
] as const;

type TagColorValues = { name: string; color: string };

export function TagColorField() {
  const { register, watch, setValue, formState } = useFormContext<TagColorValues>();
  const name = watch('name');
  const color = watch('color');
  // What the picker, the swatch check and the preview show while the hex text is half typed.
  const shown = paintableColor(color, DEFAULT_COLOR);
  const choose = (value: string) => setValue('color', value, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-3 text-sm leading-none font-medium">Color</legend>
      <div className="flex items-start gap-3">
        <div className="grid gap-2">
          <Label htmlFor="tag-color-picker">Picker</Label>
          <input
            id="tag-color-picker"
            type="color"
            value={shown}
            onChange={(event) => choose(event.target.value)}
            className="h-10 w-14 cursor-pointer rounded-lg border border-input bg-background p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          />
        </div>
        <FormField label="Hex Code" error={formState.errors.color?.message} className="flex-1">
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              spellCheck={false}
              placeholder={DEFAULT_COLOR}
              className="font-mono"
              {...register('color')}
            />
          )}
        </FormField>
      </div>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons inside the form's <fieldset>, not a set of form fields; tests find it by role="group" and its label */}
      <div role="group" aria-label="Preset colors" className="flex flex-wrap gap-2">
        {TAG_COLOR_PRESETS.map((preset) => {
          const pressed = shown === preset.value;
          return (
            <button
              key={preset.value}
              type="button"
              aria-label={`${preset.name} (${preset.value})`}
              aria-pressed={pressed}
              title={`${preset.name} ${preset.value}`}
              onClick={() => choose(preset.value)}
              style={{ backgroundColor: preset.value, color: readableTextColor(preset.value) }}
              className={cn(
                'flex size-8 items-center justify-center rounded-full border border-black/10 transition-transform hover:scale-110',
                'focus-ring',
                pressed && 'ring-2 ring-foreground ring-offset-2 ring-offset-background',
              )}
            >
              {pressed ? <Check aria-hidden="true" className="size-4" /> : null}
            </button>
          );
        })}
      </div>
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed border-border px-3 py-2.5">
        <span className="text-sm text-muted-foreground">Preview</span>
        <span data-testid="tag-preview">
          <TagBadge name={name.trim() || 'Tag Name'} color={shown} className="text-sm" />
        </span>
      </div>
    </fieldset>
  );
}
