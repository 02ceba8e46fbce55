import { describe, expect, it } from 'vitest';
import { artifactsFolderNameOf, exportFileNameOf } from './export-options';

describe('export file names', () => {
  it('names an export after its source and its artifacts folder after the export', () => {
    expect(exportFileNameOf('report.pdf', 'canonical')).toBe('report.chunks.json');
    expect(exportFileNameOf('annual.report.v2.docx', 'jsonl')).toBe('annual.report.v2.chunks.jsonl');
    expect(exportFileNameOf('README', 'zip')).toBe('README.chunks.zip');
    expect(artifactsFolderNameOf('report.chunks.json')).toBe('report.chunks_artifacts');
    // the folder follows whatever name the user saved under
    expect(artifactsFolderNameOf('final figures.json')).toBe('final figures_artifacts');
  });
});
