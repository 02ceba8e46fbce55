import { z } from 'zod';
import { apiSchemas } from '../../src-shared/api';
import type { ApiTransport } from '../../src-shared/api-client';
import { apiMethodNames, ipcChannelOf } from '../../src-shared/api-methods';
import type { ApiResult } from '../../src-shared/api-result';
import { desktopChannels } from '../../src-shared/desktop-bridge';
import { describeIssues } from '../../src-shared/config';
import { toApiError } from '../workbench/dispatch';
import type { DesktopServices } from './desktop-services';

/** The part of Electron's `ipcMain` used here (tests pass a fake). */
export interface IpcRegistrar {
  handle(channel: string, listener: (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => Promise<unknown>): void;
}

const passwordRetryRequestSchema = z.object({ jobId: z.string().min(1).max(64), password: z.string().max(1024) });

const suggestedNameSchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[^/\\]+$/, 'a file name, not a path');

const saveFileRequestSchema = z.object({
  suggestedName: suggestedNameSchema,
  content: z.union([z.string(), z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'must be text or bytes')]),
});

const exportToFileRequestSchema = apiSchemas.exportChunks.request.extend({ suggestedName: suggestedNameSchema });

/** A pipeline's `llm.apiKeyEnv` or its provider's name. */
const llmKeyNameRequestSchema = z.strictObject({
  name: z
    .string()
    .max(128)
    .regex(/^[A-Za-z_][A-Za-z0-9_-]*$/, 'an environment variable or provider name'),
});

/** The messages never quote the key: a refused key must not reach a reply or a log. */
const llmKeyRequestSchema = llmKeyNameRequestSchema.extend({
  key: z
    .string({ error: 'must be a key' })
    .min(1, { error: 'must be a key' })
    .max(4096, { error: 'must be a key of at most 4096 characters' })
    .regex(/^[\x21-\x7e]+$/, { error: 'must be a key of printable characters without spaces' }),
});

/**
 * One handler per API method plus the native dialogs. Calls from any frame but the app's own page
 * are refused; every payload is validated before it is acted on (API calls by `call`, which
 * dispatches them: dispatch.ts); every reply is a result envelope.
 */
export function registerIpcHandlers(
  ipc: IpcRegistrar,
  call: ApiTransport,
  desktop: DesktopServices,
  isTrustedUrl: (url: string) => boolean,
): void {
  const guarded =
    (listener: (...args: unknown[]) => Promise<unknown>) =>
    async (event: { senderFrame: { url: string } | null }, ...args: unknown[]) => {
      if (!event.senderFrame || !isTrustedUrl(event.senderFrame.url)) {
        return {
          ok: false,
          error: { code: 'bad-request', message: 'refused: the call did not come from the Stratum window' },
        } satisfies ApiResult<never>;
      }
      return listener(...args);
    };
  for (const method of apiMethodNames) {
    ipc.handle(
      ipcChannelOf(method),
      guarded((request) => call(method, request)),
    );
  }
  ipc.handle(
    desktopChannels.showOpenDialog,
    guarded(() => settle(desktop.showOpenDialog())),
  );
  ipc.handle(
    desktopChannels.showOpenFolderDialog,
    guarded(() => settle(desktop.showOpenFolderDialog())),
  );
  // A desktop call with a payload: a payload its schema refuses is a bad request, never acted on.
  const handleValidated = <Request>(
    name: keyof typeof desktopChannels,
    schema: z.ZodType<Request>,
    run: (request: Request) => Promise<unknown>,
  ) =>
    ipc.handle(
      desktopChannels[name],
      guarded(async (request) => {
        const parsed = schema.safeParse(request);
        if (!parsed.success)
          return { ok: false, error: { code: 'bad-request', message: `${name}: ${describeIssues(parsed.error, 'request')}` } };
        return settle(run(parsed.data));
      }),
    );
  handleValidated('retryWithPassword', passwordRetryRequestSchema, (request) => desktop.retryWithPassword(request));
  handleValidated('saveFile', saveFileRequestSchema, (request) => desktop.saveFile(request));
  handleValidated('exportChunks', exportToFileRequestSchema, (request) => desktop.exportChunks(request));
  handleValidated('setLlmKey', llmKeyRequestSchema, (request) => desktop.setLlmKey(request));
  handleValidated('deleteLlmKey', llmKeyNameRequestSchema, (request) => desktop.deleteLlmKey(request));
  ipc.handle(
    desktopChannels.listLlmKeys,
    guarded(() => settle(desktop.listLlmKeys())),
  );
}

async function settle<T>(work: Promise<T>): Promise<ApiResult<T>> {
  try {
    return { ok: true, value: await work };
  } catch (error) {
    return { ok: false, error: toApiError(error) };
  }
}
