import type { NotCoveredReason, ServiceRequestStatus } from '../../shared/service-requests/service-lifecycle';
import { coverLine, serviceStatusLabels, serviceStepText } from '../../shared/service-requests/service-lifecycle';
import type { PageText } from '../i18n/use-t';

/**
 * The service request pages' shared words (src/shared/service-requests/service-lifecycle.ts) in the
 * page's language (issue 53). English is the shared text word for word (service-text.test.ts holds them
 * equal); German and French come from the pages' catalogue.
 */
export function serviceStatusIn({ language, t }: PageText, status: ServiceRequestStatus): string {
  if (language === 'en') return serviceStatusLabels[status];
  const labels: Record<ServiceRequestStatus, string> = {
    requested: t('service.status.requested', 'Requested'),
    authorised: t('service.status.authorised', 'Authorised'),
    received: t('service.status.received', 'Received'),
    repaired: t('service.status.repaired', 'Repaired'),
    replaced: t('service.status.replaced', 'Replaced'),
    returned: t('service.status.returned', 'Returned'),
    declined: t('service.status.declined', 'Declined'),
  };
  return labels[status];
}

/** What a step of the request's progress means to the customer. */
export function serviceStepIn({ language, t }: PageText, status: ServiceRequestStatus): string {
  if (language === 'en') return serviceStepText[status];
  const steps: Record<ServiceRequestStatus, string> = {
    requested: t('service.step.requested', 'We have your request and will reply soon.'),
    authorised: t(
      'service.step.authorised',
      'Return authorised: send the instrument back with the RMA number, as the instructions say.',
    ),
    received: t('service.step.received', 'We have received your instrument.'),
    repaired: t('service.step.repaired', 'Your instrument is repaired.'),
    replaced: t('service.step.replaced', 'Your instrument is replaced.'),
    returned: t('service.step.returned', 'Your instrument is on its way back to you.'),
    declined: t('service.step.declined', 'We cannot take this request on.'),
  };
  return steps[status];
}

/** The cover as the customer reads it: no promise before diagnosis (issue 41), "not covered" with the reason. */
export function coverLineIn(
  { language, t }: PageText,
  request: { underWarranty: boolean; notCoveredReason?: NotCoveredReason | null },
): string {
  if (language === 'en') return coverLine(request);
  if (request.notCoveredReason) {
    const reasons: Record<NotCoveredReason, string> = {
      accidental_damage: t('service.reason.accidentalDamage', 'accidental damage'),
      misuse: t('service.reason.misuse', 'misuse'),
      wear: t('service.reason.wear', 'wear'),
      consumables: t('service.reason.consumables', 'consumables'),
    };
    return t(
      'service.notCovered',
      'Not covered by warranty ({reason}, terms §11): we will send you a repair quote before any paid work.',
      { reason: reasons[request.notCoveredReason] },
    );
  }
  return request.underWarranty
    ? t('service.underWarranty', 'Covered by warranty, subject to inspection (terms §11)')
    : t('service.outOfWarranty', 'Out of warranty: we will send you a repair quote before any paid work.');
}
