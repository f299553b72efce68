import { type VatTreatment, vatWording } from './line-vat';

/**
 * A line's VAT treatment as EN 16931 codes it (issue 40, decision 0063): the VAT category (UNTDID 5305)
 * and, where the rules ask for one, the exemption reason text and code (CEF VATEX) the e-invoice's VAT
 * breakdown carries. The wording is the tax module's, the same every PDF prints.
 *
 * - standard: S at the rate;
 * - zero-rated export: Z at 0%. EN 16931 forbids an exemption reason on Z (BR-Z-10), so the wording
 *   travels as the invoice's note instead (`vatNote`);
 * - reverse charge: AE at 0% with the reverse-charge wording and VATEX-EU-AE (BR-AE-10);
 * - outside the scope: O, for a part the tax module says is not a supply in the scope of any VAT.
 *   No treatment is that today (a reverse-charged service is AE), so the shop never issues it.
 */
export type VatCategoryCode = 'S' | 'Z' | 'AE' | 'O';

export interface VatCategory {
  code: VatCategoryCode;
  /** BT-120: only where EN 16931 asks for it (AE, O). */
  exemptionReason: string | null;
  /** BT-121: the VATEX code matching the reason. */
  exemptionReasonCode: string | null;
  /** A note the invoice carries for the treatment where the category takes no reason (Z). */
  vatNote: string | null;
}

export function vatCategory(treatment: VatTreatment | 'outside_scope'): VatCategory {
  switch (treatment) {
    case 'standard':
      return { code: 'S', exemptionReason: null, exemptionReasonCode: null, vatNote: null };
    case 'zero_rated_export':
      return { code: 'Z', exemptionReason: null, exemptionReasonCode: null, vatNote: vatWording.zero_rated_export };
    case 'reverse_charge':
      return {
        code: 'AE',
        exemptionReason: vatWording.reverse_charge,
        exemptionReasonCode: 'VATEX-EU-AE',
        vatNote: null,
      };
    case 'outside_scope':
      return {
        code: 'O',
        exemptionReason: 'Outside the scope of VAT',
        exemptionReasonCode: 'VATEX-EU-O',
        vatNote: null,
      };
  }
}
