import { useEffect } from 'react';

/** Sets the tab title of an admin page: 'Admin Login — Admin'. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} — Admin`;
  }, [title]);
}
