// `npm start`: the whole shop in one process on a fresh machine — the REST contract service on REST_PORT (SQLite
// in ./data, the demo catalogue and an admin account on first start) and the gateway on PORT, which talks to it
// over HTTP exactly as it would to a REST service elsewhere, and serves the web app (built first when missing or
// stale). Production mode unless NODE_ENV says otherwise (`npm run dev` sets development and skips the build).
import { parseTrustedProxies } from '../config/env.js';
import { runServers } from '../config/server.js';
import { buildGateway } from '../gateway/src/app.js';
import { DEFAULT_WEB_DIST, loadGatewayConfig } from '../gateway/src/config.js';
import { buildRestApp } from '../rest/src/app.js';
import { loadRestConfig } from '../rest/src/config.js';
import { ensureWebBuilt } from './web-build.js';

process.env.NODE_ENV ??= 'production';

/** Where a server listening on `host` can be reached from this machine. */
function reachableHost(host: string): string {
  if (host === 'localhost' || host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Where the e-mails go, said once the shop runs: a newcomer finds the ones it wrote. */
let mailGoes = '';

runServers(
  'medshop',
  async () => {
    const restConfig = loadRestConfig(process.env, { seedDemo: true });
    mailGoes = restConfig.mail.smtpUrl
      ? `E-mails are sent through ${new URL(restConfig.mail.smtpUrl).host}`
      : `E-mails are written to ${restConfig.mail.directory} (no SMTP_URL set): open them with any mail program`;
    // Its gateway is beside it, on this machine: believed whatever TRUSTED_PROXIES says for the gateway (nginx in
    // front).
    restConfig.trustedProxies = [...new Set([...parseTrustedProxies(undefined), ...restConfig.trustedProxies])];
    // In one process the gateway finds the REST service where it was just started, unless told otherwise.
    const gatewayConfig = loadGatewayConfig({
      REST_URL: `http://${reachableHost(restConfig.host)}:${restConfig.port}`,
      ...process.env,
    });
    // The web app it serves, built when missing or stale (unless another build, or none, is asked for).
    // `npm run dev` passes --no-web-build: Vite serves the web app there.
    if (!process.argv.includes('--no-web-build') && gatewayConfig.webDist === DEFAULT_WEB_DIST) await ensureWebBuilt();
    const rest = await buildRestApp(restConfig);
    const gateway = await buildGateway(gatewayConfig);
    return [
      { app: rest, host: restConfig.host, port: restConfig.port, portSetting: 'REST_PORT' },
      { app: gateway, host: gatewayConfig.host, port: gatewayConfig.port, portSetting: 'PORT' },
    ];
  },
  ([rest, gateway]) => {
    const shown = gateway!.host === '0.0.0.0' || gateway!.host === '::' ? 'localhost' : gateway!.host;
    console.log(
      `\n  Medshop is running: http://${shown}:${gateway!.port}  (the graph: /graphql; REST contract on port ${rest!.port})`,
    );
    console.log(`  ${mailGoes}\n`);
  },
  () => console.log('\n  Medshop stopped.\n'),
);
