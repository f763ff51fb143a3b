// Schema migrations: one list, run at start on SQLite and PostgreSQL alike. Append new migrations, never edit old ones.
import { type ColumnDefinitionBuilder, type Kysely, type Migration, Migrator, sql } from 'kysely';
import type { DatabaseKind, ShopDatabase } from './database.js';

type Schema = Kysely<unknown>['schema'];

function createMigrations(kind: DatabaseKind): Record<string, Migration> {
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
    },
  };
}

export async function migrateToLatest({ db, kind }: ShopDatabase): Promise<void> {
  const migrator = new Migrator({
    // Migrations are written with snake_case names, so they run without the camelCase plugin.
    db: db.withoutPlugins(),
    provider: { getMigrations: async () => createMigrations(kind) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
