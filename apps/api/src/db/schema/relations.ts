/** Relations for Drizzle's relational queries (`db.query.x.findMany({ with: ... })`). No SQL effect. */
import { relations } from 'drizzle-orm';
import { paymentCustomers, payments, subscriptions } from './billing';
import { clients } from './clients';
import { orderLines, orders, promoCodes } from './commerce';
import { contentItems } from './content';
import { invoices } from './invoices';
import { leads } from './leads';
import { files, messages } from './messaging';
import { notificationPreferences, notifications } from './notifications';
import { metricSnapshots, oauthStates, socialAccounts } from './social';
import { tasks } from './tasks';
import { authTokens, users } from './users';

export const usersRelations = relations(users, ({ one, many }) => ({
  client: one(clients, { fields: [users.id], references: [clients.userId] }),
  authTokens: many(authTokens),
  notifications: many(notifications),
  notificationPreferences: one(notificationPreferences, {
    fields: [users.id],
    references: [notificationPreferences.userId],
  }),
}));

export const authTokensRelations = relations(authTokens, ({ one }) => ({
  user: one(users, { fields: [authTokens.userId], references: [users.id] }),
}));

export const clientsRelations = relations(clients, ({ one, many }) => ({
  user: one(users, { fields: [clients.userId], references: [users.id] }),
  tasks: many(tasks),
  contentItems: many(contentItems),
  invoices: many(invoices),
  messages: many(messages),
  files: many(files),
  socialAccounts: many(socialAccounts),
  subscriptions: many(subscriptions),
  paymentCustomers: many(paymentCustomers),
  payments: many(payments),
  orders: many(orders),
}));

export const tasksRelations = relations(tasks, ({ one }) => ({
  client: one(clients, { fields: [tasks.clientId], references: [clients.id] }),
  assignedToUser: one(users, { fields: [tasks.assignedToUserId], references: [users.id], relationName: 'taskAssignee' }),
  creator: one(users, { fields: [tasks.createdBy], references: [users.id], relationName: 'taskCreator' }),
}));

export const contentItemsRelations = relations(contentItems, ({ one }) => ({
  client: one(clients, { fields: [contentItems.clientId], references: [clients.id] }),
  creator: one(users, { fields: [contentItems.createdBy], references: [users.id], relationName: 'contentCreator' }),
  approver: one(users, { fields: [contentItems.approvedBy], references: [users.id], relationName: 'contentApprover' }),
}));

export const invoicesRelations = relations(invoices, ({ one, many }) => ({
  client: one(clients, { fields: [invoices.clientId], references: [clients.id] }),
  payments: many(payments),
}));

export const filesRelations = relations(files, ({ one }) => ({
  owner: one(users, { fields: [files.ownerId], references: [users.id] }),
  client: one(clients, { fields: [files.clientId], references: [clients.id] }),
}));

export const messagesRelations = relations(messages, ({ one }) => ({
  client: one(clients, { fields: [messages.clientId], references: [clients.id] }),
  sender: one(users, { fields: [messages.senderId], references: [users.id], relationName: 'messageSender' }),
  receiver: one(users, { fields: [messages.receiverId], references: [users.id], relationName: 'messageReceiver' }),
  attachment: one(files, { fields: [messages.attachmentFileId], references: [files.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

export const notificationPreferencesRelations = relations(notificationPreferences, ({ one }) => ({
  user: one(users, { fields: [notificationPreferences.userId], references: [users.id] }),
}));

export const socialAccountsRelations = relations(socialAccounts, ({ one, many }) => ({
  client: one(clients, { fields: [socialAccounts.clientId], references: [clients.id] }),
  snapshots: many(metricSnapshots),
}));

export const metricSnapshotsRelations = relations(metricSnapshots, ({ one }) => ({
  socialAccount: one(socialAccounts, { fields: [metricSnapshots.socialAccountId], references: [socialAccounts.id] }),
}));

export const oauthStatesRelations = relations(oauthStates, ({ one }) => ({
  user: one(users, { fields: [oauthStates.userId], references: [users.id] }),
}));

export const subscriptionsRelations = relations(subscriptions, ({ one, many }) => ({
  client: one(clients, { fields: [subscriptions.clientId], references: [clients.id] }),
  payments: many(payments),
}));

export const paymentCustomersRelations = relations(paymentCustomers, ({ one }) => ({
  client: one(clients, { fields: [paymentCustomers.clientId], references: [clients.id] }),
}));

export const paymentsRelations = relations(payments, ({ one }) => ({
  client: one(clients, { fields: [payments.clientId], references: [clients.id] }),
  invoice: one(invoices, { fields: [payments.invoiceId], references: [invoices.id] }),
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  subscription: one(subscriptions, { fields: [payments.subscriptionId], references: [subscriptions.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  client: one(clients, { fields: [orders.clientId], references: [clients.id] }),
  promoCode: one(promoCodes, { fields: [orders.promoCodeId], references: [promoCodes.id] }),
  lines: many(orderLines),
  payments: many(payments),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(orders, { fields: [orderLines.orderId], references: [orders.id] }),
}));

export const promoCodesRelations = relations(promoCodes, ({ many }) => ({
  orders: many(orders),
}));

export const leadsRelations = relations(leads, ({ one }) => ({
  convertedClient: one(clients, { fields: [leads.convertedClientId], references: [clients.id] }),
}));
