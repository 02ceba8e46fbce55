import { parse as parseYaml } from 'yaml';
import { isRecord } from '../../../../src-shared/is-record';

/**
 * The metadata a YAML front matter block gives the document: its top-level keys. A block that is
 * not valid YAML, or not a mapping, is kept as `front_matter` text rather than failing the parse,
 * since the document body is still readable.
 */
export function frontMatterMetadata(yamlText: string): Record<string, unknown> {
  try {
    const value: unknown = parseYaml(yamlText);
    if (value === null || value === undefined) return {};
    if (isRecord(value)) return { ...value };
  } catch {
    // Falls through: invalid YAML is kept as text.
  }
  return { front_matter: yamlText };
}
