import type { LayoutEngineAdapter } from './layout-engine-adapter';
import { mineruContentList } from './mineru-content-list';

/** Every layout engine read. Add an adapter here and nowhere else. */
export const LAYOUT_ENGINES: readonly LayoutEngineAdapter[] = [mineruContentList];

/** The engine a file's name or, failing that, its content says wrote it. */
export function layoutEngineOf(fileName: string, value: unknown): LayoutEngineAdapter | undefined {
  const lower = fileName.toLowerCase();
  return LAYOUT_ENGINES.find((engine) => lower.endsWith(engine.fileSuffix)) ?? LAYOUT_ENGINES.find((engine) => engine.recognises(value));
}
