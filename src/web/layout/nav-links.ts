import { homePath } from '../i18n/language';
import type { PageText } from '../i18n/use-t';

/** The storefront navigation (storefront spec, section 2), in the page's language (issue 53). */
export const productLinks = ({ t, language }: PageText) => [
  { to: homePath(language), label: t('nav.instrument', 'Dropwise instrument') },
  { to: '/coming-soon', label: t('nav.comingSoon', 'Coming soon') },
];

export const mainLinks = ({ t }: PageText) => [
  { to: '/automation', label: t('nav.automation', 'Custom Automation') },
  { to: '/about', label: t('nav.about', 'About') },
  { to: '/careers', label: t('nav.careers', 'Careers') },
  { to: '/contact', label: t('nav.contact', 'Contact') },
];

export const footerQuickLinks = ({ t, language }: PageText) => [
  { to: homePath(language), label: t('nav.home', 'Home') },
  { to: '/automation', label: t('nav.automation', 'Custom Automation') },
  { to: '/about', label: t('nav.about', 'About') },
  { to: '/contact', label: t('nav.contact', 'Contact') },
];
