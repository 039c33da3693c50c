import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the S3 REST calls our S3 storage driver makes, path-style only
 * (`http://127.0.0.1:<port>/<bucket>/<key>`), answering as S3 documents them:
 *  - PUT    /bucket/key  PutObject:    stores the body (Content-Length must match), 200 with an ETag
 *  - GET    /bucket/key  GetObject:    200 with the bytes, Content-Length, Content-Type, ETag, Last-Modified
 *  - HEAD   /bucket/key  HeadObject:   the same headers without a body
 *  - DELETE /bucket/key  DeleteObject: 204, also for a key that does not exist
 *  - HEAD   /bucket      HeadBucket:   200
 * Errors are S3's XML documents (`<Error><Code>NoSuchKey</Code><Message>…</Message>…</Error>`, a HEAD's without
 * a body) with S3's status codes: 404 NoSuchKey / NoSuchBucket, 403 AccessDenied (no Authorization header),
 * InvalidAccessKeyId, SignatureDoesNotMatch, 400 IncompleteBody, 501 NotImplemented for anything else.
 *
 * Every request must carry an AWS Signature Version 4 Authorization header for the stand-in's access key, and the
 * signature is checked (canonical request from the method, path, query, signed headers and x-amz-content-sha256),
 * so a wrong secret, region or bucket fails as it would on S3.
 *
 *   const s3 = await startS3StandIn();
 *   S3_BUCKET=s3.bucket S3_ENDPOINT=s3.url S3_ACCESS_KEY_ID=s3.accessKeyId S3_SECRET_ACCESS_KEY=s3.secretAccessKey S3_REGION=s3.region
 *   s3.objects      // what is stored, by key
 *   s3.requests     // every request: method, path, headers, body length
 *   s3.failNext(2)  // the next two requests answer 503 SlowDown
 */

