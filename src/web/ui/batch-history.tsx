import type { BatchHistory } from '../../shared/batches/batch-places';
import { SHIP_DATE_TO_BE_CONFIRMED } from '../../shared/batches/ship-date';
import { formatUkDate } from '../../shared/dates';

const date = (value: string | null) => (value ? formatUkDate(value) : SHIP_DATE_TO_BE_CONFIRMED);

/**
 * An order's batch history (customer and admin order pages): its moves to another batch and its
 * batch's date changes, oldest first. `staff` adds the reason and who moved it.
 */
export function BatchHistoryList({ history, staff = false }: { history: BatchHistory; staff?: boolean }) {
  const entries = [
    ...history.moves.map((move) => ({
      id: move.id,
      at: move.createdAt,
      text: `Moved from ${move.fromName ?? 'no batch'} to ${move.toName}`,
      detail: staff ? [move.reason, move.changedBy].filter(Boolean).join(' · ') : '',
    })),
    ...history.dateChanges.map((change) => ({
      id: change.id,
      at: change.createdAt,
      text: `${change.batchName}'s ship date changed from ${date(change.oldDate)} to ${date(change.newDate)}`,
      detail: '',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (entries.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="font-medium text-navy-900">Batch history</h3>
      <ul className="mt-1 space-y-1 text-sm text-navy-700" aria-label="Batch history">
        {entries.map((entry) => (
          <li key={entry.id}>
            {formatUkDate(entry.at)}: {entry.text}
            {entry.detail ? <span className="text-navy-600"> ({entry.detail})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
