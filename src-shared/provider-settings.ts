import { z } from 'zod';

/**
 * The settings every HTTP provider shares (the LLM, the embeddings, the reranker), bounded alike in
 * each: one definition, so that a bound or a message is never tightened for one provider and not another.
 */

export const providerBaseUrlSchema = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' });

/** The environment variable that holds the key: a key itself is never written in a config file. */
export const apiKeyEnvSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'must be an environment variable name' });

/** Requests in flight at once. */
export const maxConcurrencySchema = z.number().int().positive().max(64);

export const timeoutSecondsSchema = z.number().positive().max(3600);

export const retriesSchema = z.number().int().nonnegative().max(10);
