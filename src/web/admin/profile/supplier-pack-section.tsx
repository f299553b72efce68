import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  adminCertificatesResponseSchema,
  type Certificate,
  CERTIFICATE_BYTES,
  type CertificateKind,
  certificateKindLabels,
  certificateKinds,
  certificateSchema,
  supplierPackMessages,
  supplierPackPath,
  supplierPackPdfUrl,
} from '../../../shared/supplier-pack/supplier-pack';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/button';
import { PageLoading } from '../../ui/page-loading';
import { inputClass } from '../catalogue/catalogue-form';
import { adminApi } from '../shell/admin-api';
import { day } from '../shell/format';
import { StateMessage } from '../shell/list-toolbar';
import { useStepUp } from '../shell/step-up-dialog';
import { fileAsBase64 } from '../../lib/file-as-base64';

const QUERY_KEY = ['admin', 'supplier-certificates'] as const;
const megabytes = (size: number) => `${(size / (1024 * 1024)).toFixed(1)} MB`;

const fileBody = async (file: File | null) => {
  if (!file) return undefined;
  if (file.size > CERTIFICATE_BYTES) throw new Error(supplierPackMessages.tooLarge);
  return { filename: file.name, dataBase64: await fileAsBase64(file) };
};

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? (Object.values(error.fields)[0] ?? error.message)
    : error instanceof Error
      ? error.message
      : 'Something went wrong. Please try again.';

const itemSchema = z.object({ item: certificateSchema });

/** One certificate's row: its file, expiry, a replacement (new file and/or expiry) and deletion with confirmation. */
function CertificateRow({ certificate }: { certificate: Certificate }) {
  const client = useQueryClient();
  const { withStepUp, dialog } = useStepUp();
  const [expiresOn, setExpiresOn] = useState(certificate.expiresOn);
  const [file, setFile] = useState<File | null>(null);
  const replace = useMutation({
    mutationFn: async () => {
      const upload = await fileBody(file);
      return withStepUp(() =>
        adminApi(itemSchema, `/supplier-certificates/${certificate.id}`, {
          method: 'PUT',
          body: { kind: certificate.kind, title: certificate.title, expiresOn, ...(upload ? { file: upload } : {}) },
        }),
      );
    },
    onSuccess: () => {
      toast.success('Certificate saved');
      setFile(null);
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(errorText(error));
    },
  });
  const remove = useMutation({
    mutationFn: () =>
      withStepUp(() =>
        adminApi(z.object({ ok: z.literal(true) }), `/supplier-certificates/${certificate.id}`, { method: 'DELETE' }),
      ),
    onSuccess: () => {
      toast.success('Certificate deleted');
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(errorText(error));
    },
  });
  return (
    <li className="space-y-2 rounded-md border border-navy-100 p-3 text-sm">
      <p>
        <span className="font-medium text-navy-900">{certificate.label}:</span> {certificate.title}{' '}
        <a
          className="text-navy-700 underline"
          href={`/api/admin/supplier-certificates/${certificate.id}/file`}
          target="_blank"
          rel="noreferrer"
        >
          {`${certificate.filename} (${megabytes(certificate.size)})`}
        </a>
      </p>
      <p className={certificate.expired ? 'font-medium text-red-700' : 'text-navy-700'}>
        {certificate.expired
          ? `Expired on ${day(certificate.expiresOn)}: left out of the pack`
          : `Valid until ${day(certificate.expiresOn)}`}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="text-xs">
          Expiry date
          <input
            type="date"
            className={`${inputClass} mt-1`}
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
          />
        </label>
        <label className="text-xs">
          New PDF (optional)
          <input
            type="file"
            accept="application/pdf,.pdf"
            className="mt-1 block text-xs"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </label>
        <Button type="button" size="sm" variant="outline" disabled={replace.isPending} onClick={() => replace.mutate()}>
          {replace.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(supplierPackMessages.deleteConfirm)) remove.mutate();
          }}
        >
          Delete
        </Button>
      </div>
      {dialog}
    </li>
  );
}

