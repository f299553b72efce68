import type { ServiceRequest } from '../../src/shared/service-requests/service-contracts';
import { ServiceRequestPage } from '../../src/web/service-requests/service-request-page';
import { renderRoutes } from './web-render';

/**
 * The service request SR2026-00007 of a customer's Dropwise Pro (serial DW-0007), authorised with
 * RMA2026-00003 and no papers yet, as `GET /api/service-requests/:requestNumber` answers it; a test
 * gives what its page shows differently (the description, the papers' links, the history).
 */
export function authorisedServiceRequest(overrides: Partial<ServiceRequest> = {}): ServiceRequest {
  return {
    requestNumber: 'SR2026-00007',
    status: 'authorised',
    serialNumber: 'DW-0007',
    model: 'Dropwise Pro',
    orderId: 'o-7',
    orderNumber: 'DW-2026-0007',
    description: 'Pump stalls.',
    underWarranty: true,
    rmaNumber: 'RMA2026-00003',
    returnInstructions: 'Use the prepaid label.',
    declineReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    history: [{ status: 'requested', note: null, at: '2026-11-20T09:00:00.000Z' }],
    photos: [],
    rmaUrl: null,
    proFormaUrl: null,
    notCoveredReason: null,
    decontamination: null,
    declarationUrl: null,
    repairQuoteUrl: null,
    ...overrides,
  };
}

/** The service request page of SR2026-00007, opened with the access key `key` as the e-mail's link opens it. */
export function renderServiceRequestPage(key: string) {
  return renderRoutes(
    [{ path: '/service-requests/:requestNumber', element: <ServiceRequestPage /> }],
    `/service-requests/SR2026-00007?key=${key}`,
  );
}
