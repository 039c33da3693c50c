/**
 * Plain query-key prefixes a change invalidates across sections (every feature's keys start with its
 * resource name, so these reach them without importing the features).
 */
export const AFFECTED_BY_TASKS = [['tasks'], ['dashboard']] as const;

/** An invoice created or paid moves invoices, dashboard numbers, clients' payment status and billing. */
export const AFFECTED_BY_INVOICES = [['invoices'], ['dashboard'], ['clients'], ['billing']] as const;

/** Prefixes refreshed after a message is sent or read: threads, conversations, unread counts in notifications. */
export const AFFECTED_BY_MESSAGES = [['messages'], ['notifications']] as const;

/**
 * A sync landed or an account was connected or disconnected: accounts, real-time metrics, analytics, performance
 * and the client dashboard's numbers.
 */
export const AFFECTED_BY_METRICS = [['social-accounts'], ['metrics'], ['analytics'], ['performance'], ['dashboard']] as const;

/** Content changed status: content lists and stats, dashboards (pending approvals) and performance (posts). */
export const AFFECTED_BY_CONTENT = [['content'], ['dashboard'], ['analytics']] as const;

/** An order was paid or its delivery moved: order lists (client and admin), invoices and billing. */
export const AFFECTED_BY_ORDERS = [['orders'], ['invoices'], ['billing'], ['dashboard']] as const;

/**
 * An intake form was asked for, sent or skipped: intake forms (['intake']), and the orders whose delivery waits on
 * them with what orders move.
 */
export const AFFECTED_BY_INTAKE = [['intake'], ...AFFECTED_BY_ORDERS] as const;
