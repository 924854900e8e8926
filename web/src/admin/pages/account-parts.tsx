/**
 * Pieces the account page's cards share: the hidden username that ties a
 * password field to the account, and a query's loading and error states.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { errorMessage } from '../api';
import { useAuth } from '../auth';

/** Lets password managers tie the password field beside it to the account. */
export function UsernameInput() {
  const { user } = useAuth();
  return <input type="email" name="username" autoComplete="username" value={user?.email ?? ''} readOnly hidden />;
}

/** A card's query: a spinner while it loads, the error if it failed, otherwise `children` with its data. */
export function QueryState<T>({
  query,
  loading,
  failure,
  padding,
  children,
}: {
  query: UseQueryResult<T>;
  /** The spinner's label ('Loading devices…'). */
  loading: string;
  /** The error's title ('Could not load the devices'). */
  failure: string;
  /** The spinner's room above and below ('py-6'). */
  padding: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div className={`flex justify-center ${padding} text-muted-foreground`}>
        <Spinner label={loading} className="size-6" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive" title={failure}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return children(query.data);
}
