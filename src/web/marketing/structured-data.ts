import { company } from '../../shared/company';
import { publicProfile } from '../lib/public-profile';

/**
 * schema.org blocks for the home page: organisation, website, product (offer from £2850),
 * webpage and breadcrumb. `origin` is the site's address.
 */
export function homeStructuredData(origin: string): object[] {
  const organizationId = `${origin}/#organization`;
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': organizationId,
      name: publicProfile().tradingName,
      legalName: publicProfile().legalName,
      url: `${origin}/`,
      logo: `${origin}/favicon.svg`,
      foundingDate: publicProfile().foundedYear,
      email: publicProfile().salesEmail,
      telephone: publicProfile().phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: publicProfile().tradingAddress.street,
        addressLocality: publicProfile().tradingAddress.city,
        postalCode: publicProfile().tradingAddress.postalCode,
        addressRegion: publicProfile().tradingAddress.region,
        addressCountry: publicProfile().tradingAddress.countryCode,
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      '@id': `${origin}/#website`,
      name: company.productName,
      url: `${origin}/`,
      publisher: { '@id': organizationId },
      inLanguage: 'en-GB',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      '@id': `${origin}/#product`,
      name: company.productName,
      description:
        'Benchtop instrument for sterile, controlled-rate, drop-wise addition of media to samples, with integrated mixing.',
      brand: { '@type': 'Brand', name: publicProfile().tradingName },
      manufacturer: { '@id': organizationId },
      image: `${origin}/media/instrument-front.svg`,
      offers: {
        '@type': 'Offer',
        price: (company.startingPrice.GBP / 100).toFixed(0),
        priceCurrency: 'GBP',
        availability: 'https://schema.org/PreOrder',
        url: `${origin}/configure`,
        seller: { '@id': organizationId },
      },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      '@id': `${origin}/#webpage`,
      url: `${origin}/`,
      name: `${company.productName} | Sterile, controlled-rate drop-wise addition`,
      isPartOf: { '@id': `${origin}/#website` },
      about: { '@id': `${origin}/#product` },
      inLanguage: 'en-GB',
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home', item: `${origin}/` }],
    },
  ];
}
