import type { TRole } from '@agency/contract';

/** The signed-in caller, as the guards and services see it. */
export interface AuthUser {
  id: number;
  role: TRole;
  email: string;
  /** The client record of a client user (null for admins or a client without a record). */
  clientId: number | null;
  tokenId: number;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      user?: AuthUser;
    }
  }
}
