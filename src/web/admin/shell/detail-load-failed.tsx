import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { StateMessage } from './list-toolbar';

/** A detail page that did not load: not found (the listed statuses) or failed, with the way back to its list. */
export function DetailLoadFailed({
  error,
  notFound,
  failed,
  back,
  backLabel,
  notFoundStatuses = [404],
}: {
  error: unknown;
  notFound: ReactNode;
  failed: ReactNode;
  back: string;
  backLabel: string;
  notFoundStatuses?: number[];
}) {
  const missing = error instanceof ApiError && notFoundStatuses.includes(error.status);
  return (
    <StateMessage tone="error">
      {missing ? notFound : failed}{' '}
      <Link to={back} className="underline">
        {backLabel}
      </Link>
    </StateMessage>
  );
}
