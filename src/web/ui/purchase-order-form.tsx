import { type FormEvent, useId, useState } from 'react';
import { type AttachPoRequest, PO_DOCUMENT_BYTES, type PoDocument } from '../../shared/orders/po-document';
import { ApiError } from '../lib/api-client';
import { fileAsBase64 } from '../lib/file-as-base64';
import { Button } from './button';
import { TextField } from './text-field';
import { pageText, useT } from '../i18n/use-t';
import '../i18n/field-messages';

/** The upload's body from a chosen file and the PO number typed (the server reads the file's bytes). */
export async function poUploadBody(file: File, poNumber: string): Promise<AttachPoRequest> {
  return { filename: file.name, dataBase64: await fileAsBase64(file), ...(poNumber.trim() ? { poNumber } : {}) };
}

/**
 * Issue 39: the order's purchase order: its number and its PDF (download), and a form to attach or
 * replace it (the buyer on their order page; staff for a PO that arrived by e-mail). The server
 * checks the file by its bytes and answers a clear message for anything that is not a PDF. The buyer
 * reads it in the page's language (issue 53); staff in English, as the rest of the admin.
 */
export function PurchaseOrderForm({
  poNumber,
  document,
  upload,
  who,
}: {
  poNumber: string | null;
  document: PoDocument | null | undefined;
  upload: (body: AttachPoRequest) => Promise<unknown>;
  who: 'customer' | 'staff';
}) {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [number, setNumber] = useState(poNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const pageLanguage = useT();
  const text = who === 'staff' ? pageText('en') : pageLanguage;
  const { t } = text;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    if (!file) {
      setError(t('po.choose', 'Choose the purchase order PDF.'));
      return;
    }
    if (file.size > PO_DOCUMENT_BYTES) {
      setError(t('po.tooLarge', 'The purchase order file is larger than 10 MB.'));
      return;
    }
    setBusy(true);
    try {
      await upload(await poUploadBody(file, number));
      setDone(true);
      setFile(null);
    } catch (failure) {
      setError(
        failure instanceof ApiError ? text.said(failure) : t('po.failed', 'The purchase order could not be attached.'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3 text-sm" data-testid="purchase-order">
      <p>
        {t('paperwork.poNumber', 'PO number:')}{' '}
        <span className="font-medium">{poNumber ?? t('po.noneGiven', 'none given')}</span>
      </p>
      {document ? (
        <p>
          <a className="font-medium text-accent-700 underline" href={document.url} download>
            {t('po.download', 'Download purchase order {name}', { name: document.filename })}
          </a>{' '}
          ·{' '}
          {who === 'staff'
            ? document.source === 'staff'
              ? t('po.attachedByStaff', 'attached {date} by staff', { date: text.date(document.uploadedAt) })
              : t('po.attachedByBuyer', 'attached {date} by the buyer', { date: text.date(document.uploadedAt) })
            : document.source === 'staff'
              ? t('po.attachedByUs', 'attached {date} by us', { date: text.date(document.uploadedAt) })
              : t('po.attached', 'attached {date}', { date: text.date(document.uploadedAt) })}
        </p>
      ) : (
        <p className="text-navy-600">{t('po.noDocument', 'No purchase order document attached.')}</p>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <TextField
          label={t('orderFlow.poNumber', 'Purchase order (PO) number')}
          value={number}
          maxLength={100}
          onChange={(event) => setNumber(event.target.value)}
        />
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-navy-900">
            {document
              ? t('po.replace', 'Replace the purchase order (PDF, up to 10 MB)')
              : t('po.file', 'Purchase order (PDF, up to 10 MB)')}
          </label>
          <input
            id={fileId}
            type="file"
            accept="application/pdf,.pdf"
            className="mt-1 block text-sm"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {done ? <p role="status">{t('po.done', 'Purchase order attached.')}</p> : null}
        <Button type="submit" size="sm" disabled={busy}>
          {busy
            ? t('po.attaching', 'Attaching...')
            : who === 'staff'
              ? t('po.attachStaff', 'Attach purchase order')
              : t('po.attachYours', 'Attach your purchase order')}
        </Button>
      </form>
    </div>
  );
}
