import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/not-found-page';
import { AbandonedPage } from './abandoned/abandoned-page';
import { AuditPage } from './audit/audit-page';
import { BatchesPage } from './catalogue/batches-page';
import { ConfigurationsPage } from './catalogue/configurations-page';
import { accessoryEditor, OptionsPage, shippingEditor } from './catalogue/options-page';
import { SettingsHubPage } from './catalogue/settings-hub-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { RegisterPage } from './orders/register-page';
import { QuotesPage } from './quotes/quotes-page';
import { AdminGuard } from './shell/admin-guard';
import { AdminLayout } from './shell/admin-layout';
import { SystemSettingsPage } from './settings/system-settings-page';
import { UsersPage } from './users/users-page';

/**
 * Everything under /admin/*: the one lazy route of src/web/app/app-routes.tsx leads here, so no
 * admin code is in a storefront bundle. Feature pages add their routes below.
 */
export function AdminApp() {
  return (
    <AdminGuard>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="quotes" element={<QuotesPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="abandoned" element={<AbandonedPage />} />
          <Route path="audit" element={<AuditPage />} />
          <Route path="product-configurations" element={<ConfigurationsPage />} />
          <Route path="accessories" element={<OptionsPage key="accessories" kind={accessoryEditor} />} />
          <Route path="shipping" element={<OptionsPage key="shipping" kind={shippingEditor} />} />
          <Route path="settings" element={<SettingsHubPage />} />
          <Route path="settings/configurations" element={<ConfigurationsPage />} />
          <Route path="settings/accessories" element={<OptionsPage key="accessories" kind={accessoryEditor} />} />
          <Route path="settings/shipping" element={<OptionsPage key="shipping" kind={shippingEditor} />} />
          <Route path="system-settings" element={<SystemSettingsPage />} />
          <Route path="batches" element={<BatchesPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AdminGuard>
  );
}
