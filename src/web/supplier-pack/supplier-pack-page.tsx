import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatUkDate } from '../../shared/dates';
import {
  PACK_NOTICE_MONTHS,
  type SupplierPackSummary,
  supplierPackRefusals,
  supplierPackPath,
} from '../../shared/supplier-pack/supplier-pack-labels';
import { api, ApiError } from '../lib/api-client';
import { useT } from '../i18n/use-t';
import { PageHead } from '../lib/page-head';
import { publicProfile } from '../lib/public-profile';
import { Button, buttonClasses } from '../ui/button';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { TextField } from '../ui/text-field';

/**
 * /supplier-pack (issue 39, decision 0067): what a purchasing department needs to set the company up
 * as a supplier. The signed letter with the registration and bank details as one PDF, each
 * certificate as its own PDF, and the pack by e-mail to an address that is then told of any change
 * of bank details. Lazy-loaded; linked from the footer and the quote page.
 */
export function SupplierPackPage() {
  const { message, said } = useT();
  const pack = useQuery({
    queryKey: ['supplier-pack'],
    queryFn: () => api<SupplierPackSummary>('/api/supplier-pack'),
  });
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: (address: string) =>
      api<{ version: number; message: string }>('/api/supplier-pack/email', { body: { email: address } }),
  });
  const fieldError =
    send.error instanceof ApiError
      ? (send.error.fields.email ?? said(send.error))
      : send.error
        ? 'Sending failed.'
        : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(email);
  };
  const profile = publicProfile();

  return (
    <Container className="max-w-3xl py-16">
      <PageHead
        title={`Supplier pack | ${profile.tradingName}`}
        description={`Set ${profile.legalName} up as a supplier: registration and bank details on headed paper, signed, with our certificates.`}
        path={supplierPackPath}
      />
      <h1 className="text-3xl font-semibold tracking-tight text-navy-900">Supplier pack</h1>
      <p className="mt-4 text-navy-700">
        For your purchasing and accounts payable departments: a signed letter on our headed paper with our company and
        VAT numbers, EORI, registered office and bank details for GBP and EUR, and our certificates.
      </p>
      {pack.isPending ? (
        <PageLoading />
      ) : pack.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          The supplier pack could not be loaded. Please try again later.
        </p>
      ) : (
        <>
          <section className="mt-8" aria-labelledby="pack-letter">
            <h2 id="pack-letter" className="text-xl font-semibold text-navy-900">
              Letter with our details (version {pack.data.version})
            </h2>
            <a className={buttonClasses('primary', 'md', 'mt-3')} href={pack.data.pdfUrl} download>
              Download the supplier pack (PDF)
            </a>
          </section>
          <section className="mt-8" aria-labelledby="pack-certificates">
            <h2 id="pack-certificates" className="text-xl font-semibold text-navy-900">
              Certificates
            </h2>
            {pack.data.certificates.length === 0 ? (
              <p className="mt-3 text-navy-700">No certificates are published at the moment.</p>
            ) : (
              <ul className="mt-3 space-y-2">
                {pack.data.certificates.map((certificate) => (
                  <li key={certificate.id}>
                    <a className="font-medium text-accent-700 underline underline-offset-2" href={certificate.url}>
                      {certificate.label}: {certificate.title}
                    </a>{' '}
                    <span className="text-sm text-navy-600">(valid until {formatUkDate(certificate.expiresOn)})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section className="mt-10 rounded-lg border border-navy-100 bg-navy-50 p-6" aria-labelledby="pack-email">
        <h2 id="pack-email" className="text-xl font-semibold text-navy-900">
          Receive it by e-mail
        </h2>
        <p className="mt-2 text-sm text-navy-700">
          We e-mail a link to this address. Once you download the pack through it, we send the new pack there if our
          bank details change in the next {PACK_NOTICE_MONTHS} months. Before paying into a changed account, always
          confirm it by telephone on {profile.phone}.
        </p>
        {send.isSuccess ? (
          <p role="status" className="mt-4 text-navy-800">
            {message(supplierPackRefusals.sent)}
          </p>
        ) : (
          <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
            <TextField
              className="flex-1"
              label="E-mail address"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError}
            />
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending...' : 'Send me the pack'}
            </Button>
          </form>
        )}
      </section>
    </Container>
  );
}
