import { Building2, CalendarClock, Cog, Package, Plug, Puzzle, Syringe, Truck, Wrench } from 'lucide-react';
import type { Permission } from '../../../shared/staff/permissions';
import { AdminHeading } from '../shell/admin-layout';
import { LinkCard } from '../shell/link-card';
import { usePermissions } from '../shell/permissions';

/** The settings hub's cards: the catalogue editors, System Settings, Batches and the Business Profile. */
export const settingsCards: {
  to: string;
  title: string;
  text: string;
  icon: typeof Cog;
  permission: Permission;
}[] = [
  {
    to: '/admin/settings/configurations',
    title: 'Product Configurations',
    text: 'Names, descriptions, prices and features of the models',
    icon: Package,
    permission: 'catalogue.edit',
  },
  {
    to: '/admin/settings/accessories',
    title: 'Accessories',
    text: 'Add, edit and delete accessories',
    icon: Puzzle,
    permission: 'catalogue.edit',
  },
  {
    to: '/admin/settings/shipping',
    title: 'Shipping Options',
    text: 'Add, edit and delete shipping options, their countries and on/off switch',
    icon: Truck,
    permission: 'catalogue.edit',
  },
  {
    to: '/admin/settings/servicing',
    title: 'Servicing Plans',
    text: 'Names and prices of the servicing plans',
    icon: Wrench,
    permission: 'catalogue.edit',
  },
  {
    to: '/admin/settings/adaptors',
    title: 'Adaptors',
    text: 'Names and prices of the adaptors',
    icon: Plug,
    permission: 'catalogue.edit',
  },
  {
    to: '/admin/settings/syringe-holders',
    title: 'Syringe Holders',
    text: 'Names and prices of the syringe holders',
    icon: Syringe,
    permission: 'catalogue.edit',
  },
  {
    to: '/admin/system-settings',
    title: 'System Settings',
    text: 'Site, registration, notifications, tax, numbering and business rules',
    icon: Cog,
    permission: 'settings.edit',
  },
  {
    to: '/admin/batches',
    title: 'Batches',
    text: 'Production batches, ship dates and sold-out state',
    icon: CalendarClock,
    permission: 'batches.manage',
  },
  {
    to: '/admin/business-profile',
    title: 'Business Profile',
    text: 'Company details, bank accounts, delivery place and signatory on every page and document',
    icon: Building2,
    permission: 'profile.view',
  },
];

/** /admin/settings. */
export function SettingsHubPage() {
  const { can } = usePermissions();
  return (
    <section>
      <AdminHeading title="Settings" />
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {settingsCards
          .filter((card) => can(card.permission))
          .map((card) => (
            <LinkCard key={card.to} card={card} />
          ))}
      </div>
    </section>
  );
}
