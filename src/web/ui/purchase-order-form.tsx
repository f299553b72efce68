import { type FormEvent, useId, useState } from 'react';
import { formatUkDate } from '../../shared/dates';
import {
  type AttachPoRequest,
  PO_DOCUMENT_BYTES,
  type PoDocument,
  poDocumentMessages,
} from '../../shared/orders/po-document';
import { ApiError } from '../lib/api-client';
import { fileAsBase64 } from '../lib/file-as-base64';
import { Button } from './button';
import { TextField } from './text-field';
import { useT } from '../i18n/use-t';

/** The upload's body from a chosen file and the PO number typed (the server reads the file's bytes). */
export async function poUploadBody(file: File, poNumber: string): Promise<AttachPoRequest> {
  return { filename: file.name, dataBase64: await fileAsBase64(file), ...(poNumber.trim() ? { poNumber } : {}) };
}

/**
 * Issue 39: the order's purchase order: its number and its PDF (download), and a form to attach or
 * replace it (the buyer on their order page; staff for a PO that arrived by e-mail). The server
 * checks the file by its bytes and answers a clear message for anything that is not a PDF.
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
  const { said } = useT();
  const [number, setNumber] = useState(poNumber ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(false);
    if (!file) {
      setError('Choose the purchase order PDF.');
      return;
    }
    if (file.size > PO_DOCUMENT_BYTES) {
      setError(poDocumentMessages.tooLarge);
      return;
    }
    setBusy(true);
    try {
      await upload(await poUploadBody(file, number));
      setDone(true);
      setFile(null);
    } catch (failure) {
      setError(failure instanceof ApiError ? said(failure) : 'The purchase order could not be attached.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3 text-sm" data-testid="purchase-order">
      <p>
        PO number: <span className="font-medium">{poNumber ?? 'none given'}</span>
      </p>
      {document ? (
        <p>
          <a className="font-medium text-accent-700 underline" href={document.url} download>
            Download purchase order {document.filename}
          </a>{' '}
          · attached {formatUkDate(document.uploadedAt)}
          {who === 'staff'
            ? document.source === 'staff'
              ? ' by staff'
              : ' by the buyer'
            : document.source === 'staff'
              ? ' by us'
              : ''}
        </p>
      ) : (
        <p className="text-navy-600">No purchase order document attached.</p>
      )}
      <form onSubmit={(event) => void submit(event)} className="space-y-3" noValidate>
        <TextField
          label="Purchase order (PO) number"
          value={number}
          maxLength={100}
          onChange={(event) => setNumber(event.target.value)}
        />
        <div>
          <label htmlFor={fileId} className="block text-sm font-medium text-navy-900">
            {document ? 'Replace the purchase order (PDF, up to 10 MB)' : 'Purchase order (PDF, up to 10 MB)'}
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
        {done ? <p role="status">Purchase order attached.</p> : null}
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Attaching...' : who === 'staff' ? 'Attach purchase order' : 'Attach your purchase order'}
        </Button>
      </form>
    </div>
  );
}
