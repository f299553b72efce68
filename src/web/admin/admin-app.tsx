import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/not-found-page';
import { AbandonedPage } from './abandoned/abandoned-page';
import { AuditPage } from './audit/audit-page';
import { BatchesPage } from './catalogue/batches-page';
import { DispatchPage } from './production/dispatch-page';
import { ProductionPage } from './production/production-page';
import { ConfigurationsPage } from './catalogue/configurations-page';
import { accessoryEditor, OptionsPage, optionEditors, shippingEditor } from './catalogue/options-page';
import { SettingsHubPage } from './catalogue/settings-hub-page';
import { CustomerDetailPage } from './customers/customer-detail-page';
import { CustomersPage } from './customers/customers-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { InstrumentsPage } from './instruments/instruments-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { BusinessProfilePage } from './profile/business-profile-page';
import { PrivacyPage } from './privacy/privacy-page';
import { RegisterPage } from './finance/register-page';
import { ReceiptsPage } from './finance/receipts-page';
import { ExchangeRatesPage } from './finance/exchange-rates-page';
import { QuotesPage } from './quotes/quotes-page';
import { AgedDebtPage } from './receivables/aged-debt-page';
import { QuoteDetailPage } from './quotes/quote-detail-page';
import { AdminGuard } from './shell/admin-guard';
import { type AdminPage, AdminLayout } from './shell/admin-layout';
import { Allowed } from './shell/permissions';
import { ServiceRequestDetailPage } from './service/service-request-detail-page';
import { ServiceRequestsAdminPage } from './service/service-requests-page';
import { SessionsPage } from './sessions/sessions-page';
import { StaffPage } from './staff/staff-page';
import { SystemSettingsPage } from './settings/system-settings-page';
import { UsersPage } from './users/users-page';

/**
 * The admin wing's pages, in the order of its menu: the path below /admin ('' is the dashboard), the
 * permission its API needs ('staff': any staff member), the page, and for a top-level page its label
 * in the menu. Each path is in `clientRoutePatterns` (src/shared/routes.ts; a test compares them).
 * The menu shows only what the roles allow, and a page they do not allow says so (`Allowed`).
 */
export const adminPages: AdminPage[] = [
  { path: '', label: 'Dashboard', permission: 'dashboard.view', element: <DashboardPage /> },
  { path: 'users', label: 'Users', permission: 'staff.manage', element: <UsersPage /> },
  { path: 'staff', label: 'Staff', permission: 'staff.manage', element: <StaffPage /> },
  { path: 'quotes', label: 'Quotes', permission: 'quotes.view', element: <QuotesPage /> },
  { path: 'quotes/:key', permission: 'quotes.view', element: <QuoteDetailPage /> },
  { path: 'orders', label: 'Orders', permission: 'orders.view', element: <OrdersPage /> },
  { path: 'orders/:id', permission: 'orders.view', element: <OrderDetailPage /> },
  { path: 'customers', label: 'Customers', permission: 'customers.view', element: <CustomersPage /> },
  { path: 'customers/:key', permission: 'customers.view', element: <CustomerDetailPage /> },
  { path: 'instruments', label: 'Instruments', permission: 'instruments.view', element: <InstrumentsPage /> },
  { path: 'register', label: 'Invoice register', permission: 'exports.csv', element: <RegisterPage /> },
  { path: 'exchange-rates', permission: 'exports.csv', element: <ExchangeRatesPage /> },
  { path: 'receipts', label: 'Receipts on account', permission: 'payments.record', element: <ReceiptsPage /> },
  { path: 'receivables/aged-debt', label: 'Aged debt', permission: 'orders.view', element: <AgedDebtPage /> },
  { path: 'abandoned', label: 'Abandoned checkouts', permission: 'abandoned.manage', element: <AbandonedPage /> },
  { path: 'service', label: 'Service', permission: 'service.manage', element: <ServiceRequestsAdminPage /> },
  { path: 'service/:id', permission: 'service.manage', element: <ServiceRequestDetailPage /> },
  {
    path: 'settings',
    label: 'Settings',
    permission: ['catalogue.edit', 'settings.edit', 'profile.view'],
    element: <SettingsHubPage />,
  },
  { path: 'settings/configurations', permission: 'catalogue.edit', element: <ConfigurationsPage /> },
  // The option editors' pages (accessories, shipping, servicing, adaptors, syringe holders), from their list.
  ...optionEditors.map((kind): AdminPage => ({
    path: `settings${kind.path}`,
    permission: 'catalogue.edit',
    element: <OptionsPage key={kind.path} kind={kind} />,
  })),
  { path: 'product-configurations', permission: 'catalogue.edit', element: <ConfigurationsPage /> },
  {
    path: 'accessories',
    permission: 'catalogue.edit',
    element: <OptionsPage key="accessories" kind={accessoryEditor} />,
  },
  { path: 'shipping', permission: 'catalogue.edit', element: <OptionsPage key="shipping" kind={shippingEditor} /> },
  { path: 'system-settings', permission: 'settings.edit', element: <SystemSettingsPage /> },
  { path: 'batches', label: 'Batches', permission: 'batches.manage', element: <BatchesPage /> },
  // Issue 54: the production list per batch (Operations, Sales, Owner).
  { path: 'production', label: 'Production', permission: 'dispatch.manage', element: <ProductionPage /> },
  // Issue 54: an order as Operations builds and ships it (no amounts), from the production list.
  { path: 'dispatch/:id', permission: 'dispatch.manage', element: <DispatchPage /> },
  { path: 'business-profile', permission: 'profile.view', element: <BusinessProfilePage /> },
  { path: 'audit', label: 'Audit log', permission: 'audit.view', element: <AuditPage /> },
  { path: 'sessions', label: 'My sessions', permission: 'staff', element: <SessionsPage /> },
  { path: 'privacy', label: 'Privacy', permission: 'privacy.manage', element: <PrivacyPage /> },
];

/**
 * Everything under /admin/*: the one lazy route of src/web/app/app-routes.tsx leads here, so no
 * admin code is in a storefront bundle. A new page is one entry of `adminPages`.
 */
export function AdminApp() {
  return (
    <AdminGuard>
      <Routes>
        <Route element={<AdminLayout pages={adminPages} />}>
          {adminPages.map(({ path, permission, element }) => (
            <Route
              key={path}
              index={path === '' ? true : undefined}
              path={path === '' ? undefined : path}
              element={permission === 'staff' ? element : <Allowed permission={permission}>{element}</Allowed>}
            />
          ))}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AdminGuard>
  );
}
