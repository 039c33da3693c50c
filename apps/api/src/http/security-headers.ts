import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../config';

/**
 * Helmet's headers. HSTS and the CSP's upgrade-insecure-requests only when the product is served over https
 * (PUBLIC_URL): over plain http they would send browsers to an https address that does not answer.
 */
export function securityHeaders(config: Pick<AppConfig, 'PUBLIC_URL'>): RequestHandler {
  const https = config.PUBLIC_URL?.startsWith('https://') ?? false;
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'", 'https://js.stripe.com'],
        'frame-src': ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        'connect-src': ["'self'", 'https://api.stripe.com'],
        // blob: is the preview of an image or video chosen for upload (a post's media), before it is saved.
        'img-src': ["'self'", 'data:', 'https:', 'blob:'],
        'media-src': ["'self'", 'blob:'],
        'upgrade-insecure-requests': https ? [] : null,
      },
    },
    strictTransportSecurity: https,
    crossOriginEmbedderPolicy: false,
  });
}

/** API answers carry private data: no browser or proxy keeps them (downloads set their own, as strict header). */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};
