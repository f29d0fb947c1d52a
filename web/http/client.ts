import { QueryClient } from '@tanstack/react-query';
import {
  API_PREFIX,
  CLIENT_ID_HEADER,
  CLIENT_VERSION_HEADER,
  LIST_STALE_MS,
  REQUEST_TIMEOUT_MS,
  SLOWEST_UPLOAD_BYTES_PER_SECOND,
  UNPROCESSABLE_ENTITY_ERROR,
  USER_METADATA_HEADER,
  WEB_CLIENT_ID,
} from '../../common/constants.ts';
import {
  NETWORK_ERROR_TEXT,
  NETWORK_ERROR_TITLE,
  SERVER_ERROR_TEXT,
  SERVER_ERROR_TITLE,
} from '../../common/messages.ts';
import { showOkDialog } from '../components/ok-dialog-store.ts';
import { observeServerDate } from './server-clock.ts';
import { getRequestSigner } from './signing.ts';
import { applyUserMetadataHeader, userMetadataEpoch } from './user-metadata.ts';

/**
 * The one HTTP client of the web app (docs/architecture.md §8, §7 of the spec): JSON over fetch on
 * the same origin, the client headers of AMB-04, the signing seam, one typed error family
 * and the global error mapping (ERR-01, ERR-02, AMB-15). Query modules per area build on
 * `apiRequest`.
 */

/** AMB-04: the package.json version, put in by Vite; tests run without it. */
export const CLIENT_VERSION: string =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';

/** `{ field: [messages], base: [messages] }` of a 422 (ERR-05). */
export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export type ApiErrorKind = 'network' | 'http';

