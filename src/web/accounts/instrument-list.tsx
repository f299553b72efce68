import { useQuery } from '@tanstack/react-query';
import { Wrench } from 'lucide-react';
import { Link } from 'react-router';
import {
  accountInstrumentsAnswerSchema,
  type Instrument,
  serviceRequestHref,
} from '../../shared/instruments/instrument-schemas';
import { api } from '../lib/api-client';
import { AccountListTab } from './account-list-tab';
import { useT } from '../i18n/use-t';

/** GET /api/account/instruments: the instruments of the signed-in customer's orders. */
export const fetchAccountInstruments = async () =>
  accountInstrumentsAnswerSchema.parse(await api<unknown>('/api/account/instruments'));

/**
 * One instrument: serial number, model, delivery date, warranty end, next service, "Request service",
 * and its papers (issue 41: test certificate, declaration of conformity, IQ/OQ protocol).
 */
export function InstrumentCard({
  instrument,
  guest,
}: {
  instrument: Instrument;
  guest?: { orderId: string; accessKey: string } | undefined;
}) {
  const text = useT();
  const { t } = text;
  const dayOr = (value: string | null, fallback: string) => (value ? text.date(value) : fallback);
  return (
    <div data-testid="instrument">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold text-navy-900">
            {instrument.model} · {t('instrument.serial', 'serial number')}{' '}
            <span className="font-mono">{instrument.serialNumber}</span>
          </p>
          <p className="text-sm text-navy-600">
            {t('details.heading', 'Order {number}', { number: instrument.orderNumber })}
          </p>
        </div>
        <Link
          className="text-sm font-medium text-accent-700 underline"
          to={serviceRequestHref(instrument.serialNumber, guest)}
        >
          {t('instrument.requestService', 'Request service')}
        </Link>
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-navy-600">{t('instrument.delivered', 'Delivered')}</dt>
          <dd className="font-medium text-navy-900">
            {dayOr(instrument.deliveredOn, t('instrument.notDelivered', 'Not yet delivered'))}
          </dd>
        </div>
        <div>
          <dt className="text-navy-600">{t('instrument.warrantyEnds', 'Warranty ends')}</dt>
          <dd className="font-medium text-navy-900">
            {dayOr(instrument.warrantyEndsOn, t('instrument.startsOnDelivery', 'Starts on delivery'))}
          </dd>
        </div>
        {instrument.servicePlanEndsOn ? (
          <div>
            <dt className="text-navy-600">{t('instrument.planEnds', 'Servicing plan ends')}</dt>
            <dd className="font-medium text-navy-900">{text.date(instrument.servicePlanEndsOn)}</dd>
          </div>
        ) : null}
        <div>
          <dt className="text-navy-600">{t('instrument.nextService', 'Next service')}</dt>
          <dd className="font-medium text-navy-900">
            {dayOr(instrument.nextServiceOn, t('instrument.setOnDelivery', 'Set on delivery'))}
          </dd>
        </div>
      </dl>
      {instrument.softwareVersion || (instrument.modelDocuments ?? []).length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {instrument.softwareVersion ? (
            <span className="text-navy-600">
              {t('instrument.software', 'Software version at dispatch:')}{' '}
              <span className="font-medium text-navy-900">{instrument.softwareVersion}</span>
            </span>
          ) : null}
          {(instrument.modelDocuments ?? []).map((document) => (
            <a
              key={document.kind}
              className="font-medium text-accent-700 underline"
              href={document.url}
              target="_blank"
              rel="noreferrer"
            >
              {document.label} (PDF)
            </a>
          ))}
        </div>
      ) : null}
      {(instrument.papers ?? []).length > 0 ? (
        <div className="mt-3 text-sm">
          <p className="text-navy-600">{t('instrument.papers', 'Papers for your qualification records')}</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {(instrument.papers ?? []).map((paper) => (
              <li key={paper.id}>
                <a
                  className="font-medium text-accent-700 underline"
                  href={guest ? `${paper.url}?key=${encodeURIComponent(guest.accessKey)}` : paper.url}
                  download
                >
                  {paper.label} (PDF)
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** The order page's instruments (a guest's links carry the order's key). */
export function OrderInstruments({
  instruments,
  guest,
}: {
  instruments: Instrument[];
  guest?: { orderId: string; accessKey: string } | undefined;
}) {
  return (
    <ul className="divide-y divide-navy-100">
      {instruments.map((instrument) => (
        <li key={instrument.id} className="py-3">
          <InstrumentCard instrument={instrument} guest={guest} />
        </li>
      ))}
    </ul>
  );
}

/** My Account's Instruments tab. */
export function InstrumentsTab() {
  const query = useQuery({ queryKey: ['account', 'instruments'], queryFn: fetchAccountInstruments });
  const { t } = useT();
  return (
    <AccountListTab
      query={query}
      items={query.data?.instruments}
      noun="instruments"
      heading={t('instrument.heading', 'My Instruments')}
      emptyIcon={Wrench}
      emptyText={t(
        'instrument.empty',
        'Your instruments appear here once they ship, with their warranty and service dates.',
      )}
      renderItem={(instrument) => <InstrumentCard instrument={instrument} />}
    />
  );
}
