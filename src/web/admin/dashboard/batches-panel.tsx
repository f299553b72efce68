import { Link } from 'react-router';
import { useMayOpen } from '../shell/admin-layout';
import type { BatchPlaces } from '../../../shared/batches/batch-places';
import { formatUkDate } from '../../../shared/dates';

/** The dashboard's "Batches" panel: each batch's capacity, places taken and free (issue 26). */
export function BatchesPanel({ batches }: { batches: BatchPlaces[] }) {
  const mayOpen = useMayOpen();
  if (batches.length === 0) return null;
  return (
    <section aria-labelledby="dashboard-batches" className="rounded-lg border border-navy-100 bg-white p-4">
      <h2 id="dashboard-batches" className="mb-2 text-lg font-semibold text-navy-900">
        Batches
      </h2>
      <ul className="divide-y divide-navy-100 text-sm">
        {batches.map((batch) => (
          <li key={batch.id} className="flex flex-wrap justify-between gap-2 py-1.5">
            <span className="font-medium text-navy-900">
              {batch.name}
              {batch.date ? <span className="font-normal text-navy-600"> · {formatUkDate(batch.date)}</span> : null}
            </span>
            <span className="text-navy-700">
              {batch.capacity === null
                ? `${batch.taken} taken · not limited`
                : `${batch.taken} of ${batch.capacity} taken · ${batch.free ?? 0} free`}
              {batch.soldOut || batch.free === 0 ? ' · sold out' : ''}
            </span>
          </li>
        ))}
      </ul>
      {mayOpen('/admin/batches') ? (
        <Link to="/admin/batches" className="mt-2 inline-block text-sm font-medium text-accent-700 underline">
          Change the batches
        </Link>
      ) : null}
    </section>
  );
}
