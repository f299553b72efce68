import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/not-found-page';
import { AbandonedPage } from './abandoned/abandoned-page';
import { AuditPage } from './audit/audit-page';
import { BatchesPage } from './catalogue/batches-page';
import { ConfigurationsPage } from './catalogue/configurations-page';
import { accessoryEditor, OptionsPage, optionEditors, shippingEditor } from './catalogue/options-page';
import { SettingsHubPage } from './catalogue/settings-hub-page';
import { DashboardPage } from './dashboard/dashboard-page';
import { OrderDetailPage } from './orders/order-detail-page';
import { OrdersPage } from './orders/orders-page';
import { BusinessProfilePage } from './profile/business-profile-page';
import { PrivacyPage } from './privacy/privacy-page';
import { RegisterPage } from './orders/register-page';
import { QuotesPage } from './quotes/quotes-page';
import { AdminGuard } from './shell/admin-guard';
import { AdminLayout } from './shell/admin-layout';
import { Allowed } from './shell/permissions';
import { SessionsPage } from './sessions/sessions-page';
import { StaffPage } from './staff/staff-page';
import { SystemSettingsPage } from './settings/system-settings-page';
import { UsersPage } from './users/users-page';

/**
 * Everything under /admin/*: the one lazy route of src/web/app/app-routes.tsx leads here, so no
 * admin code is in a storefront bundle. Feature pages add their routes below, each inside `Allowed`
 * with the permission its API needs, so a page the roles do not allow says so instead of failing.
 */
export function AdminApp() {
  return (
    <AdminGuard>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route
            index
            element={
              <Allowed permission="dashboard.view">
                <DashboardPage />
              </Allowed>
            }
          />
          <Route
            path="users"
            element={
              <Allowed permission="staff.manage">
                <UsersPage />
              </Allowed>
            }
          />
          <Route path="sessions" element={<SessionsPage />} />
          <Route
            path="staff"
            element={
              <Allowed permission="staff.manage">
                <StaffPage />
              </Allowed>
            }
          />
          <Route
            path="quotes"
            element={
              <Allowed permission="quotes.view">
                <QuotesPage />
              </Allowed>
            }
          />
          <Route
            path="orders"
            element={
              <Allowed permission="orders.view">
                <OrdersPage />
              </Allowed>
            }
          />
          <Route
            path="orders/:id"
            element={
              <Allowed permission="orders.view">
                <OrderDetailPage />
              </Allowed>
            }
          />
          <Route
            path="abandoned"
            element={
              <Allowed permission="abandoned.manage">
                <AbandonedPage />
              </Allowed>
            }
          />
          <Route
            path="audit"
            element={
              <Allowed permission="audit.view">
                <AuditPage />
              </Allowed>
            }
          />
          <Route
            path="product-configurations"
            element={
              <Allowed permission="catalogue.edit">
                <ConfigurationsPage />
              </Allowed>
            }
          />
          <Route
            path="accessories"
            element={
              <Allowed permission="catalogue.edit">
                <OptionsPage key="accessories" kind={accessoryEditor} />
              </Allowed>
            }
          />
          <Route
            path="shipping"
            element={
              <Allowed permission="catalogue.edit">
                <OptionsPage key="shipping" kind={shippingEditor} />
              </Allowed>
            }
          />
          <Route
            path="settings"
            element={
              <Allowed permission={['catalogue.edit', 'settings.edit']}>
                <SettingsHubPage />
              </Allowed>
            }
          />
          <Route
            path="settings/configurations"
            element={
              <Allowed permission="catalogue.edit">
                <ConfigurationsPage />
              </Allowed>
            }
          />
          {optionEditors.map((kind) => (
            <Route
              key={kind.path}
              path={`settings${kind.path}`}
              element={
                <Allowed permission="catalogue.edit">
                  <OptionsPage key={kind.path} kind={kind} />
                </Allowed>
              }
            />
          ))}
          <Route
            path="system-settings"
            element={
              <Allowed permission="settings.edit">
                <SystemSettingsPage />
              </Allowed>
            }
          />
          <Route
            path="batches"
            element={
              <Allowed permission="catalogue.edit">
                <BatchesPage />
              </Allowed>
            }
          />
          <Route
            path="business-profile"
            element={
              <Allowed permission="profile.view">
                <BusinessProfilePage />
              </Allowed>
            }
          />
          <Route
            path="privacy"
            element={
              <Allowed permission="privacy.manage">
                <PrivacyPage />
              </Allowed>
            }
          />
          <Route
            path="register"
            element={
              <Allowed permission="exports.csv">
                <RegisterPage />
              </Allowed>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </AdminGuard>
  );
}
