/**
 * The admin's one submit button (the entity kit's, the account and sign-in
 * forms'): disabled, with a spinner and `pendingLabel`, while the request runs.
 */
import type { ReactNode } from 'react';
import { Button, type ButtonVariant } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';

export function SubmitButton({
  pending,
  pendingLabel = 'Saving...',
  variant,
  className,
  children,
}: {
  pending: boolean;
  /** What the button says while the request runs (the page texts say 'Updating...'). */
  pendingLabel?: string;
  variant?: ButtonVariant;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant={variant} className={className} disabled={pending}>
      {pending ? <Spinner /> : null}
      {pending ? pendingLabel : children}
    </Button>
  );
}
