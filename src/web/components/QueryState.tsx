import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../api';
import { PageSpinner } from './PageSpinner';
import { LoadFailedAlert } from './LoadFailedAlert';

/** Loading, not found and error states of a screen that shows one thing; `children` once loaded. */
export function QueryState<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <PageSpinner label={`Loading ${what}...`} />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <section className="py-4">
          <h1 className="h2">Not found</h1>
          <p>We could not find this {what}.</p>
        </section>
      );
    }
    return <LoadFailedAlert what={what} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}
