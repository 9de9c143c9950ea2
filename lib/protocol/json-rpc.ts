/**
 * JSON-RPC 2.0 message shapes (https://www.jsonrpc.org/specification).
 * Shared by the relay and the browser: imports neither Node nor React.
 */
import { z } from 'zod';

export const JSONRPC_VERSION = '2.0';

export const RequestIdSchema = z.union([z.string(), z.number().int()]);
export type RequestId = z.infer<typeof RequestIdSchema>;

export const RpcErrorObjectSchema = z.object({
  code: z.number().int(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type RpcErrorObject = z.infer<typeof RpcErrorObjectSchema>;

export const RequestMessageSchema = z.object({
  jsonrpc: z.literal(JSONRPC_VERSION),
  id: RequestIdSchema,
  method: z.string().min(1),
  params: z.unknown().optional(),
});
export type RequestMessage = z.infer<typeof RequestMessageSchema>;

export const NotificationMessageSchema = z.object({
  jsonrpc: z.literal(JSONRPC_VERSION),
  method: z.string().min(1),
  params: z.unknown().optional(),
});
export type NotificationMessage = z.infer<typeof NotificationMessageSchema>;

export const SuccessResponseSchema = z.object({
  jsonrpc: z.literal(JSONRPC_VERSION),
  id: RequestIdSchema,
  result: z.unknown(),
});
export type SuccessResponse = z.infer<typeof SuccessResponseSchema>;

export const ErrorResponseSchema = z.object({
  jsonrpc: z.literal(JSONRPC_VERSION),
  id: RequestIdSchema.nullable(),
  error: RpcErrorObjectSchema,
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export type ResponseMessage = SuccessResponse | ErrorResponse;
export type RpcMessage = RequestMessage | NotificationMessage | ResponseMessage;

/** Standard codes, plus LSP's cancellation code that ECA peers use. */
export const ErrorCodes = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  RequestCancelled: -32800,
} as const;

export type ClassifiedMessage =
  | { kind: 'request'; message: RequestMessage }
  | { kind: 'notification'; message: NotificationMessage }
  | { kind: 'response'; message: ResponseMessage }
  | { kind: 'invalid'; id: RequestId | null; reason: string };

/** Sorts a decoded JSON value into the four shapes JSON-RPC allows, or says why it is none. */
export function classifyMessage(value: unknown): ClassifiedMessage {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { kind: 'invalid', id: null, reason: 'a JSON-RPC message must be an object' };
  }
  const record = value as Record<string, unknown>;
  const id = RequestIdSchema.safeParse(record.id).success ? (record.id as RequestId) : null;
  if (record.jsonrpc !== JSONRPC_VERSION) {
    return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  }
  if ('method' in record) {
    if ('id' in record) {
      const request = RequestMessageSchema.safeParse(record);
      return request.success
        ? { kind: 'request', message: request.data }
        : { kind: 'invalid', id, reason: 'a request needs a string method and a string or integer id' };
    }
    const notification = NotificationMessageSchema.safeParse(record);
    return notification.success
      ? { kind: 'notification', message: notification.data }
      : { kind: 'invalid', id: null, reason: 'a notification needs a string method' };
  }
  if ('result' in record) {
    const success = SuccessResponseSchema.safeParse(record);
    if (success.success) return { kind: 'response', message: success.data };
  } else if ('error' in record) {
    const failure = ErrorResponseSchema.safeParse(record);
    if (failure.success) return { kind: 'response', message: failure.data };
  }
  return { kind: 'invalid', id, reason: 'not a request, notification or response' };
}
