import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { NotFoundPage } from '../layout/not-found-page';
import { PlaceholderPage } from '../layout/placeholder-page';
import { RootLayout } from '../layout/root-layout';

const HomePage = lazy(() => import('../marketing/home-page').then((m) => ({ default: m.HomePage })));
const LoginPage = lazy(() => import('../accounts/login-page').then((m) => ({ default: m.LoginPage })));
const MyAccountPage = lazy(() => import('../accounts/my-account-page').then((m) => ({ default: m.MyAccountPage })));
const OrderDetailsPage = lazy(() => import('../accounts/order-details-page').then((m) => ({ default: m.OrderDetailsPage })));

/** A screen still to be built by its feature: a plain "coming soon" body. */
const placeholder = (title: string, indexable = false) => <PlaceholderPage title={title} noindex={!indexable} />;

/**
 * The route table of accounts-and-admin spec section 2 (mirrored in src/shared/routes.ts for the
 * server). Screens are code-split; admin and account code never loads on the public pages.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="home" element={<Navigate to="/" replace />} />
        <Route path="configure" element={placeholder('Configure your Dropwise', true)} />
        <Route path="quote-flow" element={placeholder('Your quote')} />
        <Route path="quote/:id" element={placeholder('Quote')} />
        <Route path="order-flow" element={placeholder('Order')} />
        <Route path="order-confirmation/:orderId" element={placeholder('Order confirmation')} />
        <Route path="order/:id" element={<OrderDetailsPage />} />
        <Route path="order-details/:id" element={<OrderDetailsPage />} />
        <Route path="about" element={placeholder('About us', true)} />
        <Route path="careers" element={placeholder('Careers', true)} />
        <Route path="contact" element={placeholder('Contact', true)} />
        <Route path="coming-soon" element={placeholder('Coming soon', true)} />
        <Route path="automation" element={placeholder('Custom Automation', true)} />
        <Route path="my-account" element={<MyAccountPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="privacy-policy" element={placeholder('Privacy Policy', true)} />
        <Route path="terms-of-sale" element={placeholder('Terms of Sale', true)} />
        <Route path="admin" element={placeholder('Admin Portal')} />
        <Route path="admin/users" element={placeholder('Users')} />
        <Route path="admin/quotes" element={placeholder('Quotes')} />
        <Route path="admin/orders" element={placeholder('Orders')} />
        <Route path="admin/orders/:id" element={placeholder('Order')} />
        <Route path="admin/product-configurations" element={placeholder('Product configurations')} />
        <Route path="admin/accessories" element={placeholder('Accessories')} />
        <Route path="admin/shipping" element={placeholder('Shipping options')} />
        <Route path="admin/settings" element={placeholder('Settings')} />
        <Route path="admin/settings/configurations" element={placeholder('Product configurations')} />
        <Route path="admin/settings/accessories" element={placeholder('Accessories')} />
        <Route path="admin/settings/shipping" element={placeholder('Shipping options')} />
        <Route path="admin/system-settings" element={placeholder('System settings')} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
