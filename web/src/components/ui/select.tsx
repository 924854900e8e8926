import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { CONTROL_CLASS } from './input';

/** A native <select>: keyboard and screen-reader behaviour come from the browser. */
export function Select({
  className,
  options,
  ...props
}: ComponentProps<'select'> & { options: readonly { value: string; label: string }[] }) {
  return (
    <select className={cn(CONTROL_CLASS, 'h-10 py-2', className)} {...props}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
