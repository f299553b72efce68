/** The deposit due when an order is placed, in percent of its total (storefront spec section 9). Its own module so that a page naming it loads nothing else. */
export const DEPOSIT_PERCENT = 50;