/** A new certificate: kind, title, expiry date and its PDF (checked by its bytes on the server). */
function UploadCertificate() {
  const client = useQueryClient();
  const { withStepUp, dialog } = useStepUp();
  const [kind, setKind] = useState<CertificateKind>('insurance');
  const [title, setTitle] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);
  const upload = useMutation({
    mutationFn: async () => {
      const body = await fileBody(file);
      if (!body) throw new Error(supplierPackMessages.fileRequired);
      return withStepUp(() =>
        adminApi(itemSchema, '/supplier-certificates', {
          method: 'POST',
          body: { kind, title, expiresOn, file: body },
        }),
      );
    },
    onSuccess: () => {
      toast.success('Certificate uploaded');
      setTitle('');
      setExpiresOn('');
      setFile(null);
      setFormKey((key) => key + 1);
      void client.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'step_up_cancelled') return;
      toast.error(errorText(error));
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    upload.mutate();
  };
  return (
    <form key={formKey} aria-label="Upload a certificate" className="grid gap-3 sm:grid-cols-2" onSubmit={submit}>
      <label className="text-sm">
        Kind
        <select
          className={`${inputClass} mt-1`}
          value={kind}
          onChange={(event) => setKind(event.target.value as CertificateKind)}
        >
          {certificateKinds.map((value) => (
            <option key={value} value={value}>
              {certificateKindLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm">
        Title
        <input
          className={`${inputClass} mt-1`}
          value={title}
          maxLength={200}
          onChange={(event) => setTitle(event.target.value)}
        />
      </label>
      <label className="text-sm">
        Expiry date
        <input
          type="date"
          className={`${inputClass} mt-1`}
          value={expiresOn}
          onChange={(event) => setExpiresOn(event.target.value)}
        />
      </label>
      <label className="text-sm">
        PDF (at most 10 MB)
        <input
          type="file"
          accept="application/pdf,.pdf"
          className="mt-1 block text-sm"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload certificate'}
        </Button>
      </div>
      {dialog}
    </form>
  );
}

/** Sends the pack to a buyer's address (recorded, so they hear of a bank change). */
export function SendSupplierPack({ defaultEmail = '' }: { defaultEmail?: string }) {
  const [email, setEmail] = useState(defaultEmail);
  const send = useMutation({
    mutationFn: () =>
      adminApi(z.object({ version: z.number(), to: z.string() }), '/supplier-pack/send', {
        method: 'POST',
        body: { email },
      }),
    onSuccess: (answer) => toast.success(`Supplier pack version ${answer.version} sent to ${answer.to}`),
    onError: (error) => toast.error(errorText(error)),
  });
  return (
    <form
      aria-label="Send the supplier pack"
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate();
      }}
    >
      <label className="text-sm">
        Send the supplier pack to
        <input
          type="email"
          className={`${inputClass} mt-1`}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </label>
      <Button type="submit" size="sm" variant="outline" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send by e-mail'}
      </Button>
    </form>
  );
}

/**
 * The supplier pack on the business profile page (issue 39, decision 0067): its version in force,
 * the certificates (upload, replace, delete; each with a fresh authenticator code), and the pack sent
 * to a buyer by e-mail.
 */
export function SupplierPackSection() {
  const certificates = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => adminApi(adminCertificatesResponseSchema, '/supplier-certificates'),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-navy-700">
        The letter with the company details and bank accounts, signed by the signatory, and the certificates below:
        buyers download it from{' '}
        <a className="underline" href={supplierPackPath}>
          the supplier pack page
        </a>{' '}
        (linked from the footer and each quote). Its version changes when the bank accounts change, and whoever took an
        earlier version in the last 18 months is e-mailed the new one.
      </p>
      {certificates.isPending ? (
        <PageLoading label="Loading the certificates..." />
      ) : certificates.isError ? (
        <StateMessage tone="error">Failed to load the certificates.</StateMessage>
      ) : (
        <>
          <p className="text-sm">
            Version in force: <span className="font-medium">{certificates.data.version}</span> ·{' '}
            <a className="underline" href={supplierPackPdfUrl}>
              Download the letter (PDF)
            </a>
          </p>
          {certificates.data.certificates.length === 0 ? (
            <p className="text-sm text-navy-600">No certificates yet.</p>
          ) : (
            <ul className="space-y-2">
              {certificates.data.certificates.map((certificate) => (
                <CertificateRow key={`${certificate.id}-${certificate.updatedAt}`} certificate={certificate} />
              ))}
            </ul>
          )}
        </>
      )}
      <h3 className="text-lg font-semibold text-navy-900">Upload a certificate</h3>
      <UploadCertificate />
      <h3 className="text-lg font-semibold text-navy-900">Send the pack</h3>
      <SendSupplierPack />
    </div>
  );
}
