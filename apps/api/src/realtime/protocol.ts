/** Who receives a pushed event; resolved on every instance against the sockets it holds. */
export interface Audience {
  /** These users' sockets. */
  userIds?: number[];
  /** The sockets of these clients' logins (the client a socket belongs to is fixed when it connects). */
  clientIds?: number[];
  /** Every admin's sockets (agency staff). */
  admins?: boolean;
  /** The staff who reach this client: owners, read-only staff and the client's own manager (not other managers). */
  staffOf?: number;
  /** Every socket (only for staff presence, which every client sees). */
  everyone?: boolean;
}
