import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { MfaGate } from '../accounts/mfa-gate';
import { RootLayout } from '../layout/root-layout';

const NotFoundPage = lazy(() => import('../ui/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const HomePage = lazy(() => import('../marketing/home-page').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('../accounts/login-page').then((m) => ({ default: m.LoginPage })));
const MyAccountPage = lazy(() => import('../accounts/my-account-page').then((m) => ({ default: m.MyAccountPage })));
const OrderDetailsPage = lazy(() =>
  import('../accounts/order-details-page').then((m) => ({ default: m.OrderDetailsPage })),
);
/** The customer's service requests: one lazy chunk with its own routes (src/web/service/service-routes.tsx). */
const ServiceRoutes = lazy(() => import('../service/service-routes').then((m) => ({ default: m.ServiceRoutes })));
const QuoteFlowPage = lazy(() => import('../quotes/quote-flow-page').then((m) => ({ default: m.QuoteFlowPage })));
const QuotePage = lazy(() => import('../quotes/quote-page').then((m) => ({ default: m.QuotePage })));
const OrderFlowPage = lazy(() => import('../orders/order-flow-page').then((m) => ({ default: m.OrderFlowPage })));
const OrderConfirmationPage = lazy(() =>
  import('../orders/order-confirmation-page').then((m) => ({ default: m.OrderConfirmationPage })),
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
const WaitlistLeavePage = lazy(() =>
  import('../configurator/waitlist-leave-page').then((m) => ({ default: m.WaitlistLeavePage })),
);
const SetupPage = lazy(() => import('../accounts/setup-page').then((m) => ({ default: m.SetupPage })));
const StaffInvitationPage = lazy(() =>
  import('../accounts/staff-invitation-page').then((m) => ({ default: m.StaffInvitationPage })),
);
/** The admin wing: the one import of src/web/admin from the storefront, lazy (eslint.config.js allows only this). */
const AdminApp = lazy(() => import('../admin/admin-app').then((m) => ({ default: m.AdminApp })));
const ConfigurePage = lazy(() => import('../configurator/configure-page').then((m) => ({ default: m.ConfigurePage })));

/**
 * The route table of accounts-and-admin spec section 2 (mirrored in src/shared/routes.ts for the
 * server). Screens are code-split; admin and account code never loads on the public pages.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout gate={<MfaGate />} />}>
        <Route index element={<HomePage />} />
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
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-of-sale" element={<TermsOfSalePage />} />
        <Route path="waitlist/leave" element={<WaitlistLeavePage />} />
        <Route path="admin/*" element={<AdminApp />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
