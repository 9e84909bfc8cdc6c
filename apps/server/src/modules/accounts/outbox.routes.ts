import { apiReply, outboxReplySchema } from '@fairex/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { ok } from '../../platform/http/reply';
import { policies } from '../../platform/http/route-policy';
import { listOutbox } from './codes.repository';

export const outboxPageSize = 50;

/** GET /dev/outbox: registered only in demo mode, where no message leaves the server. */
export function outboxRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        config: { policy: policies.public },
        schema: {
          tags: ['accounts'],
          summary: 'Demo only: the newest 50 e-mails and SMS, codes included (absent outside demo)',
          querystring: z.strictObject({}),
          response: { 200: apiReply(outboxReplySchema) },
        },
      },
      async () => {
        const rows = await listOutbox(db, outboxPageSize);
        return ok(
          rows.map((row) => ({
            id: row.id,
            channel: row.channel,
            recipient: row.recipient,
            subject: row.subject,
            body: row.body,
            status: row.status,
            created_at: row.createdAt.getTime(),
          })),
        );
      },
    );
  };
}
