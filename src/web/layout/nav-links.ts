/** The storefront navigation (storefront spec, section 2). */
export const productLinks = [
  { to: '/', label: 'Dropwise instrument' },
  { to: '/coming-soon', label: 'Coming soon' },
] as const;

export const mainLinks = [
  { to: '/automation', label: 'Custom Automation' },
  { to: '/about', label: 'About' },
  { to: '/careers', label: 'Careers' },
  { to: '/contact', label: 'Contact' },
] as const;

export const footerQuickLinks = [
  { to: '/', label: 'Home' },
  { to: '/automation', label: 'Custom Automation' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
] as const;
