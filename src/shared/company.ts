/**
 * The brand and the site's fixed content. The company's own details (names, registration,
 * addresses, phone, mailboxes, bank accounts, signatory, year founded, map position) are not
 * here: they are the business profile, edited in the admin (src/shared/business-profile.ts). The
 * site's own address is the deployment's `PUBLIC_URL`.
 */
export const company = {
  name: 'Dropwise Labs',
  productName: 'Dropwise',
  tagline: 'Sterile, controlled-rate, drop-wise addition of media, hands-free.',
  responseTime: 'within 24 hours',
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
