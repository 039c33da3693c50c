import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config';
import { incomingFile, measureFile } from '../incoming';
import { assertStoredName, StorageUnavailableError, type FileStorage, type OpenedFile, type StoredFile } from '../storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service's address (MinIO, R2, …); unset = AWS S3 of `region`. */
  endpoint?: string | undefined;
  /** Path-style addressing (http://host/bucket/key) instead of a bucket subdomain; S3-compatible services need it. */
  forcePathStyle: boolean;
  /** Unset = the SDK's default chain (AWS_* variables, an instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export function s3OptionsFrom(config: AppConfig): S3StorageOptions | undefined {
  if (!config.S3_BUCKET) return undefined;
  return {
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    credentials:
      config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

type S3Sdk = typeof import('@aws-sdk/client-s3');
/**
 * The SDK, loaded by the first call (it is the largest module the API could load, and an install on the local
 * folder never needs it). The errors below come from calls, so it is there when they are looked at.
 */
let loadedSdk: S3Sdk | undefined;
const isS3Answer = (err: unknown) => loadedSdk !== undefined && err instanceof loadedSdk.S3ServiceException;

/** The HTTP status S3 answered with, when the error is S3's answer (not a network failure). */
const statusOf = (err: unknown) => (isS3Answer(err) ? (err as InstanceType<S3Sdk['S3ServiceException']>).$metadata.httpStatusCode : undefined);

/** A failure worth telling the operator about, without the request's signature or credentials. */
function unavailable(action: string, err: unknown): StorageUnavailableError {
  const what = isS3Answer(err)
    ? `${(err as Error).name} (HTTP ${statusOf(err) ?? '?'})`
    : (err as Error)?.message;
  return new StorageUnavailableError(`S3 ${action} failed: ${what}`);
}

/** Worth another attempt: S3's 500/503 (InternalError, SlowDown) and failures to get an answer at all. */
function isTransient(err: unknown): boolean {
  const status = statusOf(err);
  if (status !== undefined) return status >= 500;
  return !(err instanceof StorageUnavailableError) && err instanceof Error && err.name !== 'AbortError';
}

/** Up to three attempts, 100 ms then 400 ms apart, for transient failures only. */
async function withRetries<T>(attempt: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await attempt();
    } catch (err) {
      if (i >= attempts || !isTransient(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** (i - 1)));
    }
  }
}

/**
 * S3-compatible object storage: one object per stored file, keyed by its random name, in a private bucket.
 * Uploads are streamed from the incoming file into PutObject with their length (uploads are at most 10 MB, under
 * S3's 5 GB single-PUT limit, so no multipart upload is needed and nothing is buffered); downloads stream the
 * object's body through the API's authorised route.
 */
export function createS3Storage(config: Pick<AppConfig, 'DATA_DIR'>, options: S3StorageOptions, logger?: Logger): FileStorage {
  // The product runs on Node 20 (ARCHITECTURE.md), so the SDK's notice that its releases after January 2027 need
  // Node 22 is not for the operator; package.json pins a release that supports Node 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  // The SDK's own notes (e.g. that it does not retry a streamed PUT, which withRetries does) go to our log, not stderr.
  const sdkLogger = logger?.child({ component: 's3' });
  const clientOptions: ConstructorParameters<S3Sdk['S3Client']>[0] = {
    ...(sdkLogger
      ? {
          logger: {
            trace: () => undefined,
            debug: () => undefined,
            info: () => undefined,
            warn: (...content: unknown[]) => sdkLogger.debug({ sdk: content }, 'aws sdk warning'),
            error: (...content: unknown[]) => sdkLogger.warn({ sdk: content }, 'aws sdk error'),
          },
        }
      : {}),
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where an operation requires one: the default (a CRC32 trailer in aws-chunked encoding on every
    // PUT) is refused by several S3-compatible services. The SHA-256 is computed by us and kept in the database.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer must not hang an upload or a download for ever.
    requestHandler: { connectionTimeout: 5000, socketTimeout: 30_000 },
    // Retried here instead (withRetries): the SDK would retry a PUT with the file stream it already consumed.
    maxAttempts: 1,
  };
  let connecting: Promise<{ sdk: S3Sdk; client: S3Client }> | undefined;
  const connect = () =>
    (connecting ??= import('@aws-sdk/client-s3').then((sdk) => {
      loadedSdk = sdk;
      return { sdk, client: new sdk.S3Client(clientOptions) };
    }));
  const Bucket = options.bucket;

  return {
    kind: 's3',

    async put(incomingPath, putOptions = {}): Promise<StoredFile> {
      const from = incomingFile(config, incomingPath);
      try {
        const { size, sha256 } = await measureFile(from);
        const storedName = randomUUID();
        try {
          const { sdk, client } = await connect();
          await withRetries(async () => {
            // A fresh stream for every attempt, read from disk as it is sent.
            const body = createReadStream(from);
            try {
              await client.send(
                new sdk.PutObjectCommand({
                  Bucket,
                  Key: storedName,
                  Body: body,
                  ContentLength: size,
                  ContentType: putOptions.contentType ?? 'application/octet-stream',
                }),
              );
            } finally {
              body.destroy();
            }
          });
        } catch (err) {
          throw unavailable('PutObject', err);
        }
        return { storedName, size, sha256 };
      } finally {
        await rm(from, { force: true }).catch(() => undefined);
      }
    },

    async open(storedName): Promise<OpenedFile | undefined> {
      const Key = assertStoredName(storedName);
      try {
        const { sdk, client } = await connect();
        const object = await withRetries(() => client.send(new sdk.GetObjectCommand({ Bucket, Key })));
        if (!object.Body) return undefined;
        const stream = object.Body as Readable;
        return { stream, size: object.ContentLength ?? 0 };
      } catch (err) {
        if (statusOf(err) === 404) return undefined;
        throw unavailable('GetObject', err);
      }
    },

    async remove(storedName) {
      const Key = assertStoredName(storedName);
      try {
        // S3 answers 204 for a key that does not exist too.
        const { sdk, client } = await connect();
        await withRetries(() => client.send(new sdk.DeleteObjectCommand({ Bucket, Key })));
      } catch (err) {
        if (statusOf(err) === 404) return;
        throw unavailable('DeleteObject', err);
      }
    },

    async check() {
      try {
        const { sdk, client } = await connect();
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
        return { ok: true } as const;
      } catch (err) {
        return { ok: false, reason: unavailable(`HeadBucket ${Bucket}`, err).message } as const;
      }
    },
  };
}
