/**
 * No work lost to a stray click (issue 44, item 5): every admin form with
 * unsaved changes says so here (`useUnsavedChanges`), and whatever would
 * drop it asks first (`confirmDiscard`): closing its dialog (backdrop,
 * Escape, the close button), following an in-app link or going back
 * (`UnsavedChangesGuard`, once in the layout), reloading or closing the tab
 * (the browser's own question, through `beforeunload`).
 */
import { useEffect, useId } from 'react';

/** The question asked before unsaved changes are dropped. */
export const DISCARD_QUESTION = 'You have unsaved changes. Leave without saving them?';

/** The forms that have unsaved changes, by an id of each. */
const dirtyForms = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/** True when nothing is unsaved or the owner agrees to drop it (then nothing counts as unsaved any more). */
export function confirmDiscard(): boolean {
  if (!hasUnsavedChanges()) return true;
  if (!window.confirm(DISCARD_QUESTION)) return false;
  dirtyForms.clear();
  return true;
}

/** Marks the calling form as holding unsaved changes while `dirty` is true. */
export function useUnsavedChanges(dirty: boolean) {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(id);
    return () => {
      dirtyForms.delete(id);
    };
  }, [dirty, id]);
}

/** While something is unsaved, a reload or a closed tab asks through the browser's own dialog. */
export function useBeforeUnload() {
  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers need the return value set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, []);
}
