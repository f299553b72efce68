import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../layout/not-found-page';
import { PlaceholderPage } from '../layout/placeholder-page';
import { AuditPage } from './audit/audit-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { QuotesPage } from './quotes/quotes-page';
import { AdminGuard } from './shell/admin-guard';
import { AdminLayout } from './shell/admin-layout';
import { UsersPage } from './users/users-page';

const placeholder = (title: string) => <PlaceholderPage title={title} noindex />;

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
          <Route path="audit" element={<AuditPage />} />
          <Route path="product-configurations" element={placeholder('Product configurations')} />
          <Route path="accessories" element={placeholder('Accessories')} />
          <Route path="shipping" element={placeholder('Shipping options')} />
          <Route path="settings" element={placeholder('Settings')} />
          <Route path="settings/configurations" element={placeholder('Product configurations')} />
          <Route path="settings/accessories" element={placeholder('Accessories')} />
          <Route path="settings/shipping" element={placeholder('Shipping options')} />
          <Route path="system-settings" element={placeholder('System settings')} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AdminGuard>
  );
}
