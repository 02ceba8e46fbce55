import { parentPort, workerData } from 'node:worker_threads';
import { dispatchApiCall, dispatchHostCall } from './dispatch';
import { createEngine } from './engine-adapter';
import { isHostCallName } from './host-calls';
import { PresetStore } from './preset-store';
import { createWorkbenchService } from './service';
import { callMessageSchema, type ReplyMessage, type WorkbenchThreadOptions } from './thread-messages';

/**
 * The workbench service on its own thread: parsing and chunking never block the host's event loop
 * (Electron's main process, the HTTP server). Calls arrive as messages and are dispatched exactly as
 * over IPC or HTTP: validated, run, answered with a result envelope.
 */
const port = parentPort;
if (!port) throw new Error('workbench-thread runs as a worker thread');
const { presetsDir } = workerData as WorkbenchThreadOptions;
const service = createWorkbenchService(createEngine(), new PresetStore(presetsDir));

port.on('message', (raw: unknown) => {
  const parsed = callMessageSchema.safeParse(raw);
  if (!parsed.success) return;
  const { id, method, request } = parsed.data;
  const dispatched = isHostCallName(method) ? dispatchHostCall(service, method, request) : dispatchApiCall(service, method, request);
  void dispatched.then((result) => port.postMessage({ id, result } satisfies ReplyMessage));
});
