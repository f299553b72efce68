/**
 * The brand and the site's fixed content. The company's own details (names, registration,
 * addresses, phone, mailboxes, bank accounts, signatory) are not here: they are the business
 * profile, edited in the admin (src/shared/business-profile.ts).
 */
export const company = {
  name: 'Dropwise Labs',
  productName: 'Dropwise',
  tagline: 'Sterile, controlled-rate, drop-wise addition of media, hands-free.',
  siteUrl: 'https://www.dropwise-labs.example',
  founded: 2023,
  responseTime: 'within 24 hours',
  /** Open map of the office, embedded on the contact page. */
  mapEmbedUrl:
    'https://www.openstreetmap.org/export/embed.html?bbox=-2.7837%2C54.0466%2C-2.7637%2C54.0566&layer=mapnik&marker=54.0516%2C-2.7737',
  mapLinkUrl: 'https://www.openstreetmap.org/?mlat=54.0516&mlon=-2.7737#map=16/54.0516/-2.7737',
  startingPrice: { GBP: 285000, EUR: 334000 },
  /**
   * Video sources. Empty until the company provides them: pages then show the posters only.
   * `embedUrl` is an embeddable player URL (for example a youtube-nocookie.com embed).
   */
  videos: {
    heroLoopUrl: '',
    manualAdditionUrl: '',
    automatedAdditionUrl: '',
    embedUrl: '',
  },
} as const;
