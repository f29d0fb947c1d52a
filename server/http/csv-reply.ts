import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * Sends CSV chunks as a download. The first chunk is read before the answer starts, so a
 * failure at the start is still a problem answer (as the roster export does, D65).
 */
export async function sendCsv(
  reply: FastifyReply,
  csv: { filename: string; chunks: AsyncGenerator<string> },
): Promise<FastifyReply> {
  const first = await csv.chunks.next();
  async function* all(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    for await (const chunk of csv.chunks) yield chunk;
  }
  return reply
    .type(CSV_TYPE)
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .send(Readable.from(all()));
}
