/**
 * What a customer is told when guest orders placed with their e-mail join their account (issue 38),
 * in the e-mail and on the sign-in page after the confirmation link.
 */
export const joinedOrdersNotice = (count: number) =>
  count === 1
    ? '1 earlier order placed with this e-mail was added to your account.'
    : `${count} earlier orders placed with this e-mail were added to your account.`;
