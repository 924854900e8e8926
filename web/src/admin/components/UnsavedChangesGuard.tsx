/**
 * Asks before an in-app link, the browser's back button or a reload drops a
 * form's unsaved changes (`../unsaved`). Mounted once, in the admin layout:
 * a router takes one blocker at a time.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { confirmDiscard, hasUnsavedChanges, useBeforeUnload } from '../unsaved';

export function UnsavedChangesGuard() {
  // Only leaving the page counts: a search or a page of a list changes just the query.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => hasUnsavedChanges() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (confirmDiscard()) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useBeforeUnload();
  return null;
}
