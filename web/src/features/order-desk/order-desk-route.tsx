// /admin/orders: the admins' order desk. Every customer's orders, newest first, in tabs by status with how many each
// holds; a page at a time (relayStylePagination, one cached list per tab). New orders arrive at the top while it is
// open (live-updates.tsx), marked New; moves made here or by another admin move orders between the tabs.
import { gql } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../../../shop-rules/order-rules';
import { EmptyState, ErrorState, Skeleton } from '../../components/feedback';
import { LoadMore } from '../../components/load-more';
import { Page } from '../../components/page';
import { OrderDeskDocument } from '../../gql/graphql';
import { DeskOrderCard } from './desk-order-card';
import styles from './order-desk.module.css';

if (false) {
  gql`
    query OrderDesk($status: OrderStatus, $first: Int!, $after: String) {
      orders(status: $status, first: $first, after: $after) {
        totalCount
        countsByStatus {
          status
          count
        }
        edges {
          cursor
          node {
            id
            ...DeskOrderCard_order
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

function DeskSkeleton() {
  return (
    <div className={styles.list} role="status">
      <span className="visually-hidden">Loading...</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className={styles.card}>
          <Skeleton width="40%" height="1.25rem" />
          <Skeleton width="60%" />
          <Skeleton height="3rem" />
        </div>
      ))}
    </div>
  );
}

export function OrderDeskRoute() {
  const [selected, setSelected] = useState(0);
  const status = TABS[selected] ?? null;
  const { data, previousData, error, fetchMore, refetch } = useQuery(OrderDeskDocument, { variables: { status, first: DESK_PAGE_SIZE } });
  const orders = data?.orders;
  // The counts of every status come with any tab's list; while another tab loads, the last ones stay shown.
  const counts = (orders ?? previousData?.orders)?.countsByStatus;
  const countOf = (tab: OrderStatus | null) =>
    tab ? counts?.find((entry) => entry.status === tab)?.count : counts?.reduce((sum, entry) => sum + entry.count, 0);

  let list;
  if (orders && orders.edges.length > 0) {
    list = (
      <>
        <ul className={styles.list} aria-label={`${tabName(status)} orders`}>
          {orders.edges.map((edge) => (
            <li key={edge.node.id}>
              <DeskOrderCard order={edge.node} />
            </li>
          ))}
        </ul>
        {orders.pageInfo.hasNextPage && (
          <LoadMore label="Load more orders" failedMessage="Failed to load orders" load={() => fetchMore({ variables: { after: orders.pageInfo.endCursor } })} />
        )}
      </>
    );
  } else if (orders) {
    list = <EmptyState title={status ? `No ${tabName(status).toLowerCase()} orders` : 'No orders yet'} hint="Orders appear here as customers place them." />;
  } else if (error) {
    list = <ErrorState message="Failed to load orders" onRetry={() => void refetch()} />;
  } else list = <DeskSkeleton />;

  return (
    <Page title="Manage Orders">
      <TabGroup selectedIndex={selected} onChange={setSelected}>
        <TabList className={styles.tabList} aria-label="Orders by status">
          {TABS.map((tab) => {
            const count = countOf(tab);
            return (
              <Tab key={tab ?? 'ALL'} className={styles.tab}>
                {tabName(tab)}
                {count !== undefined && <span className={styles.count}>{count}</span>}
              </Tab>
            );
          })}
        </TabList>
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
