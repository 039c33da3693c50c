import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for API tests: an EC P-256 key per credential (node:crypto), 'none' attestation,
 * assertions signed over authenticatorData ‖ SHA-256(clientDataJSON) as a platform authenticator does. It answers
 * the options the API hands out, in the JSON the browser library (@simplewebauthn/browser) would send.
 */

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());
const b64url = (bytes: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));
const uint32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return new Uint8Array(b);
};

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Credential {
  id: Uint8Array;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
  /** The public key as COSE (what the server stores, base64url). */
  coseKey: Uint8Array;
}

type Json = Record<string, unknown>;

export interface AssertOptions {
  /** Which credential answers (default: the first allowed, else the first this authenticator has for the site). */
  credentialId?: string;
  userVerified?: boolean;
  /** Report this counter instead of the next one (a cloned key, a replay). */
  counter?: number;
  origin?: string;
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(private readonly origin: string) {}

  /** navigator.credentials.create() for PublicKeyCredentialCreationOptionsJSON. */
  register(options: Json, { origin = this.origin }: { origin?: string } = {}) {
    const rp = options.rp as { id: string };
    const user = options.user as { id: string };
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]);
    const id = new Uint8Array(randomBytes(16));
    const idLength = new Uint8Array([id.length >> 8, id.length & 0xff]);
    const authData = concat(sha256(rp.id), new Uint8Array([FLAG_UP | FLAG_UV | FLAG_AT]), uint32(0), new Uint8Array(16), idLength, id, isoCBOR.encode(coseKey));
    type Cbor = Parameters<typeof isoCBOR.encode>[0];
    const attestationObject = isoCBOR.encode(new Map<string, Cbor>([['fmt', 'none'], ['attStmt', new Map<string, Cbor>()], ['authData', authData]]));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false });
    this.credentials.push({ id, privateKey, rpId: rp.id, userHandle: user.id, counter: 0, coseKey: isoCBOR.encode(coseKey) });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: { clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** A credential made for `rpId` and the user `userId` without a server, and its row as the server stores it. */
  credentialFor(rpId: string, userId: number): { credentialId: string; publicKey: string } {
    const made = this.register({ rp: { id: rpId }, user: { id: isoBase64URL.fromUTF8String(`user:${userId}`) }, challenge: 'c2VlZA' });
    const credential = this.credentials.at(-1)!;
    return { credentialId: made.id, publicKey: b64url(credential.coseKey) };
  }

  /** navigator.credentials.get() for PublicKeyCredentialRequestOptionsJSON. */
  assert(options: Json, opts: AssertOptions = {}) {
    const rpId = options.rpId as string;
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((c) => c.id);
    const wanted = opts.credentialId ?? allowed[0];
    const credential = this.credentials.find((c) => (wanted ? b64url(c.id) === wanted : c.rpId === rpId));
    if (!credential) throw new Error('the authenticator has no credential for these options');
    credential.counter += 1;
    const counter = opts.counter ?? credential.counter;
    const flags = FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV);
    const authData = concat(sha256(rpId), new Uint8Array([flags]), uint32(counter));
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: opts.origin ?? this.origin, crossOrigin: false });
    const signature = sign('sha256', concat(authData, sha256(clientDataJSON)), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromUTF8String(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
