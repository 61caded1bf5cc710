import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A passkey authenticator in software for server tests: ES256 keys from node:crypto, attestation 'none', the
 * few CBOR bytes WebAuthn needs written by hand. It answers what a browser's navigator.credentials would, for
 * the origin it is told it runs on (https://www.w3.org/TR/webauthn-3/#sctn-authenticator-data).
 */

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

/** A CBOR major type and length (RFC 8949 §3): lengths up to 65535 are all this needs. */
const head = (major: number, n: number): Buffer =>
  n < 24
    ? Buffer.from([(major << 5) | n])
    : n < 256
      ? Buffer.from([(major << 5) | 24, n])
      : Buffer.from([(major << 5) | 25, n >> 8, n & 255]);

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string')
    return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The signature counter it reports next time (0 stays 0: an authenticator that keeps no counter). */
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  /** `origin`: the page the browser reports; `app.inject` requests come to http://localhost. */
  constructor(
    private readonly origin = 'http://localhost',
    private readonly options: { userVerified?: boolean; counterStep?: number; idBytes?: number } = {},
  ) {}

  private clientData(type: string, challenge: string): string {
    return JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false });
  }

  private flags(extra = 0): number {
    return FLAG_USER_PRESENT | (this.options.userVerified === false ? 0 : FLAG_USER_VERIFIED) | extra;
  }

  private authData(rpId: string, flags: number, counter: number, attested: Buffer = Buffer.alloc(0)) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested]);
  }

  /** navigator.credentials.create(): a new discoverable credential for the options' user. */
  register(options: CreationOptions) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const id = randomBytes(this.options.idBytes ?? 16);
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key of an EC2 P-256 key for ES256 (RFC 9053 §7.1.1).
    const coseKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, id, coseKey]);
    const credential: SoftCredential = {
      id: b64url(id),
      rpId,
      userHandle: options.user.id,
      privateKey,
      publicKey,
      counter: 0,
    };
    this.credentials.push(credential);
    const authData = this.authData(rpId, this.flags(FLAG_ATTESTED_DATA), credential.counter, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** navigator.credentials.get(): signs the challenge with `credential`, else the first one the options allow. */
  answer(options: RequestOptions, credential?: SoftCredential) {
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const allowed = options.allowCredentials?.map((c) => c.id);
    const used =
      credential ?? this.credentials.find((c) => c.rpId === rpId && (!allowed || allowed.includes(c.id)));
    if (!used) throw new Error('The soft authenticator has no credential for these options.');
    used.counter += this.options.counterStep ?? 1;
    const authData = this.authData(rpId, this.flags(), used.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), used.privateKey);
    return {
      id: used.id,
      rawId: used.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: used.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
