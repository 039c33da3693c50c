import { initClient } from '@ts-rest/core';
import { contract, type TClient } from '@agency/contract';

/**
 * Signs in with an admin's e-mail and password, then lists every active client, page by page, with the token.
 * `baseUrl` is where the portal runs, e.g. https://portal.example.com (the contract's paths start with /api).
 */
export async function listActiveClients(baseUrl: string, email: string, password: string): Promise<TClient[]> {
  // validateResponse: each answer is checked against the contract's schema for its status.
  const anonymous = initClient(contract, { baseUrl, validateResponse: true });
  const login = await anonymous.auth.login({ body: { email, password } });
  if (login.status !== 200) throw new Error(`Sign-in failed: ${login.body.detail}`);
  // An account with two-factor authentication signs in in two steps; a script uses an API key instead.
  if ('second_factor_required' in login.body) throw new Error('This account asks for a second factor: use an API key for scripts.');

  const api = initClient(contract, {
    baseUrl,
    baseHeaders: { Authorization: `Token ${login.body.token}` },
    validateResponse: true,
  });
  const clients: TClient[] = [];
  for (let page = 1; ; page += 1) {
    const res = await api.clients.listClients({ query: { status: 'active', ordering: 'name', page } });
    if (res.status !== 200) throw new Error(`Listing clients failed: ${res.body.detail}`);
    clients.push(...res.body.results);
    if (res.body.next === null) return clients;
  }
}
