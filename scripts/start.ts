// `npm start`: the whole shop in one process on a fresh machine — the REST contract service on REST_PORT,
// SQLite in ./data, the demo catalogue and an admin account on first start.
import closeWithGrace from 'close-with-grace';
import { buildRestApp } from '../rest/src/app.js';
import { ConfigError, loadRestConfig } from '../rest/src/config.js';

async function main(): Promise<void> {
  const restConfig = loadRestConfig(process.env, { seedDemo: true });
  const rest = await buildRestApp(restConfig);
  closeWithGrace({ delay: 10_000 }, async ({ err }) => {
    if (err) rest.log.error({ err }, 'shutting down after an error');
    await rest.close();
  });
  await rest.listen({ host: restConfig.host, port: restConfig.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
});
