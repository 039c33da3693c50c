import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_SIGNATURE_HEADER } from '@agency/contract';
import { checkWebhookUrlShape, isAllowedPrivateHost, publicOnlyLookup } from './public-address';

/** What one attempt got: the HTTP status, or no answer at all (`status` null, with the reason). */
export interface WebhookAttempt {
  status: number | null;
  error: string | null;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  body: string;
  eventType: string;
  deliveryId: number;
  /** Unix seconds, signed with the body. */
  timestamp: number;
}

export interface WebhookSenderOptions {
  timeoutMs: number;
  allowedPrivateHosts: readonly string[];
}

/** `t=<seconds>,v1=<hex HMAC-SHA256 of "<seconds>.<body>">`, in the style of Stripe's signature header. */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/** Reads at most this much of an answer (only its status matters; the rest is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * POSTs one signed delivery. 2xx is success; anything else, a timeout or a refused address is a failed attempt.
 * Redirects are not followed (a 3xx is a failure), so a public URL cannot bounce the request to a private one.
 */
export function sendWebhook(request: WebhookRequest, options: WebhookSenderOptions): Promise<WebhookAttempt> {
  const url = new URL(request.url);
  try {
    checkWebhookUrlShape(url, options.allowedPrivateHosts);
  } catch (err) {
    return Promise.resolve({ status: null, error: (err as Error).message });
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: publicOnlyLookup(isAllowedPrivateHost(url, options.allowedPrivateHosts)) as never,
        timeout: options.timeoutMs,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(request.body),
          'User-Agent': 'AgencyWebhooks/1.0',
          [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(request.secret, request.timestamp, request.body),
          'Agency-Event': request.eventType,
          'Agency-Delivery': String(request.deliveryId),
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        const status = res.statusCode ?? null;
        const done = () => resolve({ status, error: status !== null && status >= 200 && status < 300 ? null : `The endpoint answered ${status}.` });
        res.on('end', done);
        res.on('close', done);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`No answer within ${Math.round(options.timeoutMs / 1000)} s.`)));
    req.on('error', (err) => resolve({ status: null, error: err.message }));
    req.end(request.body);
  });
}
