import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BASE_PATH } from '../../common/constants.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built SPA under /app. Client routes (paths without a file extension) fall back to
 * index.html; a missing asset is a real 404 so a stale bundle never gets HTML for its script.
 *
 * The build writes a .br and a .gz beside each text file (web/vite.config.ts); preCompressed
 * sends the one the browser accepts with Content-Encoding and Vary: Accept-Encoding, index.html
 * included. Hashed assets are cached for a year; index.html and the other unhashed files are
 * revalidated on every use (no-cache), so a new release is picked up at once (D23).
 */
export async function registerSpa(app: FastifyInstance, webRoot: string): Promise<void> {
  const indexFile = path.join(webRoot, 'index.html');
  const built = fs.existsSync(indexFile);

  app.get('/', { schema: { hide: true } }, (_request, reply) => reply.redirect(`${BASE_PATH}/`));
  app.get(BASE_PATH, { schema: { hide: true } }, (_request, reply) =>
    reply.redirect(`${BASE_PATH}/`),
  );

  await app.register(
    async (spa) => {
      if (built) {
        await spa.register(fastifyStatic, {
          root: webRoot,
          prefix: '/',
          index: ['index.html'],
          wildcard: true,
          preCompressed: true,
          // filePath is the file sent, so it may end in .br or .gz.
          setHeaders(reply, filePath) {
            const fromAssets = filePath.includes(`${path.sep}assets${path.sep}`);
            reply.header('cache-control', fromAssets ? IMMUTABLE : 'no-cache');
          },
        });
      }
      spa.setNotFoundHandler((request, reply) => {
        const pathname = request.url.split('?')[0] ?? '';
        const lastSegment = pathname.split('/').at(-1) ?? '';
        if (lastSegment.includes('.') || (request.method !== 'GET' && request.method !== 'HEAD')) {
          return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        }
        if (!built) {
          return reply
            .code(503)
            .type('text/plain; charset=utf-8')
            .send('The web app is not built yet. Run `npm run build:web`, or `npm start`.');
        }
        reply.header('cache-control', 'no-cache');
        return reply.sendFile('index.html', webRoot);
      });
    },
    { prefix: BASE_PATH },
  );
}
