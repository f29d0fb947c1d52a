import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the few Stripe API endpoints the Stripe adapter uses
 * (server/payments/stripe.ts): create a Checkout Session, and read one back with its
 * PaymentIntent and PaymentMethod expanded. The real `stripe` package talks to it over HTTP
 * (its host/port/protocol options), so the requests it sends are the ones Stripe would get.
 */

export interface StandInRequest {
  method: string;
  path: string;
  /** The form-encoded body Stripe's client sends, as flat `a[b][c]` keys. */
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface StandInSession {
  id: string;
  amountTotal: number;
  metadata: Record<string, string>;
  clientReferenceId: string | null;
  customerEmail: string | null;
  /** What the member does on Stripe's page: tick "save my card" or not. */
  saveCard: boolean;
}

export interface StripeStandIn {
  readonly url: string;
  readonly requests: StandInRequest[];
  readonly sessions: Map<string, StandInSession>;
  close(): Promise<void>;
}

function sessionJson(session: StandInSession): Record<string, unknown> {
  return {
    id: session.id,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: session.amountTotal,
    currency: 'usd',
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    customer_details: { email: session.customerEmail ?? 'payer@example.com', name: 'Pat Payer' },
    url: null,
    payment_intent: {
      id: `pi_${session.id}`,
      object: 'payment_intent',
      amount: session.amountTotal,
      setup_future_usage: session.saveCard ? 'off_session' : null,
      payment_method: {
        id: `pm_${session.id}`,
        object: 'payment_method',
        type: 'card',
        billing_details: { name: 'Pat Payer', email: 'payer@example.com' },
        card: { brand: 'mastercard', last4: '4444', exp_month: 7, exp_year: 2031 },
      },
    },
  };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, StandInSession>();
  let next = 1;
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = Object.fromEntries(new URLSearchParams(body));
      requests.push({
        method: request.method ?? '',
        path: url.pathname,
        params,
        headers: request.headers,
      });
      const reply = (status: number, json: unknown) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          'request-id': `req_${next}`,
        });
        response.end(JSON.stringify(json));
      };
      if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
        reply(401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
        return;
      }
      if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${next++}`;
        const metadata: Record<string, string> = {};
        for (const [key, value] of Object.entries(params)) {
          const match = /^metadata\[(.+)\]$/.exec(key);
          if (match?.[1]) metadata[match[1]] = value;
        }
        let amountTotal = 0;
        for (let i = 0; params[`line_items[${i}][price_data][unit_amount]`] !== undefined; i++) {
          amountTotal +=
            Number(params[`line_items[${i}][price_data][unit_amount]`]) *
            Number(params[`line_items[${i}][quantity]`] ?? 1);
        }
        const session: StandInSession = {
          id,
          amountTotal,
          metadata,
          clientReferenceId: params.client_reference_id ?? null,
          customerEmail: params.customer_email ?? null,
          saveCard: false,
        };
        sessions.set(id, session);
        reply(200, {
          ...sessionJson(session),
          status: 'open',
          payment_status: 'unpaid',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          payment_intent: null,
        });
        return;
      }
      const read = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      const session = read?.[1] ? sessions.get(read[1]) : undefined;
      if (request.method === 'GET' && session) {
        reply(200, sessionJson(session));
        return;
      }
      reply(404, { error: { type: 'invalid_request_error', message: 'No such resource' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}
