import { describe, expect, it } from 'vitest';
import {
  coverLine,
  notCoveredReasons,
  serviceStatusLabels,
  serviceStepText,
  type ServiceRequestStatus,
} from '../../shared/service-requests/service-lifecycle';
import { pageText } from '../i18n/use-t';
import { coverLineIn, serviceStatusIn, serviceStepIn } from './service-text';

/** The service pages' shared words (issue 53): English word for word as service-lifecycle.ts has them. */
describe('the service request pages’ words in English', () => {
  const english = pageText('en');
  const statuses = Object.keys(serviceStatusLabels) as ServiceRequestStatus[];

  it('statuses, steps and the cover read as the shared English', () => {
    for (const status of statuses) {
      expect(serviceStatusIn(english, status)).toBe(serviceStatusLabels[status]);
      expect(serviceStepIn(english, status)).toBe(serviceStepText[status]);
    }
    for (const underWarranty of [true, false])
      expect(coverLineIn(english, { underWarranty })).toBe(coverLine({ underWarranty }));
    for (const reason of notCoveredReasons)
      expect(coverLineIn(english, { underWarranty: true, notCoveredReason: reason })).toBe(
        coverLine({ underWarranty: true, notCoveredReason: reason }),
      );
  });
});
