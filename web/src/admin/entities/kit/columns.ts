/**
 * A column of a screen's table: its header and what a row shows in it. The
 * screen (`EntityScreen`) lays the columns out and `display` makes the common
 * ones, so the type stands apart and neither file imports the other.
 */
import type { ReactNode } from 'react';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
};
