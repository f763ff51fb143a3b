// The demo catalogue's images (rest/public/images), served at /images/… so the shop needs no outside network.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

const imagesFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'public', 'images');

export const demoImagesPlugin = fp(
  async (app) => {
    await app.register(fastifyStatic, { root: imagesFolder, prefix: '/images/', maxAge: '1d', decorateReply: false });
  },
  { name: 'demo-images' },
);
