import { createHash, randomBytes } from 'node:crypto';

/** A random 256-bit token, URL-safe. */
export const randomToken = () => randomBytes(32).toString('base64url');

/** What is stored instead of a token: its SHA-256, hex. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
