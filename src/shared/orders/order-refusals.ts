import { defineMessages } from '../i18n/message';

/**
 * The order flow's refusals, by id (issue 53): section 5's submit checks word for word. Kept free of
 * zod, so the configurator's price bar says "Ordering opens soon" without the order flow's schemas.
 */
export const orderFlowRefusals = defineMessages({
  configurationMissing: { id: 'orderRefusal.configurationMissing', message: 'Product configuration is missing' },
  /** A production shop whose business profile is still the example (issue 23). */
  orderingNotOpen: {
    id: 'orderRefusal.orderingNotOpen',
    message: 'Ordering opens soon. You can already request a quote, and we will reply to it.',
  },
  billingEmailRequired: { id: 'orderRefusal.billingEmailRequired', message: 'Billing email is required' },
  namesRequired: { id: 'orderRefusal.namesRequired', message: 'First name and last name are required' },
  invalidTotal: { id: 'orderRefusal.invalidTotal', message: 'Invalid order total' },
  quoteExpired: {
    id: 'orderRefusal.quoteExpired',
    message: 'This quote has expired. Please create a new quote to order at current prices.',
  },
  quoteAlreadyOrdered: { id: 'orderRefusal.quoteAlreadyOrdered', message: 'This quote has already been ordered' },
  orderNotFound: { id: 'orderRefusal.orderNotFound', message: 'Order not found' },
  termsNotAccepted: {
    id: 'orderRefusal.termsNotAccepted',
    message: 'Please accept the terms of sale to place your order.',
  },
  countryMismatch: {
    id: 'orderRefusal.countryMismatch',
    message:
      'This order was priced for another country. Change the delivery country or re-price the configuration for it.',
  },
  /** The priced country and the delivery country, by name. */
  pricedFor: {
    id: 'orderRefusal.pricedFor',
    message:
      'This order was priced for {priced}, not {delivery}. Change the delivery country or re-price the configuration for {delivery}.',
  },
  idempotencyConflict: {
    id: 'orderRefusal.idempotencyConflict',
    message: 'This idempotency key was already used for another order.',
  },
  documentNotFound: { id: 'orderRefusal.documentNotFound', message: 'Document not found' },
  priceRateLimited: { id: 'orderRefusal.priceRateLimited', message: 'Too many requests. Please wait a moment.' },
  orderRateLimited: {
    id: 'orderRefusal.orderRateLimited',
    message: 'Too many orders. Please wait before trying again.',
  },
  uploadRateLimited: { id: 'orderRefusal.uploadRateLimited', message: 'Too many uploads. Please wait a moment.' },
  progressRateLimited: { id: 'orderRefusal.progressRateLimited', message: 'Too many requests' },
});
