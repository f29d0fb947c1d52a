/**
 * The request-signing seam (ARCHITECTURE §5, AMB-02, AMB-51).
 *
 * Every call after sign-in carries X-SALT and X-SIGNATURE, made with the session's
 * non-extractable private key. The signer that makes them is installed here once a session
 * holds `app_public_key` (the identity work builds it); until then, and for the calls that
 * AMB-51 leaves unsigned (sign-in, organisations, registration and reset steps), the client
 * sends no signature headers.
 */
export interface RequestToSign {
  /** Upper-case HTTP method. */
  method: string;
  /** The request target exactly as sent, e.g. `/api/private/mobile/v1/posts.json?page=1`. */
  pathAndQuery: string;
  /** The exact request body text, empty when there is none. */
  body: string;
}

/** Returns the headers to add (X-SALT and X-SIGNATURE). */
export type RequestSigner = (request: RequestToSign) => Promise<Record<string, string>>;

let signer: RequestSigner | null = null;

export function setRequestSigner(next: RequestSigner | null): void {
  signer = next;
}

export function getRequestSigner(): RequestSigner | null {
  return signer;
}
