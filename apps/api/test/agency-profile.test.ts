import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvoiceViaApi, signUp, type Session } from './support/factories';
import { binaryBody, pdfText } from './support/pdf-text';
import { createTestContext, type TestContext } from './support/test-app';

/** Settings → Agency over HTTP: what it answers to bad input, and what a saved profile changes. */

let ctx: TestContext;
let owner: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await signUp(ctx, { role: 'admin', name: 'Olive Owner', company: 'Orbit Growth Co' });
});
afterAll(async () => {
  await ctx.close();
});

describe('PUT /api/agency/', () => {
  it('refuses bad input field by field, with the form’s words, and changes nothing', async () => {
    const res = await ctx
      .request()
      .put('/api/agency/')
      .set(owner.auth)
      .send({ name: '  ', email: 'not-an-address', website: 'northstar.example', invoice_prefix: 'NS 2' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toMatchObject({
      name: ['Enter the agency’s name'],
      email: ['Enter a valid email address'],
      website: ['Start the address with https://'],
      invoice_prefix: ['Use 1–12 letters, digits or hyphens, starting with a letter or digit'],
    });
    expect((await ctx.request().put('/api/agency/').set(owner.auth).send('not json').type('json')).status).toBe(400);
    expect((await ctx.request().get('/api/agency/')).body).toMatchObject({ name: 'Orbit Growth Co', invoice_prefix: 'INV-' });
  });

  it('saves trimmed values, empty optional fields as null, and everyone reads them', async () => {
    const res = await ctx
      .request()
      .put('/api/agency/')
      .set(owner.auth)
      .send({ name: ' Northstar Social ', email: '', phone: ' +1 415 555 0142 ', address: '', website: 'https://northstar.example', invoice_prefix: 'NS-' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'Northstar Social',
      email: null,
      phone: '+1 415 555 0142',
      address: null,
      website: 'https://northstar.example',
      invoice_prefix: 'NS-',
    });
    expect((await ctx.request().get('/api/agency/')).body).toEqual(res.body);
  });

  it('puts the agency’s name, address and contact at the head of its invoices', async () => {
    await ctx
      .request()
      .put('/api/agency/')
      .set(owner.auth)
      .send({
        name: 'Orbit Growth Co',
        email: 'billing@orbit.example',
        phone: '+44 20 7946 0000',
        address: '12 Market Street\nLondon EC1A 1AA',
        website: 'https://orbit.example',
        invoice_prefix: 'OG-',
      })
      .expect(200);
    const client = await signUp(ctx, { name: 'Pia Pays' });
    const invoice = await createInvoiceViaApi(ctx, owner, client.user.client_id!, { amount: 80 });
    const pdf = await ctx.request().get(`/api/invoices/${invoice.id}/pdf/`).set(client.auth).buffer(true).parse(binaryBody);
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.body as Buffer);
    expect(text).toContain('Orbit Growth Co');
    expect(text).toContain('12 Market Street, London EC1A 1AA');
    expect(text).toContain('billing@orbit.example · +44 20 7946 0000');
    expect(text).toContain('https://orbit.example');
    expect(invoice.invoice_number).toMatch(/^OG-\d{4}-\d{4}$/);
  });
});
