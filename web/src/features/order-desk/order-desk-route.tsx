// /admin/orders: the admins' order desk. Every customer's orders, newest first, a compact row each (opened on demand
// for the lines and the address), in tabs by status with how many each holds; a page at a time (relayStylePagination,
// one cached list per tab and search). A search by order number or customer narrows every tab, and the counts are
// then of what it finds. The tab and the search live in the address (?status=pending&q=ada), so Back and reload keep
// them. New orders arrive at the top while it is open (live-updates.tsx), marked New; moves made here or by another
// admin move orders between the tabs.
import { useCan } from '@/lib/viewer';
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { TabGroup, TabPanel, TabPanels } from '@headlessui/react';
import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MAX_ORDER_SEARCH_LENGTH, ORDER_STATUSES, type OrderStatus } from '@shop-rules/order-rules';
import { Button, ButtonLink } from '@/components/button';
import { EmptyState, ErrorState, Skeleton } from '@/components/feedback';
import { LoadMore } from '@/components/load-more';
import { Page } from '@/components/page';
import { StripTab, TabStrip } from '@/components/tab-strip';
import { OrderDeskDocument } from '@/gql/graphql';
import { DeskOrderRow } from './desk-order-row';
import { DeskSearch } from './desk-search';
import { surface } from '@/components/card';
import styles from './order-desk.module.css';

if (false) {
  gql`
    query OrderDesk($status: OrderStatus, $search: String, $first: Int!, $after: String) {
      orders(status: $status, search: $search, first: $first, after: $after) {
        totalCount
        countsByStatus {
          status
          count
        }
        edges {
          cursor
          node {
            id
            ...DeskOrderRow_order
          }
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  `;
}

export const DESK_PAGE_SIZE = 20;

/** The tabs: every order, then one per status. */
const TABS: readonly (OrderStatus | null)[] = [null, ...ORDER_STATUSES];
const tabName = (status: OrderStatus | null) => (status ? status.charAt(0) + status.slice(1).toLowerCase() : 'All');

/** The tab an address names (?status=pending); any other value is every order. */
function statusOf(param: string | null): OrderStatus | null {
  return ORDER_STATUSES.find((status) => status === param?.toUpperCase()) ?? null;
}

/** "3 orders", "1 pending order". */
const ordersCounted = (count: number, status: OrderStatus | null) =>
  `${count} ${status ? `${tabName(status).toLowerCase()} ` : ''}${count === 1 ? 'order' : 'orders'}`;

function DeskSkeleton() {
  return (
    <div className={styles.list} role="status">
      <span className="visually-hidden">Loading...</span>
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className={surface(styles.skeletonRow)}>
          <Skeleton width="30%" height="1.25rem" />
          <Skeleton width="50%" />
        </div>
      ))}
    </div>
  );
}

/** Over the rows where they stand side by side: what each column is (each row also says it to screen readers). */
function ColumnNames() {
  return (
    <div className={styles.columns} aria-hidden="true">
      <span className={styles.number}>Order</span>
      <span className={styles.customer}>Customer</span>
      <span className={styles.date}>Placed</span>
      <span className={styles.items}>Items</span>
      <span className={styles.total}>Total</span>
      <span className={styles.status}>Status</span>
    </div>
  );
}

