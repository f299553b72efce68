import { type PublicBusinessProfile, profileAddressLines, registrationLine } from '../business-profile';
import type { DocumentIssuer } from './document-model';

/** The letterhead of every document, from the business profile in force. */
export const issuerOf = (profile: PublicBusinessProfile): DocumentIssuer => ({
  legalName: profile.legalName,
  lines: [...profileAddressLines(profile.tradingAddress), `${profile.phone} · ${profile.salesEmail}`],
  registration: registrationLine(profile),
});
