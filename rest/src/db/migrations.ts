// Schema migrations: one list, run at start on SQLite and PostgreSQL alike (or by `npm run migrate`), each with its way
// back (`npm run migrate -- --down`). Append new migrations, never edit old ones.
import {
  type ColumnDefinitionBuilder,
  type Kysely,
  type Migration,
  type MigrationResultSet,
  Migrator,
  sql,
} from 'kysely';
import { type DatabaseKind, SQLITE_BUSY_TIMEOUT_MS, type ShopDatabase } from './database.js';
import { SearchIndex } from './search/search-index.js';
import { CatalogueCounts } from './catalogue-counts.js';

type Schema = Kysely<unknown>['schema'];

const COUNTING_TRIGGER_NAMES = [
  'products_count_insert',
  'products_count_delete',
  'orders_count_insert',
  'orders_count_delete',
  'orders_count_update',
];

// An order's status names its counter ('orders:PENDING'); a counter is created at its first order.
const SQLITE_COUNTING_TRIGGERS = [
  `create trigger products_count_insert after insert on products begin
     update row_counts set count = count + 1 where name = 'products';
   end`,
  `create trigger products_count_delete after delete on products begin
     update row_counts set count = count - 1 where name = 'products';
   end`,
  `create trigger orders_count_insert after insert on orders begin
     insert into row_counts (name, count) values ('orders:' || new.status, 1)
       on conflict (name) do update set count = count + 1;
   end`,
  `create trigger orders_count_delete after delete on orders begin
     update row_counts set count = count - 1 where name = 'orders:' || old.status;
   end`,
  `create trigger orders_count_update after update of status on orders when new.status <> old.status begin
     update row_counts set count = count - 1 where name = 'orders:' || old.status;
     insert into row_counts (name, count) values ('orders:' || new.status, 1)
       on conflict (name) do update set count = count + 1;
   end`,
];

// Statement-level with transition tables: a bulk insert updates each counter once, not once per row.
const POSTGRES_COUNTING_TRIGGERS = [
  `create function count_product_rows() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       update row_counts set count = count + (select count(*) from new_rows) where name = 'products';
     else
       update row_counts set count = count - (select count(*) from old_rows) where name = 'products';
     end if;
     return null;
   end $$`,
  `create trigger products_count_insert after insert on products referencing new table as new_rows
     for each statement execute function count_product_rows()`,
  `create trigger products_count_delete after delete on products referencing old table as old_rows
     for each statement execute function count_product_rows()`,
  `create function count_order_rows() returns trigger language plpgsql as $$
   begin
     if tg_op in ('UPDATE', 'DELETE') then
       update row_counts set count = row_counts.count - gone.count
         from (select 'orders:' || status as name, count(*) as count from old_rows group by status) as gone
         where row_counts.name = gone.name;
     end if;
     if tg_op in ('UPDATE', 'INSERT') then
       insert into row_counts (name, count)
         select 'orders:' || status, count(*) from new_rows group by status
         on conflict (name) do update set count = row_counts.count + excluded.count;
     end if;
     return null;
   end $$`,
  `create trigger orders_count_insert after insert on orders referencing new table as new_rows
     for each statement execute function count_order_rows()`,
  `create trigger orders_count_delete after delete on orders referencing old table as old_rows
     for each statement execute function count_order_rows()`,
  `create trigger orders_count_update after update on orders referencing old table as old_rows new table as new_rows
     for each statement execute function count_order_rows()`,
];

// The name index of SQLite follows the products table (an external-content FTS5 table stores no copy of the names).
const SQLITE_NAME_SEARCH_TRIGGERS = [
  `create trigger products_name_search_insert after insert on products begin
     insert into products_name_search (rowid, name_key) values (new.id, new.name_key);
   end`,
  `create trigger products_name_search_delete after delete on products begin
     insert into products_name_search (products_name_search, rowid, name_key) values ('delete', old.id, old.name_key);
   end`,
  `create trigger products_name_search_update after update of name_key on products begin
     insert into products_name_search (products_name_search, rowid, name_key) values ('delete', old.id, old.name_key);
     insert into products_name_search (rowid, name_key) values (new.id, new.name_key);
   end`,
];

/**
 * Migrations run in one transaction that holds SQLite's write lock (database.ts): a second instance starting on the
 * same file waits for it, then finds nothing left to do. It waits longer than a request would, as a big file's
 * new indexes take a while to build.
 */
async function waitingLongForSqliteLock<T, DB>(db: Kysely<DB>, run: () => Promise<T>): Promise<T> {
  await sql.raw(`pragma busy_timeout = ${SQLITE_MIGRATION_WAIT_MS}`).execute(db);
  try {
    return await run();
  } finally {
    await sql.raw(`pragma busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`).execute(db);
  }
}

