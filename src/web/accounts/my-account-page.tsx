import * as Tabs from '@radix-ui/react-tabs';
import { Navigate, useSearchParams } from 'react-router';
import { PageHead } from '../lib/page-head';
import { Container } from '../ui/container';
import { PageLoading } from '../ui/page-loading';
import { InstrumentsTab } from './instrument-list';
import { OrdersTab } from './orders-tab';
import { OrganisationTab } from './organisation-tab';
import { ProfileTab } from './profile-tab';
import { QuotesTab } from './quotes-tab';
import { SecurityErrorScreen } from '../ui/security-error-screen';
import { SettingsTab } from './settings-tab';
import { signOutDestination } from '../lib/sign-out';
import { useSession } from '../lib/use-session';
import { useT } from '../i18n/use-t';

const tabs = ['orders', 'quotes', 'instruments', 'organisation', 'profile', 'settings'] as const;
type Tab = (typeof tabs)[number];
const tabClass =
  'rounded-md px-4 py-2 text-sm font-medium text-navy-700 hover:bg-navy-50 data-[state=active]:bg-white data-[state=active]:text-navy-900 data-[state=active]:shadow-sm focus-visible:outline-2 focus-visible:outline-accent-600';

/** /my-account: Orders (default), Quotes, Instruments, Organisation, Profile and Settings; signed-out visitors go to /login. */
export function MyAccountPage() {
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'orders';
  const { t } = useT();
  const myAccount = t('account.heading', 'My Account');
  const head = (
    <PageHead
      title={`${myAccount} | Dropwise`}
      description={t('account.description', 'Your Dropwise orders, profile and settings.')}
      noindex
    />
  );

  if (session.isError)
    return (
      <SecurityErrorScreen message={t('account.authUnavailable', 'Authentication service temporarily unavailable')} />
    );
  if (session.isPending || session.mfaStep) return <PageLoading />;
  const data = session.data;
  if (!data?.user || !data.profile) return <Navigate to={signOutDestination('/login')} replace />;

  const name = [data.profile.firstName, data.profile.lastName].filter(Boolean).join(' ');
  return (
    <Container className="py-10">
      {head}
      <h1 className="text-3xl font-semibold tracking-tight text-navy-900">{myAccount}</h1>
      <p className="mt-1 text-navy-600">
        {name ? t('account.welcome', 'Welcome, {name}.', { name }) : data.user.email}
      </p>
      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'orders' ? {} : { tab: value }, { replace: true })}
        className="mt-6"
      >
        <Tabs.List aria-label={myAccount} className="inline-flex gap-1 rounded-lg bg-navy-50 p-1">
          <Tabs.Trigger value="orders" className={tabClass}>
            {t('account.orders', 'Orders')}
          </Tabs.Trigger>
          <Tabs.Trigger value="quotes" className={tabClass}>
            {t('account.quotes', 'Quotes')}
          </Tabs.Trigger>
          <Tabs.Trigger value="instruments" className={tabClass}>
            {t('details.instruments', 'Instruments')}
          </Tabs.Trigger>
          <Tabs.Trigger value="organisation" className={tabClass}>
            {t('accept.organisation', 'Organisation')}
          </Tabs.Trigger>
          <Tabs.Trigger value="profile" className={tabClass}>
            {t('account.profile', 'Profile')}
          </Tabs.Trigger>
          <Tabs.Trigger value="settings" className={tabClass}>
            {t('account.settings', 'Settings')}
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="orders" className="mt-6 focus-visible:outline-2 focus-visible:outline-accent-600">
          <OrdersTab />
        </Tabs.Content>
        <Tabs.Content value="quotes" className="mt-6">
          <QuotesTab />
        </Tabs.Content>
        <Tabs.Content value="instruments" className="mt-6">
          <InstrumentsTab />
        </Tabs.Content>
        <Tabs.Content value="organisation" className="mt-6">
          <OrganisationTab company={data.profile.company} />
        </Tabs.Content>
        <Tabs.Content value="profile" className="mt-6">
          <ProfileTab profile={data.profile} />
        </Tabs.Content>
        <Tabs.Content value="settings" className="mt-6">
          <SettingsTab session={data} />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
