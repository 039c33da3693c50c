import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express } from 'express';
import { pinoHttp } from 'pino-http';
import { createExpressEndpoints, type RequestValidationError } from '@ts-rest/express';
import { contract, isSpaPagePath } from '@agency/contract';
import { agencyPage } from './http/agency-page';
import { prerenderedPage } from './http/prerendered';
import type { AppDeps } from './deps';
import { safeErrorSerializer } from './logger';
import { apiNotFound, errorMiddleware, zodToAppError } from './http/error-middleware';
import { routeGuard } from './http/guard';
import { idempotency } from './http/idempotency';
import { runInRequestScope } from './core/request-scope';
import { rejectLongUrls, rejectMalformedInput } from './http/input-guard';
import { apiDocsHtml } from './http/api-docs';
import { publicUrlOf } from './integrations/social/select';
import { openApiDocument } from './http/openapi';
import { apiKeyRateLimit, DEFAULT_LOGIN_LIMITS, type LoginLimits } from './http/rate-limit';
import { responseContractCheck } from './http/response-check';
import { noStore, securityHeaders } from './http/security-headers';
import { agencyProfile } from './modules/agency';
import { apiRouter } from './modules/api.router';

export interface AppOptions {
  loginLimits?: LoginLimits;
  /** Check every JSON answer against the contract (tests). */
  checkResponses?: boolean;
  /**
   * Start-up work that finishes after the server listens (the job queue, main.ts): starts it when not yet started
   * and resolves when it is done. Reads are served at once; a request that may change data (any method but
   * GET/HEAD/OPTIONS) waits for it, so nothing that enqueues a job runs before the queue is there.
   */
  ready?: () => Promise<unknown>;
}

/** ts-rest's request validation failures become our 400 {detail, code: 'validation_error', errors}. */
function validationToAppError(err: RequestValidationError, _req: unknown, _res: unknown, next: express.NextFunction) {
  if (err.pathParams) return next(zodToAppError(err.pathParams, 'path'));
  if (err.query) return next(zodToAppError(err.query, 'query'));
  if (err.body) return next(zodToAppError(err.body, 'body'));
  return next(err);
}

function waitForStart(ready: () => Promise<unknown>): express.RequestHandler {
  let done = false;
  return (req, _res, next) => {
    if (done || req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    ready().then(() => {
      done = true;
      next();
    }, next);
  };
}

/** The whole HTTP application, without listening (tests drive it with supertest). */
export function createApp(deps: AppDeps, options: AppOptions = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  // Whose X-Forwarded-For gives the client IP (rate limits, logs): only the configured proxies'.
  app.set('trust proxy', deps.config.TRUST_PROXY);
  app.set('query parser', 'simple');

  app.use(
    pinoHttp({
      logger: deps.logger,
      genReqId: (req, res) => {
        const given = req.headers['x-request-id'];
        const id = typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
        res.setHeader('X-Request-Id', id);
        return id;
      },
      // Only what is needed to trace a request: never headers (tokens, cookies) or bodies.
      serializers: {
        err: safeErrorSerializer,
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url.split('?')[0] }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => !req.url?.startsWith('/api/') || req.url === '/api/health/' },
    }),
  );
  // Writes record where their request came from (the audit log) without every service being handed the request.
  app.use((req, _res, next) => runInRequestScope({ ip: req.ip ?? null }, next));
  app.use(rejectLongUrls());
  // gzip for every compressible answer (HTML, JS, CSS, JSON) the client accepts it for.
  app.use(compression());
  app.use(securityHeaders(deps.config));
  if (options.ready) app.use(waitForStart(options.ready));

  // Everything under /api: never cached, JSON bodies up to 1 MB (the payment webhook's raw), the docs, then the contract routes (whose paths carry /api).
  const api = express.Router();
  // Stripe signs the exact bytes it sends: its webhook gets the raw body.
  api.use('/api/billing/webhook', express.raw({ type: () => true, limit: '1mb' }));
  api.use('/api', noStore, express.json({ limit: '1mb' }), express.urlencoded({ extended: false, limit: '1mb' }), rejectMalformedInput());
  api.get('/api/openapi.json', (_req, res, next) => {
    openApiDocument().then((doc) => res.json(doc), next);
  });
  api.get(['/api/docs', '/api/docs/'], (_req, res, next) => {
    apiDocsHtml(publicUrlOf(deps.config)).then((html) => res.type('html').send(html), next);
  });
  if (options.checkResponses) api.use('/api', responseContractCheck());
  // The whole contract in one call; the guard reads each route's metadata.roles.
  createExpressEndpoints(
    contract,
    apiRouter(deps, { loginLimits: options.loginLimits ?? DEFAULT_LOGIN_LIMITS }),
    api,
    {
      // The guard first (it names the caller and checks an API key's scopes), the per-key limit, then Idempotency-Key on the create routes.
      globalMiddleware: [routeGuard(deps), apiKeyRateLimit(deps.db, deps.config.API_KEY_RATE_PER_MINUTE), idempotency(deps)],
      requestValidationErrorHandler: validationToAppError,
      responseValidation: false,
      jsonQuery: false,
      logInitialization: false,
    },
  );
  api.use('/api', apiNotFound);
  api.use('/api', errorMiddleware);
  app.use(api);

  const webDist = deps.config.WEB_DIST ? path.resolve(deps.config.WEB_DIST) : undefined;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    app.use(express.static(webDist, { index: false, maxAge: '1h', setHeaders: immutableAssets }));
    // History fallback: a public page's prerendered HTML (dist/prerendered, made at build) where there is one,
    // else the SPA; 404 where the SPA has no page, with the prerendered 'Page not found' when built.
    // Each page carries the agency's name and profile (http/agency-page.ts).
    app.get('*', async (req, res, next) => {
      const known = isSpaPagePath(req.path);
      const file = prerenderedPage(webDist, known ? req.path : '/404') ?? path.join(webDist, 'index.html');
      let html: string;
      try {
        html = await agencyPage(file, await agencyProfile(deps));
      } catch (err) {
        // Only while the web app is being rebuilt in place; a reload a moment later succeeds.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
          res.status(503).type('text/plain').send('The app is updating. Please reload in a moment.');
          return;
        }
        next(err);
        return;
      }
      res.status(known ? 200 : 404);
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(html);
    });
  }
  app.use(errorMiddleware);
  return app;
}

function immutableAssets(res: express.Response, filePath: string) {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
