// Starts the REST contract service alone (`npm run start:rest`); `npm start` starts it beside the gateway.
import { runServers } from '../../config/server.js';
import { buildRestApp } from './app.js';
import { loadRestConfig } from './config.js';

runServers('medshop-rest', async () => {
  const config = loadRestConfig();
  return [{ app: await buildRestApp(config), host: config.host, port: config.port, portSetting: 'REST_PORT' }];
});
