import { ERROR_MEANINGS, ERROR_STATUS, type ErrorCode } from '../core/errors';
import { escapeHtml } from '../core/text';
import { integrationsGuideHtml } from './integrations-guide';
import { openApiDocument } from './openapi';

/*
 * GET /api/docs/: the human reference, built from the same OpenAPI document as /api/openapi.json. Each route shows
 * who may call it, an example of its request and response bodies, a curl line to try it, and the page ends with
 * every error `code` and what it means. Self-contained (no external scripts: the product runs offline too).
 */

interface Schema {
  $ref?: string;
  example?: unknown;
  default?: unknown;
  enum?: unknown[];
  type?: string;
  format?: string;
  minimum?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Media {
  schema?: Schema;
}
interface Operation {
  summary?: string;
  description?: string;
  operationId?: string;
  'x-roles'?: string[];
  'x-staff-roles'?: string[];
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { $ref?: string; description?: string; content?: Record<string, Media> }>;
}
interface Doc {
  info: { title: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const SAMPLE_STRINGS: Record<string, string> = {
  'date-time': '2026-03-01T12:00:00.000Z',
  date: '2026-03-01',
  email: 'ada@example.com',
  uri: 'https://example.com/',
  uuid: '3f2b8c1e-6a4d-4f7b-9c2e-1d5a7b9e0f11',
  binary: '<file>',
};

/** An example of a schema: its own example where it has one, else one made from its shape (refs resolved). */
export function exampleOf(schema: Schema | undefined, schemas: Record<string, Schema>, depth = 0): unknown {
  if (!schema || depth > 10) return null;
  if (schema.$ref) return exampleOf(schemas[schema.$ref.split('/').pop() ?? ''], schemas, depth + 1);
  if (schema.example !== undefined && schema.example !== null) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.allOf?.length) {
    const parts = schema.allOf.map((s) => exampleOf(s, schemas, depth + 1));
    return parts.every((p) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return exampleOf(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], schemas, depth + 1);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, exampleOf(value, schemas, depth + 1)]));
    case 'array':
      return [exampleOf(schema.items, schemas, depth + 1)];
    case 'string':
      return SAMPLE_STRINGS[schema.format ?? ''] ?? 'string';
    case 'integer':
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return true;
    default:
      return null;
  }
}

/** A value in single quotes for a POSIX shell. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The curl line of a route, with its example body; path parameters read 1. */
export function curlLine(base: string, method: string, path: string, op: Operation, body: unknown): string {
  const url = `${base}${path.replace(/\{[^}]+\}/g, '1')}`;
  const lines = [`curl -X ${method.toUpperCase()} ${shellQuote(url)}`];
  if (!(op['x-roles'] ?? []).includes('public')) lines.push(`-H ${shellQuote('Authorization: Token <your token>')}`);
  const content = op.requestBody?.content ?? {};
  if (content['multipart/form-data']) {
    const fields = Object.entries((body ?? {}) as Record<string, unknown>);
    for (const [name, value] of fields) lines.push(`-F ${shellQuote(value === '<file>' ? `${name}=@./file.png` : `${name}=${String(value)}`)}`);
  } else if (body !== undefined) {
    lines.push(`-H ${shellQuote('Content-Type: application/json')}`, `-d ${shellQuote(JSON.stringify(body))}`);
  }
  return lines.join(' \\\n  ');
}

const json = (value: unknown) => escapeHtml(JSON.stringify(value, null, 2));

