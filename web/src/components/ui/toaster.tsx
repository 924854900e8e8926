/**
 * The one toast area of the admin (sonner): one toast at a time, each closing
 * after 4000 ms (the spec's library defaults). Toasts use the design tokens,
 * so they follow the light and dark themes without knowing about them.
 */
import { CircleAlert, CircleCheck } from '../icons';
import { Toaster as Sonner } from 'sonner';

export const TOAST_DURATION_MS = 4000;

export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      position="bottom-right"
      closeButton={false}
      icons={{
        success: <CircleCheck aria-hidden="true" className="size-5 text-primary" />,
        error: <CircleAlert aria-hidden="true" className="size-5 text-destructive" />,
      }}
      toastOptions={{
        unstyled: true,
        classNames: {
          toast: 'flex w-full items-start gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground shadow-lg sm:w-[356px]',
          icon: 'mt-0.5 shrink-0',
          content: 'min-w-0 flex-1 space-y-1',
          title: 'text-sm font-semibold',
          description: 'text-sm text-muted-foreground',
          error: 'border-destructive/60',
          actionButton:
            'shrink-0 self-center rounded-md border border-border bg-background px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring',
        },
      }}
    />
  );
}
