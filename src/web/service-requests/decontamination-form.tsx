import { type FormEvent, useState } from 'react';
import type { ServiceRequest } from '../../shared/service-requests/service-contracts';
import { useT } from '../i18n/use-t';
import { ApiError } from '../lib/api-client';
import { Button } from '../ui/button';
import { TextField } from '../ui/text-field';
import { useDeclareDecontamination } from './service-api';
import { Section } from './service-parts';
import '../i18n/field-messages';

const areaClass = 'mt-1 block w-full rounded-md border border-navy-200 bg-white p-3 text-base text-navy-900 shadow-sm';

/**
 * Issue 41: the decontamination declaration the customer signs before returning the instrument (what it
 * handled, how it was cleaned, a typed name and a tick, the date); once signed, what was declared and its PDF.
 */
export function DecontaminationSection({ request, guestKey }: { request: ServiceRequest; guestKey: string | null }) {
  const declare = useDeclareDecontamination(request.requestNumber, guestKey);
  const [substances, setSubstances] = useState('');
  const [cleaningMethod, setCleaningMethod] = useState('');
  const [signatoryName, setSignatoryName] = useState('');
  const [signed, setSigned] = useState(false);
  const [signedOn, setSignedOn] = useState(() => new Date().toISOString().slice(0, 10));
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const text = useT();
  const { t } = text;
  const title = t('service.declaration', 'Decontamination declaration');
  const methodLabel = t('service.cleaningMethod', 'Cleaning and decontamination method');

  const declared = request.decontamination;
  if (declared)
    return (
      <Section title={title}>
        <dl className="space-y-2 text-sm" data-testid="decontamination">
          <div>
            <dt className="font-medium text-navy-900">{t('service.substancesHandled', 'Substances handled')}</dt>
            <dd className="whitespace-pre-line text-navy-700">{declared.substances}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">{methodLabel}</dt>
            <dd className="whitespace-pre-line text-navy-700">{declared.cleaningMethod}</dd>
          </div>
          <div>
            <dt className="font-medium text-navy-900">{t('service.signed', 'Signed')}</dt>
            <dd className="text-navy-700">
              {declared.signatoryName}, {text.date(declared.signedOn)}
            </dd>
          </div>
        </dl>
        {request.declarationUrl ? (
          <a className="mt-3 inline-block text-sm font-medium text-accent-700 underline" href={request.declarationUrl}>
            {t('service.downloadDeclaration', 'Download the declaration (PDF): put a copy in the parcel')}
          </a>
        ) : null}
      </Section>
    );
  if (request.status === 'returned' || request.status === 'declined') return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    try {
      await declare.mutateAsync({ substances, cleaningMethod, signatoryName, signed, signedOn });
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? {
              message: text.said(error),
              // Each field's message by its id where the 400 gives one (issue 53), in the page's language.
              fields: Object.fromEntries(
                Object.keys(error.fields).map((name) => [name, text.said(error.fieldError(name))]),
              ),
            }
          : {
              message: t('service.declarationFailed', 'The declaration could not be sent. Please try again.'),
              fields: {},
            },
      );
    }
  };
  const fieldError = (name: string) => problem?.fields[name];
  return (
    <Section title={title}>
      <p className="text-sm text-navy-700">
        {t(
          'service.declarationText',
          'We can receive the instrument only with this declaration: say what it was used with and how it was cleaned.',
        )}
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-4" noValidate>
        <div>
          <label htmlFor="decon-substances" className="block text-sm font-medium text-navy-900">
            {t(
              'service.substances',
              'Substances the instrument handled (biological, chemical, radioactive; or “none”)',
            )}
          </label>
          <textarea
            id="decon-substances"
            rows={3}
            maxLength={2000}
            value={substances}
            onChange={(event) => setSubstances(event.target.value)}
            className={areaClass}
          />
          {fieldError('substances') ? <p className="mt-1 text-sm text-red-700">{fieldError('substances')}</p> : null}
        </div>
        <div>
          <label htmlFor="decon-method" className="block text-sm font-medium text-navy-900">
            {methodLabel}
          </label>
          <textarea
            id="decon-method"
            rows={3}
            maxLength={2000}
            value={cleaningMethod}
            onChange={(event) => setCleaningMethod(event.target.value)}
            className={areaClass}
          />
          {fieldError('cleaningMethod') ? (
            <p className="mt-1 text-sm text-red-700">{fieldError('cleaningMethod')}</p>
          ) : null}
        </div>
        <TextField
          label={t('service.signatory', 'Your full name (your signature)')}
          value={signatoryName}
          maxLength={200}
          autoComplete="name"
          onChange={(event) => setSignatoryName(event.target.value)}
          error={fieldError('signatoryName')}
        />
        <TextField
          label={t('service.date', 'Date')}
          type="date"
          value={signedOn}
          onChange={(event) => setSignedOn(event.target.value)}
          error={fieldError('signedOn')}
        />
        <label className="flex items-start gap-2 text-sm text-navy-900">
          <input
            type="checkbox"
            className="mt-1 size-4"
            checked={signed}
            onChange={(event) => setSigned(event.target.checked)}
          />
          {t(
            'service.declarationStatement',
            'I declare that the instrument named here has been cleaned and decontaminated as described, and that it is free of biological, chemical and radioactive hazards to the people who handle it.',
          )}
        </label>
        {fieldError('signed') ? <p className="text-sm text-red-700">{fieldError('signed')}</p> : null}
        {problem ? (
          <p role="alert" className="text-sm text-red-700">
            {problem.message}
          </p>
        ) : null}
        <Button type="submit" disabled={declare.isPending}>
          {declare.isPending ? t('service.signing', 'Signing...') : t('service.sign', 'Sign the declaration')}
        </Button>
      </form>
    </Section>
  );
}
