import { z } from 'zod';
import type { ApiTransport } from '../../src-shared/api-client';
import { apiMethodNames, type ApiMethodName } from '../../src-shared/api-methods';
import type { ApiResult } from '../../src-shared/api-result';
import { StratumError } from '../../src-shared/errors';
import { startModuleWorker } from '../engine/worker/module-worker';
import { describeThreadLimit, threadLimits } from '../engine/worker/thread-limits';
import { RestartingThread } from '../engine/worker/worker-rpc';
import { toApiError } from './dispatch';
import type { LlmKeysByName } from './handed-llm-keys';
import { hostCallNames, type HostCallName, type HostCallTransport } from './host-calls';

export interface WorkbenchThreadOptions {
  /** the folder of user presets */
  presetsDir: string;
  /**
   * The host keeps LLM keys of its own (the desktop app's key store) and hands them over with
   * `setLlmKeys`; runs take those first. Without: runs read the environment only (browser mode).
   */
  handsLlmKeys?: boolean;
}

/** What a workbench thread starts with: the host's options and the LLM keys handed to it last. */
export interface WorkbenchThreadData extends WorkbenchThreadOptions {
  llmKeys: LlmKeysByName;
}

/**
 * Every API method and host call crosses to the workbench thread as it arrived over IPC or HTTP: the
 * thread validates it (dispatch.ts) and answers with the result envelope the host forwards as is.
 */
const workbenchCall = {
  payload: z.unknown(),
  result: z.union([
    z.object({ ok: z.literal(true), value: z.unknown() }),
    z.object({ ok: z.literal(false), error: z.object({ code: z.string(), message: z.string() }) }),
  ]),
};
const workbenchCalls = Object.fromEntries([...apiMethodNames, ...hostCallNames].map((method) => [method, workbenchCall])) as Record<
  ApiMethodName | HostCallName,
  typeof workbenchCall
>;
/** The host's own message, beside the calls it forwards: the LLM keys runs may use (handed-llm-keys.ts). */
const setLlmKeysCall = { payload: z.record(z.string(), z.string()), result: z.null() };
export const workbenchThreadMethods = { ...workbenchCalls, setLlmKeys: setLlmKeysCall };

/** The workbench running on a worker thread, as a transport the IPC and HTTP layers forward calls to. */
export interface WorkbenchThread {
  call: ApiTransport;
  /** Calls only the host makes (host-calls.ts): never wire this to IPC or HTTP. */
  callHost: HostCallTransport;
  /**
   * Hands the thread every LLM key the host holds (the desktop key store's whole content), replacing
   * those it had; a thread started again later starts with them. Never wire this to IPC or HTTP.
   */
  setLlmKeys(keys: LlmKeysByName): Promise<void>;
  close(): Promise<void>;
}

/**
 * Starts the workbench thread, its heap capped (`workbenchHeapMb`). A thread that ends (or is stopped
 * for not answering a call past its deadline) fails the calls in flight with an `internal` error, or
 * `too-large` when it ran out of memory, and is started again by the next call; the documents it held
 * are gone with it ("open it again").
 */
export function startWorkbenchThread(options: WorkbenchThreadOptions): WorkbenchThread {
  const resourceLimits = { maxOldGenerationSizeMb: threadLimits().workbenchHeapMb };
  let llmKeys: LlmKeysByName = {};
  const start = () => {
    const workerData: WorkbenchThreadData = { ...options, llmKeys };
    return startModuleWorker(import.meta.url, 'workbench-thread', { workerData, resourceLimits });
  };
  const outOfMemoryError = () => {
    const limit = describeThreadLimit('workbenchHeapMb');
    return new StratumError('too-large', `the workbench ran out of memory, and the documents it held are gone (${limit})`);
  };
  const thread = new RestartingThread(start, workbenchThreadMethods, { name: 'the workbench thread', outOfMemoryError });
  const send = async (method: ApiMethodName | HostCallName, request: unknown): Promise<unknown> => {
    try {
      return await thread.call(method, request);
    } catch (error) {
      return { ok: false, error: toApiError(error) } satisfies ApiResult<unknown>;
    }
  };
  const setLlmKeys = async (keys: LlmKeysByName): Promise<void> => {
    // kept before sending: a thread that ends before it reads them starts again with them
    llmKeys = { ...keys };
    await thread.call('setLlmKeys', llmKeys);
  };
  return { call: send, callHost: send, setLlmKeys, close: () => thread.close() };
}
