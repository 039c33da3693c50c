/**
 * The fuzzer's world: the authorization matrix's world (an admin, client A and client B with their rows) plus,
 * for each tenant, strings only that tenant's people may ever read (its e-mail, a surname, invoice numbers,
 * message texts, a file name). They sit on rows no route can hand to another tenant (messages, invoices and
 * files keep their client; a user's name and e-mail are the user's), so finding one of B's in an answer to A
 * is a leak, whatever the fuzzer changed before.
 */
import { randomBytes } from 'node:crypto';
import type supertest from 'supertest';
import type { TestContext } from '../support/test-app';
import { seedWorld, type ClientPersona, type World } from '../support/authz/world';

export interface FuzzWorld {
  world: World;
  /** What only client A's people (and the agency) may read; the same for B. */
  markers: { a: string[]; b: string[] };
  /** Ids of rows of both tenants and of the agency, mixed into integer fields of generated bodies. */
  ids: number[];
}

function ok(res: supertest.Response, what: string): Record<string, unknown> {
  if (res.status >= 300) throw new Error(`seeding the fuzz world (${what}): ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as Record<string, unknown>;
}

async function markTenant(ctx: TestContext, world: World, t: ClientPersona, letter: 'A' | 'B', tag: string): Promise<string[]> {
  const admin = world.admin.session.auth;
  const own = t.session.auth;
  const clientId = t.tenant.clientId;
  const surname = `Zephyrine${letter}${tag}`;
  const noteToAgency = `Private note of tenant ${letter} ${tag}`;
  const noteFromAgency = `Agency reply for tenant ${letter} ${tag}`;
  const fileName = `contract-${letter}-${tag}.txt`;
  const invoiceNumber = `SECRET-${letter}-${tag}`;
  const invoiceText = `Retainer of tenant ${letter} ${tag}`;
  const req = () => ctx.request();
  ok(await req().patch('/api/auth/me/').set(own).send({ last_name: surname }), 'surname');
  ok(await req().post('/api/messages/send-to-admin/').set(own).send({ content: noteToAgency }), 'note to the agency');
  ok(await req().post('/api/messages/send-to-client/').set(admin).send({ client_id: clientId, content: noteFromAgency }), 'note from the agency');
  ok(await req().post('/api/files/').set(own).attach('file', Buffer.from(`${noteToAgency}\n`), fileName), 'file');
  const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  ok(
    await req()
      .post('/api/invoices/')
      .set(admin)
      .send({ client: clientId, amount: 321, due_date: due, description: invoiceText, invoice_number: invoiceNumber }),
    'invoice',
  );
  const invoices = ok(await req().get('/api/invoices/').query({ client: clientId, page_size: 200 }).set(admin), 'invoices');
  const numbers = ((invoices.results as { invoice_number: string }[] | undefined) ?? []).map((i) => i.invoice_number);
  const client = ok(await req().get(`/api/clients/${clientId}/`).set(admin), 'client record');
  const emails = [t.session.user.email, client.email].filter((e): e is string => typeof e === 'string' && e.length > 0);
  return [...new Set([surname, noteToAgency, noteFromAgency, fileName, invoiceNumber, invoiceText, ...numbers, ...emails])];
}

export async function seedFuzzWorld(ctx: TestContext): Promise<FuzzWorld> {
  const world = await seedWorld(ctx);
  const tag = randomBytes(4).toString('hex');
  const a = await markTenant(ctx, world, world.a, 'A', tag);
  const b = await markTenant(ctx, world, world.b, 'B', tag);
  const shared = a.filter((m) => b.includes(m));
  if (shared.length > 0) throw new Error(`the tenants' markers overlap: ${shared.join(', ')}`);
  const numeric = (o: object) => Object.values(o).filter((v): v is number => typeof v === 'number');
  const ids = [
    ...new Set([
      ...numeric(world.a.tenant),
      ...numeric(world.b.tenant),
      ...numeric(world.agency),
      ...numeric(world.a.own),
      ...numeric(world.b.own),
      ...numeric(world.admin.own),
      world.admin.session.user.id,
    ]),
  ];
  return { world, markers: { a, b }, ids };
}
