import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests: a P-256 key made with node:crypto, real
 * `none` attestations and real ES256 assertions, so the server's library checks genuine bytes.
 * It signs for whatever origin and relying party a test names, to show that others are refused.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    const jwk = pair.publicKey.export({ format: 'jwk' });
    this.publicJwk = { x: jwk.x ?? '', y: jwk.y ?? '' };
  }

  get id(): string {
    return isoBase64URL.fromBuffer(new Uint8Array(this.credentialId));
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const rpIdHash = createHash('sha256').update(rpId).digest();
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([rpIdHash, Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers registration options (as `startRegistration` would); `userVerified` false leaves the UV flag off. */
  register(
    options: { challenge: string; rp?: unknown },
    at: { origin: string; rpId?: string; userVerified?: boolean },
  ) {
    const rpId = at.rpId ?? (options.rp as { id: string }).id;
    const coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(this.publicJwk.x)],
        [-3, isoBase64URL.toBuffer(this.publicJwk.y)],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    // UP (0x01), UV (0x04) unless refused, AT (0x40).
    const flags = 0x01 | (at.userVerified === false ? 0 : 0x04) | 0x40;
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(this.authData(rpId, flags, attested))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(
          new Uint8Array(this.clientData('webauthn.create', options.challenge, at.origin)),
        ),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** Answers authentication options (as `startAuthentication` would), with the counter one higher. */
  assert(
    options: { challenge: string; rpId?: unknown },
    at: { origin: string; rpId?: string; userVerified?: boolean },
  ) {
    const rpId = at.rpId ?? (options.rpId as string);
    this.counter += 1;
    const authenticatorData = this.authData(rpId, 0x01 | (at.userVerified === false ? 0 : 0x04));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, at.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]),
      this.privateKey,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(new Uint8Array(clientDataJSON)),
        authenticatorData: isoBase64URL.fromBuffer(new Uint8Array(authenticatorData)),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
      },
    };
  }
}
