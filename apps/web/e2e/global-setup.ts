import { appendFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { startSmtpServer } from '../../api/test/support/smtp';
import { E2E_SMTP_PORT, mailLogOf } from './env';

/**
 * The run's SMTP stand-in: the API's test SMTP server (apps/api/test/support/smtp.ts), reached on the fixed
 * E2E_SMTP_PORT that playwright.config.ts gives the app server as SMTP_URL. Each message it receives is appended to
 * mailLogOf(E2E_DATA_DIR) as one JSON line, where specs read it (e2e/mail.ts). Returns the teardown that stops it.
 */
export default async function globalSetup() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is set by playwright.config.ts');
  const file = mailLogOf(dataDir);
  await mkdir(path.dirname(file), { recursive: true });

  const smtp = await startSmtpServer();
  // The stand-in listens on a free port of its own; a relay on the fixed port passes each connection through.
  const target = new URL(smtp.url);
  const sockets = new Set<net.Socket>();
  const relay = net.createServer((socket) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    }
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve, reject) => {
    relay.once('error', reject);
    relay.listen(E2E_SMTP_PORT, '127.0.0.1', () => resolve());
  });

  let written = 0;
  const flush = () => {
    for (; written < smtp.messages.length; written++) {
      const m = smtp.messages[written]!;
      appendFileSync(file, `${JSON.stringify({ ...m, received_at: new Date().toISOString() })}\n`);
    }
  };
  const timer = setInterval(flush, 100);

  return async () => {
    clearInterval(timer);
    flush();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => relay.close(() => resolve()));
    await smtp.close();
  };
}
