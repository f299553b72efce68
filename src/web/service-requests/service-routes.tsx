import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/not-found-page';
import { NewServiceRequestPage } from './new-service-request-page';
import { ServiceRequestPage } from './service-request-page';
import { ServiceRequestsPage } from './service-requests-page';

/**
 * Everything under /service-requests/*, one lazy chunk: the storefront's entry carries one import
 * for the three pages, not three (the home page's JavaScript budget has no room to spare).
 */
export function ServiceRoutes() {
  return (
    <Routes>
      <Route index element={<ServiceRequestsPage />} />
      <Route path="new" element={<NewServiceRequestPage />} />
      <Route path=":requestNumber" element={<ServiceRequestPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
