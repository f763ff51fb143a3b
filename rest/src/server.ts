// Starts the REST contract service alone (`npm run start:rest`); `npm start` starts it beside the gateway.
import closeWithGrace from 'close-with-grace';
import { buildRestApp } from './app.js';
import { ConfigError, loadRestConfig } from './config.js';

async function main(): Promise<void> {
  const config = loadRestConfig();
  const app = await buildRestApp(config);
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
