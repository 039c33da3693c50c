import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { clients } from './clients';
import { UPLOAD_FILE_TYPES, type Of } from './enums';
import { inList, tstz } from './helpers';
import { users } from './users';

/** Uploaded files; bytes live in storage under stored_name (random), never under the user's name. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    /** Uploader; kept null when that account is deleted so shared attachments survive. */
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** The client whose space the file belongs to (who besides admins may download it). */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    storedName: varchar('stored_name', { length: 128 }).notNull(),
    contentType: varchar('content_type', { length: 127 }).notNull(),
    fileType: varchar('file_type', { length: 8 }).$type<Of<typeof UPLOAD_FILE_TYPES>>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_stored_name_unique').on(t.storedName),
    index('files_owner_idx').on(t.ownerId),
    index('files_client_idx').on(t.clientId),
    check('files_file_type_check', inList(t.fileType, UPLOAD_FILE_TYPES)),
    check('files_size_check', sql`${t.sizeBytes} >= 0 and ${t.sizeBytes} <= 10485760`),
  ],
);

/** One conversation per client, between that client and the agency. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    /** Null once the sender's account is deleted (the history stays). */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    /** Null = "the agency" (any admin). */
    receiverId: integer('receiver_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    readAt: tstz('read_at'),
    priority: boolean('priority').notNull().default(false),
    attachmentFileId: integer('attachment_file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('messages_client_created_idx').on(t.clientId, t.createdAt),
    index('messages_sender_idx').on(t.senderId),
    index('messages_receiver_unread_idx').on(t.receiverId).where(sql`${t.readAt} is null`),
    index('messages_client_unread_idx').on(t.clientId, t.senderId).where(sql`${t.readAt} is null`),
    index('messages_created_at_idx').on(t.createdAt),
  ],
);
