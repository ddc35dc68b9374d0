import type { FastifyReply } from 'fastify';
import { create as contentDisposition } from 'content-disposition';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The headers of a file download: its type and (UTF-8) name, never sniffed nor cached. */
export function asAttachment(reply: FastifyReply, contentType: string, fileName: string): FastifyReply {
  return reply.header('content-type', contentType).header('content-disposition', contentDisposition(fileName)).header('x-content-type-options', 'nosniff').header('cache-control', 'no-store');
}