function routeHtml(base: string, path: string, method: string, op: Operation, schemas: Record<string, Schema>): string {
  const media = op.requestBody?.content ?? {};
  const requestSchema = (media['application/json'] ?? media['multipart/form-data'])?.schema;
  const body = requestSchema ? exampleOf(requestSchema, schemas) : undefined;
  const success = Object.entries(op.responses ?? {}).filter(([status]) => /^[23]/.test(status));
  const responses = success.map(([status, response]) => {
    const schema = response.content?.['application/json']?.schema;
    const other = Object.keys(response.content ?? {}).find((type) => type !== 'application/json');
    const shown = schema ? `<pre>${json(exampleOf(schema, schemas))}</pre>` : other ? `<p>A file (<code>${escapeHtml(other)}</code>).</p>` : '<p>No body.</p>';
    return `<h4>Response ${escapeHtml(status)}</h4>${shown}`;
  });
  const errors = Object.keys(op.responses ?? {}).filter((status) => /^[45]/.test(status));
  const roles = (op['x-roles'] ?? []).join(', ');
  const staff = op['x-staff-roles'] ? ` (staff: ${op['x-staff-roles'].join(', ')})` : '';
  return `<details id="${escapeHtml(op.operationId ?? `${method}-${path}`)}"><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code> <span class="s">${escapeHtml(op.summary ?? '')}</span></summary>
<div class="b"><p><b>Who:</b> ${escapeHtml(roles)}${escapeHtml(staff)} · <b>Operation:</b> <code>${escapeHtml(op.operationId ?? '')}</code></p>${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}
${body !== undefined ? `<h4>Request body</h4><pre>${json(body)}</pre>` : ''}${responses.join('')}
<p><b>Errors:</b> ${escapeHtml(errors.join(', '))} — see <a href="#errors">error codes</a>.</p>
<h4>Try it</h4><pre>${escapeHtml(curlLine(base, method, path, op, body))}</pre></div></details>`;
}

function errorCodesHtml(): string {
  const rows = (Object.keys(ERROR_STATUS) as ErrorCode[]).map(
    (code) => `<tr><td><code>${code}</code></td><td>${ERROR_STATUS[code]}</td><td>${escapeHtml(ERROR_MEANINGS[code]).replace(/`([^`]+)`/g, '<code>$1</code>')}</td></tr>`,
  );
  return `<h2 id="errors">Error codes</h2><p>Every error answer is <code>{"detail": "…", "code": "…", "errors": {"field": ["…"]}}</code>: <code>detail</code> is a sentence to show a person, <code>code</code> one of these, <code>errors</code> (with validation_error) the messages of each field.</p>
<div class="t"><table><thead><tr><th>code</th><th>Status</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}

const cache = new Map<string, Promise<string>>();

/** The reference page; `base` is where the curl lines point (the product's public URL). */
export function apiDocsHtml(base: string): Promise<string> {
  let page = cache.get(base);
  if (!page) {
    page = openApiDocument().then((raw) => renderDocs(raw as unknown as Doc, base.replace(/\/+$/, '')));
    cache.set(base, page);
  }
  return page;
}

function renderDocs(doc: Doc, base: string): string {
  const schemas = doc.components.schemas;
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => routeHtml(base, path, method, op, schemas)));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1f2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e4e7ec;padding:.5rem;text-align:left;vertical-align:top;font-size:14px}.m{font-weight:700;font-family:monospace;display:inline-block;min-width:4.5em}.get{color:#0b7a3b}.post{color:#1d4ed8}.patch,.put{color:#a15c00}.delete{color:#b42318}.s{color:#555}code{font-size:13px}pre{background:#f6f8fa;padding:1rem;overflow-x:auto;font-size:13px}details{border-bottom:1px solid #e4e7ec;padding:.5rem 0}summary{cursor:pointer}.b{padding:.25rem 0 .5rem 1rem}h4{margin:.75rem 0 .25rem}.t{overflow-x:auto}td code{overflow-wrap:anywhere}</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3). Errors: <a href="#errors">every code and its meaning</a>.</p>
${integrationsGuideHtml(escapeHtml)}
<h2>Routes</h2><p>Open a route for an example of its request and response bodies and a curl line to try it.</p>
${routes.join('\n')}
${errorCodesHtml()}</body></html>`;
}
