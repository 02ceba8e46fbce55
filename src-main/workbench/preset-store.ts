import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify as toYaml } from 'yaml';
import type { Preset } from '../../src-shared/api';
import type { ConfigFile } from '../../src-shared/config';
import {
  enrichmentSettingsOf,
  parsePipelineConfigText,
  pipelineFileOf,
  NO_ENRICHMENT,
  type EnrichmentSettings,
} from '../../src-shared/pipeline-config';
import { StratumError } from '../../src-shared/errors';
import type { HandEdit } from '../../src-shared/hand-edits';
import { writeFileAtomic } from '../base/atomic-write';

/** The presets every install has: a starting point per kind of document. */
export const BUILTIN_PRESETS: readonly Preset[] = [
  {
    name: 'general',
    builtin: true,
    config: { strategy: 'hybrid', tokenizer: 'hf:sentence-transformers/all-MiniLM-L6-v2', maxTokens: 256 },
  },
  { name: 'legal', builtin: true, config: { strategy: 'hybrid', tokenizer: 'hf:BAAI/bge-small-en-v1.5', maxTokens: 512 } },
  { name: 'technical', builtin: true, config: { strategy: 'hybrid', tokenizer: 'tiktoken:cl100k_base', maxTokens: 512 } },
  { name: 'paper', builtin: true, config: { strategy: 'hierarchical' } },
];

/**
 * User presets are pipeline config files (`<name>.yaml`) in one folder: exactly what `stratum chunk
 * --pipeline-config` reads (and, without steps, `--config` too), so a configuration tuned in the GUI
 * runs unchanged in batch.
 */
export class PresetStore {
  constructor(private readonly folder: string) {}

  async list(): Promise<Preset[]> {
    const saved = await this.savedPresets();
    const savedNames = new Set(saved.map((preset) => preset.name));
    return [...BUILTIN_PRESETS.filter((preset) => !savedNames.has(preset.name)), ...saved];
  }

  async save(name: string, config: ConfigFile, enrichment?: EnrichmentSettings, edits: readonly HandEdit[] = []): Promise<Preset> {
    const file = pipelineFileOf(config, enrichment ?? NO_ENRICHMENT, edits);
    await writeFileAtomic(join(this.folder, `${checkedName(name)}.yaml`), toYaml(file));
    return { name, builtin: false, config, ...(enrichment ? { enrichment } : {}), ...(edits.length > 0 ? { edits: [...edits] } : {}) };
  }

  private async savedPresets(): Promise<Preset[]> {
    let files: string[];
    try {
      files = await readdir(this.folder);
    } catch {
      return [];
    }
    const presets: Preset[] = [];
    for (const file of files.filter((f) => !f.startsWith('.') && /\.ya?ml$|\.json$/i.test(f)).sort()) {
      try {
        const pipeline = parsePipelineConfigText(await readFile(join(this.folder, file), 'utf8'), file);
        const name = file.replace(/\.(ya?ml|json)$/i, '');
        const enrichment = enrichmentSettingsOf(pipeline);
        const edits = pipeline.edits ? { edits: pipeline.edits } : {};
        presets.push({ name, builtin: false, config: pipeline.chunker, ...(enrichment ? { enrichment } : {}), ...edits });
      } catch {
        // A hand-edited file that no longer parses is skipped, not fatal: the list must still open.
      }
    }
    return presets;
  }
}

/**
 * A preset is the file `<name>.yaml` in the presets folder: a name is one file name there, never a
 * path (`..`), and not a hidden file (`.name`), which the list would not show.
 */
function checkedName(name: string): string {
  if (name.trim() === '' || name.startsWith('.') || /[/\\\0]/.test(name)) {
    const rule = 'use letters, digits, spaces, dots and dashes, not starting with a dot';
    throw new StratumError('invalid-config', `"${name}" is not a preset name: ${rule}`);
  }
  return name;
}
