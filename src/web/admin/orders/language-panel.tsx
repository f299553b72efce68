import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { LANGUAGES, type Language, languageNames } from '../../../shared/i18n/languages';
import { adminOrderAnswerSchema } from '../../../shared/orders/order-admin-contracts';
import { Button } from '../../ui/button';
import { adminApi, useInvalidateAdmin } from '../shell/admin-api';

/**
 * The language of the order's documents and customer e-mails (issue 40), as the buyer chose it. Staff
 * with orders.edit change it (audited as order.language); documents drawn and e-mails sent after follow it.
 */
export function LanguagePanel({
  orderId,
  language,
  canEdit,
}: {
  orderId: string;
  language: Language;
  canEdit: boolean;
}) {
  const invalidate = useInvalidateAdmin();
  const [value, setValue] = useState<Language>(language);
  const save = useMutation({
    mutationFn: () =>
      adminApi(adminOrderAnswerSchema, `/orders/${orderId}/language`, { method: 'PUT', body: { language: value } }),
    onSuccess: () => {
      toast.success('Document language saved');
      void invalidate();
    },
    onError: () => toast.error('The document language could not be saved'),
  });
  return (
    <section className="rounded-lg border border-navy-100 bg-white p-4" aria-labelledby="language-heading">
      <h2 id="language-heading" className="text-lg font-semibold text-navy-900">
        Document language
      </h2>
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate();
        }}
      >
        <label className="text-sm text-navy-800">
          Language of the buyer’s documents and e-mails
          <select
            className="mt-1 block rounded-md border border-navy-200 bg-white px-2 py-1.5 text-sm text-navy-900"
            value={value}
            disabled={!canEdit}
            onChange={(event) => setValue(event.currentTarget.value as Language)}
          >
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {languageNames[code]}
              </option>
            ))}
          </select>
        </label>
        {canEdit ? (
          <Button type="submit" size="sm" disabled={save.isPending || value === language}>
            {save.isPending ? 'Saving...' : 'Save language'}
          </Button>
        ) : null}
      </form>
    </section>
  );
}
