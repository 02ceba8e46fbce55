import { useMemo } from 'react';
import type { DocumentItemView } from '../../../src-shared/api';
import { useUiStore } from '../stores/ui-store';
import { VirtualList } from './VirtualList';
import { outlineNameOf, outlineTooltipOf } from '../outline-names';

const STRUCTURE_LABELS = new Set(['title', 'section_header', 'table', 'picture', 'chart', 'code', 'formula', 'caption']);

/** The document tree: headings by level, and the tables, pictures, code and formulas under them. */
export function OutlinePanel({ items }: { items: readonly DocumentItemView[] }) {
  const filter = useUiStore((s) => s.outlineFilter);
  const setFilter = useUiStore((s) => s.setOutlineFilter);
  const scrollToItem = useUiStore((s) => s.scrollToItem);
  const entries = useMemo(() => {
    let level = 0;
    const outline: Array<{ item: DocumentItemView; indent: number }> = [];
    for (const item of items) {
      if (item.headingLevel !== null) level = item.headingLevel;
      if (!STRUCTURE_LABELS.has(item.label)) continue;
      outline.push({ item, indent: item.headingLevel ?? level + 1 });
    }
    const needle = filter.trim().toLowerCase();
    return needle === ''
      ? outline
      : outline.filter(
          ({ item }) =>
            item.text.toLowerCase().includes(needle) || item.label.includes(needle) || (item.caption ?? '').toLowerCase().includes(needle),
        );
  }, [items, filter]);

  return (
    <nav className="outline" aria-label="Document outline">
      <input
        className="outline-filter"
        type="search"
        placeholder="Filter outline"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        data-testid="outline-filter"
      />
      <VirtualList
        className="outline-list"
        testId="outline"
        count={entries.length}
        estimatedRowHeight={26}
        rowKey={(index) => entries[index]!.item.ref}
        renderRow={(index) => {
          const { item, indent } = entries[index]!;
          return (
            <button
              type="button"
              title={outlineTooltipOf(item)}
              className={`outline-entry outline-${item.label}`}
              style={{ paddingLeft: `${6 + indent * 12}px` }}
              onClick={() => scrollToItem(item.ref)}
              data-testid="outline-entry"
            >
              <span className="outline-text">{outlineNameOf(item)}</span>
              {item.headingLevel === null && <span className="outline-label">{item.label}</span>}
              {item.page !== null && <span className="page-no">p{item.page}</span>}
            </button>
          );
        }}
      />
    </nav>
  );
}
