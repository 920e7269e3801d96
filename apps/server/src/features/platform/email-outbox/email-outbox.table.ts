import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subscribers } from '../subscribers/subscribers.table';
import { users } from '../users/users.table';

/** Raw bytes (PostgreSQL bytea): a Buffer in, a Buffer out on both drivers (PGlite hands back a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Every e-mail the product sends, written in the transaction of the change that causes it and sent afterwards by the
 * outbox worker. `status` moves queued → sending → sent, back to queued with a later `next_attempt_at` after a
 * passing failure, to failed after a permanent one or the last attempt, and to uncertain when the process stopped
 * while sending (the lease in `locked_until` ran out): such a message is never sent again without an administrator.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: serial('id').primaryKey(),
    subscriberId: integer('subscriber_id').notNull().references(() => subscribers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull(),
    to: text('to').array().notNull(),
    cc: text('cc').array().notNull().default(sql`'{}'::text[]`),
    /** Blind copies: in the SMTP envelope, never in the message's headers (the company's e-mail settings, BCC Outgoing To). */
    bcc: text('bcc').array().notNull().default(sql`'{}'::text[]`),
    /** Where replies go (the company's e-mail settings, Reply-To), frozen with the message when it was written. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text'),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** RFC 5322 Message-ID made at enqueue: every attempt carries the same one, so a receiver can tell a copy. */
    messageId: text('message_id').notNull(),
    /**
     * A secret the message carries (the token of a personal link), kept only while the message waits: once it is
     * sent, the secret is struck from both bodies and from here, so the database no longer holds it.
     */
    secret: text('secret'),
  },
  (t) => [
    check('email_outbox_status', sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'uncertain')`),
    check('email_outbox_has_recipient', sql`cardinality(${t.to}) >= 1`),
    check('email_outbox_attempts', sql`${t.attempts} >= 0`),
    check('email_outbox_sending_is_locked', sql`${t.status} <> 'sending' or ${t.lockedUntil} is not null`),
    uniqueIndex('email_outbox_message_id_unique').on(t.messageId),
    // The worker's pick: due queued messages in order; its recovery: sending messages whose lease ran out.
    index('email_outbox_due_idx').on(t.nextAttemptAt, t.id).where(sql`${t.status} = 'queued'`),
    index('email_outbox_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'sending'`),
    // The administrator's grid: a company's messages, newest first, or of one status.
    index('email_outbox_subscriber_created_idx').on(t.subscriberId, t.createdAt, t.id),
    index('email_outbox_subscriber_status_idx').on(t.subscriberId, t.status, t.createdAt),
  ],
);

/** Files sent with a message, copied in at enqueue so that deleting the original later does not break the message. */
export const emailOutboxAttachments = pgTable(
  'email_outbox_attachments',
  {
    id: serial('id').primaryKey(),
    outboxId: integer('outbox_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [uniqueIndex('email_outbox_attachments_order').on(t.outboxId, t.ordinal)],
);
