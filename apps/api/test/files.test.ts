import { mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { AppDeps } from '../src/deps';
import { removeStaleIncoming } from '../src/integrations/storage';
import { createTestContext, type TestContext } from './support/test-app';
import { createClientViaApi, signUp, type Session } from './support/factories';
import { startS3StandIn, type S3StandIn } from './support/s3-stand-in';

let ctx: TestContext;
let dataDir: string;
let admin: Session;
let clientA: Session;
let clientB: Session;
/** The S3 stand-in, while the S3 driver's round runs. */
let s3: S3StandIn | undefined;

/** The names of the stored files: in DATA_DIR/uploads (local driver) or the bucket (S3 driver). */
const storedNames = () =>
  s3 ? [...s3.objects.keys()] : readdirSync(path.join(dataDir, 'uploads')).filter((n) => n !== '.incoming');

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c626001000000ffff03000006000557bfabd40000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
const ELF = Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(200, 1)]);
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(300)]);
const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]);

/** A minimal stored (uncompressed) zip. */
function zip(entries: [string, string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of entries) {
    const data = Buffer.from(text);
    const n = Buffer.from(name);
    const crc = crc32(data);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(20, 4);
    h.writeUInt32LE(crc, 14);
    h.writeUInt32LE(data.length, 18);
    h.writeUInt32LE(data.length, 22);
    h.writeUInt16LE(n.length, 26);
    locals.push(h, n, data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt32LE(crc, 16);
    c.writeUInt32LE(data.length, 20);
    c.writeUInt32LE(data.length, 24);
    c.writeUInt16LE(n.length, 28);
    c.writeUInt32LE(offset, 42);
    centrals.push(c, n);
    offset += 30 + n.length + data.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}
const DOCX = zip([
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  ],
  ['word/document.xml', '<w:document/>'],
]);

// Every test below runs once with each storage driver: the local folder (default) and S3 (against a local stand-in).
describe.each(['local', 's3'] as const)('files with the %s storage driver', (driver) => {
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'files-test-'));
    s3 = driver === 's3' ? await startS3StandIn() : undefined;
    ctx = await createTestContext({ DATA_DIR: dataDir, ...s3?.env() });
    expect(ctx.deps.storage.kind).toBe(driver);
    admin = await signUp(ctx, { role: 'admin' });
    clientA = await signUp(ctx, { name: 'Ava Anders' });
    clientB = await signUp(ctx, { name: 'Ben Brooks' });
  });
  afterAll(async () => {
    await ctx.close();
    await s3?.close();
    s3 = undefined;
    rmSync(dataDir, { recursive: true, force: true });
  });

  function upload(s: Session, bytes: Buffer, filename: string, fields: Record<string, string> = {}) {
    let req = ctx.request().post('/api/files/').set(s.auth);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', bytes, filename);
  }

  const download = (s: Session, id: number) =>
    ctx
      .request()
      .get(`/api/files/${id}/download/`)
      .set(s.auth)
      .buffer(true)
      .parse((res, cb) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => cb(null, Buffer.concat(chunks)));
      });

  describe('upload', () => {
    it('accepts a real PNG from a client, filed under its own client, and stores it under a random name', async () => {
      const res = await upload(clientA, PNG, 'photo.png', { client: String(clientB.user.client_id) });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'photo.png',
        file_type: 'image',
        size: PNG.length,
        content_type: 'image/png',
        client: clientA.user.client_id,
        url: `/api/files/${res.body.id}/download/`,
      });
      // uploads/ (or the bucket) holds the stored files; uploads/.incoming is where they arrive, empty between uploads
      const stored = storedNames();
      expect(stored).toHaveLength(1);
      expect(stored.some((n) => n.includes('photo'))).toBe(false);
      expect(stored.every((n) => /^[0-9a-f-]{36}$/.test(n))).toBe(true);
      expect(readdirSync(path.join(dataDir, 'uploads'))).toEqual(s3 ? ['.incoming'] : ['.incoming', ...stored]);
      expect(readdirSync(path.join(dataDir, 'uploads', '.incoming'))).toEqual([]);
    });

    it('accepts PDF, TXT, DOCX and DOC by content; file_type must match when given', async () => {
      const pdf = await upload(clientA, PDF, 'report.pdf', { file_type: 'pdf', name: 'Monthly report.pdf' });
      expect(pdf.status).toBe(201);
      expect(pdf.body).toMatchObject({ file_type: 'pdf', content_type: 'application/pdf', name: 'Monthly report.pdf' });
      const txt = await upload(clientA, Buffer.from('Notes: café ☕\n'), 'notes.txt');
      expect(txt.status).toBe(201);
      expect(txt.body).toMatchObject({ file_type: 'txt', content_type: 'text/plain; charset=utf-8' });
      const docx = await upload(clientA, DOCX, 'brief.docx');
      expect(docx.status).toBe(201);
      expect(docx.body.file_type).toBe('docx');
      const doc = await upload(clientA, CFB, 'old.doc');
      expect(doc.status).toBe(201);
      expect(doc.body).toMatchObject({ file_type: 'doc', content_type: 'application/msword' });
      const mismatch = await upload(clientA, PNG, 'photo.png', { file_type: 'pdf' });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.errors.file_type).toBeDefined();
      const badEnum = await upload(clientA, PNG, 'photo.png', { file_type: 'exe' });
      expect(badEnum.status).toBe(400);
    });

    it('refuses renamed executables, binary "text", plain zips and unnamed text', async () => {
      for (const [bytes, name] of [
        [ELF, 'photo.png'],
        [EXE, 'photo.png'],
        [EXE, 'invoice.pdf'],
        [Buffer.from([0x68, 0x00, 0x69]), 'notes.txt'],
        [Buffer.from([0xff, 0xfe, 0xfd]), 'notes.txt'],
        [zip([['a.txt', 'hello']]), 'archive.docx'],
        [Buffer.from('plain words'), 'script.sh'],
        [CFB, 'setup.msi'],
      ] as [Buffer, string][]) {
        const res = await upload(clientA, bytes, name);
        expect(res.status, name).toBe(400);
        expect(res.body.detail).toContain('Unsupported file type');
      }
    });

    it('answers 413 with the spec text for a file over 10 MB', async () => {
      const big = Buffer.alloc(11 * 1024 * 1024, 0x61);
      const res = await upload(clientA, big, 'big.txt');
      expect(res.status).toBe(413);
      expect(res.body.detail).toBe('File size must be less than 10MB');
      expect(res.body.code).toBe('payload_too_large');
    });

    it('needs a file, and only one, in the field "file"', async () => {
      const none = await ctx.request().post('/api/files/').set(clientA.auth).field('name', 'x');
      expect(none.status).toBe(400);
      expect(none.body.errors.file).toBeDefined();
      const json = await ctx.request().post('/api/files/').set(clientA.auth).send({});
      expect(json.status).toBe(400);
      const two = await ctx
        .request()
        .post('/api/files/')
        .set(clientA.auth)
        .attach('file', PNG, 'a.png')
        .attach('file', PNG, 'b.png');
      expect(two.status).toBe(400);
      const otherField = await ctx.request().post('/api/files/').set(clientA.auth).attach('upload', PNG, 'a.png');
      expect(otherField.status).toBe(400);
      expect((await ctx.request().post('/api/files/').attach('file', PNG, 'a.png')).status).toBe(401);
    });

    it('an admin may file under a live client or none; unknown or archived clients are 400', async () => {
      const none = await upload(admin, PNG, 'logo.png');
      expect(none.status).toBe(201);
      expect(none.body.client).toBeNull();
      const forB = await upload(admin, PNG, 'logo.png', { client: String(clientB.user.client_id) });
      expect(forB.body.client).toBe(clientB.user.client_id);
      const unknown = await upload(admin, PNG, 'logo.png', { client: '999999' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.detail).toBe('Client not found.');
      const gone = await createClientViaApi(ctx, admin, { name: 'Gone' });
      await ctx.request().delete(`/api/clients/${gone.id}/`).set(admin.auth);
      const archived = await upload(admin, PNG, 'logo.png', { client: String(gone.id) });
      expect(archived.status).toBe(400);
      expect(archived.body.detail).toContain('archived');
    });

    it('keeps a traversal name only as a display name; the bytes stay inside uploads/', async () => {
      const res = await upload(clientA, Buffer.from('root:x:0:0\n'), 'notes.txt', { name: '../../etc/passwd.txt' });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('passwd.txt');
      const evil = await upload(clientA, Buffer.from('hello\n'), '../../../../tmp/evil.txt');
      expect(evil.status).toBe(201);
      expect(evil.body.name).toBe('evil.txt');
      expect(readdirSync(dataDir)).toEqual(['uploads']);
      const dl = await download(clientA, res.body.id);
      expect(dl.status).toBe(200);
      expect(dl.body.toString()).toBe('root:x:0:0\n');
      expect(dl.headers['content-disposition']).toContain('filename="passwd.txt"');
    });
  });

  describe('upload limits', () => {
    const incoming = () => readdirSync(path.join(dataDir, 'uploads', '.incoming'));
    /** This test file's app with other settings, on the same database and data folder. */
    const appWith = (overrides: Partial<AppDeps['config']>) =>
      supertest(createApp({ ...ctx.deps, config: { ...ctx.deps.config, ...overrides } }, { checkResponses: true }));

    it('refuses more than UPLOAD_RATE_PER_MINUTE uploads a minute per user with a clear 429; others go on', async () => {
      const limited = appWith({ UPLOAD_RATE_PER_MINUTE: 3 });
      const busy = await signUp(ctx, { name: 'Busy Bee' });
      const send = (s: Session) => limited.post('/api/files/').set(s.auth).attach('file', PNG, 'photo.png');
      for (let i = 0; i < 3; i++) expect((await send(busy)).status).toBe(201);
      const refused = await send(busy);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({
        detail: 'Too many uploads: at most 3 files a minute. Please wait a minute and try again.',
        code: 'rate_limited',
      });
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await send(clientB)).status).toBe(201);
    });

    it("refuses an upload past the user's UPLOAD_QUOTA_MB (summed over the files stored) with a clear 413", async () => {
      const quota = appWith({ UPLOAD_QUOTA_MB: 1 });
      const saver = await signUp(ctx, { name: 'Sam Saver' });
      const text = (kb: number) => Buffer.alloc(kb * 1024, 'quota test\n');
      const send = (bytes: Buffer) => quota.post('/api/files/').set(saver.auth).attach('file', bytes, 'notes.txt');
      expect((await send(text(600))).status).toBe(201);
      const before = storedNames().length;
      const over = await send(text(500));
      expect(over.status).toBe(413);
      expect(over.body).toEqual({
        detail:
          'Your storage quota of 1 MB is used up (0.6 MB stored, this file is 0.5 MB). No more files can be uploaded until space is freed.',
        code: 'quota_exceeded',
        errors: { file: ['Storage quota of 1 MB reached.'] },
      });
      // nothing of the refused file is kept
      expect(storedNames().length).toBe(before);
      expect(incoming()).toEqual([]);
      // what still fits is taken; another user's files do not count
      expect((await send(text(400))).status).toBe(201);
      expect((await quota.post('/api/files/').set(clientB.auth).attach('file', text(900), 'notes.txt')).status).toBe(201);
    });

    it('writes an upload to DATA_DIR/uploads/.incoming while it arrives, and removes it when the sender gives up', async () => {
      const server = createServer(ctx.app);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const boundary = 'xxBOUNDARYxx';
        const req = httpRequest({
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/files/',
          headers: {
            ...clientA.auth,
            'Content-Type': `multipart/form-data; boundary=${boundary}`,
            'Content-Length': String(5 * 1024 * 1024),
          },
        });
        req.on('error', () => undefined);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\n`);
        req.write(Buffer.alloc(512 * 1024, 'a'));
        await expect.poll(() => incoming().length, { timeout: 10_000 }).toBe(1);
        const partial = path.join(dataDir, 'uploads', '.incoming', incoming()[0]!);
        await expect.poll(() => statSync(partial).size, { timeout: 10_000 }).toBeGreaterThan(0);
        req.destroy();
        await expect.poll(() => incoming(), { timeout: 10_000 }).toEqual([]);
      } finally {
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('removes uploads a stopped process left behind (at start-up), but not one arriving now', async () => {
      const dir = path.join(dataDir, 'uploads', '.incoming');
      writeFileSync(path.join(dir, 'left-behind'), 'partial');
      utimesSync(path.join(dir, 'left-behind'), new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
      writeFileSync(path.join(dir, 'arriving'), 'partial');
      expect(await removeStaleIncoming(ctx.deps.config, 3600_000)).toBe(1);
      expect(incoming()).toEqual(['arriving']);
      rmSync(path.join(dir, 'arriving'));
    });

    it('leaves nothing in the incoming folder when an upload is refused, whatever refuses it', async () => {
      const refusals = [
        await upload(clientA, EXE, 'photo.png'),
        await upload(clientA, Buffer.from([0xff, 0xfe]), 'notes.txt'),
        await upload(clientA, PNG, 'photo.png', { file_type: 'pdf' }),
        await upload(clientA, PNG, 'photo.png', { file_type: 'exe' }),
        await upload(admin, PNG, 'logo.png', { client: '999999' }),
        await upload(clientA, Buffer.alloc(11 * 1024 * 1024, 0x61), 'big.txt'),
      ];
      expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 413]);
      // removed once each answer is sent
      await expect.poll(() => incoming(), { timeout: 5000 }).toEqual([]);
    });
  });

  describe('file names', () => {
    it('are stored without bidi overrides, isolates, marks and other control characters', async () => {
      const res = await upload(clientA, Buffer.from('hello\n'), 'invoice\u202Etxt.exe\u202C.txt', {
        name: '\u2066Report\u2069 \u200Efinal\u200F\u061C\u0085\u2028.txt',
      });
      expect(res.status).toBe(201);
      expect(res.body.name).toBe('Report final.txt');
      const plain = await upload(clientA, Buffer.from('hello\n'), 'r\u202Dé\u202Asumé\u202B\u2067\u2068.txt');
      expect(plain.body.name).toBe('résumé.txt');
      const dl = await download(clientA, res.body.id);
      expect(dl.headers['content-disposition']).toContain('filename="Report final.txt"');
    });
  });

  describe('download', () => {
    it('serves the bytes as an attachment with the stored type, nosniff and an RFC 5987 name', async () => {
      const up = await upload(clientA, PNG, 'Été photo "1".png');
      expect(up.status).toBe(201);
      const res = await download(clientA, up.body.id);
      expect(res.status).toBe(200);
      expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="_t_ photo _1_.png"; filename*=UTF-8''%C3%89t%C3%A9%20photo%20%221%22.png`,
      );
      const byAdmin = await download(admin, up.body.id);
      expect(byAdmin.status).toBe(200);
    });

    it("another client cannot download A's file (404); unknown ids 404; bad ids 400", async () => {
      const up = await upload(clientA, PDF, 'private.pdf');
      const res = await ctx.request().get(`/api/files/${up.body.id}/download/`).set(clientB.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'File not found.', code: 'not_found' });
      expect((await ctx.request().get('/api/files/999999/download/').set(admin.auth)).status).toBe(404);
      expect((await ctx.request().get('/api/files/abc/download/').set(admin.auth)).status).toBe(400);
      expect((await ctx.request().get(`/api/files/${up.body.id}/download/`)).status).toBe(401);
    });
  });

  describe('attachments on messages', () => {
    it('round trip: a client attaches its file; the admin sees and downloads it; another client cannot', async () => {
      const up = await upload(clientA, PDF, 'brief.pdf');
      const sent = await ctx.request().post('/api/messages/send-to-admin/').set(clientA.auth).send({ content: '', attachment: up.body.id });
      expect(sent.status).toBe(201);
      expect(sent.body.attachment).toEqual({
        id: up.body.id,
        name: 'brief.pdf',
        size: PDF.length,
        content_type: 'application/pdf',
        url: `/api/files/${up.body.id}/download/`,
      });
      const thread = await ctx.request().get(`/api/messages/conversation/${clientA.user.id}/`).set(admin.auth);
      const msg = thread.body.results.find((m: { id: number }) => m.id === sent.body.id);
      expect(msg.attachment.id).toBe(up.body.id);
      const conv = await ctx.request().get('/api/messages/admin-conversations/').set(admin.auth);
      const entry = conv.body.conversations.find((c: { clientId: number }) => c.clientId === clientA.user.client_id);
      expect(entry.lastMessage.content).toContain('brief.pdf');
      expect((await download(admin, up.body.id)).status).toBe(200);
      expect((await ctx.request().get(`/api/files/${up.body.id}/download/`).set(clientB.auth)).status).toBe(404);
    });

    it("an admin's unfiled attachment becomes downloadable by that client only", async () => {
      const up = await upload(admin, PNG, 'proof.png');
      expect((await ctx.request().get(`/api/files/${up.body.id}/download/`).set(clientA.auth)).status).toBe(404);
      const sent = await ctx
        .request()
        .post('/api/messages/send-to-client/')
        .set(admin.auth)
        .send({ client_id: clientA.user.client_id, content: 'See the proof', attachment: up.body.id });
      expect(sent.status).toBe(201);
      expect((await download(clientA, up.body.id)).status).toBe(200);
      expect((await ctx.request().get(`/api/files/${up.body.id}/download/`).set(clientB.auth)).status).toBe(404);
    });

    it("refuses attaching another client's file (both as a client and as an admin into the wrong thread)", async () => {
      const ofA = await upload(clientA, PNG, 'a.png');
      const byB = await ctx.request().post('/api/messages/send-to-admin/').set(clientB.auth).send({ content: 'hi', attachment: ofA.body.id });
      expect(byB.status).toBe(400);
      expect(byB.body.errors.attachment).toContain('Attachment not found.');
      const wrongThread = await ctx
        .request()
        .post('/api/messages/send-to-client/')
        .set(admin.auth)
        .send({ client_id: clientB.user.client_id, content: 'hi', attachment: ofA.body.id });
      expect(wrongThread.status).toBe(400);
      const unknown = await ctx.request().post('/api/messages/send-to-admin/').set(clientA.auth).send({ attachment: 999999 });
      expect(unknown.status).toBe(400);
      // B's messages list never shows A's file.
      const listB = await ctx.request().get('/api/messages/').set(clientB.auth);
      expect(listB.body.results.some((m: { attachment: { id: number } | null }) => m.attachment?.id === ofA.body.id)).toBe(false);
    });
  });

  if (driver === 's3') describe('the S3 bucket behind the API', () => {
    it('is never shown to the browser: the download is streamed through the authorised route', async () => {
      const up = await upload(clientA, PDF, 'contract.pdf');
      expect(JSON.stringify(up.body)).not.toContain(s3!.url);
      s3!.requests.length = 0;
      const res = await download(clientA, up.body.id);
      expect(res.status).toBe(200);
      expect(Buffer.compare(res.body as Buffer, PDF)).toBe(0);
      expect(res.headers['content-length']).toBe(String(PDF.length));
      expect(s3!.requests.map((r) => `${r.method} ${r.status}`)).toEqual(['GET 200']);
      // a refused download never reaches the bucket
      expect((await ctx.request().get(`/api/files/${up.body.id}/download/`).set(clientB.auth)).status).toBe(404);
      expect(s3!.requests).toHaveLength(1);
    });

    it('answers 503 (retry later) while the bucket fails, keeps nothing of the upload, and works again after', async () => {
      const kept = await upload(clientA, PNG, 'kept.png');
      const count = storedNames().length;
      s3!.failNext(3);
      const refused = await upload(clientA, PNG, 'photo.png');
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ detail: 'File storage is unavailable right now. Please try again in a moment.', code: 'service_unavailable' });
      expect(refused.headers['retry-after']).toBe('30');
      expect(storedNames()).toHaveLength(count);
      await expect.poll(() => readdirSync(path.join(dataDir, 'uploads', '.incoming')), { timeout: 5000 }).toEqual([]);

      s3!.failNext(3);
      const dl = await ctx.request().get(`/api/files/${kept.body.id}/download/`).set(clientA.auth);
      expect(dl.status).toBe(503);
      expect(dl.body.code).toBe('service_unavailable');

      expect((await upload(clientA, PNG, 'photo.png')).status).toBe(201);
      expect((await download(clientA, kept.body.id)).status).toBe(200);
    });

    it('answers 404 for a file whose object is gone from the bucket', async () => {
      const up = await upload(clientA, PNG, 'gone.png');
      expect(up.status).toBe(201);
      s3!.objects.clear();
      const res = await ctx.request().get(`/api/files/${up.body.id}/download/`).set(clientA.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ detail: 'File not found.', code: 'not_found' });
    });
  });
});
