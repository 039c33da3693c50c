import type { WebSocket } from 'ws';
import type { Audience } from './protocol';

export interface Connection {
  ws: WebSocket;
  userId: number;
  /** The API token the socket was opened with. */
  tokenId: number;
  role: 'admin' | 'client';
  clientId: number | null;
  /** A manager's clients (fixed for the socket's life: a change of assignment reconnects it); null: every client. */
  reach: ReadonlySet<number> | null;
  /** Answered the last ping. */
  alive: boolean;
}

/** The sockets of this instance, by user (a user may have several tabs open). */
export class ConnectionRegistry {
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly admins = new Set<number>();
  /** client id → the users (logins) of that client with a socket here. */
  private readonly byClient = new Map<number, Set<number>>();

  /** Adds a socket; true when it is the user's first one here. */
  add(conn: Connection): boolean {
    let set = this.byUser.get(conn.userId);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byUser.set(conn.userId, set);
    }
    set.add(conn);
    if (conn.role === 'admin') this.admins.add(conn.userId);
    if (conn.clientId !== null) {
      const logins = this.byClient.get(conn.clientId) ?? new Set<number>();
      logins.add(conn.userId);
      this.byClient.set(conn.clientId, logins);
    }
    return first;
  }

  /** Removes a socket; true when it was the user's last one here. */
  remove(conn: Connection): boolean {
    const set = this.byUser.get(conn.userId);
    if (!set || !set.delete(conn)) return false;
    if (set.size > 0) return false;
    this.byUser.delete(conn.userId);
    this.admins.delete(conn.userId);
    if (conn.clientId !== null) {
      const logins = this.byClient.get(conn.clientId);
      logins?.delete(conn.userId);
      if (logins?.size === 0) this.byClient.delete(conn.clientId);
    }
    return true;
  }

  has(userId: number): boolean {
    return this.byUser.has(userId);
  }

  userIds(): number[] {
    return [...this.byUser.keys()];
  }

  all(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** The sockets an audience designates, each once. */
  resolve(audience: Audience): Connection[] {
    if (audience.everyone) return this.all();
    const users = new Set<number>(audience.userIds ?? []);
    for (const clientId of audience.clientIds ?? []) for (const id of this.byClient.get(clientId) ?? []) users.add(id);
    if (audience.admins) for (const id of this.admins) users.add(id);
    const staffOf = audience.staffOf;
    const reaches = (conn: Connection) => staffOf === undefined || conn.reach === null || conn.reach.has(staffOf);
    if (staffOf !== undefined) {
      for (const id of this.admins) if ([...(this.byUser.get(id) ?? [])].some(reaches)) users.add(id);
    }
    const out: Connection[] = [];
    for (const id of users) {
      const set = this.byUser.get(id);
      if (set) out.push(...set);
    }
    return out;
  }
}
