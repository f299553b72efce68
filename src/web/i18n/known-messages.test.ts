import { describe, expect, it } from 'vitest';
import { orderFlowMessages } from '../../shared/order-flow';
import { quoteFlowMessages } from '../../shared/quotes/quote-messages';
import { emailErrorMessage } from '../../shared/email-address';
import { authMessages, factorLockedMessage } from '../../shared/accounts/auth-messages';
import {
  codeMessage,
  freshCodeMessage,
  passwordMessage,
  recoveryCodeMessage,
} from '../../shared/accounts/auth-schemas';
import { passkeyMessages } from '../../shared/accounts/passkey-contracts';
import { knownMessage } from './known-messages';
import { pageText } from './use-t';

/** The shared forms' messages translated by their English text: each listed text is the shared one, word for word. */
describe('the shared forms’ messages in German and French', () => {
  const shared = [
    orderFlowMessages.email,
    emailErrorMessage,
    quoteFlowMessages.emailSubmit,
    orderFlowMessages.firstName,
    orderFlowMessages.lastName,
    orderFlowMessages.address,
    orderFlowMessages.city,
    orderFlowMessages.postalCode,
    orderFlowMessages.country,
    orderFlowMessages.tooLong,
    quoteFlowMessages.firstNameLive,
    quoteFlowMessages.lastNameLive,
    quoteFlowMessages.firstNameSubmit,
    quoteFlowMessages.lastNameSubmit,
    quoteFlowMessages.organizationLive,
    quoteFlowMessages.organizationSubmit,
    // The accounts API's own words (the sign-in's friendly ones: accounts/auth-error-message.test.ts).
    authMessages.tooManyLogins,
    authMessages.shortPassword,
    authMessages.sessionTooOld,
    authMessages.invalidResetLink,
    authMessages.wrongCurrentPassword,
    // The second factor and passkeys.
    passwordMessage,
    codeMessage,
    recoveryCodeMessage,
    freshCodeMessage,
    authMessages.invalidCode,
    authMessages.tooManyMfa,
    authMessages.challengeExpired,
    authMessages.invalidRecoveryCode,
    authMessages.tooManyFactors,
    authMessages.recoveryCodesNeedMfa,
    factorLockedMessage(1),
    factorLockedMessage(15),
    passkeyMessages.refused,
    passkeyMessages.noPasskey,
    passkeyMessages.cancelled,
    passkeyMessages.unsupported,
  ];

  it('English shows each as the specification has it', () => {
    for (const message of shared) expect(knownMessage(pageText('en'), message)).toBe(message);
  });

  it('every one is known (a changed shared text would fall back to English unnoticed otherwise)', () => {
    // Without a loaded catalogue the lookup returns the inline English: the same text proves the case matched.
    const spy = { language: 'de' as const, t: (id: string) => id, money: () => '', date: () => '', month: () => '' };
    for (const message of shared) expect(knownMessage(spy, message)).toMatch(/^error\./);
    expect(knownMessage(spy, 'Some other refusal')).toBe('Some other refusal');
  });
});
