import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { MfaGate } from '../accounts/mfa-gate';
import { RootLayout } from '../layout/root-layout';
import { lazyWithQueries } from '../lib/with-queries';

const NotFoundPage = lazy(() => import('../ui/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const HomePage = lazy(() => import('../marketing/home-page').then((m) => ({ default: m.HomePage })));
const LoginPage = lazyWithQueries(() => import('../accounts/login-page').then((m) => m.LoginPage));
const MyAccountPage = lazyWithQueries(() => import('../accounts/my-account-page').then((m) => m.MyAccountPage));
const OrderDetailsPage = lazyWithQueries(() =>
  import('../accounts/order-details-page').then((m) => m.OrderDetailsPage),
);
/** The customer's service requests: one lazy chunk with its own routes (src/web/service-requests/service-routes.tsx). */
const ServiceRoutes = lazyWithQueries(() => import('../service-requests/service-routes').then((m) => m.ServiceRoutes));
const QuoteFlowPage = lazyWithQueries(() => import('../quotes/quote-flow-page').then((m) => m.QuoteFlowPage));
const QuotePage = lazyWithQueries(() => import('../quotes/quote-page').then((m) => m.QuotePage));
const OrderFlowPage = lazyWithQueries(() => import('../orders/order-flow-page').then((m) => m.OrderFlowPage));
const OrderConfirmationPage = lazyWithQueries(() =>
  import('../orders/order-confirmation-page').then((m) => m.OrderConfirmationPage),
);
const AboutPage = lazy(() => import('../marketing/about-page').then((m) => ({ default: m.AboutPage })));
const CareersPage = lazy(() => import('../marketing/careers-page').then((m) => ({ default: m.CareersPage })));
const ContactPage = lazy(() => import('../marketing/contact-page').then((m) => ({ default: m.ContactPage })));
const AutomationPage = lazy(() => import('../marketing/automation-page').then((m) => ({ default: m.AutomationPage })));
const ComingSoonPage = lazy(() => import('../marketing/coming-soon-page').then((m) => ({ default: m.ComingSoonPage })));
const PrivacyPolicyPage = lazy(() =>
  import('../legal/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const TermsOfSalePage = lazy(() => import('../legal/terms-of-sale-page').then((m) => ({ default: m.TermsOfSalePage })));
const WaitlistLeavePage = lazyWithQueries(() =>
  import('../configurator/waitlist-leave-page').then((m) => m.WaitlistLeavePage),
);
const SupplierPackPage = lazyWithQueries(() =>
  import('../supplier-pack/supplier-pack-page').then((m) => m.SupplierPackPage),
);
const SetupPage = lazyWithQueries(() => import('../accounts/setup-page').then((m) => m.SetupPage));
const StaffInvitationPage = lazyWithQueries(() =>
  import('../accounts/staff-invitation-page').then((m) => m.StaffInvitationPage),
);
const OrganisationInvitationPage = lazyWithQueries(() =>
  import('../accounts/organisation-invitation-page').then((m) => m.OrganisationInvitationPage),
);
/** The admin wing: the one import of src/web/admin from the storefront, lazy (eslint.config.js allows only this). */
const AdminApp = lazyWithQueries(() => import('../admin/admin-app').then((m) => m.AdminApp));
const ConfigurePage = lazyWithQueries(() => import('../configurator/configure-page').then((m) => m.ConfigurePage));

/**
 * The route table of accounts-and-admin spec section 2 (mirrored in src/shared/routes.ts for the
 * server). Screens are code-split; admin and account code never loads on the public pages, and
 * TanStack Query loads with the screens that use it (`lazyWithQueries`), not with the marketing pages.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout gate={<MfaGate />} />}>
        <Route index element={<HomePage />} />
        <Route path="de" element={<HomePage />} />
        <Route path="fr" element={<HomePage />} />
        <Route path="home" element={<Navigate to="/" replace />} />
        <Route path="configure" element={<ConfigurePage />} />
        <Route path="quote-flow" element={<QuoteFlowPage />} />
        <Route path="quote/:id" element={<QuotePage />} />
        <Route path="order-flow" element={<OrderFlowPage />} />
        <Route path="order-confirmation/:orderId" element={<OrderConfirmationPage />} />
        <Route path="order/:id" element={<OrderDetailsPage />} />
        <Route path="order-details/:id" element={<OrderDetailsPage />} />
        <Route path="service-requests/*" element={<ServiceRoutes />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="careers" element={<CareersPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="coming-soon" element={<ComingSoonPage />} />
        <Route path="automation" element={<AutomationPage />} />
        <Route path="my-account" element={<MyAccountPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="setup" element={<SetupPage />} />
        <Route path="staff-invitation" element={<StaffInvitationPage />} />
        <Route path="organisation-invitation" element={<OrganisationInvitationPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-sale" element={<TermsOfSalePage />} />
        <Route path="waitlist/leave" element={<WaitlistLeavePage />} />
        <Route path="supplier-pack" element={<SupplierPackPage />} />
        <Route path="admin/*" element={<AdminApp />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
