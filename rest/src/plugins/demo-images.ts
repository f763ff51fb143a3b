// The demo catalogue's images (rest/public/images), served at /images/… so the shop needs no outside network.
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { fromRoot } from '../../../config/paths.js';

const imagesFolder = fromRoot('rest', 'public', 'images');

export const demoImagesPlugin = fp(
  async (app) => {
    await app.register(fastifyStatic, { root: imagesFolder, prefix: '/images/', maxAge: '1d', decorateReply: false });
  },
  { name: 'demo-images' },
);
