// The navbar (spec §2): for a logged-in person Home, Profile, Add Product (admins), Orders, Chat with the unread
// badge and the live connection's dot, Cart with its item count, who they are, and Logout; for a visitor Login and
// Register; while a stored session is being restored, neither (the visitor's links would be wrong a moment later).
// Where the row would not fit (below 960 px, or 1160 px for an admin's two more links), the links fold into a panel
// behind a Menu button, which then carries the unread count and the dot. No width scrolls sideways.
// The panel follows the button in the page (Tab goes from the button into it) and Cart follows the panel, so the
// order is the same on a phone and on a wide screen, where the panel's contents sit in the bar.
import { gql, type FragmentType } from '@apollo/client';
import { useFragment } from '@apollo/client/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { Button } from '@/components/button';
import { Navbar_ViewerFragmentDoc } from '@/gql/graphql';
import { clearToken } from '@/lib/session';
import { mayDo, roleLabel } from '@/lib/viewer';
import { useMediaQuery } from '@/lib/use-media-query';
import { useSocketState } from '../socket-context';
import type { SessionState } from './use-session';
import styles from './navbar.module.css';

if (false) {
  gql`
    fragment Navbar_viewer on User {
      username
      isAdmin
      permissions
      cart {
        id
        itemCount
      }
      # The exact total over every room, however few of them the chat screen has loaded (lib/chat.ts keeps it live).
      unreadMessageCount
    }
  `;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  [styles.link, isActive && styles.active].filter(Boolean).join(' ');

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

function CartLink({ itemCount }: { itemCount: number }) {
  return (
    <NavLink to="/cart" className={linkClass}>
      Cart{' '}
      <span className={styles.count}>
        {itemCount} <span className="visually-hidden">{itemCount === 1 ? 'item' : 'items'}</span>
      </span>
    </NavLink>
  );
}

export function Navbar({
  session,
  viewer,
}: {
  session: SessionState;
  viewer: FragmentType<typeof Navbar_ViewerFragmentDoc> | null;
}) {
  return (
    <header className={styles.navbar}>
      <div className={styles.inner}>
        <Brand />
        {session === 'active' && viewer && <ViewerNav viewer={viewer} />}
        {session === 'none' && <GuestNav />}
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

/**
 * The narrowest windows whose bar holds every link in one row with room (11rem) for the username, which is cut with
 * an ellipsis only below what it needs: a shopper's four links, or an admin's six.
 */
export const BAR_MIN_WIDTH = { shopper: 960, admin: 1160 } as const;

/** Three bars, or a cross while the menu is open; the button's name says the same in words. */
function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.menuIcon}>
      {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

/** The phone menu: open on the page it was opened on, closed by Escape, a click outside it or choosing a link. */
function usePhoneMenu() {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const navRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    const closeOnClickOutside = (event: MouseEvent) => {
      if (!navRef.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', closeOnEscape);
    document.addEventListener('click', closeOnClickOutside);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      document.removeEventListener('click', closeOnClickOutside);
    };
  }, [open]);

  return {
    open,
    navRef,
    toggleRef,
    toggle: () => setOpenOn(open ? null : pathname),
    close: () => setOpenOn(null),
  };
}

function ViewerNav({ viewer }: { viewer: FragmentType<typeof Navbar_ViewerFragmentDoc> }) {
  const { data, complete } = useFragment({ fragment: Navbar_ViewerFragmentDoc, from: viewer });
  const { open: menuOpen, navRef, toggleRef, toggle: toggleMenu, close: closeMenu } = usePhoneMenu();
  const menuId = useId();
  const online = useSocketState() === 'online';

  const itemCount = complete ? data.cart.itemCount : 0;
  const unread = complete ? data.unreadMessageCount : 0;
  // A staff member's links are those their roles open: the catalogue's Add Product, the desk's Manage Orders.
  const addsProducts = complete && mayDo(data, 'MANAGE_CATALOGUE');
  const keepsDesk = complete && mayDo(data, 'MANAGE_ORDERS', 'RECORD_PAYMENTS');
  const barFits = useMediaQuery(
    `(min-width: ${addsProducts || keepsDesk ? BAR_MIN_WIDTH.admin : BAR_MIN_WIDTH.shopper}px)`,
  );

  return (
    <nav aria-label="Main" className={styles.nav} ref={navRef} data-layout={barFits ? 'bar' : 'menu'}>
      {/* A fixed-size icon button: its name changes with the menu, its width does not, so nothing beside it moves. */}
      <Button
        ref={toggleRef}
        variant="secondary"
        size="small"
        className={styles.menuToggle}
        aria-expanded={menuOpen}
        aria-controls={menuId}
        onClick={toggleMenu}
      >
        <MenuIcon open={menuOpen} />
        <span className="visually-hidden">
          {menuOpen ? 'Close menu' : 'Menu'}
          {unread > 0 && `, ${unread} unread`}
        </span>
        {unread > 0 && (
          <span aria-hidden="true" className={[styles.count, styles.unread, styles.toggleBadge].join(' ')}>
            {unread}
          </span>
        )}
        {/* The connection dot is named inside the menu; this copy only lets a phone user see it with the menu shut. */}
        <span
          aria-hidden="true"
          className={[styles.dot, styles.toggleDot, online && styles.online].filter(Boolean).join(' ')}
        />
      </Button>
      {/* Choosing a link closes the menu, the page it is already on included. */}
      <div
        id={menuId}
        className={[styles.menu, menuOpen && styles.menuOpen].filter(Boolean).join(' ')}
        onClick={(event) => {
          if ((event.target as Element).closest('a')) closeMenu();
        }}
      >
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
          {addsProducts && (
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
          {keepsDesk && (
            <li>
              <NavLink to="/admin/orders" className={linkClass}>
                Manage Orders
              </NavLink>
            </li>
          )}
          <li>
            <NavLink to="/chat" className={linkClass}>
              Chat{' '}
              {unread > 0 && (
                <span className={[styles.count, styles.unread].join(' ')}>
                  {unread} <span className="visually-hidden">unread</span>
                </span>
              )}
            </NavLink>
            <ConnectionDot />
          </li>
        </ul>
        <div className={styles.user}>
          {/* Who: the name takes the room the bar has left (cut with an ellipsis only when there is none), the role
              always shows. */}
          {complete && (
            <span className={styles.who}>
              <span className={styles.username} title={data.username}>
                {data.username}
              </span>{' '}
              <span className={styles.role}>({roleLabel(data)})</span>
            </span>
          )}
          <Button variant="secondary" size="small" onClick={() => clearToken()}>
            Logout
          </Button>
        </div>
      </div>
      <CartLink itemCount={itemCount} />
    </nav>
  );
}
