/** Catalogue rules without the schemas, so browser code that needs only these does not load zod. */

/** The syringe holder that is always included and cannot be removed. */
export const REQUIRED_SYRINGE_HOLDER = '3ml-syringe-mount';

export const isFree = (item: { price: { GBP: number; EUR: number } }) => item.price.GBP === 0 && item.price.EUR === 0;
