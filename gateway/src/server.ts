// Starts the gateway alone (`npm run start:gateway`); `npm start` starts it beside the REST service.
import closeWithGrace from 'close-with-grace';
import { ConfigError } from '../../config/env.js';
import { buildGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadGatewayConfig();
  const app = await buildGateway(config);
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    await app.close();
  });
  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
