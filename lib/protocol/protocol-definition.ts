import type { z } from 'zod';

/** A protocol is a table of request methods and a table of notifications, each with schemas. */
export interface ProtocolDefinition {
  requests: Record<string, { params: z.ZodType; result: z.ZodType }>;
  notifications: Record<string, z.ZodType>;
}

export type RequestMethod<P extends ProtocolDefinition> = keyof P['requests'] & string;
export type NotificationMethod<P extends ProtocolDefinition> = keyof P['notifications'] & string;

export type RequestParams<P extends ProtocolDefinition, M extends RequestMethod<P>> = z.input<P['requests'][M]['params']>;
export type ParsedRequestParams<P extends ProtocolDefinition, M extends RequestMethod<P>> = z.output<P['requests'][M]['params']>;
export type RequestResult<P extends ProtocolDefinition, M extends RequestMethod<P>> = z.output<P['requests'][M]['result']>;
export type HandlerResult<P extends ProtocolDefinition, M extends RequestMethod<P>> = z.input<P['requests'][M]['result']>;
export type NotificationParams<P extends ProtocolDefinition, N extends NotificationMethod<P>> = z.input<P['notifications'][N]>;
export type ParsedNotificationParams<P extends ProtocolDefinition, N extends NotificationMethod<P>> = z.output<P['notifications'][N]>;
