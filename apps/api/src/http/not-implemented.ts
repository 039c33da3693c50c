/**
 * The one answer of a contract route whose implementation has not landed yet — never a fake success.
 * Each such route is named in the one router (modules/index.ts), so building it replaces the name.
 */
export const notImplemented = async () => ({
  status: 501 as const,
  body: { detail: 'Not implemented', code: 'not_implemented' },
});
