import net from 'node:net';

export interface Received {
  from: string;
  to: string[];
  data: string;
}

/**
 * A tiny SMTP server (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT) standing in for a real mail server.
 * `rejectRecipients` refuses every recipient for good (550); `deferFirst` refuses the first n recipients for now (451).
 */
export async function startSmtpServer(opts: { rejectRecipients?: boolean; deferFirst?: number } = {}) {
  let deferred = 0;
  const messages: Received[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let current: Received = { from: '', to: [], data: '' };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp.test ESMTP ready');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          current.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          messages.push(current);
          current = { from: '', to: [], data: '' };
          reply('250 2.0.0 Ok: queued');
          continue;
        }
        const nl = buffer.indexOf('\r\n');
        if (nl === -1) return;
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') reply('250-smtp.test\r\n250 8BITMIME');
        else if (verb === 'HELO') reply('250 smtp.test');
        else if (verb === 'MAIL') {
          current.from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          reply('250 2.1.0 Ok');
        } else if (verb === 'RCPT') {
          if (opts.rejectRecipients) reply('550 5.1.1 Recipient address rejected');
          else if (deferred < (opts.deferFirst ?? 0)) {
            deferred += 1;
            reply('451 4.3.0 Try again later');
          } else {
            current.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
            reply('250 2.1.5 Ok');
          }
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          reply('250 Ok');
        } else if (verb === 'NOOP') reply('250 Ok');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 5.5.2 Command not recognized');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

