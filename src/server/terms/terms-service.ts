import type { BusinessProfile } from '../../shared/business-profile';
import { DEPOSIT_PERCENT } from '../../shared/pricing/deposit';
import { PAYMENT_DAYS, type TermsValues, warrantyMonths } from '../../shared/terms';
import { offeredShipDate } from '../../shared/batches/ship-date';
import { getProduct, PRODUCT_KEY } from '../catalogue/catalogue-service';
import type { Db } from '../db/client';
import { getBusinessProfile } from '../business-profile/profile-service';
import { getCachedSettings } from '../settings/settings-service';

/** The values of the terms in force (src/shared/terms.ts): the system settings and the business profile. */
export async function termsValuesOf(db: Db, profile?: BusinessProfile): Promise<TermsValues> {
  const [settings, current] = await Promise.all([getCachedSettings(db), profile ?? getBusinessProfile(db)]);
  return {
    quoteValidityDays: settings.autoQuoteExpiry,
    depositPercent: DEPOSIT_PERCENT,
    depositDueDays: PAYMENT_DAYS,
    standardWarrantyMonths: settings.defaultProductWarranty,
    deliveryPlace: current.deliveryPlace,
  };
}

/** The address of the terms of sale on the deployment's own site (`PUBLIC_URL` + `/terms-of-sale`). */
export const termsUrlOf = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}/terms-of-sale`;

/**
 * The profile, the terms and the terms' address a document prints, read once. `publicUrl` is the
 * deployment's (`app.env.publicUrl`): documents and e-mails link the shop's own terms page.
 */
export async function documentFacts(
  db: Db,
  publicUrl: string,
): Promise<{ profile: BusinessProfile; terms: TermsValues; termsUrl: string }> {
  const profile = await getBusinessProfile(db);
  return { profile, terms: await termsValuesOf(db, profile), termsUrl: termsUrlOf(publicUrl) };
}

/**
 * What a configuration's servicing plan and batch mean for its documents: the warranty that
 * follows the plan (1, 2 or 3 years, never less than the standard warranty) and the batch's ship date
 * as the shop may state it on `now` (null once passed: "date to be confirmed").
 */
export async function configurationFacts(
  db: Db,
  values: TermsValues,
  configuration: { servicing?: unknown; batch?: unknown; batchName?: unknown; shipping?: unknown } | null | undefined,
  now: Date,
) {
  const product = await getProduct(db, PRODUCT_KEY);
  const servicingId = typeof configuration?.servicing === 'string' ? configuration.servicing : null;
  const plan = servicingId ? product?.servicing.find((option) => option.id === servicingId) : undefined;
  const planYears = plan && plan.warrantyYears > 0 ? plan.warrantyYears : null;
  const named = plan && plan.id !== 'none' ? plan.name : null;
  const batchId = typeof configuration?.batch === 'string' ? configuration.batch : null;
  const batch = batchId ? product?.batches.find((candidate) => candidate.id === batchId) : undefined;
  const storedName = typeof configuration?.batchName === 'string' ? configuration.batchName : null;
  const shippingId = typeof configuration?.shipping === 'string' ? configuration.shipping : null;
  const shipping = shippingId ? (product?.shipping.find((option) => option.id === shippingId)?.name ?? null) : null;
  return {
    warranty: { months: warrantyMonths(values, planYears), planName: named },
    // A ship date that has passed is never printed: "to be confirmed" until staff re-date the batch.
    // The shipping option's name gives the confirmation's delivery window (issue 38).
    batch: batchId
      ? { name: storedName ?? batch?.name ?? batchId, shipDate: offeredShipDate(batch?.date, now), shipping }
      : null,
  };
}
