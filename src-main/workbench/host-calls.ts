import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { apiSchemas } from '../../src-shared/api';
import { unwrapApiResult } from '../../src-shared/api-result';

/**
 * Calls a host makes on its workbench thread that the renderer can never make: IPC and HTTP route
 * API methods only. They take what the renderer must not choose, such as a path on disk (the one the
 * user picked in the host's save dialog).
 */
export const hostCallSchemas = {
  /**
   * `openDocument` of a file on disk, read by the workbench (regular files only, bounded): the
   * desktop app's open (the path its dialog, a recent file or the command line gave) and a
   * browser-mode upload (the temporary file the server streamed it to, named as uploaded).
   */
  openDocumentFile: {
    request: apiSchemas.openDocument.request
      .omit({ bytes: true })
      .partial({ fileName: true })
      .extend({ path: z.string().refine(isAbsolute, 'an absolute path') }),
    response: apiSchemas.openDocument.response,
  },
  /** `exportChunks` written to `path`, the artifacts (if asked for) into the folder beside it (`artifactsFolderNameOf`). */
  exportChunksToFile: {
    request: apiSchemas.exportChunks.request.extend({ path: z.string().refine(isAbsolute, 'an absolute path') }),
    response: z.object({ notes: z.array(z.string()) }),
  },
} as const;

export type HostCallName = keyof typeof hostCallSchemas;
export const hostCallNames = Object.keys(hostCallSchemas) as [HostCallName, ...HostCallName[]];

type Schemas<M extends HostCallName> = (typeof hostCallSchemas)[M];

/** The host calls as the workbench service implements them (requests validated, defaults applied). */
export type HostCalls = { [M in HostCallName]: (request: z.output<Schemas<M>['request']>) => Promise<z.output<Schemas<M>['response']>> };

/** The host calls as a host makes them (the thread validates the request and applies its defaults). */
export type HostClient = { [M in HostCallName]: (request: z.input<Schemas<M>['request']>) => Promise<z.output<Schemas<M>['response']>> };

/** Sends one host call to the workbench thread and resolves with its result envelope. */
export type HostCallTransport = (method: HostCallName, request: unknown) => Promise<unknown>;

/** The host calls over a transport: each unwraps the envelope (rejecting with an `ApiCallError`) and checks the reply. */
export function createHostClient(transport: HostCallTransport): HostClient {
  const entries = hostCallNames.map((method) => [
    method,
    async (request: unknown) => hostCallSchemas[method].response.parse(unwrapApiResult(method, await transport(method, request))),
  ]);
  return Object.fromEntries(entries) as HostClient;
}

export function isHostCallName(name: string): name is HostCallName {
  return Object.hasOwn(hostCallSchemas, name);
}
