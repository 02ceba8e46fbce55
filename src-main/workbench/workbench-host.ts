import type { ApiTransport } from '../../src-shared/api-client';
import type { ApiResult } from '../../src-shared/api-result';
import { startModuleWorker } from '../engine/worker/module-worker';
import type { HostCallTransport } from './host-calls';
import { replyMessageSchema, type CallMessage, type WorkbenchThreadOptions } from './thread-messages';

/** The workbench running on a worker thread, as a transport the IPC and HTTP layers forward calls to. */
export interface WorkbenchThread {
  call: ApiTransport;
  /** Calls only the host makes (host-calls.ts): never wire this to IPC or HTTP. */
  callHost: HostCallTransport;
  close(): Promise<void>;
}

export function startWorkbenchThread(options: WorkbenchThreadOptions): WorkbenchThread {
  const worker = startModuleWorker(import.meta.url, 'workbench-thread', { workerData: options });
  const pending = new Map<number, (result: ApiResult<unknown>) => void>();
  let nextId = 0;
  const failAll = (message: string) => {
    for (const resolve of pending.values()) resolve({ ok: false, error: { code: 'internal', message } });
    pending.clear();
  };
  worker.on('message', (raw: unknown) => {
    const parsed = replyMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    pending.get(parsed.data.id)?.(parsed.data.result as ApiResult<unknown>);
    pending.delete(parsed.data.id);
  });
  worker.on('error', (error) => failAll(`the workbench thread failed: ${error.message}`));
  worker.on('exit', (code) => failAll(`the workbench thread stopped (exit code ${code})`));
  const send = (method: CallMessage['method'], request: unknown) =>
    new Promise<ApiResult<unknown>>((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ id, method, request } satisfies CallMessage);
    });
  return {
    call: send,
    callHost: send,
    close: async () => {
      await worker.terminate();
    },
  };
}
