import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Shared look of text-like form controls (input, textarea, select). */
export const CONTROL_CLASS =
  'w-full min-w-0 rounded-lg border border-input bg-background px-3 text-sm text-foreground shadow-xs ' +
  'transition-[color,box-shadow,border-color] placeholder:text-muted-foreground ' +
  'focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring ' +
  'disabled:cursor-not-allowed disabled:opacity-60 ' +
  'aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:outline-destructive';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(CONTROL_CLASS, 'h-10 py-2', className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(CONTROL_CLASS, 'min-h-24 py-2', className)} {...props} />;
}
