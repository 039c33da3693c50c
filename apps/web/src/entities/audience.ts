/** Who reads a domain component both roles use: the agency's staff, or a client about its own account. */
export type TAudience = 'agency' | 'client';
