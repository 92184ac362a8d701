// A software passkey authenticator for tests without a browser: one ES256 key (WebCrypto), a
// credential id and a signature counter; it answers the server's WebAuthn options with the JSON a
// browser would send (attestation "none"), for any origin the test names.

const enc = new TextEncoder();

export const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));

/** A CBOR byte or text string's header (lengths below 65536). */
function cborHead(major: number, length: number): Uint8Array {
  if (length < 24) return new Uint8Array([major | length]);
  if (length < 256) return new Uint8Array([major | 24, length]);
  return new Uint8Array([major | 25, length >> 8, length & 255]);
}
const cborBytes = (b: Uint8Array) => concat(cborHead(0x40, b.length), b);
const cborText = (s: string) => concat(cborHead(0x60, enc.encode(s).length), enc.encode(s));

/** An ECDSA signature as WebCrypto makes it (r‖s) in the DER form WebAuthn carries. */
function der(raw: Uint8Array): Uint8Array {
  const int = (x: Uint8Array) => {
    let i = 0;
    while (i < x.length - 1 && x[i] === 0) i++;
    const v = x.slice(i);
    const body = v[0] & 0x80 ? concat(new Uint8Array([0]), v) : v;
    return concat(new Uint8Array([0x02, body.length]), body);
  };
  const seq = concat(int(raw.slice(0, 32)), int(raw.slice(32)));
  return concat(new Uint8Array([0x30, seq.length]), seq);
}

export class SoftAuthenticator {
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  userHandle = "";

  private constructor(private keys: CryptoKeyPair) {}

  static async create() {
    const keys = await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, false, [
      "sign",
      "verify",
    ]) as CryptoKeyPair;
    return new SoftAuthenticator(keys);
  }

  get credentialId() {
    return b64url(this.id);
  }

  private async authData(rpId: string, extra?: Uint8Array) {
    this.counter++;
    const count = new Uint8Array([0, 0, 0, 0]);
    new DataView(count.buffer).setUint32(0, this.counter);
    const flags = new Uint8Array([extra ? 0x45 : 0x05]); // UP, UV (and AT with a new key)
    return concat(await sha256(enc.encode(rpId)), flags, count, extra ?? new Uint8Array());
  }

  private clientData(type: string, challenge: string, origin: string) {
    return enc.encode(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** The answer to registration options (`options.user.id` is kept as the user handle). */
  async register(
    options: { challenge: string; rp: { id: string }; user: { id: string } },
    origin: string,
  ) {
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey("jwk", this.keys.publicKey);
    const xy = (s: string) =>
      Uint8Array.from(atob(s.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
    // COSE EC2 key: {1: 2, 3: -7, -1: 1, -2: x, -3: y}
    const cose = concat(
      new Uint8Array([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21]),
      cborBytes(xy(jwk.x!)),
      new Uint8Array([0x22]),
      cborBytes(xy(jwk.y!)),
    );
    const idLen = new Uint8Array([0, this.id.length]);
    const authData = await this.authData(
      options.rp.id,
      concat(new Uint8Array(16), idLen, this.id, cose),
    );
    const attestation = concat(
      new Uint8Array([0xa3]),
      cborText("fmt"),
      cborText("none"),
      cborText("attStmt"),
      new Uint8Array([0xa0]),
      cborText("authData"),
      cborBytes(authData),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestation),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to sign-in options, from this authenticator's passkey. */
  async signIn(options: { challenge: string; rpId: string }, origin: string) {
    const authData = await this.authData(options.rpId);
    const clientData = this.clientData("webauthn.get", options.challenge, origin);
    const signed = concat(authData, await sha256(clientData));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, this.keys.privateKey, signed),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(der(raw)),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
    };
  }
}
