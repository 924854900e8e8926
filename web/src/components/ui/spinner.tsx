/** A spinning indicator. With a `label` it is announced (role="status"); without one it is decoration. */
import { LoaderCircle } from '../icons';
import { cn } from '../../lib/cn';

export function Spinner({ label, className }: { label?: string; className?: string }) {
  const icon = (
    <LoaderCircle
      aria-hidden="true"
      className={cn('size-4 shrink-0 animate-spin motion-reduce:animate-[spin_2s_linear_infinite]', className)}
    />
  );
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A spinner centred in the space of a page, for whole-page loading states. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-[50dvh] flex-1 items-center justify-center text-muted-foreground" data-testid="page-spinner">
      <Spinner label={label} className="size-8" />
    </div>
  );
}