export function OrderDeskRoute() {
  const managesSettings = useCan('MANAGE_SETTINGS');
  const managesStaff = useCan('MANAGE_STAFF');
  const [params, setParams] = useSearchParams();
  const status = statusOf(params.get('status'));
  // Trimmed and cut as the shop reads it, for an address typed by hand.
  const search = (params.get('q') ?? '').trim().slice(0, MAX_ORDER_SEARCH_LENGTH);
  const selected = TABS.indexOf(status);
  const searchField = useRef<HTMLInputElement>(null);
  const { data, previousData, error, fetchMore, refetch } = useQuery(OrderDeskDocument, {
    variables: { status, first: DESK_PAGE_SIZE, ...(search ? { search } : {}) },
  });
  const orders = data?.orders;
  // The counts of every status come with any tab's list; while another tab loads, the last ones stay shown.
  const counts = (orders ?? previousData?.orders)?.countsByStatus;
  const countOf = (tab: OrderStatus | null) =>
    tab ? counts?.find((entry) => entry.status === tab)?.count : counts?.reduce((sum, entry) => sum + entry.count, 0);

  // A tab replaces the address's entry (Back leaves the desk rather than walking the tabs); a search adds one.
  const showTab = (index: number) => {
    const next = new URLSearchParams(params);
    const tab = TABS[index];
    if (tab) next.set('status', tab.toLowerCase());
    else next.delete('status');
    setParams(next, { replace: true });
  };
  const searchFor = (text: string) => {
    const next = new URLSearchParams(params);
    const wanted = text.trim();
    if (wanted) next.set('q', wanted);
    else next.delete('q');
    // The same search again: the admin asks the shop again (after a failure, say), not only the address.
    if (next.toString() === params.toString()) void refetch().catch(() => undefined);
    else setParams(next);
  };
  const clearSearch = () => {
    searchFor('');
    searchField.current?.focus();
  };

  const noMatch = `No ${status ? `${tabName(status).toLowerCase()} ` : ''}orders match “${search}”`;
  const found =
    orders &&
    `${ordersCounted(orders.totalCount, status)} ${orders.totalCount === 1 ? 'matches' : 'match'} “${search}”`;
  // What a search found, told to screen readers as it arrives (from a region that is always there, so it is heard).
  const announcement = search && orders ? (orders.edges.length > 0 ? found : noMatch) : '';

  let list;
  if (orders && orders.edges.length > 0) {
    list = (
      <>
        {search && (
          <div className={styles.found}>
            <p>{found}</p>
            <Button variant="ghost" size="small" onClick={clearSearch}>
              Clear search
            </Button>
          </div>
        )}
        {/* One grid for the column names and every row (subgrids), so that a column is as wide as its widest cell. */}
        <div className={styles.table}>
          <ColumnNames />
          <ul className={styles.list} aria-label={`${tabName(status)} orders`}>
            {orders.edges.map((edge) => (
              <li key={edge.node.id}>
                <DeskOrderRow order={edge.node} />
              </li>
            ))}
          </ul>
        </div>
        {orders.pageInfo.hasNextPage && (
          <LoadMore
            label="Load more orders"
            failedMessage="Failed to load orders"
            load={() => fetchMore({ variables: { after: orders.pageInfo.endCursor } })}
          />
        )}
      </>
    );
  } else if (orders && search) {
    list = (
      <EmptyState
        title={noMatch}
        hint="Search for an order number such as #12, part of a customer’s username, or a whole SKU."
        action={
          <Button variant="secondary" onClick={clearSearch}>
            Clear search
          </Button>
        }
      />
    );
  } else if (orders) {
    list = (
      <EmptyState
        title={status ? `No ${tabName(status).toLowerCase()} orders` : 'No orders yet'}
        hint="Orders appear here as customers place them."
      />
    );
  } else if (error) {
    list = <ErrorState message="Failed to load orders" onRetry={() => void refetch()} />;
  } else list = <DeskSkeleton />;

  return (
    <Page
      title="Manage Orders"
      actions={
        <>
          {managesSettings && (
            <>
              <ButtonLink to="/admin/shipping" variant="secondary">
                Shipping Methods
              </ButtonLink>
              <ButtonLink to="/admin/tax" variant="secondary">
                Tax
              </ButtonLink>
              <ButtonLink to="/admin/payment" variant="secondary">
                Payment
              </ButtonLink>
            </>
          )}
          {managesStaff && (
            <ButtonLink to="/admin/staff" variant="secondary">
              Staff
            </ButtonLink>
          )}
        </>
      }
    >
      <DeskSearch search={search} onSearch={searchFor} inputRef={searchField} />
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <TabGroup selectedIndex={selected} onChange={showTab}>
        <TabStrip label="Orders by status" className={styles.tabList}>
          {TABS.map((tab) => (
            <StripTab key={tab ?? 'ALL'} count={countOf(tab)}>
              {tabName(tab)}
            </StripTab>
          ))}
        </TabStrip>
        <TabPanels>
          {TABS.map((tab, index) => (
            <TabPanel key={tab ?? 'ALL'} className={styles.panel}>
              {index === selected && list}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </Page>
  );
}
