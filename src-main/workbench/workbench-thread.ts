import { parentPort, workerData } from 'node:worker_threads';
import { serveRpc, type RpcHandlers } from '../engine/worker/thread-rpc';
import { dispatchApiCall, dispatchHostCall } from './dispatch';
import { createEngine } from './engine-adapter';
import { HandedLlmKeys } from './handed-llm-keys';
import { isHostCallName } from './host-calls';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';
import { workbenchThreadMethods, type WorkbenchThreadData } from './workbench-host';

/**
 * The workbench service on its own thread: parsing and chunking never block the host's event loop
 * (Electron's main process, the HTTP server). Calls arrive over the thread RPC and are dispatched
 * exactly as over IPC or HTTP: validated, run, answered with a result envelope.
 */
const port = parentPort;
if (!port) throw new Error('workbench-thread runs as a worker thread');
const { presetsDir, handsLlmKeys, llmKeys: startingKeys } = workerData as WorkbenchThreadData;
const llmKeys = handsLlmKeys ? new HandedLlmKeys(startingKeys) : undefined;
const service = createWorkbenchService(createEngine(), new PresetStore(presetsDir), undefined, llmKeys);

type Method = keyof typeof workbenchThreadMethods;
const handlers = {} as RpcHandlers<typeof workbenchThreadMethods>;
for (const method of Object.keys(workbenchThreadMethods) as Method[]) {
  if (method === 'setLlmKeys') continue;
  handlers[method] = (request) =>
    isHostCallName(method) ? dispatchHostCall(service, method, request) : dispatchApiCall(service, method, request);
}
handlers.setLlmKeys = (keys) => {
  if (!llmKeys) throw new Error('this host keeps no LLM keys: its runs read the environment');
  llmKeys.replace(keys);
  return null;
};
serveRpc(port, workbenchThreadMethods, handlers);
