import {
  API_KEY_MARK,
  API_KEY_RESOURCES,
  WEBHOOK_EVENTS,
  WEBHOOK_PING_EVENT,
  WEBHOOK_SIGNATURE_HEADER,
} from '@agency/contract';

/**
 * How a receiver checks a delivery, to copy into a Node server: the API reference shows this exact text and
 * test/webhooks.test.ts runs it against real deliveries.
 */
export const WEBHOOK_VERIFY_SNIPPET = `const { createHmac, timingSafeEqual } = require('node:crypto');

// rawBody: the request body exactly as received (a Buffer or string, before JSON.parse).
// header: the ${WEBHOOK_SIGNATURE_HEADER} header; secret: the endpoint's whsec_... secret.
function verifyAgencySignature(rawBody, header, secret, toleranceSeconds = 300) {
  const parts = Object.fromEntries(String(header).split(',').map((kv) => kv.split('=')));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1) return false;
  if (Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false; // an old, replayed delivery
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest('hex');
  const given = Buffer.from(parts.v1);
  return given.length === expected.length && timingSafeEqual(given, Buffer.from(expected));
}`;

const code = (text: string) => `<code>${text}</code>`;

/** The API reference's section on API keys and outbound webhooks (HTML, from the contract's constants). */
export function integrationsGuideHtml(escape: (text: string) => string): string {
  return `<h2>API keys</h2>
<p>An admin creates keys in Settings (or with ${code('POST /api/api-keys/')}); the whole key (${code(escape(API_KEY_MARK))}…) is shown once and only its hash is kept. Send it as ${code('Authorization: Bearer &lt;key&gt;')}. A key acts as the admin who made it, only on the resources of its scopes (${escape(API_KEY_RESOURCES.join(', '))}): ${code('read')} allows GET, ${code('write')} every method. Accounts, settings, billing, files and keys themselves are closed to keys (403). Each key may make a limited number of requests a minute (429 with ${code('Retry-After')}); every request made with it is in its usage log.</p>
<h2>Webhooks</h2>
<p>Register an https endpoint with ${code('POST /api/webhooks/')} and the events it wants: ${escape(WEBHOOK_EVENTS.join(', '))} (and ${code(WEBHOOK_PING_EVENT)} from the test button). Each delivery is a ${code('POST')} with a JSON body ${code('{"id", "type", "created", "data"}')} (a redelivery keeps the ${code('id')}), the headers ${code('Agency-Event')}, ${code('Agency-Delivery')} and ${code(WEBHOOK_SIGNATURE_HEADER)}: ${code('t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of "t.body"&gt;')} with the endpoint's secret (shown once). Answer 2xx within 10 s; anything else is retried with exponential backoff for about 3 days, after which the endpoint is turned off and its admin e-mailed. Redirects are not followed. Private, loopback and link-local addresses are refused.</p>
<p>Checking a delivery in Node:</p>
<pre>${escape(WEBHOOK_VERIFY_SNIPPET)}</pre>`;
}
