import { generateOpenApi } from '@ts-rest/open-api';
import { contract, type TRouteMetadata } from '@agency/contract';

type OpenApiDoc = ReturnType<typeof generateOpenApi>;

let cached: OpenApiDoc | undefined;

/** The contract as OpenAPI 3, with each operation's roles as `x-roles` and the Token scheme. */
export function openApiDocument(): OpenApiDoc {
  cached ??= generateOpenApi(
    contract,
    {
      info: {
        title: 'Agency Portal API',
        version: '1.0.0',
        description:
          'Every route of the agency portal. Authenticate with `Authorization: Token <key>` (from /api/auth/login/). ' +
          'Errors are `{detail, code, errors?}`. Lists take `page`, `page_size` (max 200), `search`, field filters and `ordering`, and answer `{count, next, previous, results}`.',
      },
      components: { securitySchemes: { Token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    },
    {
      setOperationId: true,
      operationMapper: (operation, appRoute) => {
        const roles = (appRoute.metadata as TRouteMetadata | undefined)?.roles ?? [];
        return {
          ...operation,
          'x-roles': roles,
          ...(roles.includes('public') ? {} : { security: [{ Token: [] }] }),
        };
      },
    },
  );
  return cached;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A readable, self-contained reference page (no external scripts: the product runs offline too). */
export function apiDocsHtml(): string {
  const doc = openApiDocument() as unknown as {
    info: { title: string; description?: string };
    paths: Record<string, Record<string, { summary?: string; operationId?: string; 'x-roles'?: string[]; requestBody?: unknown; responses?: Record<string, unknown> }>>;
  };
  const rows = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const roles = (op['x-roles'] ?? []).join(', ');
      const statuses = Object.keys(op.responses ?? {}).filter((code) => !code.startsWith('4') && !code.startsWith('5'));
      return `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code><div class="s">${escapeHtml(op.summary ?? '')}</div></td><td>${escapeHtml(roles)}</td><td>${escapeHtml(statuses.join(', '))}</td><td><code>${escapeHtml(op.operationId ?? '')}</code></td></tr>`;
    }),
  );
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1f2430}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e4e7ec;padding:.5rem;text-align:left;vertical-align:top;font-size:14px}.m{font-weight:700;font-family:monospace}.get{color:#0b7a3b}.post{color:#1d4ed8}.patch,.put{color:#a15c00}.delete{color:#b42318}.s{color:#555;margin-top:.2rem}code{font-size:13px}</style></head>
<body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description ?? '')}</p><p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3). Every error answer is <code>{detail, code, errors?}</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Roles</th><th>Success</th><th>Operation</th></tr></thead><tbody>${rows.join('')}</tbody></table></body></html>`;
}
