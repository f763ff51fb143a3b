// The order just placed (spec §2): its number, date, total, status, shipping address and items.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { StatusBadge } from '../../components/status-badge';
import { OrderSummary_OrderFragmentDoc } from '../../gql/graphql';
import { formatDateTime, formatPrice } from '../../lib/format';
import styles from './order-success.module.css';

if (false) {
  gql`
    fragment OrderSummary_order on Order {
      id
      number
      orderDate
      totalAmount
      status
      shippingAddress
      items {
        productName
        price
        quantity
        subtotal
      }
    }
  `;
}

export function OrderSummary({ order }: { order: FragmentType<typeof OrderSummary_OrderFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: OrderSummary_OrderFragmentDoc, from: order });
  if (!complete) return null;
  return (
    <div className={styles.section}>
      <dl className={styles.facts}>
        <div>
          <dt>Order number</dt>
          <dd>#{data.number}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDateTime(data.orderDate)}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={data.status} />
          </dd>
        </div>
        <div>
          <dt>Total</dt>
          <dd>{formatPrice(data.totalAmount)}</dd>
        </div>
        <div>
          <dt>Shipping address</dt>
          <dd className={styles.address}>{data.shippingAddress}</dd>
        </div>
      </dl>
      <table className={styles.items}>
        <caption className="visually-hidden">Items ordered</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Quantity</th>
            <th scope="col">Subtotal</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((item, index) => (
            <tr key={`${item.productName}-${index}`}>
              <td>{item.productName}</td>
              <td>{item.quantity}</td>
              <td>{formatPrice(item.subtotal)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={2}>Total</td>
            <td>{formatPrice(data.totalAmount)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
