import { useId, type ComponentProps, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** A native checkbox with its label beside it (e.g. 'Featured'). */
export function Checkbox({ label, className, id, ...props }: Omit<ComponentProps<'input'>, 'type'> & { label: ReactNode }) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <input id={inputId} type="checkbox" className="size-4 rounded border-input accent-primary focus-ring" {...props} />
      <label htmlFor={inputId} className="text-sm font-medium">
        {label}
      </label>
    </div>
  );
}
