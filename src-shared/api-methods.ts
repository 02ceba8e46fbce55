/**
 * The names of the `StratumApi` methods, without their schemas: the sandboxed preload needs only the
 * names (it cannot load zod), the hosts and the HTTP client iterate over them.
 */
export const apiMethodNames = [
  'openDocument',
  'getJob',
  'cancelJob',
  'getDocument',
  'chunkDocument',
  'addHandEdit',
  'removeHandEdit',
  'listHandEdits',
  'getChunk',
  'getCoverage',
  'getChunkCards',
  'getChunkExtents',
  'getChunkTexts',
  'startEnrichment',
  'getEnrichment',
  'cancelEnrichment',
  'compareConfigs',
  'compareEnrichments',
  'exportChunks',
  'getCatalog',
  'countTokens',
  'listPresets',
  'savePreset',
  'parseConfigFile',
  'getPdfBytes',
  'getPictureThumbnail',
  'startLabRun',
  'getLabRun',
  'cancelLabRun',
  'getLabQuestion',
  'loadQuestionSet',
  'referencesOfSelection',
  'placesOfReferences',
  'getPageItems',
] as const;

export type ApiMethodName = (typeof apiMethodNames)[number];

/** Commands the Electron menu sends to the renderer. */
export const menuCommands = ['open', 'export', 'toggle-compare'] as const;
export type MenuCommand = (typeof menuCommands)[number];

/** IPC channel of one API method. */
export function ipcChannelOf(method: ApiMethodName): string {
  return `stratum:${method}`;
}
