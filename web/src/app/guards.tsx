// Who may see a route (spec §2, §6): every screen but login and register needs a session; login and register
// send a logged-in person home; an unknown path goes home or to login.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import type { LoginPageState } from '../lib/navigation-state';
import { lastSessionEnd, useToken } from '../lib/session';
import type { Permission } from '@shop-rules/staff-rules';
import { mayDo, useViewer } from '../lib/viewer';

export function RequireSession() {
  const token = useToken();
  const location = useLocation();
  if (!token) {
    // Back to this page after logging in, when the person did not leave on purpose (logout, deleted account).
    const returnHere = lastSessionEnd() === undefined || lastSessionEnd() === 'expired';
    const state: LoginPageState = returnHere ? { from: location.pathname + location.search } : {};
    return <Navigate to="/login" replace state={state} />;
  }
  return <Outlet />;
}

export function GuestOnly() {
  const token = useToken();
  const location = useLocation();
  const state = location.state as LoginPageState | null;
  if (token) return <Navigate to={state?.from?.startsWith('/') ? state.from : '/'} replace />;
  return <Outlet />;
}

/**
 * Staff screens, for those whose roles allow any of `anyOf`: the shop refuses everyone else's calls anyway; here the
 * screen is not even offered.
 */
export function RequirePermission({ anyOf }: { anyOf: Permission[] }) {
  const viewer = useViewer();
  if (viewer && !mayDo(viewer, ...anyOf)) return <Navigate to="/" replace />;
  return <Outlet />;
}

export function UnknownPath() {
  return <Navigate to="/" replace />;
}
