import type { UserActor } from '../core/actor';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The signed-in caller, set by the route guard from the token. */
      actor?: UserActor;
    }
  }
}

export {};
