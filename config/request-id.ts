// Request ids travel from the browser through the gateway to the REST service and into every log line. One sent by
// a client is kept only when it looks like an id; anything else (too long, or with characters that do not belong
// in a log) is replaced by a fresh one.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && ACCEPTABLE_REQUEST_ID.test(given) ? given : randomUUID();
}
