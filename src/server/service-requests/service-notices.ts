import { getBusinessProfile } from '../business-profile/profile-service';
import type { Db } from '../db/client';
import { enqueueMails } from '../mail/outbox';
import { orderRecipient } from '../order-records/order-admin-context';
import { serviceAcknowledgementMail, serviceRequestUrl, serviceSupportNoticeMail } from './service-mail';
import { type LoadedServiceRequest, loadServiceRequest } from './service-requests';

/** What a customer e-mail about a request needs: the recipient, the request's page and the profile; null for an erased order. */
export async function serviceMailContext(tx: Db, loaded: LoadedServiceRequest, publicUrl: string) {
  const recipient = await orderRecipient(tx, loaded.order, publicUrl);
  if (!recipient) return null;
  return {
    loaded,
    to: recipient.to,
    title: recipient.title,
    firstName: recipient.firstName,
    lastName: recipient.lastName,
    requestUrl: serviceRequestUrl(publicUrl, loaded),
    profile: await getBusinessProfile(tx),
  };
}

/**
 * Issue 41: a new request is acknowledged to the customer (its number, what happens next) and
 * announced to the support mailbox of the business profile, once each, in the transaction that opens it.
 */
export async function acknowledgeServiceRequest(tx: Db, requestId: string, publicUrl: string) {
  const loaded = await loadServiceRequest(tx, { id: requestId });
  if (!loaded) return;
  const context = await serviceMailContext(tx, loaded, publicUrl);
  const profile = context?.profile ?? (await getBusinessProfile(tx));
  await enqueueMails(tx, [
    ...(context ? [serviceAcknowledgementMail(context)] : []),
    serviceSupportNoticeMail({ loaded, profile, adminUrl: `${publicUrl}/admin/service/${loaded.request.id}` }),
  ]);
}
