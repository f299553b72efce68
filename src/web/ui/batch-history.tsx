import type { BatchHistory } from '../../shared/batches/batch-places';
import { useT } from '../i18n/use-t';

/**
 * An order's batch history (customer and admin order pages): its moves to another batch and its
 * batch's date changes, oldest first. `staff` adds the reason and who moved it.
 */
export function BatchHistoryList({ history, staff = false }: { history: BatchHistory; staff?: boolean }) {
  const text = useT();
  const { t } = text;
  const date = (value: string | null) =>
    value ? text.date(value) : t('batch.dateToBeConfirmed', 'date to be confirmed');
  const entries = [
    ...history.moves.map((move) => ({
      id: move.id,
      at: move.createdAt,
      text: t('batchHistory.moved', 'Moved from {from} to {to}', {
        from: move.fromName ?? t('batchHistory.noBatch', 'no batch'),
        to: move.toName,
      }),
      detail: staff ? [move.reason, move.changedBy].filter(Boolean).join(' · ') : '',
    })),
    ...history.dateChanges.map((change) => ({
      id: change.id,
      at: change.createdAt,
      text: t('batchHistory.dateChanged', "{batch}'s ship date changed from {before} to {after}", {
        batch: change.batchName,
        before: date(change.oldDate),
        after: date(change.newDate),
      }),
      detail: '',
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  if (entries.length === 0) return null;
  return (
    <div className="mt-3">
      <h3 className="font-medium text-navy-900">{t('batchHistory.heading', 'Batch history')}</h3>
      <ul className="mt-1 space-y-1 text-sm text-navy-700" aria-label={t('batchHistory.heading', 'Batch history')}>
        {entries.map((entry) => (
          <li key={entry.id}>
            {text.date(entry.at)}: {entry.text}
            {entry.detail ? <span className="text-navy-600"> ({entry.detail})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
