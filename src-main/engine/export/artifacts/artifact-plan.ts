import { iterateItems } from '../../ir/iterate';
import type { ContentLayer, DoclingDocument, PictureItem, TableItem } from '../../ir/types';

interface PlannedArtifact<Item> {
  item: Item;
  /** The file name inside the artifacts folder, e.g. `report_img_001.png`. */
  fileName: string;
}

interface ArtifactPlan {
  images: PlannedArtifact<PictureItem>[];
  tables: PlannedArtifact<TableItem>[];
}

const allLayers: ReadonlySet<ContentLayer> = new Set(['body', 'furniture', 'background', 'invisible', 'notes']);

/**
 * Names every picture `{stem}_img_{NNN}.png` and every table `{stem}_table_{NNN}.md`, numbered from
 * 001 in reading order (the body, then the furniture, walked depth first), so that the numbers follow the
 * document rather than the order in which a parser happened to create the items.
 */
export function planArtifacts(doc: DoclingDocument, stem: string): ArtifactPlan {
  const pictures = inReadingOrder(doc, doc.pictures);
  const tables = inReadingOrder(doc, doc.tables);
  return {
    images: pictures.map((item, index) => ({ item, fileName: `${stem}_img_${serial(index)}.png` })),
    tables: tables.map((item, index) => ({ item, fileName: `${stem}_table_${serial(index)}.md` })),
  };
}

function inReadingOrder<Item extends PictureItem | TableItem>(doc: DoclingDocument, items: readonly Item[]): Item[] {
  const position = new Map<string, number>();
  for (const root of [doc.body, doc.furniture]) {
    for (const { item } of iterateItems(doc, { root, traversePictures: true, layers: allLayers })) {
      if (!position.has(item.self_ref)) position.set(item.self_ref, position.size);
    }
  }
  // Items the tree does not reach keep their array order, after the others.
  const rank = (item: Item, index: number) => position.get(item.self_ref) ?? position.size + index;
  return items
    .map((item, index) => ({ item, rank: rank(item, index) }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ item }) => item);
}

function serial(index: number): string {
  return String(index + 1).padStart(3, '0');
}
