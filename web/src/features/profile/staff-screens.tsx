// On a staff member's profile: every staff screen their roles open, so that each one has a way in (the navbar has
// room for the catalogue's and the desk's only).
import { Link } from 'react-router-dom';
import type { Permission } from '@shop-rules/staff-rules';
import styles from './profile.module.css';

const STAFF_SCREENS: { to: string; label: string; anyOf: Permission[] }[] = [
  { to: '/create', label: 'Add Product', anyOf: ['MANAGE_CATALOGUE'] },
  { to: '/admin/categories', label: 'Categories', anyOf: ['MANAGE_CATALOGUE'] },
  { to: '/admin/low-stock', label: 'Low Stock', anyOf: ['MANAGE_CATALOGUE'] },
  { to: '/admin/import', label: 'Import and Export', anyOf: ['MANAGE_CATALOGUE'] },
  { to: '/admin/orders', label: 'Manage Orders', anyOf: ['MANAGE_ORDERS', 'RECORD_PAYMENTS'] },
  { to: '/admin/shipping', label: 'Shipping Methods', anyOf: ['MANAGE_SETTINGS'] },
  { to: '/admin/tax', label: 'Tax', anyOf: ['MANAGE_SETTINGS'] },
  { to: '/admin/payment', label: 'Payment', anyOf: ['MANAGE_SETTINGS'] },
  { to: '/admin/reports', label: 'Reported Messages', anyOf: ['MODERATE_CHAT'] },
  { to: '/admin/staff', label: 'Staff', anyOf: ['MANAGE_STAFF'] },
];

export function StaffScreens({ permissions }: { permissions: readonly Permission[] }) {
  const screens = STAFF_SCREENS.filter((screen) => screen.anyOf.some((each) => permissions.includes(each)));
  if (screens.length === 0) return null;
  return (
    <nav aria-labelledby="staff-screens-title">
      <h3 id="staff-screens-title" className={styles.groupTitle}>
        Staff screens
      </h3>
      <ul className={styles.staffLinks}>
        {screens.map((screen) => (
          <li key={screen.to}>
            <Link to={screen.to}>{screen.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
