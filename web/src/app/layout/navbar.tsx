// The navbar (spec §2): for a logged-in person Home, Profile, Add Product (admins), Orders, Chat with the unread
// badge and the live connection's dot, Cart with its item count, who they are, and Logout; otherwise Login and
// Register. On a phone the links fold behind a Menu button.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Button } from '../../components/button';
import { Navbar_ViewerFragmentDoc } from '../../gql/graphql';
import { clearToken } from '../../lib/session';
import { useSocketState } from '../socket-context';
import styles from './navbar.module.css';

if (false) {
  gql`
    fragment Navbar_viewer on User {
      username
      isAdmin
      cart {
        id
        itemCount
      }
      chatRooms {
        id
        unreadCount
      }
    }
  `;
}

const linkClass = ({ isActive }: { isActive: boolean }) => [styles.link, isActive && styles.active].filter(Boolean).join(' ');

function Brand() {
  return (
    <Link to="/" className={styles.brand}>
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" className={styles.brandTile} />
        <path d="M13 7h6v6h6v6h-6v6h-6v-6H7v-6h6z" className={styles.brandCross} />
      </svg>
      Medshop
    </Link>
  );
}

function ConnectionDot() {
  const online = useSocketState() === 'online';
  return (
    <span
      role="img"
      aria-label={online ? 'Online' : 'Offline'}
      title={online ? 'Live updates are on' : 'Live updates are off: reconnecting'}
      className={[styles.dot, online && styles.online].filter(Boolean).join(' ')}
    />
  );
}

function CartLink({ itemCount, className }: { itemCount: number; className?: string }) {
  return (
    <NavLink to="/cart" className={(state) => [linkClass(state), className].filter(Boolean).join(' ')}>
      Cart{' '}
      <span className={styles.count}>
        {itemCount}{' '}
        <span className="visually-hidden">{itemCount === 1 ? 'item' : 'items'}</span>
      </span>
    </NavLink>
  );
}

export function Navbar({ viewer }: { viewer: FragmentType<typeof Navbar_ViewerFragmentDoc> | null }) {
  return (
    <header className={styles.navbar}>
      <div className={styles.inner}>
        <Brand />
        {viewer ? <ViewerNav viewer={viewer} /> : <GuestNav />}
      </div>
    </header>
  );
}

function GuestNav() {
  return (
    <nav aria-label="Account" className={styles.guestLinks}>
      <NavLink to="/login" className={linkClass}>
        Login
      </NavLink>
      <NavLink to="/register" className={linkClass}>
        Register
      </NavLink>
    </nav>
  );
}

function ViewerNav({ viewer }: { viewer: FragmentType<typeof Navbar_ViewerFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: Navbar_ViewerFragmentDoc, from: viewer });
  // The phone menu closes when the page changes: it is open only on the page it was opened on.
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const menuOpen = openOn === pathname;
  const menuId = useId();

  const itemCount = complete ? data.cart.itemCount : 0;
  const unread = complete ? data.chatRooms.reduce((sum, room) => sum + room.unreadCount, 0) : 0;
  const isAdmin = complete && data.isAdmin;

  return (
    <nav aria-label="Main" className={styles.nav}>
      <div id={menuId} className={[styles.menu, menuOpen && styles.menuOpen].filter(Boolean).join(' ')}>
        <ul className={styles.links}>
          <li>
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li>
            <NavLink to="/profile" className={linkClass}>
              Profile
            </NavLink>
          </li>
          {isAdmin && (
            <li>
              <NavLink to="/create" className={linkClass}>
                Add Product
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/orders" className={linkClass}>
              Orders
            </NavLink>
          </li>
          <li className={styles.chat}>
            <NavLink to="/chat" className={linkClass}>
              Chat{' '}
              {unread > 0 && (
                <span className={[styles.count, styles.unread].join(' ')}>
                  {unread}{' '}
                  <span className="visually-hidden">unread</span>
                </span>
              )}
            </NavLink>
            <ConnectionDot />
          </li>
        </ul>
        <div className={styles.user}>
          <span className={styles.username} title={complete ? data.username : undefined}>
            {complete ? `${data.username} (${data.isAdmin ? 'Admin' : 'User'})` : ''}
          </span>
          <Button variant="secondary" size="small" onClick={() => clearToken()}>
            Logout
          </Button>
        </div>
      </div>
      <CartLink itemCount={itemCount} className={styles.cart} />
      <Button
        variant="secondary"
        size="small"
        className={styles.menuToggle}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={() => setOpenOn(menuOpen ? null : pathname)}
      >
        {menuOpen ? 'Close menu' : 'Menu'}
      </Button>
    </nav>
  );
}
