import { z } from 'zod';
import { apiMethodNames } from '../../src-shared/api-methods';
import { hostCallNames } from './host-calls';

/** Messages between a host and its workbench thread; both sides validate what they receive. */
export const callMessageSchema = z.object({ id: z.number().int().nonnegative(), method: z.enum([...apiMethodNames, ...hostCallNames]), request: z.unknown() });
export type CallMessage = z.infer<typeof callMessageSchema>;

export const replyMessageSchema = z.object({
  id: z.number().int().nonnegative(),
  result: z.union([z.object({ ok: z.literal(true), value: z.unknown() }), z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) })]),
});
export type ReplyMessage = z.infer<typeof replyMessageSchema>;

export interface WorkbenchThreadOptions {
  /** the folder of user presets */
  presetsDir: string;
}
