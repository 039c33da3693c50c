import { z } from 'zod';
import type { TClientPermission, TStaffRole } from '../constants';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/** One error shape for every failing response of the API. */
export const ZErrorSchema = z.object({
  detail: z.string().describe('Human-readable message, safe to show to the user'),
  code: z.string().describe('Stable machine-readable error code, e.g. validation_error, not_found'),
  errors: z.record(z.array(z.string())).optional().describe('Field-level messages for validation errors'),
});
export type TError = z.infer<typeof ZErrorSchema>;

/** The error statuses every route may answer with. */
export const errorResponses = {
  400: ZErrorSchema,
  401: ZErrorSchema,
  403: ZErrorSchema,
  404: ZErrorSchema,
  409: ZErrorSchema,
  413: ZErrorSchema,
  429: ZErrorSchema,
  500: ZErrorSchema,
  501: ZErrorSchema,
  503: ZErrorSchema,
};

/** Who may call a route. `public` needs no token; the others need a token of that role. */
export type TRouteRole = 'public' | 'admin' | 'client';
export interface TRouteMetadata {
  roles: readonly TRouteRole[];
  /** For staff (role admin): the staff roles allowed; all when absent. Managers are left out of agency-wide routes. */
  staff?: readonly TStaffRole[];
  /**
   * The route acts on the caller's own account or session (sign-out, password, notifications): read-only staff may
   * call it although it writes. Every other writing route refuses read-only staff.
   */
  personal?: true;
  /**
   * For client users: the permission of a client's team the route needs ('content' or 'billing': full access or
   * that one; 'full': full access only); every member when absent.
   */
  clientPermission?: TClientPermission;
  /**
   * The route creates something: it takes an optional `Idempotency-Key` header, and a retry with the same key
   * (same caller, same route, same body) within 24 h replays the first answer instead of creating again.
   */
  idempotent?: boolean;
  /**
   * The route stays open to a staff account that must set up a second factor first (the agency requires one and it
   * has none): reading who it is, signing out, enrolling. Every other route answers it 403
   * two_factor_enrolment_required.
   */
  duringEnrolment?: true;
}
export const access = {
  public: { roles: ['public'] },
  admin: { roles: ['admin'] },
  client: { roles: ['client'] },
  user: { roles: ['admin', 'client'] },
  /**
   * Agency-wide: data of no one client (leads, promo codes, API keys, webhooks, payment settings, the staff's roles).
   * Owners, and read-only staff where the route only reads; never managers.
   */
  agency: { roles: ['admin'], staff: ['owner', 'read_only'] },
} as const satisfies Record<string, TRouteMetadata>;

/** A client route that needs this permission of the client's team (see TRouteMetadata.clientPermission). */
export const forClients = <M extends TRouteMetadata>(clientPermission: TClientPermission, metadata: M) => ({ ...metadata, clientPermission });

/** A route on the caller's own account or session, open to read-only staff although it writes. */
export const personal = <M extends TRouteMetadata>(metadata: M) => ({ ...metadata, personal: true as const });

/** A route a staff account that must enrol its second factor can still call (see TRouteMetadata.duringEnrolment). */
export const duringEnrolment = <M extends TRouteMetadata>(metadata: M) => ({ ...metadata, duringEnrolment: true as const });

/** A create route's metadata: its access plus `idempotent` (the Idempotency-Key header applies). */
export const creates = <M extends TRouteMetadata>(metadata: M) => ({ ...metadata, idempotent: true as const });

/** The header a client sends to make a create safe to retry: 1–255 printable ASCII characters (e.g. a UUID). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e][\x20-\x7e]{0,254}$/;
/** How long a key and its first answer are kept. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

export const ZPaginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});
export type TPaginationQuery = z.infer<typeof ZPaginationQuery>;

/**
 * `{ count, next, previous, results }` where next/previous are URLs of the neighbouring pages or null. A list with
 * more than COUNT_CAP matches counts only that far: `count` is then a lower bound and `count_capped` is true.
 */
export const COUNT_CAP = 1_000;
/**
 * A search counts its matches only this far: a common word can match a fifth of a large table, and counting a
 * thousand matches costs more than the page itself. Past it, pages go on as past COUNT_CAP.
 */
export const SEARCH_COUNT_CAP = 200;
export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    count: z.number().int(),
    count_capped: z
      .boolean()
      .optional()
      .describe(`Present (true) when counting stopped at ${COUNT_CAP}, or at ${SEARCH_COUNT_CAP} for a search: count is then a lower bound and next stays while pages are full`),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });

/** Path ids are positive integers; anything else is a 400, not a 500. */
export const ZId = z.coerce.number({ invalid_type_error: 'Must be a number' }).int().positive();
export const ZIdParams = z.object({ id: ZId });

/** Money travels as a number with two decimals. */
export const ZMoney = z.number().multipleOf(0.01).nonnegative();
export const ZMoneyInput = z.coerce
  .number({ invalid_type_error: 'Enter a valid amount' })
  .positive('Amount must be greater than zero')
  .max(9_999_999_999.99)
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'At most two decimals');

export const ZIsoDateTime = z.string().datetime({ offset: true });
/** YYYY-MM-DD */
export const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');

export const ZOkResponse = z.object({ detail: z.string() });
/** Used where the spec answers with no body. */
export const ZEmpty = z.object({}).strict();

/** Ordering query: a field name, optionally prefixed with '-' for descending. */
export const ordering = <T extends [string, ...string[]]>(fields: T, dflt: string) =>
  z
    .enum([...fields, ...fields.map((f) => `-${f}`)] as [string, ...string[]])
    .default(dflt);

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function commonOpenApiSchemas() {
  return {
    Error: withExample(ZErrorSchema, {
      detail: 'Enter a valid email address',
      code: 'validation_error',
      errors: { email: ['Enter a valid email address'] },
    }),
  } satisfies TOpenApiSchemas;
}
