// Starts the gateway alone (`npm run start:gateway`); `npm start` starts it beside the REST service.
import { runServers } from '../../config/server.js';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

runServers('medshop-gateway', async () => {
  const config = loadGatewayConfig();
  return [{ app: await buildGateway(config), host: config.host, port: config.port, portSetting: 'PORT' }];
});