/** Every migration, by name, for this kind of database (exported for the tests that migrate step by step). */
export function migrationsFor(kind: DatabaseKind): Record<string, Migration> {
  // The one place where the two databases differ: how a generated integer key is declared.
  const idColumn = (table: ReturnType<Schema['createTable']>) =>
    kind === 'sqlite'
      ? table.addColumn('id', 'integer', (column: ColumnDefinitionBuilder) => column.primaryKey().autoIncrement())
      : table.addColumn('id', 'integer', (column: ColumnDefinitionBuilder) =>
          column.primaryKey().generatedByDefaultAsIdentity(),
        );

  return {
    '0001_initial': {
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('users'))
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('username_key', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('roles', 'text', (c) => c.notNull().defaultTo('USER'))
          .addColumn('email', 'text')
          .addColumn('first_name', 'text')
          .addColumn('last_name', 'text')
          .addColumn('phone_number', 'text')
          .addColumn('address', 'text')
          .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('sms_notifications', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
          .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
          .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();

        await idColumn(db.schema.createTable('products'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_key', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'bigint', (c) => c.notNull().check(sql`price_cents >= 0`))
          .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 0`))
          .addColumn('image_url', 'text')
          .addColumn('image_urls', 'text', (c) => c.notNull().defaultTo('[]'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('cart_items')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
          .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
          .addColumn('added_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('cart_items_pk', ['user_id', 'product_id'])
          .execute();
        await db.schema.createIndex('cart_items_product_idx').on('cart_items').column('product_id').execute();

        await idColumn(db.schema.createTable('orders'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('order_date', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('shipping_address', 'text', (c) => c.notNull())
          .addColumn('total_cents', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('orders_user_idx').on('orders').columns(['user_id', 'id']).execute();

        await idColumn(db.schema.createTable('order_items'))
          .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
          .addColumn('product_id', 'integer', (c) => c.notNull())
          .addColumn('product_name', 'text', (c) => c.notNull())
          .addColumn('price_cents', 'bigint', (c) => c.notNull())
          .addColumn('quantity', 'integer', (c) => c.notNull())
          .addColumn('subtotal_cents', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('order_items_order_idx').on('order_items').column('order_id').execute();

        await idColumn(db.schema.createTable('chat_rooms'))
          .addColumn('pair_key', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_message_id', 'integer')
          .execute();

        await idColumn(db.schema.createTable('chat_participants'))
          .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
          .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('last_read_message_id', 'integer', (c) => c.notNull().defaultTo(0))
          .addUniqueConstraint('chat_participants_room_user_unique', ['room_id', 'user_id'])
          .execute();
        await db.schema.createIndex('chat_participants_user_idx').on('chat_participants').column('user_id').execute();

        await idColumn(db.schema.createTable('chat_messages'))
          .addColumn('room_id', 'integer', (c) => c.notNull().references('chat_rooms.id').onDelete('cascade'))
          .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('content', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('chat_messages_room_idx').on('chat_messages').columns(['room_id', 'id']).execute();
        await db.schema.createIndex('chat_messages_sender_idx').on('chat_messages').column('sender_id').execute();
      },
      // Back to an empty database: every table of the shop goes, with what it holds.
      async down(db: Kysely<unknown>) {
        for (const table of [
          'chat_messages',
          'chat_participants',
          'chat_rooms',
          'order_items',
          'orders',
          'cart_items',
          'products',
          'users',
        ]) {
          await db.schema.dropTable(table).execute();
        }
      },
    },
    '0002_seed_runs': {
      // Data loaded once per database (the demo catalogue): a row per load, so it happens once even when several
      // instances start together, and not again after an admin removed what it brought.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('seed_runs')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('ran_at', 'text', (c) => c.notNull())
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('seed_runs').execute();
      },
    },
    '0003_checkout_requests': {
      // Checkout's idempotency keys (DESIGN §5): the order each key of a user created, so a retried checkout whose
      // answer was lost answers that order instead of placing a second one. A key is taken inside the checkout's
      // own transaction (order_id is set before it commits); a concurrent retry waits on the key's row.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('checkout_requests')
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('idempotency_key', 'text', (c) => c.notNull())
          .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('checkout_requests_pk', ['user_id', 'idempotency_key'])
          .execute();
      },
      // A retried checkout after this is treated as a new one: only the keys go, never an order.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('checkout_requests').execute();
      },
    },
    '0004_scale': {
      // A screen's cost grows with what it shows, not with what the shop holds (issue "Scale with the data"):
      // - the desk's tabs read orders of one status newest first: (status, id);
      // - the listing's price and stock bounds are ranges: an index each, ending in id (the listing's order);
      // - counts that no request scans for: row_counts holds the catalogue's size and the orders per status,
      //   kept exact by triggers in the same transaction as the change, whichever code path makes it;
      // - "name contains": a trigram index (SQLite's FTS5 trigram tokenizer over name_key, PostgreSQL's pg_trgm),
      //   matching exactly what LIKE '%…%' on the lower-cased name_key matched before.
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'id']).execute();
        await db.schema.createIndex('products_price_idx').on('products').columns(['price_cents', 'id']).execute();
        await db.schema.createIndex('products_quantity_idx').on('products').columns(['quantity', 'id']).execute();

        await db.schema
          .createTable('row_counts')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('count', 'bigint', (c) => c.notNull())
          .execute();
        await sql`insert into row_counts (name, count) select 'products', count(*) from products`.execute(db);
        await sql`insert into row_counts (name, count) select 'orders:' || status, count(*) from orders group by status`.execute(
          db,
        );

        for (const statement of kind === 'sqlite' ? SQLITE_COUNTING_TRIGGERS : POSTGRES_COUNTING_TRIGGERS)
          await sql.raw(statement).execute(db);

        if (kind === 'sqlite') {
          await sql`create virtual table products_name_search using fts5(name_key, content = 'products', content_rowid = 'id', tokenize = 'trigram')`.execute(
            db,
          );
          for (const statement of SQLITE_NAME_SEARCH_TRIGGERS) await sql.raw(statement).execute(db);
          await sql`insert into products_name_search (products_name_search) values ('rebuild')`.execute(db);
        } else {
          // Trusted since PostgreSQL 13: the database's owner may create it. Part of Debian's postgresql package.
          await sql`create extension if not exists pg_trgm`.execute(db);
          await sql`create index products_name_trgm_idx on products using gin (name_key gin_trgm_ops)`.execute(db);
        }
      },
      async down(db: Kysely<unknown>) {
        if (kind === 'sqlite') {
          for (const name of [
            'products_name_search_insert',
            'products_name_search_delete',
            'products_name_search_update',
          ])
            await sql.raw(`drop trigger if exists ${name}`).execute(db);
          await sql`drop table if exists products_name_search`.execute(db);
          for (const name of COUNTING_TRIGGER_NAMES) await sql.raw(`drop trigger if exists ${name}`).execute(db);
        } else {
          // pg_trgm stays: the database may have had it before, or use it for more than the shop.
          await sql`drop index if exists products_name_trgm_idx`.execute(db);
          for (const name of COUNTING_TRIGGER_NAMES)
            await sql
              .raw(`drop trigger if exists ${name} on ${name.startsWith('products') ? 'products' : 'orders'}`)
              .execute(db);
          await sql`drop function if exists count_product_rows()`.execute(db);
          await sql`drop function if exists count_order_rows()`.execute(db);
        }
        await db.schema.dropTable('row_counts').execute();
        await db.schema.dropIndex('products_quantity_idx').execute();
        await db.schema.dropIndex('products_price_idx').execute();
        await db.schema.dropIndex('orders_status_idx').execute();
      },
    },
    '0005_chat_room_activity': {
      // The chat sidebar pages a user's rooms by latest activity (issue "Scale with the data"): each membership keeps
      // its room's activity (the latest message's time, or the room's creation before the first), so that one index,
      // (user, activity, room), serves "this user's rooms, most recently active first" a page at a time. Triggers
      // keep it in the same transaction as the change, whatever writes the rooms: a membership takes its room's
      // activity when it is made, and both memberships follow the room's last_message_id.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('chat_participants')
          .addColumn('last_activity_at', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        await sql`update chat_participants set last_activity_at = coalesce(
            (select m.created_at from chat_rooms r join chat_messages m on m.id = r.last_message_id where r.id = chat_participants.room_id),
            (select r.created_at from chat_rooms r where r.id = chat_participants.room_id))`.execute(db);
        const roomActivity = (roomId: string) => `coalesce(
            (select m.created_at from chat_rooms r join chat_messages m on m.id = r.last_message_id where r.id = ${roomId}),
            (select r.created_at from chat_rooms r where r.id = ${roomId}))`;
        const statements =
          kind === 'sqlite'
            ? [
                `create trigger chat_participants_activity_insert after insert on chat_participants begin
                   update chat_participants set last_activity_at = ${roomActivity('new.room_id')} where id = new.id;
                 end`,
                `create trigger chat_rooms_activity_update after update of last_message_id on chat_rooms
                   when new.last_message_id is not old.last_message_id begin
                   update chat_participants set last_activity_at = ${roomActivity('new.id')} where room_id = new.id;
                 end`,
              ]
            : [
                `create function chat_participant_activity() returns trigger language plpgsql as $$
                 begin
                   new.last_activity_at := coalesce(${roomActivity('new.room_id')}, new.last_activity_at);
                   return new;
                 end $$`,
                `create trigger chat_participants_activity_insert before insert on chat_participants
                   for each row execute function chat_participant_activity()`,
                `create function chat_room_activity() returns trigger language plpgsql as $$
                 begin
                   update chat_participants set last_activity_at = ${roomActivity('new.id')} where room_id = new.id;
                   return null;
                 end $$`,
                `create trigger chat_rooms_activity_update after update of last_message_id on chat_rooms
                   for each row when (new.last_message_id is distinct from old.last_message_id)
                   execute function chat_room_activity()`,
              ];
        for (const statement of statements) await sql.raw(statement).execute(db);
        await db.schema
          .createIndex('chat_participants_activity_idx')
          .on('chat_participants')
          .columns(['user_id', 'last_activity_at', 'room_id'])
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('chat_participants_activity_idx').execute();
        if (kind === 'sqlite') {
          await sql`drop trigger if exists chat_rooms_activity_update`.execute(db);
          await sql`drop trigger if exists chat_participants_activity_insert`.execute(db);
        } else {
          await sql`drop trigger if exists chat_rooms_activity_update on chat_rooms`.execute(db);
          await sql`drop trigger if exists chat_participants_activity_insert on chat_participants`.execute(db);
          await sql`drop function if exists chat_room_activity()`.execute(db);
          await sql`drop function if exists chat_participant_activity()`.execute(db);
        }
        await db.schema.alterTable('chat_participants').dropColumn('last_activity_at').execute();
      },
    },
    '0006_audit_events': {
      // Who did what (issue "Operate it"): every admin action, written in the transaction of the change itself. No
      // foreign keys: the record outlives the admin's account and the deleted product it tells of.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('audit_events'))
          .addColumn('occurred_at', 'text', (c) => c.notNull())
          .addColumn('actor_id', 'integer', (c) => c.notNull())
          .addColumn('actor_username', 'text', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('subject_type', 'text', (c) => c.notNull())
          .addColumn('subject_id', 'integer', (c) => c.notNull())
          .addColumn('changes', 'text', (c) => c.notNull())
          .execute();
        // An order's history, a product's: the events of one subject in order.
        await db.schema
          .createIndex('audit_events_subject_idx')
          .on('audit_events')
          .columns(['subject_type', 'subject_id', 'id'])
          .execute();
      },
      // Reverting forgets the record (the changes themselves stay): the previous release has nowhere to keep it.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('audit_events').execute();
      },
    },
    '0007_mail_outbox': {
      // E-mails (issue "Tell people what happened"): written in the transaction of the change they tell of, sent later.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('mail_outbox'))
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('recipient', 'text', (c) => c.notNull())
          .addColumn('subject', 'text', (c) => c.notNull())
          .addColumn('text_body', 'text', (c) => c.notNull())
          .addColumn('html_body', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', 'text', (c) => c.notNull())
          .addColumn('claimed_until', 'text')
          .addColumn('sent_at', 'text')
          .addColumn('failed_at', 'text')
          .addColumn('last_error', 'text')
          .execute();
        // The sender's question, every few seconds: which pending ones are due.
        await db.schema
          .createIndex('mail_outbox_due_idx')
          .on('mail_outbox')
          .columns(['sent_at', 'failed_at', 'next_attempt_at'])
          .execute();
      },
      // Reverting drops what was not sent yet: the previous release sends nothing.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('mail_outbox').execute();
      },
    },
    '0008_password_resets': {
      // A forgotten password (issue "Tell people what happened"): links sent by e-mail, kept only as their SHA-256,
      // each good once, for 30 minutes, and only while the account's password is the one it had when the link was made
      // (token_version): any password change ends every link before it. Accounts are found by e-mail in any case.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('password_resets'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('token_version', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('password_resets_user_idx')
          .on('password_resets')
          .columns(['user_id', 'created_at'])
          .execute();
        // The requests as they came, each kept until an instance has carried it out (every request writes one row, so
        // that answering one takes the same time whether or not an account matches).
        await idColumn(db.schema.createTable('password_reset_requests'))
          .addColumn('asked_for', 'text', (c) => c.notNull())
          .addColumn('requested_at', 'text', (c) => c.notNull())
          .addColumn('claimed_until', 'text')
          .execute();
        await sql`create index users_email_key_idx on users (lower(email))`.execute(db);
        // An e-mail worth sending only until then (a reset link's end): not sent later, and its body not kept after.
        await db.schema.alterTable('mail_outbox').addColumn('expires_at', 'text').execute();
      },
      // Reverting ends every reset link not used yet, and with them their e-mails: the ones still in the outbox go
      // (the previous release would keep their links once sent), and requests not carried out yet are forgotten.
      async down(db: Kysely<unknown>) {
        await sql`delete from mail_outbox where expires_at is not null`.execute(db);
        await db.schema.alterTable('mail_outbox').dropColumn('expires_at').execute();
        await db.schema.dropTable('password_reset_requests').execute();
        await db.schema.dropIndex('users_email_key_idx').execute();
        await db.schema.dropTable('password_resets').execute();
      },
    },
    '0009_email_verification': {
      // Proof that an address is its owner's (issue 30, item 4): a link sent to it, kept only as its SHA-256, good
      // once, for a day, and only while the account still has the address it was sent to. Until one is opened nothing
      // but that link is sent to the address. Every address stored before this release starts unverified: nothing
      // proves that its account's owner owns it (setting one needed no proof), and the shop's e-mails wait until it is
      // proven.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('users').addColumn('email_verified_at', 'text').execute();
        await idColumn(db.schema.createTable('email_verifications'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('email', 'text', (c) => c.notNull())
          .addColumn('token_hash', 'text', (c) => c.notNull().unique())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('expires_at', 'text', (c) => c.notNull())
          .addColumn('used_at', 'text')
          .execute();
        await db.schema
          .createIndex('email_verifications_user_idx')
          .on('email_verifications')
          .columns(['user_id', 'created_at'])
          .execute();
        // The limit per recipient: the e-mails of one kind written to one address (any case) in the last hour.
        await sql`create index mail_outbox_recipient_idx on mail_outbox (lower(recipient), kind, created_at)`.execute(
          db,
        );
      },
      // Reverting forgets which addresses were proven (the previous release sends to any), and the links with their
      // e-mails still in the outbox: it has no page to open them on.
      async down(db: Kysely<unknown>) {
        await sql`delete from mail_outbox where kind = 'email-verification'`.execute(db);
        await db.schema.dropIndex('mail_outbox_recipient_idx').execute();
        await db.schema.dropTable('email_verifications').execute();
        await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
      },
    },
    '0010_product_sku': {
      // A product's stock-keeping unit (issue 32): optional, unique among products in any case (the index on its
      // upper case decides, also between two saves at once), and kept on each order line as it was when bought, so
      // the order desk finds and packs by it after the product changed or went.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('products').addColumn('sku', 'text').execute();
        await sql`create unique index products_sku_key_idx on products (upper(sku))`.execute(db);
        await db.schema.alterTable('order_items').addColumn('sku', 'text').execute();
        await sql`create index order_items_sku_key_idx on order_items (upper(sku))`.execute(db);
      },
      // Reverting forgets every SKU: the previous release has nowhere to keep them.
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('order_items_sku_key_idx').execute();
        await db.schema.alterTable('order_items').dropColumn('sku').execute();
        await db.schema.dropIndex('products_sku_key_idx').execute();
        await db.schema.alterTable('products').dropColumn('sku').execute();
      },
    },
    '0011_product_sorts': {
      // The listing's orders (issue 34, extension product-sort) each read off an index, as the catalogue's is: by name
      // (then id), and in stock first (then id). By price, products_price_idx (price, id) serves both directions.
      async up(db: Kysely<unknown>) {
        await db.schema.createIndex('products_name_sort_idx').on('products').columns(['name_key', 'id']).execute();
        await sql`create index products_in_stock_idx on products ((quantity = 0), id)`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('products_in_stock_idx').execute();
        await db.schema.dropIndex('products_name_sort_idx').execute();
      },
    },
    '0012_product_search': {
      // Search over name, SKU and description (issue 34, extension product-search; search/search-index.ts):
      // - product_terms: each product's stems per field, and its words (to count them when it changes), indexed by
      //   the database's own full text search: an FTS5 table on SQLite (no stemming or folding of its own: the stems
      //   come made), a tsvector of the stems as they are (array_to_tsvector, no parser) under a GIN index on
      //   PostgreSQL;
      // - search_words: every word of the catalogue, its stem and how many products have it, to correct a typing
      //   mistake from; by trigrams (pg_trgm's GIN index on PostgreSQL, search_word_trigrams on SQLite).
      // Built here from the catalogue as it is; kept by the service from then on, in each change's transaction.
      async up(db: Kysely<unknown>) {
        if (kind === 'sqlite') {
          await sql`create virtual table product_terms using fts5(name, sku, description, words unindexed, tokenize = 'unicode61 remove_diacritics 0')`.execute(
            db,
          );
          await sql`create table search_words (word text primary key, stem text not null, products integer not null, trigrams integer not null)`.execute(
            db,
          );
          await sql`create table search_word_trigrams (trigram text not null, word text not null, primary key (trigram, word)) without rowid`.execute(
            db,
          );
        } else {
          await sql`create table product_terms (
            product_id integer primary key references products (id) on delete cascade,
            name text not null, sku text not null, description text not null, words text not null,
            document tsvector generated always as (
              array_to_tsvector(array_remove(string_to_array(name || ' ' || sku || ' ' || description, ' '), ''))
            ) stored)`.execute(db);
          await sql`create index product_terms_document_idx on product_terms using gin (document)`.execute(db);
          await sql`create table search_words (word text primary key, stem text not null, products integer not null)`.execute(
            db,
          );
          // pg_trgm is there since 0004_scale.
          await sql`create index search_words_trgm_idx on search_words using gin (word gin_trgm_ops)`.execute(db);
        }
        await sql`create index search_words_stem_idx on search_words (stem)`.execute(db);
        await new SearchIndex(db, kind).rebuild();
      },
      async down(db: Kysely<unknown>) {
        for (const table of ['search_word_trigrams', 'search_words', 'product_terms'])
          await sql`drop table if exists ${sql.table(table)}`.execute(db);
      },
    },
    '0013_categories': {
      // The catalogue's categories (issue 34, extension product-categories): a tree (a category under at most one
      // parent; a name once among its siblings, in any case), and each product in any number of them: kept twice, as
      // the product's own list (category_ids, JSON text read with its row, as image_urls) and in product_categories
      // (to find a category's products off an index). A category with products or subcategories cannot be deleted
      // (restrict); a product deleted leaves its categories (cascade).
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('products')
          .addColumn('category_ids', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
        await idColumn(db.schema.createTable('categories'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('name_key', 'text', (c) => c.notNull())
          .addColumn('parent_id', 'integer', (c) => c.references('categories.id').onDelete('restrict'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await sql`create unique index categories_sibling_name_idx on categories (coalesce(parent_id, 0), name_key)`.execute(
          db,
        );
        await db.schema
          .createTable('product_categories')
          .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
          .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('restrict'))
          .addPrimaryKeyConstraint('product_categories_pk', ['product_id', 'category_id'])
          .execute();
        await db.schema
          .createIndex('product_categories_category_idx')
          .on('product_categories')
          .columns(['category_id', 'product_id'])
          .execute();
      },
      // Reverting forgets the categories: the previous release has nowhere to keep them.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('product_categories').execute();
        await db.schema.dropTable('categories').execute();
        await db.schema.alterTable('products').dropColumn('category_ids').execute();
      },
    },
    '0014_low_stock': {
      // Low stock (issue 34, extension product-low-stock): each product's own threshold (null: the shop's), and the
      // shop's settings that admins change at run time, one row a setting (none: its default in the code).
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('products').addColumn('low_stock_threshold', 'integer').execute();
        await db.schema
          .createTable('shop_settings')
          .addColumn('name', 'text', (c) => c.primaryKey())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
      },
      // Reverting forgets the thresholds: the previous release has nowhere to keep them.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('shop_settings').execute();
        await db.schema.alterTable('products').dropColumn('low_stock_threshold').execute();
      },
    },
    '0015_pictures': {
      // Pictures admins upload (issue 34): each kept once (its id is its content's digest) with its size, and each of
      // its widths as WebP and AVIF, the bytes in the database beside the catalogue: every instance serves them, and a
      // backup holds them.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('pictures')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('height', 'integer', (c) => c.notNull())
          .addColumn('uploaded_by', 'integer', (c) => c.notNull())
          .addColumn('uploaded_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('picture_variants')
          .addColumn('picture_id', 'text', (c) => c.notNull().references('pictures.id').onDelete('cascade'))
          .addColumn('width', 'integer', (c) => c.notNull())
          .addColumn('format', 'text', (c) => c.notNull())
          .addColumn('bytes', kind === 'sqlite' ? 'blob' : 'bytea', (c) => c.notNull())
          .addPrimaryKeyConstraint('picture_variants_pk', ['picture_id', 'format', 'width'])
          .execute();
      },
      // Reverting forgets the uploaded pictures: products that show one show the placeholder in their place.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('picture_variants').execute();
        await db.schema.dropTable('pictures').execute();
      },
    },
    '0016_image_alts': {
      // Each picture's alt text (issue 34, extension product-pictures): JSON text on the product's row, read with it,
      // as its images are; none to begin with.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('products')
          .addColumn('image_alts', 'text', (c) => c.notNull().defaultTo('[]'))
          .execute();
      },
      // Reverting forgets the alt texts: the previous release shows each picture with the product's name.
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('products').dropColumn('image_alts').execute();
      },
    },
    '0017_catalogue_counts': {
      // The products each category holds by price band and stock, kept as they change (db/catalogue-counts.ts): a
      // category's page and the listing's facets read a few rows rather than count a third of the catalogue.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('catalogue_counts')
          .addColumn('category_id', 'integer', (c) => c.notNull())
          .addColumn('price_band', 'integer', (c) => c.notNull())
          .addColumn('in_stock', 'integer', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('catalogue_counts_pk', ['category_id', 'price_band', 'in_stock'])
          .execute();
        await new CatalogueCounts(db).rebuild();
        // What the facets of a search or a name read of each product it finds (ProductRepository.facets), beside its
        // id: PostgreSQL then looks each found product up in the index alone, rather than reading the whole catalogue
        // to join the thousands a common word finds (SQLite looks rows up by id as cheaply).
        if (kind === 'postgres')
          await sql`create index products_facets_idx on products (id) include (price_cents, quantity)`.execute(db);
      },
      // Reverting forgets them: the previous release counts when asked.
      async down(db: Kysely<unknown>) {
        await sql`drop index if exists products_facets_idx`.execute(db);
        await db.schema.dropTable('catalogue_counts').execute();
      },
    },
    '0018_products_id_index': {
      // The products after (or before) one, counted for a keyset page (ProductRepository.count with a place): SQLite
      // counts a range of ids off the table itself, every product's whole row (88,000 of them 9 ms, deep in the
      // bench's big shop); this index holds the ids alone (1 ms). PostgreSQL reads products_facets_idx so already.
      async up(db: Kysely<unknown>) {
        if (kind === 'sqlite') await sql`create index products_id_idx on products (id)`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        await sql`drop index if exists products_id_idx`.execute(db);
      },
    },
    '0019_addresses': {
      // Each account's address book (issue 35, extension address-book): the parts of a postal address, and when an
      // order last went there, so checkout offers the last used first.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('addresses'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('line1', 'text', (c) => c.notNull())
          .addColumn('line2', 'text')
          .addColumn('city', 'text', (c) => c.notNull())
          .addColumn('postal_code', 'text')
          .addColumn('country', 'text', (c) => c.notNull())
          .addColumn('phone', 'text')
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('last_used_at', 'text')
          .execute();
        await db.schema.createIndex('addresses_user_idx').on('addresses').column('user_id').execute();
      },
      // Reverting forgets the address books; orders keep their addresses as text.
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('addresses').execute();
      },
    },
    '0020_shipping': {
      // Shipping methods admins manage (issue 35, extension shipping): each with its rates by destination country
      // (JSON text read with its row, a few dozen at most: shop-rules' ValidRate[]), and what each order was charged
      // for shipping, by which method, to which country. Orders placed before keep 0, no method and no country.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('shipping_methods'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('min_days', 'integer', (c) => c.notNull())
          .addColumn('max_days', 'integer', (c) => c.notNull())
          .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
          .addColumn('rates', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // One method a name, in any case: the service says so first; this keeps two saved at once from both passing.
        await sql`create unique index shipping_methods_name_idx on shipping_methods (lower(name))`.execute(db);
        await db.schema
          .alterTable('orders')
          .addColumn('shipping_cents', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('orders').addColumn('shipping_method', 'text').execute();
        await db.schema.alterTable('orders').addColumn('shipping_country', 'text').execute();
      },
      // Reverting forgets the methods and what orders were charged for shipping (their totals keep it).
      async down(db: Kysely<unknown>) {
        for (const column of ['shipping_country', 'shipping_method', 'shipping_cents'])
          await db.schema.alterTable('orders').dropColumn(column).execute();
        await db.schema.dropTable('shipping_methods').execute();
      },
    },
    '0021_tax': {
      // Tax (issue 35, extension tax): a country's standard rate (no category) and its reduced rates for categories
      // (each covering what lies under it), in basis points; and what each order was charged in tax, by rate (JSON
      // text: shop-rules' TaxGroup[]), and whether its prices included it. Orders placed before keep no tax.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('tax_rates'))
          .addColumn('country', 'text', (c) => c.notNull())
          // A category's deletion takes its rates with it: the products under it are then taxed as the others.
          .addColumn('category_id', 'integer', (c) => c.references('categories.id').onDelete('cascade'))
          .addColumn('basis_points', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        // One standard rate a country, and one rate a category in a country: the service says so first; these keep
        // two saved at once from both passing (a null category is not equal to another in a unique index).
        await sql`create unique index tax_rates_standard_idx on tax_rates (country) where category_id is null`.execute(
          db,
        );
        await sql`create unique index tax_rates_category_idx on tax_rates (country, category_id) where category_id is not null`.execute(
          db,
        );
        await db.schema
          .alterTable('orders')
          .addColumn('tax_cents', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.alterTable('orders').addColumn('tax_groups', 'text').execute();
        await db.schema
          .alterTable('orders')
          .addColumn('prices_include_tax', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      },
      // Reverting forgets the rates, the prices setting and what orders were charged in tax (their totals keep it).
      async down(db: Kysely<unknown>) {
        await sql`delete from shop_settings where name = 'prices_include_tax'`.execute(db);
        for (const column of ['prices_include_tax', 'tax_groups', 'tax_cents'])
          await db.schema.alterTable('orders').dropColumn(column).execute();
        await db.schema.dropTable('tax_rates').execute();
      },
    },
    '0022_payment': {
      // Payment (issue 35, item 4): how each order is paid and where its payment stands, until when its stock is held
      // while it waits (the sweeper's index), when it was paid, and the account a bank transfer was asked to pay into
      // (JSON text: shop-rules' BankAccount, as the order and its e-mail stated it). Orders placed before, and in a
      // shop that takes no payment, have none.
      async up(db: Kysely<unknown>) {
        for (const column of ['payment_method', 'payment_status', 'reserved_until', 'paid_at', 'payment_account'])
          await db.schema.alterTable('orders').addColumn(column, 'text').execute();
        await db.schema
          .createIndex('orders_reserved_until_idx')
          .on('orders')
          .columns(['payment_status', 'reserved_until'])
          .execute();
      },
      // Reverting forgets the bank account setting and how orders were paid (their statuses stay).
      async down(db: Kysely<unknown>) {
        await sql`delete from shop_settings where name = 'bank_transfer'`.execute(db);
        await db.schema.dropIndex('orders_reserved_until_idx').execute();
        for (const column of ['payment_account', 'paid_at', 'reserved_until', 'payment_status', 'payment_method'])
          await db.schema.alterTable('orders').dropColumn(column).execute();
      },
    },
    '0023_card_payment': {
      // Card payments through Stripe (issue 35, item 4): an order's open Checkout Session (reused while it is open, so
      // a buyer's second click opens no second way to pay) and the payment intent that paid it; each Stripe event
      // acted on, once; and the refunds owed, kept until Stripe has taken each (the sweep sends those a crash left).
      async up(db: Kysely<unknown>) {
        for (const column of ['payment_session', 'payment_session_url', 'payment_session_expires', 'paid_by'])
          await db.schema.alterTable('orders').addColumn(column, 'text').execute();
        // The sweep's question: cancelled orders whose session may still be open (nearly every order has none).
        await db.schema.createIndex('orders_payment_session_idx').on('orders').column('payment_session').execute();
        await db.schema
          .createTable('payment_events')
          .addColumn('event_id', 'text', (column) => column.primaryKey())
          .addColumn('type', 'text', (column) => column.notNull())
          .addColumn('order_id', 'integer')
          .addColumn('received_at', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createTable('payment_refunds')
          .addColumn('payment_intent', 'text', (column) => column.primaryKey())
          .addColumn('order_id', 'integer', (column) => column.notNull())
          .addColumn('amount_cents', 'integer', (column) => column.notNull())
          .addColumn('created_at', 'text', (column) => column.notNull())
          .addColumn('refund_id', 'text')
          .addColumn('refunded_at', 'text')
          .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
          .addColumn('last_error', 'text')
          .execute();
        // The sweep's question: the refunds not yet taken.
        await db.schema.createIndex('payment_refunds_due_idx').on('payment_refunds').columns(['refunded_at']).execute();
      },
      // Reverting forgets the card payments' sessions, events and refunds (orders paid by card stay paid).
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('payment_refunds').execute();
        await db.schema.dropTable('payment_events').execute();
        await db.schema.dropIndex('orders_payment_session_idx').execute();
        for (const column of ['paid_by', 'payment_session_expires', 'payment_session_url', 'payment_session'])
          await db.schema.alterTable('orders').dropColumn(column).execute();
      },
    },
    '0024_invoices': {
      // Invoices (issue 35, item 5): each paid order's number, without gaps, in the order the orders were paid. Orders
      // paid before this migration are numbered by it, oldest payment first; the counter then goes on from there.
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable('invoices')
          .addColumn('number', 'integer', (column) => column.primaryKey())
          .addColumn('order_id', 'integer', (column) => column.notNull().unique())
          .addColumn('issued_at', 'text', (column) => column.notNull())
          .execute();
        await db.schema
          .createTable('invoice_counter')
          .addColumn('id', 'integer', (column) => column.primaryKey())
          .addColumn('last', 'integer', (column) => column.notNull())
          .execute();
        await sql`insert into invoices (number, order_id, issued_at)
          select row_number() over (order by paid_at, id), id, paid_at from orders where paid_at is not null`.execute(
          db,
        );
        await sql`insert into invoice_counter (id, last) select 1, coalesce(max(number), 0) from invoices`.execute(db);
      },
      // Reverting forgets the invoices' numbers (a release that knows none).
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('invoice_counter').execute();
        await db.schema.dropTable('invoices').execute();
      },
    },
    '0025_staff_roles': {
      // Staff roles (issue 36): the roles an owner makes (the built-in ones are the code's, shop-rules/staff-rules.ts),
      // each a name and its permissions (comma-separated). Who holds which stays in users.roles; the staff are the
      // few whose roles are more than USER, found by a partial index without reading every shopper.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('staff_roles'))
          .addColumn('name', 'text', (c) => c.notNull().unique())
          .addColumn('permissions', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('updated_at', 'text', (c) => c.notNull())
          .execute();
        await sql`create index users_staff_idx on users (id) where roles <> 'USER'`.execute(db);
      },
      // Reverting forgets the shop's own roles; whoever held one keeps its name, and no permission from it.
      async down(db: Kysely<unknown>) {
        await db.schema.dropIndex('users_staff_idx').execute();
        await db.schema.dropTable('staff_roles').execute();
      },
    },
    '0026_chat_plain_links': {
      // A new account's links (issue 36): whether a message's web addresses show as plain text, decided as it is sent
      // (its sender's account younger than CHAT_LINKS_AFTER_HOURS). Messages sent before were all links.
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('chat_messages')
          .addColumn('plain_links', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('chat_messages').dropColumn('plain_links').execute();
      },
    },
    '0027_two_factor': {
      // Two-factor sign-in (issue 36): the authenticator app's secret (set when a setup starts; the second factor is on
      // once two_factor_enabled_at is set), the last time step a code was accepted at (a code works once), and the
      // recovery codes, each kept as its SHA-256 and deleted when used.
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable('users').addColumn('two_factor_secret', 'text').execute();
        await db.schema.alterTable('users').addColumn('two_factor_enabled_at', 'text').execute();
        await db.schema.alterTable('users').addColumn('two_factor_last_step', 'integer').execute();
        await idColumn(db.schema.createTable('recovery_codes'))
          .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('code_hash', 'text', (c) => c.notNull())
          .addColumn('created_at', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex('recovery_codes_user_idx')
          .on('recovery_codes')
          .columns(['user_id', 'code_hash'])
          .execute();
      },
      // Reverting turns every second factor off (a release that knows none signs in with the password alone).
      async down(db: Kysely<unknown>) {
        await db.schema.dropTable('recovery_codes').execute();
        for (const column of ['two_factor_last_step', 'two_factor_enabled_at', 'two_factor_secret'])
          await db.schema.alterTable('users').dropColumn(column).execute();
      },
    },
    '0028_chat_blocks': {
      // Blocking (issue 36): who blocked whom (each pair once; gone with either account), and the blocker's membership
      // of the room with them hidden from their list (chat_participants.hidden): the list is still read off its index.
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('chat_blocks'))
          .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addUniqueConstraint('chat_blocks_pair_unique', ['blocker_id', 'blocked_id'])
          .execute();
        await db.schema.createIndex('chat_blocks_blocked_idx').on('chat_blocks').columns(['blocked_id']).execute();
        await db.schema
          .alterTable('chat_participants')
          .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
      },
      // Reverting forgets every block: the rooms come back to their lists.
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('chat_participants').dropColumn('hidden').execute();
        await db.schema.dropTable('chat_blocks').execute();
      },
    },
    '0029_chat_digests': {
      // Missed messages by e-mail (issue 36): the newest message of the room a participant was e-mailed a digest about,
      // so each waiting message is told of once. Messages sent before start as told (no digest of old history).
      async up(db: Kysely<unknown>) {
        await db.schema
          .alterTable('chat_participants')
          .addColumn('digested_message_id', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await sql`update chat_participants set digested_message_id = coalesce(
          (select last_message_id from chat_rooms where chat_rooms.id = chat_participants.room_id), 0)`.execute(db);
      },
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('chat_participants').dropColumn('digested_message_id').execute();
      },
    },
    '0030_chat_reports': {
      // Reporting and moderation (issue 36): a participant's report of a message of the other one (each message once
      // per reporter; kept when the reporter deletes their account, gone with the message's room), what a moderator
      // decided and when; a removed message keeps its text for the moderators' record but shows as removed
      // (chat_messages.removed_at); a sender's chat suspended until a time (users.chat_suspended_until).
      async up(db: Kysely<unknown>) {
        await idColumn(db.schema.createTable('chat_reports'))
          .addColumn('message_id', 'integer', (c) => c.notNull().references('chat_messages.id').onDelete('cascade'))
          .addColumn('reporter_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('status', 'text', (c) => c.notNull().defaultTo('OPEN'))
          .addColumn('created_at', 'text', (c) => c.notNull())
          .addColumn('decided_by_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
          .addColumn('decided_at', 'text')
          .addUniqueConstraint('chat_reports_message_reporter_unique', ['message_id', 'reporter_id'])
          .execute();
        // The queue: open reports (or one status's) oldest first.
        await db.schema.createIndex('chat_reports_status_idx').on('chat_reports').columns(['status', 'id']).execute();
        await db.schema.createIndex('chat_reports_reporter_idx').on('chat_reports').columns(['reporter_id']).execute();
        // Deleting a moderator's account clears their decisions' decided_by_id through it.
        await db.schema.createIndex('chat_reports_decider_idx').on('chat_reports').columns(['decided_by_id']).execute();
        await db.schema.alterTable('chat_messages').addColumn('removed_at', 'text').execute();
        await db.schema.alterTable('users').addColumn('chat_suspended_until', 'text').execute();
      },
      // Reverting forgets every report, brings removed messages back and lifts every suspension.
      async down(db: Kysely<unknown>) {
        await db.schema.alterTable('users').dropColumn('chat_suspended_until').execute();
        await db.schema.alterTable('chat_messages').dropColumn('removed_at').execute();
        await db.schema.dropTable('chat_reports').execute();
      },
    },
  };
}

/**
 * How long an instance waits for another one that is migrating the same SQLite file (a big file's indexes take a
 * while).
 */
const SQLITE_MIGRATION_WAIT_MS = 120_000;

/** Where the migrations this database has been through are recorded (Kysely's table). */
const MIGRATION_TABLE = 'kysely_migration';

/** The migrations this database has been through, oldest first ([] for a new database). */
export async function appliedMigrations({ db, kind }: ShopDatabase): Promise<string[]> {
  const plain = db.withoutPlugins();
  const exists =
    kind === 'sqlite'
      ? await sql<{
          found: number;
        }>`select 1 as found from sqlite_master where type = 'table' and name = ${MIGRATION_TABLE}`.execute(plain)
      : await sql<{
          found: number;
        }>`select 1 as found from pg_tables where tablename = ${MIGRATION_TABLE} and schemaname = current_schema()`.execute(
          plain,
        );
  if (exists.rows.length === 0) return [];
  const rows = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(plain);
  return rows.rows.map((row) => row.name);
}

/** What a release that meets this database should know: what it has been through, and what is still to run. */
export interface MigrationState {
  applied: string[];
  pending: string[];
  /** Migrations of a newer release: this one must not touch the database. */
  unknown: string[];
}

export async function migrationState(database: ShopDatabase): Promise<MigrationState> {
  const known = Object.keys(migrationsFor(database.kind)).sort();
  const applied = await appliedMigrations(database);
  return {
    applied,
    pending: known.filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !known.includes(name)),
  };
}

/** A database another release migrated, or one that is behind when this release may not migrate it: one line each. */
export class MigrationMismatch extends Error {}

function refuseNewerDatabase(state: MigrationState, kind: DatabaseKind): void {
  if (state.unknown.length === 0) return;
  const latestKnown = Object.keys(migrationsFor(kind)).sort().at(-1);
  throw new MigrationMismatch(
    `The database was migrated by a newer release (it has ${state.unknown.join(', ')}; this release knows migrations up to ${latestKnown}): ` +
      'run that release, or revert the database with its `npm run migrate -- --down` first',
  );
}

function migratorOf({ db, kind }: ShopDatabase) {
  // Migrations are written with snake_case names, so they run without the camelCase plugin.
  const plain = db.withoutPlugins();
  return { plain, migrator: new Migrator({ db: plain, provider: { getMigrations: async () => migrationsFor(kind) } }) };
}

async function run(
  database: ShopDatabase,
  step: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<string[]> {
  const { plain, migrator } = migratorOf(database);
  const { error, results } =
    database.kind === 'sqlite' ? await waitingLongForSqliteLock(plain, () => step(migrator)) : await step(migrator);
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Runs every pending migration; answers their names. Refuses a database a newer release migrated. */
export async function migrateToLatest(database: ShopDatabase): Promise<string[]> {
  refuseNewerDatabase(await migrationState(database), database.kind);
  return run(database, (migrator) => migrator.migrateToLatest());
}

/** Reverts the latest migration the database has been through; answers its name (undefined when none is left). */
export async function migrateDown(database: ShopDatabase): Promise<string | undefined> {
  const state = await migrationState(database);
  refuseNewerDatabase(state, database.kind);
  if (state.applied.length === 0) return undefined;
  const [reverted] = await run(database, (migrator) => migrator.migrateDown());
  return reverted;
}

/**
 * At start: migrates (MIGRATE_ON_START, the default), or, when told not to, refuses a database that is behind this
 * release. Either way a database a newer release migrated is refused.
 */
export async function prepareDatabase(database: ShopDatabase, migrate: boolean): Promise<void> {
  if (migrate) {
    await migrateToLatest(database);
    return;
  }
  const state = await migrationState(database);
  refuseNewerDatabase(state, database.kind);
  if (state.pending.length > 0) {
    throw new MigrationMismatch(
      `The database needs migrations ${state.pending.join(', ')} and MIGRATE_ON_START is false: run \`npm run migrate\` first`,
    );
  }
}
