import { parseBoundedYaml } from '../../../../src-shared/bounded-parse';
import { isRecord } from '../../../../src-shared/is-record';

/**
 * The metadata a YAML front matter block gives the document: its top-level keys. A block that is
 * not valid YAML, not a mapping or too deeply nested is kept as `front_matter` text rather than
 * failing the parse, since the document body is still readable.
 */
export function frontMatterMetadata(yamlText: string): Record<string, unknown> {
  try {
    const value: unknown = parseBoundedYaml(yamlText);
    if (value === null || value === undefined) return {};
    if (isRecord(value)) return { ...value };
  } catch {
    // Falls through: invalid YAML is kept as text.
  }
  return { front_matter: yamlText };
}
