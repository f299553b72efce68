import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import {
  type CertificateKind,
  PACK_NOTICE_MONTHS,
  type SupplierPackSummary,
  supplierPackRefusals,
  supplierPackPath,
} from '../../shared/supplier-pack/supplier-pack-labels';
import { useT } from '../i18n/use-t';
import { api, ApiError } from '../lib/api-client';
import { PageHead } from '../lib/page-head';
import { publicProfile } from '../lib/public-profile';
import { Button, buttonClasses } from '../ui/button';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { TextField } from '../ui/text-field';
import '../i18n/field-messages';

/**
 * /supplier-pack (issue 39, decision 0067): what a purchasing department needs to set the company up
 * as a supplier. The signed letter with the registration and bank details as one PDF, each
 * certificate as its own PDF, and the pack by e-mail to an address that is then told of any change
 * of bank details. Lazy-loaded; linked from the footer and the quote page. Issue 53: in the page's
 * language, and the letter downloaded in it (`?language=`).
 */
export function SupplierPackPage() {
  const { t, said, date, language, message } = useT();
  const pack = useQuery({
    queryKey: ['supplier-pack'],
    queryFn: () => api<SupplierPackSummary>('/api/supplier-pack'),
  });
  const [email, setEmail] = useState('');
  const send = useMutation({
    mutationFn: (address: string) =>
      api<{ version: number; message: string }>('/api/supplier-pack/email', { body: { email: address } }),
  });
  // A refusal in the page's language: the field's message by its id (the text field shows it), a refusal by its id.
  const fieldError =
    send.error instanceof ApiError
      ? (send.error.fieldError('email') ?? said(send.error))
      : send.error
        ? t('supplierPack.sendFailed', 'Sending failed.')
        : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate(email);
  };
  const profile = publicProfile();
  // The certificate's kind in the page's language (shared/supplier-pack `certificateKindLabels` in English).
  const kindLabels: Record<CertificateKind, string> = {
    insurance: t('supplierPack.kind.insurance', 'Insurance certificate'),
    iso_9001: t('supplierPack.kind.iso_9001', 'ISO 9001 certificate'),
    ukca_ce_declaration: t('supplierPack.kind.ukca_ce_declaration', 'UKCA/CE declaration'),
    other: t('supplierPack.kind.other', 'Certificate'),
  };
  const letterUrl = (url: string) => (language === 'en' ? url : `${url}?language=${language}`);

  return (
    <Container className="max-w-3xl py-16">
      <PageHead
        title={t('supplierPack.head.title', 'Supplier pack | {name}', { name: profile.tradingName })}
        description={t(
          'supplierPack.head.description',
          'Set {legalName} up as a supplier: registration and bank details on headed paper, signed, with our certificates.',
          { legalName: profile.legalName },
        )}
        path={supplierPackPath}
      />
      <h1 className="text-3xl font-semibold tracking-tight text-navy-900">
        {t('supplierPack.title', 'Supplier pack')}
      </h1>
      <p className="mt-4 text-navy-700">
        {t(
          'supplierPack.intro',
          'For your purchasing and accounts payable departments: a signed letter on our headed paper with our company and VAT numbers, EORI, registered office and bank details for GBP and EUR, and our certificates.',
        )}
      </p>
      {pack.isPending ? (
        <PageLoading />
      ) : pack.isError ? (
        <p role="alert" className="mt-6 text-red-700">
          {t('supplierPack.loadFailed', 'The supplier pack could not be loaded. Please try again later.')}
        </p>
      ) : (
        <>
          <section className="mt-8" aria-labelledby="pack-letter">
            <h2 id="pack-letter" className="text-xl font-semibold text-navy-900">
              {t('supplierPack.letter', 'Letter with our details (version {version})', {
                version: pack.data.version,
              })}
            </h2>
            <a className={buttonClasses('primary', 'md', 'mt-3')} href={letterUrl(pack.data.pdfUrl)} download>
              {t('supplierPack.download', 'Download the supplier pack (PDF)')}
            </a>
          </section>
          <section className="mt-8" aria-labelledby="pack-certificates">
            <h2 id="pack-certificates" className="text-xl font-semibold text-navy-900">
              {t('supplierPack.certificates', 'Certificates')}
            </h2>
            {pack.data.certificates.length === 0 ? (
              <p className="mt-3 text-navy-700">
                {t('supplierPack.noCertificates', 'No certificates are published at the moment.')}
              </p>
            ) : (
              <ul className="mt-3 space-y-2">
                {pack.data.certificates.map((certificate) => (
                  <li key={certificate.id}>
                    {/* The certificate's title is staff text, shown as written. */}
                    <a className="font-medium text-accent-700 underline underline-offset-2" href={certificate.url}>
                      {t('supplierPack.certificate', '{kind}: {title}', {
                        kind: kindLabels[certificate.kind] ?? certificate.label,
                        title: certificate.title,
                      })}
                    </a>{' '}
                    <span className="text-sm text-navy-600">
                      {t('supplierPack.validUntil', '(valid until {date})', { date: date(certificate.expiresOn) })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
      <section className="mt-10 rounded-lg border border-navy-100 bg-navy-50 p-6" aria-labelledby="pack-email">
        <h2 id="pack-email" className="text-xl font-semibold text-navy-900">
          {t('supplierPack.byEmail', 'Receive it by e-mail')}
        </h2>
        <p className="mt-2 text-sm text-navy-700">
          {t(
            'supplierPack.byEmailText',
            'We e-mail a link to this address. Once you download the pack through it, we send the new pack there if our bank details change in the next {months} months. Before paying into a changed account, always confirm it by telephone on {phone}.',
            { months: PACK_NOTICE_MONTHS, phone: profile.phone },
          )}
        </p>
        {send.isSuccess ? (
          <p role="status" className="mt-4 text-navy-800">
            {message(supplierPackRefusals.sent)}
          </p>
        ) : (
          <form className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit} noValidate>
            <TextField
              className="flex-1"
              label={t('supplierPack.emailLabel', 'E-mail address')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={fieldError}
            />
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? t('supplierPack.sending', 'Sending...') : t('supplierPack.send', 'Send me the pack')}
            </Button>
          </form>
        )}
      </section>
    </Container>
  );
}
