/**
 * A customer with a delivered Dropwise (its order delivered, a year's warranty from delivery), and a
 * second customer. Until serial numbers are entered at dispatch in the admin, the shop's database is
 * seeded before it starts (service-seed.ts, through the admin journeys' shop: admin-shop.ts).
 */
export interface DeliveredInstrument {
  /** The instrument's owner, who signs in with this e-mail and password. */
  owner: { email: string; password: string; firstName: string };
  /** Another customer of the shop, with an account of their own. */
  other: { email: string; password: string; firstName: string };
  serial: string;
  model: string;
}
