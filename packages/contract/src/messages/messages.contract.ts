import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { access, creates, errorResponses, paginated, ZIdParams } from '../common/common.schemas';
import {
  ZAdminConversationsQuery,
  ZAdminConversationsSchema,
  ZConversationMessagesQuery,
  ZConversationSchema,
  ZMessageListQuery,
  ZMessageSchema,
  ZSendMessageSchema,
  ZSendToAdminSchema,
  ZSendToClientSchema,
  ZTeamSchema,
} from './messages.schemas';

const c = initContract();

export const messagesContract = c.router({
  listMessages: {
    method: 'GET',
    path: '/messages/',
    summary: "Messages the caller may see (a client: its own thread with the team), newest first",
    query: ZMessageListQuery,
    responses: { 200: paginated(ZMessageSchema), ...errorResponses },
    metadata: access.user,
  },
  sendMessage: {
    method: 'POST',
    path: '/messages/',
    summary: 'Send a message to a user (clients may only write to staff); pushed live to the receiver',
    body: ZSendMessageSchema,
    responses: { 201: ZMessageSchema, ...errorResponses },
    metadata: creates(access.user),
  },
  sendToAdmin: {
    method: 'POST',
    path: '/messages/send-to-admin/',
    summary: "Send a message from the client to the agency team (its thread); returns the message",
    body: ZSendToAdminSchema,
    responses: { 201: ZMessageSchema, ...errorResponses },
    metadata: creates(access.client),
  },
  sendToClient: {
    method: 'POST',
    path: '/messages/send-to-client/',
    summary: "Send a message to a client's user (409 when the client has no linked account); returns the message",
    body: ZSendToClientSchema,
    responses: { 201: ZMessageSchema, ...errorResponses },
    metadata: creates(access.admin),
  },
  listAdminConversations: {
    method: 'GET',
    path: '/messages/admin-conversations/',
    summary: 'One conversation per client with a linked account, latest activity first',
    query: ZAdminConversationsQuery,
    responses: { 200: ZAdminConversationsSchema, ...errorResponses },
    metadata: access.admin,
  },
  listConversations: {
    method: 'GET',
    path: '/messages/conversations/',
    summary: 'Conversations of the caller, latest activity first (a client: its one thread with the team)',
    responses: { 200: z.array(ZConversationSchema), ...errorResponses },
    metadata: access.user,
  },
  getConversation: {
    method: 'GET',
    path: '/messages/conversation/:id/',
    summary: 'Messages exchanged with the given user id (for a client user: that client\'s whole thread)',
    pathParams: ZIdParams,
    query: ZConversationMessagesQuery,
    responses: { 200: paginated(ZMessageSchema), ...errorResponses },
    metadata: access.user,
  },
  getTeam: {
    method: 'GET',
    path: '/messages/team/',
    summary: "The agency's staff with live presence, and how many are online",
    responses: { 200: ZTeamSchema, ...errorResponses },
    metadata: access.client,
  },
  markMessageRead: {
    method: 'POST',
    path: '/messages/:id/mark_read/',
    summary: 'Mark a received message read (the sender sees the read tick); returns the message',
    pathParams: ZIdParams,
    body: c.noBody(),
    responses: { 200: ZMessageSchema, ...errorResponses },
    metadata: access.user,
  },
});