export interface StoredS3Object {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

export interface RecordedS3Request {
  method: string;
  /** Without the query string, e.g. /agency-files/6f1c…; */
  path: string;
  query: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
  /** What the stand-in answered. */
  status: number;
}

export interface S3StandIn {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredS3Object>;
  requests: RecordedS3Request[];
  /** The next `count` requests answer `status` (503 SlowDown by default) without doing anything. */
  failNext: (count: number, status?: 500 | 503) => void;
  /** Configuration that selects the S3 driver against this stand-in. */
  env: () => Record<'S3_BUCKET' | 'S3_ENDPOINT' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY', string>;
  close: () => Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, resource: string) {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  res.statusCode = status;
  res.setHeader('x-amz-request-id', requestId);
  if (req.method === 'HEAD') return res.end();
  const body =
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>` +
    `<Resource>${xmlEscape(resource)}</Resource><RequestId>${requestId}</RequestId></Error>`;
  res.setHeader('Content-Type', 'application/xml');
  res.setHeader('Content-Length', Buffer.byteLength(body));
  res.end(body);
}

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 encoding as SigV4 wants it (unreserved characters stay). */
const uriEncode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string): string {
  if (!query) return '';
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [uriEncode(decodeURIComponent(k)), uriEncode(decodeURIComponent(v))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

interface Authorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

function parseAuthorization(value: string): Authorization | undefined {
  const m = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
    value,
  );
  if (!m) return undefined;
  return { accessKeyId: m[1]!, date: m[2]!, region: m[3]!, service: m[4]!, signedHeaders: m[5]!.split(';'), signature: m[6]! };
}

/** The signature S3 would compute for this request (AWS Signature Version 4, header-based). */
function expectedSignature(req: IncomingMessage, path: string, query: string, auth: Authorization, secret: string): string {
  const headerValue = (name: string) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonicalRequest = [
    req.method,
    path,
    canonicalQuery(query),
    auth.signedHeaders.map((h) => `${h}:${headerValue(h)}\n`).join(''),
    auth.signedHeaders.join(';'),
    headerValue('x-amz-content-sha256'),
  ].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', headerValue('x-amz-date'), scope, sha256Hex(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${secret}`, auth.date);
  const kSigning = hmac(hmac(hmac(kDate, auth.region), auth.service), 'aws4_request');
  return createHmac('sha256', kSigning).update(stringToSign).digest('hex');
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface S3StandInOptions {
  bucket?: string;
  region?: string;
  /** Keep only each object's size and ETag, not its bytes (benchmarks that upload hundreds of MB); GET answers empty. */
  discardBodies?: boolean;
}

async function countBody(req: IncomingMessage): Promise<{ length: number; md5: string; sha256: string }> {
  const md5 = createHash('md5');
  const sha = createHash('sha256');
  let length = 0;
  for await (const chunk of req) {
    md5.update(chunk as Buffer);
    sha.update(chunk as Buffer);
    length += (chunk as Buffer).length;
  }
  return { length, md5: md5.digest('hex'), sha256: sha.digest('hex') };
}

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const bucket = options.bucket ?? 'agency-files';
  const region = options.region ?? 'eu-central-1';
  const accessKeyId = `AKIA${randomBytes(8).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(20).toString('base64');
  const objects = new Map<string, StoredS3Object>();
  const requests: RecordedS3Request[] = [];
  let failures: { count: number; status: 500 | 503 } = { count: 0, status: 503 };

  const handle = async (req: IncomingMessage, res: ServerResponse, record: RecordedS3Request): Promise<unknown> => {
    const resource = record.path;
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      await readBody(req);
      return failures.status === 503
        ? sendError(req, res, 503, 'SlowDown', 'Please reduce your request rate.', resource)
        : sendError(req, res, 500, 'InternalError', 'We encountered an internal error. Please try again.', resource);
    }

    // Authentication: an Authorization header (SigV4) for our key, with the right signature.
    const header = req.headers.authorization;
    if (!header) return sendError(req, res, 403, 'AccessDenied', 'Access Denied', resource);
    const auth = parseAuthorization(header);
    if (!auth || auth.service !== 's3') return sendError(req, res, 400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.', resource);
    if (auth.accessKeyId !== accessKeyId) {
      return sendError(req, res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.', resource);
    }
    if (auth.region !== region) {
      return sendError(req, res, 400, 'AuthorizationHeaderMalformed', `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${region}'`, resource);
    }
    if (!req.headers['x-amz-content-sha256'] || !req.headers['x-amz-date'] || !auth.signedHeaders.includes('host')) {
      return sendError(req, res, 400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256', resource);
    }
    if (expectedSignature(req, record.path, record.query, auth, secretAccessKey) !== auth.signature) {
      return sendError(req, res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.', resource);
    }
    if (req.headers['content-encoding']?.includes('aws-chunked')) {
      // As several S3-compatible services answer the SDK's default streaming checksum trailer.
      return sendError(req, res, 501, 'NotImplemented', 'aws-chunked encoding is not supported.', resource);
    }

    const [, bucketName = '', ...keyParts] = record.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    if (bucketName !== bucket) return sendError(req, res, 404, 'NoSuchBucket', 'The specified bucket does not exist', resource);

    if (!key) {
      if (req.method === 'HEAD') {
        res.setHeader('x-amz-bucket-region', region);
        res.statusCode = 200;
        return res.end();
      }
      return sendError(req, res, 501, 'NotImplemented', 'A header you provided implies functionality that is not implemented', resource);
    }

    switch (req.method) {
      case 'PUT': {
        if (req.headers['x-amz-copy-source']) break;
        const body = options.discardBodies ? Buffer.alloc(0) : await readBody(req);
        const received = options.discardBodies
          ? await countBody(req)
          : { length: body.length, md5: createHash('md5').update(body).digest('hex'), sha256: sha256Hex(body) };
        record.bodyBytes = received.length;
        const declared = Number(req.headers['content-length']);
        if (!Number.isFinite(declared)) return sendError(req, res, 411, 'MissingContentLength', 'You must provide the Content-Length HTTP header.', resource);
        if (declared !== received.length) return sendError(req, res, 400, 'IncompleteBody', 'You did not provide the number of bytes specified by the Content-Length HTTP header', resource);
        const payloadHash = req.headers['x-amz-content-sha256'];
        if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== received.sha256) {
          return sendError(req, res, 400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.", resource);
        }
        const etag = `"${received.md5}"`;
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'binary/octet-stream', etag, lastModified: new Date() });
        res.statusCode = 200;
        res.setHeader('ETag', etag);
        return res.end();
      }
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return sendError(req, res, 404, 'NoSuchKey', 'The specified key does not exist.', resource);
        res.statusCode = 200;
        res.setHeader('Content-Type', object.contentType);
        res.setHeader('Content-Length', object.body.length);
        res.setHeader('ETag', object.etag);
        res.setHeader('Last-Modified', object.lastModified.toUTCString());
        res.setHeader('Accept-Ranges', 'bytes');
        return res.end(req.method === 'GET' ? object.body : undefined);
      }
      case 'DELETE':
        objects.delete(key);
        res.statusCode = 204;
        return res.end();
    }
    return sendError(req, res, 501, 'NotImplemented', 'A header you provided implies functionality that is not implemented', resource);
  };

  const server = createServer((req, res) => {
    const [path = '/', query = ''] = (req.url ?? '/').split('?');
    const record: RecordedS3Request = { method: req.method ?? 'GET', path, query, headers: req.headers, bodyBytes: 0, status: 0 };
    requests.push(record);
    res.on('finish', () => {
      record.status = res.statusCode;
    });
    handle(req, res, record).catch((err: unknown) => {
      if (!res.headersSent) sendError(req, res, 500, 'InternalError', String(err), path);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    failNext: (count, status = 503) => {
      failures = { count, status };
    },
    env: () => ({ S3_BUCKET: bucket, S3_ENDPOINT: url, S3_REGION: region, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey }),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
