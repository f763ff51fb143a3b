// Who is asking, for resolvers of any type.
import type { GatewayContext } from '../context.js';

/**
 * The viewer's username: known on a socket since connection_init, or named by the REST service on an answer to this
 * request (caller-username); otherwise from the profile.
 */
export async function viewerUsername(context: GatewayContext): Promise<string> {
  return context.socketViewer?.username ?? context.caller.username ?? (await context.loaders.profile.get()).username;
}
