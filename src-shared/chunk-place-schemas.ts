import { z } from 'zod';

/** Where text lies in its source and on its page: the shapes `Chunk` uses (chunk.ts), as schemas for what crosses to the renderer. */

export const sourceSpanSchema = z.union([z.tuple([z.number(), z.number()]), z.tuple([z.number(), z.number(), z.number()])]);

export const chunkBoxSchema = z.object({ page: z.number().int(), l: z.number(), t: z.number(), r: z.number(), b: z.number() });
