import { LANGUAGES } from '../../shared/i18n/languages';
import { TITLES } from '../../shared/accounts/title';
import { z } from 'zod';
import { selectedConfigurationSchema } from '../../shared/configuration';

/**
 * The hand-offs between the storefront's screens, kept in session storage (storefront spec,
 * sections 3 and 4): the configurator → the quote flow, and a quote → the order flow.
 */
export const QUOTE_FLOW_KEY = 'quoteFlowData';
export const ORDER_FLOW_KEY = 'orderFlowData';
/** Set when a quote was just created, so the quote page shows its success banner once. */
export const QUOTE_CREATED_KEY = 'quoteJustCreated';

export const quoteFlowHandoffSchema = z.object({
  type: z.enum(['quote', 'order']),
  configuration: selectedConfigurationSchema,
  currency: z.enum(['GBP', 'EUR']),
  total: z.number().int(),
  subtotal: z.number().int(),
  vat: z.number().int(),
  showVAT: z.boolean(),
});
export type QuoteFlowHandoff = z.infer<typeof quoteFlowHandoffSchema>;

export const orderFlowHandoffSchema = z.object({
  /** The quote the order is placed from; its frozen prices are used while it is valid. */
  quoteReference: z.string().min(1),
  configuration: selectedConfigurationSchema,
  currency: z.enum(['GBP', 'EUR']),
  total: z.number().int(),
  deposit: z.number().int(),
  customerInfo: z.object({
    email: z.string(),
    /** Issue 53: the title given in the quote flow; the order form starts with it. */
    title: z.enum(TITLES).optional(),
    firstName: z.string(),
    lastName: z.string(),
    organization: z.string(),
    country: z.string().optional(),
    /** Issue 51: the VAT number the quote was taxed with; the order form starts with it. */
    vatNumber: z.string().optional(),
    /** Decision 0085: the billing country the quote was made for, when not its delivery country. */
    billingCountry: z.string().optional(),
  }),
  /** The quote's document language (issue 40); the order flow presets its select with it. */
  language: z.enum(LANGUAGES).optional(),
});
export type OrderFlowHandoff = z.infer<typeof orderFlowHandoffSchema>;

function read<T>(key: string, schema: z.ZodType<T>): T | null {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (raw === null) return null;
    const parsed = schema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown) {
  window.sessionStorage.setItem(key, JSON.stringify(value));
}

export const saveQuoteFlow = (handoff: QuoteFlowHandoff) => write(QUOTE_FLOW_KEY, handoff);
export const loadQuoteFlow = () => read(QUOTE_FLOW_KEY, quoteFlowHandoffSchema);
export const clearQuoteFlow = () => window.sessionStorage.removeItem(QUOTE_FLOW_KEY);

export const saveOrderFlow = (handoff: OrderFlowHandoff) => write(ORDER_FLOW_KEY, handoff);
export const loadOrderFlow = () => read(ORDER_FLOW_KEY, orderFlowHandoffSchema);
export const clearOrderFlow = () => window.sessionStorage.removeItem(ORDER_FLOW_KEY);

/**
 * What the buyer has typed in the quote and order flows, kept beside the hand-offs in session
 * storage so a reload, Back or Forward returns to the same step with the same values (issue 23).
 */
export const QUOTE_FORM_KEY = 'quoteFlowForm';
export const ORDER_FORM_KEY = 'orderFlowForm';

const typed = z.string().max(5000).optional();
/** The title select as typed ('' for none); anything else is dropped. */
const typedTitle = z
  .enum(['', ...TITLES])
  .optional()
  .catch(undefined);

export const quoteFormDraftSchema = z.object({
  step: z.union([z.literal(1), z.literal(2)]),
  email: typed,
  title: typedTitle,
  firstName: typed,
  lastName: typed,
  organization: typed,
});
export type QuoteFormDraft = z.infer<typeof quoteFormDraftSchema>;

const addressDraft = {
  firstName: typed,
  lastName: typed,
  company: typed,
  phone: typed,
  address: typed,
  city: typed,
  state: typed,
  postalCode: typed,
  country: typed,
};

export const orderFormDraftSchema = z.object({
  /** The quote the values were typed for; `carryOver` lets them follow a re-price to the new quote. */
  quoteReference: z.string(),
  carryOver: z.boolean().default(false),
  values: z.object({
    ...addressDraft,
    title: typedTitle,
    email: typed,
    poNumber: typed,
    vatNumber: typed,
    eoriNumber: typed,
    notes: typed,
    differentDelivery: z.boolean().optional(),
    delivery: z.object(addressDraft).optional(),
  }),
});
export type OrderFormDraft = z.infer<typeof orderFormDraftSchema>;

export const saveQuoteForm = (draft: QuoteFormDraft) => write(QUOTE_FORM_KEY, draft);
export const loadQuoteForm = () => read(QUOTE_FORM_KEY, quoteFormDraftSchema);
export const clearQuoteForm = () => window.sessionStorage.removeItem(QUOTE_FORM_KEY);

export const saveOrderForm = (draft: OrderFormDraft) => write(ORDER_FORM_KEY, draft);
export const loadOrderForm = () => read(ORDER_FORM_KEY, orderFormDraftSchema);
export const clearOrderForm = () => window.sessionStorage.removeItem(ORDER_FORM_KEY);
