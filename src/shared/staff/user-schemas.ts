import { z } from 'zod';
import { pageOf } from '../lists';

/** The Users page's requests and answers (docs/api.md, Admin: users): only the staff wing reads them. */

export const userMessages = {
  usersEmpty: 'No users found or unable to load user data.',
  usersLoadFailed: 'Failed to load user data. Please try again.',
  usersTooMany: 'Too many requests. Please wait before trying again.',
  lastAdmin: 'The last admin cannot lose admin rights.',
  selfDemotion: 'You cannot remove your own admin rights.',
  ownFactors: 'Change your own second factors in My Account, Settings, with a fresh code.',
  ownPasskeyApproval:
    'Another Owner approves your passkeys. Add one with your existing passkey in My Account, Settings.',
  userNotFound: 'User not found',
} as const;

export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  company: z.string().nullable(),
  country: z.string().nullable(),
  isAdmin: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pageOf(adminUserSchema);

export const updateUserRequestSchema = z.object({ isAdmin: z.boolean() });
