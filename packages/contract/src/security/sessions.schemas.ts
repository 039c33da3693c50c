import { z } from 'zod';
import { withExample, type TOpenApiSchemas } from '../openapi/example';

/**
 * A user's sessions (issue 28): every sign-in opens one; it lives SESSION_IDLE_DAYS after its last use, never past
 * SESSION_MAX_DAYS after the sign-in. Settings → Security lists them; ending one signs that browser out at once.
 */
export const ZSessionSchema = z.object({
  id: z.number().int(),
  /** 'Chrome on macOS', 'Safari on iOS (mobile)', 'Unknown browser' (parsed from the user agent). */
  device: z.string(),
  browser: z.string().nullable().describe("The browser and its major version, e.g. 'Chrome 124'"),
  os: z.string().nullable().describe("The operating system, e.g. 'macOS Catalina', 'iOS 17.4'"),
  platform: z.string().nullable().describe('desktop, mobile, tablet, tv or bot'),
  ip: z.string().nullable(),
  created_at: z.string().describe('When the session was opened (the sign-in)'),
  last_used_at: z.string().nullable().describe('Its last request, to the minute'),
  expires_at: z.string().describe('When it ends unless used again (never past its hard limit)'),
  current: z.boolean().describe('The session of this request ("This device")'),
});
export type TSession = z.infer<typeof ZSessionSchema>;

export const ZRevokedSessionsSchema = z.object({
  detail: z.string(),
  revoked: z.number().int().describe('How many sessions were ended'),
});
export type TRevokedSessions = z.infer<typeof ZRevokedSessionsSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function sessionsOpenApiSchemas() {
  return {
    Session: withExample(ZSessionSchema, {
      id: 4182,
      device: 'Chrome on macOS',
      browser: 'Chrome 124',
      os: 'macOS Catalina',
      platform: 'desktop',
      ip: '203.0.113.24',
      created_at: '2025-03-01T08:12:00.000Z',
      last_used_at: '2025-03-04T09:10:00.000Z',
      expires_at: '2025-03-18T09:10:00.000Z',
      current: true,
    }),
    RevokedSessions: withExample(ZRevokedSessionsSchema, { detail: 'Signed out of 2 other sessions.', revoked: 2 }),
  } satisfies TOpenApiSchemas;
}
