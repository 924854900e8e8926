/**
 * A message box inside the page. `destructive` is for failures and is
 * announced at once (role="alert"); `default` is for notices (role="status").
 */
import { CircleAlert, Info } from '../icons';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type AlertVariant = 'default' | 'destructive';

const VARIANTS: Record<AlertVariant, string> = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive/50 bg-destructive/5 text-destructive dark:bg-destructive/10',
};

export function Alert({
  variant = 'default',
  title,
  icon,
  className,
  children,
  ...props
}: Omit<ComponentProps<'div'>, 'title'> & { variant?: AlertVariant; title?: ReactNode; icon?: ReactNode }) {
  const Icon = variant === 'destructive' ? CircleAlert : Info;
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn('flex gap-3 rounded-lg border px-4 py-3 text-sm', VARIANTS[variant], className)}
      {...props}
    >
      <span className="mt-0.5 shrink-0 [&_svg]:size-4">{icon ?? <Icon aria-hidden="true" />}</span>
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="leading-5 font-medium">{title}</p> : null}
        <div className={cn('leading-5', Boolean(title) && variant === 'default' && 'text-muted-foreground')}>{children}</div>
      </div>
    </div>
  );
}
