import { z } from 'zod';
import { ZPaginationQuery, ordering, paginated } from '../common/common.schemas';
import { PRESENCE_STATUSES, ROLES } from '../constants';
import { ZAttachmentSchema, filesOpenApiSchemas } from '../files/files.schemas';
import { ZSearchQuery, ZTimestamp, requiredId } from '../shared/shared.schemas';
import { examplePage, withExample, type TOpenApiSchemas } from '../openapi/example';

export const MESSAGE_EMPTY = 'Message cannot be empty';

export const ZMessageSchema = z.object({
  id: z.number().int(),
  sender: z.number().int().describe('User id of the sender'),
  receiver: z.number().int().nullable().describe('User id of the receiver; null when sent to the agency team as a whole'),
  sender_name: z.string(),
  sender_role: z.enum(ROLES),
  client: z.number().int().nullable().describe('The client whose thread this message belongs to'),
  content: z.string(),
  timestamp: ZTimestamp,
  read: z.boolean(),
  priority: z.boolean().describe('Marked urgent by the sender'),
  attachment: ZAttachmentSchema.nullable(),
});
export type TMessage = z.infer<typeof ZMessageSchema>;

const content = z.string().trim().max(5000, 'At most 5000 characters').default('');
const attachment = z.coerce.number().int().positive().nullable().optional().describe('Id of a file uploaded through POST /files/');
const needsTextOrFile = (v: { content: string; attachment?: number | null | undefined }) =>
  v.content.length > 0 || v.attachment != null;
const emptyIssue = { message: MESSAGE_EMPTY, path: ['content'] };

/** A message needs non-empty trimmed text or an attached file. */
export const ZSendMessageSchema = z
  .object({
    receiver: requiredId('Choose a recipient'),
    content,
    attachment,
    priority: z.boolean().optional().default(false),
  })
  .refine(needsTextOrFile, emptyIssue);
export type TSendMessage = z.input<typeof ZSendMessageSchema>;

export const ZSendToAdminSchema = z
  .object({ content, attachment, priority: z.boolean().optional().default(false) })
  .refine(needsTextOrFile, emptyIssue);
export type TSendToAdmin = z.input<typeof ZSendToAdminSchema>;

export const ZSendToClientSchema = z
  .object({ client_id: requiredId('Please select a client'), content, attachment, priority: z.boolean().optional().default(false) })
  .refine(needsTextOrFile, emptyIssue);
export type TSendToClient = z.input<typeof ZSendToClientSchema>;

export const ZMessageListQuery = ZPaginationQuery.extend({
  search: ZSearchQuery.describe('Matches message text and sender name'),
  client: z.coerce.number().int().positive().optional().describe("Admins: one client's thread; ignored for clients"),
  ordering: ordering(['timestamp'], '-timestamp'),
});
export type TMessageListQuery = z.input<typeof ZMessageListQuery>;

export const ZConversationMessagesQuery = ZPaginationQuery.extend({
  ordering: ordering(['timestamp'], '-timestamp'),
});
export type TConversationMessagesQuery = z.input<typeof ZConversationMessagesQuery>;

/** A conversation entry (admin-and-foundations section 3; camelCase names as written there). */
export const ZConversationSchema = z.object({
  id: z.number().int().describe('Stable key of the conversation: the client id for client threads, else the other user id'),
  clientId: z.number().int().nullable(),
  userId: z.number().int().describe('User id of the other party; pass it to GET /messages/conversation/:id/'),
  name: z.string(),
  role: z.enum(ROLES),
  company: z.string(),
  email: z.string(),
  unreadCount: z.number().int(),
  avatar: z.string().nullable(),
  lastMessage: z.object({ timestamp: ZTimestamp, content: z.string() }).nullable(),
});
export type TConversation = z.infer<typeof ZConversationSchema>;

export const ZAdminConversationsQuery = z.object({
  search: ZSearchQuery.describe('Matches name, company and email'),
  filter: z.enum(['all', 'unread', 'read']).default('all'),
});
export type TAdminConversationsQuery = z.input<typeof ZAdminConversationsQuery>;

export const ZAdminConversationsSchema = z.object({ conversations: z.array(ZConversationSchema) });
export type TAdminConversations = z.infer<typeof ZAdminConversationsSchema>;

export const ZTeamMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: z.string().describe('Job title shown under the name, e.g. Account Manager'),
  status: z.enum(PRESENCE_STATUSES),
});
export type TTeamMember = z.infer<typeof ZTeamMemberSchema>;

export const ZTeamSchema = z.object({
  results: z.array(ZTeamMemberSchema),
  online: z.number().int().describe('How many members are online'),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

/** Named schemas of /api/openapi.json, with examples (see TOpenApiSchemas). */
export function messagesOpenApiSchemas() {
  const { Attachment: attachment } = filesOpenApiSchemas();
  const message = withExample(ZMessageSchema, {
    id: 903,
    sender: 7,
    receiver: null,
    sender_name: 'Maya Lopez',
    sender_role: 'client',
    client: 12,
    content: 'Here is the moodboard for the spring posts.',
    timestamp: '2025-03-02T16:20:00.000Z',
    read: false,
    priority: false,
    attachment: attachment.example,
  });
  const conversation = withExample(ZConversationSchema, {
    id: 12,
    clientId: 12,
    userId: 7,
    name: 'Maya Lopez',
    role: 'client',
    company: 'Northwind Coffee',
    email: 'maya.lopez@northwind.example',
    unreadCount: 2,
    avatar: null,
    lastMessage: { timestamp: '2025-03-02T16:20:00.000Z', content: 'Here is the moodboard for the spring posts.' },
  });
  const teamMember = withExample(ZTeamMemberSchema, { id: 2, name: 'Alex Morgan', role: 'Account Manager', status: 'online' });
  return {
    Message: message,
    PaginatedMessages: withExample(paginated(ZMessageSchema), examplePage([message.example], 1, '/api/messages/')),
    SendMessage: withExample(ZSendMessageSchema, { receiver: 7, content: 'The calendar is ready for your review.', priority: false }),
    SendToAdmin: withExample(ZSendToAdminSchema, { content: 'Here is the moodboard for the spring posts.', attachment: 45 }),
    SendToClient: withExample(ZSendToClientSchema, { client_id: 12, content: 'Your March invoice is ready.', priority: true }),
    Conversation: conversation,
    AdminConversations: withExample(ZAdminConversationsSchema, { conversations: [conversation.example] }),
    TeamMember: teamMember,
    Team: withExample(ZTeamSchema, {
      results: [teamMember.example, { id: 3, name: 'Jordan Lee', role: 'Content Strategist', status: 'away' }],
      online: 1,
    }),
  } satisfies TOpenApiSchemas;
}
