import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { createFileStorage, ensureIncomingDir, StorageUnavailableError, type FileStorage } from '../src/integrations/storage';
import { startS3StandIn, type S3StandIn } from './support/s3-stand-in';

let s3: S3StandIn;
let dataDir: string;
let storage: FileStorage;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

beforeAll(async () => {
  s3 = await startS3StandIn();
  dataDir = mkdtempSync(path.join(tmpdir(), 's3-storage-'));
  storage = createFileStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env() }), pino({ level: 'silent' }));
});
afterAll(async () => {
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  s3.requests.length = 0;
});

/** A file in the incoming folder, as multer leaves it. */
async function incoming(bytes: Buffer): Promise<string> {
  const file = path.join(await ensureIncomingDir({ DATA_DIR: dataDir }), randomBytes(8).toString('hex'));
  writeFileSync(file, bytes);
  return file;
}

describe('the S3 storage driver (against a local S3 stand-in)', () => {
  it('is selected by S3_BUCKET; without it uploads stay in the local folder', () => {
    expect(storage.kind).toBe('s3');
    expect(createFileStorage(loadConfig({ DATA_DIR: dataDir })).kind).toBe('local');
  });

  it('streams an incoming file into PutObject under a random key, with its length, size and SHA-256', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const file = await incoming(bytes);
    const stored = await storage.put(file, { contentType: 'application/pdf' });
    expect(stored.storedName).toMatch(UUID);
    expect(stored.size).toBe(bytes.length);
    expect(stored.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    // the incoming file is gone, the object is in the bucket under the random name, byte for byte
    expect(existsSync(file)).toBe(false);
    const object = s3.objects.get(stored.storedName)!;
    expect(Buffer.compare(object.body, bytes)).toBe(0);
    expect(object.contentType).toBe('application/pdf');
    // one signed, path-style PUT of exactly the file's length; the body was streamed, not read into memory to be
    // signed (UNSIGNED-PAYLOAD) or wrapped in aws-chunked checksum trailers that S3-compatible services refuse
    const puts = s3.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ path: `/${s3.bucket}/${stored.storedName}`, status: 200, bodyBytes: bytes.length });
    expect(puts[0]!.headers['content-length']).toBe(String(bytes.length));
    expect(puts[0]!.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
    expect(puts[0]!.headers['content-encoding']).toBeUndefined();
    expect(puts[0]!.headers.authorization).toMatch(new RegExp(`^AWS4-HMAC-SHA256 Credential=${s3.accessKeyId}/\\d{8}/${s3.region}/s3/aws4_request`));
  });

  it('opens a stored object as a stream with its size; a missing one is undefined; remove deletes it', async () => {
    const bytes = Buffer.from('hello from the bucket\n');
    const stored = await storage.put(await incoming(bytes));
    const opened = await storage.open(stored.storedName);
    expect(opened?.size).toBe(bytes.length);
    expect((await buffer(opened!.stream)).toString()).toBe('hello from the bucket\n');
    expect(s3.requests.filter((r) => r.method === 'GET').map((r) => r.path)).toEqual([`/${s3.bucket}/${stored.storedName}`]);

    await storage.remove(stored.storedName);
    expect(s3.objects.has(stored.storedName)).toBe(false);
    expect(await storage.open(stored.storedName)).toBeUndefined();
    // removing what is not there is fine (S3 answers 204)
    await expect(storage.remove(stored.storedName)).resolves.toBeUndefined();
  });

  it('never builds a key from anything but a random stored name', async () => {
    await expect(storage.open('../other-bucket/secret')).rejects.toThrow('Invalid stored file name');
    await expect(storage.remove('a/b')).rejects.toThrow('Invalid stored file name');
    const outside = path.join(dataDir, 'not-incoming');
    writeFileSync(outside, 'x');
    await expect(storage.put(outside)).rejects.toThrow('Not an incoming upload');
    expect(s3.requests).toEqual([]);
  });

  it('retries a 503 SlowDown or a 500 with a fresh stream of the file', async () => {
    const bytes = randomBytes(200_000);
    s3.failNext(2, 503);
    const stored = await storage.put(await incoming(bytes));
    expect(Buffer.compare(s3.objects.get(stored.storedName)!.body, bytes)).toBe(0);
    expect(s3.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    s3.failNext(1, 500);
    expect((await storage.open(stored.storedName))?.size).toBe(bytes.length);
  });

  it('reports a store that keeps failing as unavailable, and removes the incoming file anyway', async () => {
    s3.failNext(3);
    const file = await incoming(Buffer.from('x'));
    const err = await storage.put(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StorageUnavailableError);
    expect((err as Error).message).toBe('S3 PutObject failed: SlowDown (HTTP 503)');
    expect(existsSync(file)).toBe(false);
    s3.failNext(3);
    await expect(storage.open('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('check() answers whether the bucket is reachable with these credentials', async () => {
    expect(await storage.check()).toEqual({ ok: true });
    const wrongBucket = createFileStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env(), S3_BUCKET: 'someone-elses' }), pino({ level: 'silent' }));
    expect(await wrongBucket.check()).toEqual({ ok: false, reason: 'S3 HeadBucket someone-elses failed: NotFound (HTTP 404)' });
    const wrongSecret = createFileStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env(), S3_SECRET_ACCESS_KEY: 'not-the-secret' }), pino({ level: 'silent' }));
    expect((await wrongSecret.check()).ok).toBe(false);
    await expect(wrongSecret.put(await incoming(Buffer.from('x')))).rejects.toThrow(/SignatureDoesNotMatch \(HTTP 403\)/);
    const wrongKey = createFileStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env(), S3_ACCESS_KEY_ID: 'AKIAOTHER' }), pino({ level: 'silent' }));
    await expect(wrongKey.put(await incoming(Buffer.from('x')))).rejects.toThrow(/InvalidAccessKeyId \(HTTP 403\)/);
  });
});