/** Every failed call rejects with this. `status` is 0 when no answer came (network, timeout). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  /** The problem's `type` URL (docs/architecture.md §4), when the server sent one. */
  readonly problemType: string | null;
  readonly problemTitle: string | null;
  readonly errors: FieldErrors | null;
  readonly body: unknown;
  /** A 429's `Retry-After`, in seconds, when the server sent one. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    problemType?: string | null;
    problemTitle?: string | null;
    errors?: FieldErrors | null;
    body?: unknown;
    message?: string;
    retryAfterSeconds?: number | null;
  }) {
    super(init.message ?? init.problemTitle ?? `Request failed (${init.status || 'no answer'})`);
    this.kind = init.kind;
    this.status = init.status;
    this.problemType = init.problemType ?? null;
    this.problemTitle = init.problemTitle ?? null;
    this.errors = init.errors ?? null;
    this.body = init.body;
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** The last segment of the problem type URL, the name the error catalogue uses (ERR-43). */
  get problemName(): string | null {
    if (this.problemType === null) return null;
    const trimmed = this.problemType.replace(/\/+$/, '');
    return trimmed.slice(trimmed.lastIndexOf('/') + 1) || null;
  }

  /** A 422 whose type ends in unprocessable-entity-error (ERR-05). */
  get isUnprocessableEntity(): boolean {
    return this.status === 422 && (this.problemName?.endsWith(UNPROCESSABLE_ENTITY_ERROR) ?? false);
  }

  /** Messages for one field (or `base`), empty when there are none. */
  fieldErrors(field: string): readonly string[] {
    return this.errors?.[field] ?? [];
  }

  /** Every message of the errors object, fields and base, in order. */
  allErrorMessages(): string[] {
    return Object.values(this.errors ?? {}).flat();
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface GlobalErrorDialog {
  title: string;
  content: string;
}

/**
 * The global error mapping (ERR-01, ERR-02, AMB-15): no answer gives the Network Error
 * dialog, a server failure the Server Error dialog. Anything else is left to the screen.
 */
export function globalErrorDialog(error: ApiError): GlobalErrorDialog | null {
  if (error.kind === 'network') return { title: NETWORK_ERROR_TITLE, content: NETWORK_ERROR_TEXT };
  if (error.status >= 500) return { title: SERVER_ERROR_TITLE, content: SERVER_ERROR_TEXT };
  return null;
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** SESS-04: what a 401 after sign-in does. The session module installs it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  /** Sent as JSON. */
  body?: unknown;
  /** Added to the path as a query string; undefined values are left out. */
  query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** Sign the call when a signer is installed (default true; AMB-51 lists the unsigned calls). */
  signed?: boolean;
  /** Show the Network Error and Server Error dialogs (default true). */
  globalErrors?: boolean;
  /** Let a 401 end the session (default true). Sign-in turns it off (SESS-05). */
  handleUnauthorized?: boolean;
  /** Give up after this long and treat it as no answer (default: requestTimeoutMs). */
  timeoutMs?: number;
  /** The caller's cancellation (e.g. TanStack Query's); a cancelled call shows no dialog. */
  signal?: AbortSignal;
  /**
   * The one answer that is not JSON (an event's iCalendar, `text/calendar`): sent as `Accept`,
   * and a successful answer resolves as its text, unparsed. Failures still read as problems.
   */
  accept?: string;
  /**
   * Let the request outlive the page (fetch's `keepalive`): for a small report sent as the
   * member leaves, such as a call tap while the phone's dialler takes over.
   */
  keepalive?: boolean;
}

export function apiPath(path: string, query?: ApiRequestOptions['query']): string {
  let target = `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
  if (query) {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) params.append(key, String(value));
    }
    const text = params.toString();
    if (text) target += `${target.includes('?') ? '&' : '?'}${text}`;
  }
  return target;
}

function readFieldErrors(value: unknown): FieldErrors | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    if (Array.isArray(messages)) {
      errors[field] = messages.filter((message): message is string => typeof message === 'string');
    } else if (typeof messages === 'string') {
      errors[field] = [messages];
    }
  }
  return errors;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

async function readBody(response: Response, asText: boolean): Promise<unknown> {
  const text = await response.text();
  if (asText && response.ok) return text;
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** `Retry-After` as seconds: a number of seconds or an HTTP date. */
export function readRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

function errorFromResponse(response: Response, body: unknown): ApiError {
  const problem =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return new ApiError({
    kind: 'http',
    status: response.status,
    problemType: stringOrNull(problem.type),
    problemTitle: stringOrNull(problem.title),
    errors: readFieldErrors(problem.errors),
    body,
    retryAfterSeconds: readRetryAfter(response.headers.get('Retry-After')),
  });
}

/**
 * The client headers of AMB-04 every call carries. apiRequest and the event stream (a
 * long-lived fetch of its own, web/http/event-stream.ts) both start from these, then add the
 * signature (getRequestSigner) over the exact target and body.
 */
export function clientHeaders(accept: string, json = false): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: accept,
    [CLIENT_ID_HEADER]: WEB_CLIENT_ID,
    [CLIENT_VERSION_HEADER]: CLIENT_VERSION,
  };
  if (json) headers['Content-Type'] = 'application/json';
  return headers;
}

/** SESS-04 for a call made outside apiRequest (the event stream): a 401 ends the session. */
export function reportUnauthorized(status: number): void {
  unauthorizedHandler?.(new ApiError({ kind: 'http', status }));
}

function reportGlobally(error: ApiError, options: ApiRequestOptions): void {
  if (error.status === 401 && options.handleUnauthorized !== false) {
    unauthorizedHandler?.(error);
    return;
  }
  if (options.globalErrors === false) return;
  const dialog = globalErrorDialog(error);
  if (dialog) showOkDialog(dialog);
}

/**
 * How long a call may go unanswered before it ends as no answer (issue 8 §5, ERR-01): the
 * fixed REQUEST_TIMEOUT_MS, plus the time its body takes to send at the slowest upload still
 * waited for. Nothing waits forever: without this a lost network left "Loading the post…" up
 * for good.
 */
export function requestTimeoutMs(bodyLength: number): number {
  return REQUEST_TIMEOUT_MS + Math.ceil((bodyLength / SLOWEST_UPLOAD_BYTES_PER_SECOND) * 1000);
}

/**
 * Makes one API call and resolves with the parsed JSON body (undefined for an empty answer), or
 * the text when `accept` names another type.
 * Rejects with ApiError; the global dialogs and the 401 rule have run by then. A call with no
 * answer in time (requestTimeoutMs) rejects as a network error, with the Network Error dialog.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const target = apiPath(path, options.query);
  const bodyText = options.body === undefined ? '' : JSON.stringify(options.body);
  const headers = clientHeaders(options.accept ?? 'application/json', options.body !== undefined);
  const signer = options.signed === false ? null : getRequestSigner();
  if (signer)
    Object.assign(headers, await signer({ method, pathAndQuery: target, body: bodyText }));

  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let timedOut = false;
  // A timer rather than AbortSignal.timeout: the same clock as the rest of the page, which a
  // browser test can move forward (Playwright's page.clock) instead of waiting.
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    options.timeoutMs ?? requestTimeoutMs(bodyText.length),
  );

  let response: Response;
  let body: unknown;
  const metadataEpoch = userMetadataEpoch();
  const sentAt = Date.now();
  try {
    response = await fetch(target, {
      method,
      headers,
      body: options.body === undefined ? undefined : bodyText,
      credentials: 'same-origin',
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    observeServerDate(response.headers.get('Date'), sentAt, Date.now());
    body = await readBody(response, options.accept !== undefined);
  } catch (cause) {
    if (options.signal?.aborted && !timedOut) throw cause;
    const error = new ApiError({
      kind: 'network',
      status: 0,
      message: timedOut ? 'No answer in time' : 'No answer',
    });
    reportGlobally(error, options);
    throw error;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  if (!response.ok) {
    const error = errorFromResponse(response, body);
    reportGlobally(error, options);
    throw error;
  }
  // META-01: every successful answer may carry the badge counts.
  await applyUserMetadataHeader(response.headers.get(USER_METADATA_HEADER), metadataEpoch);
  return body as T;
}

/**
 * TanStack Query for the whole app: the spec's 15-second list age is the default staleTime.
 * No retries: a call that failed has shown its dialog, the screen offers Try again, and a call
 * with no answer ends after one requestTimeoutMs rather than several (issue 8 §5).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: LIST_STALE_MS, retry: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
