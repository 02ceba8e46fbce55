import { useEffect, useState } from 'react';
import type { TableGridView } from '../../../src-shared/api';
import { api } from '../api/host';
import { messageOf } from '../api/errors';
import { tableRowStarts } from '../chunk-extents';

/** The side of a picture's thumbnail in the text view, in CSS pixels (drawn at twice that for sharp screens). */
const THUMBNAIL_SIDE = 160;

/**
 * A table as a grid (merged cells spanning, header cells as headers), with a rule above each row
 * where a chunk starts and the rows of the selected chunk marked.
 */
export function TableGrid({
  grid,
  rowsHeld,
  selectedIndex,
}: {
  grid: TableGridView;
  /** per chunk position, the rows `[first, end)` it holds (chunks that hold the table in part) */
  rowsHeld: ReadonlyMap<number, readonly [number, number]>;
  selectedIndex: number | null;
}) {
  const selectedRows = selectedIndex === null ? undefined : rowsHeld.get(selectedIndex);
  const rows: TableGridView['cells'][] = Array.from({ length: grid.rows }, () => []);
  for (const cell of grid.cells) rows[cell[0]]?.push(cell);
  const startsAtRow = tableRowStarts(rowsHeld);
  return (
    <table className="doc-table" data-testid="table-grid">
      <tbody>
        {rows.map((cells, row) => {
          const startingHere = startsAtRow.get(row) ?? [];
          const selected = selectedRows !== undefined && selectedRows[0] <= row && row < selectedRows[1];
          return (
            <tr
              key={row}
              className={`${startingHere.length > 0 ? `row-boundary band-${startingHere[0]! % 2}` : ''}${selected ? ' selected' : ''}`}
              data-row={row}
              {...(startingHere.length > 0 ? { 'data-testid': 'table-row-boundary', 'data-chunk-index': startingHere.join(' ') } : {})}
            >
              {cells.map(([, column, rowSpan, columnSpan, header, text], index) => {
                const Cell = header ? 'th' : 'td';
                return (
                  <Cell key={column} rowSpan={rowSpan > 1 ? rowSpan : undefined} colSpan={columnSpan > 1 ? columnSpan : undefined}>
                    {index === 0 &&
                      startingHere.map((position) => (
                        <span key={position} className={`row-boundary-label band-${position % 2}`}>
                          #{position}
                        </span>
                      ))}
                    {text}
                  </Cell>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A picture's thumbnail (asked for once the row is drawn) and its caption, or why it has no image. */
export function PictureBlock({ documentId, pictureRef, caption }: { documentId: string; pictureRef: string; caption: string | null }) {
  const [image, setImage] = useState<{ url: string; width: number; height: number } | { problem: string } | null>(null);
  useEffect(() => {
    let current = true;
    let url: string | null = null;
    api
      .getPictureThumbnail({ documentId, ref: pictureRef, maxSide: THUMBNAIL_SIDE * 2 })
      .then((thumbnail) => {
        if (!current) return;
        if (thumbnail.png === null) return setImage({ problem: thumbnail.problem });
        url = URL.createObjectURL(new Blob([thumbnail.png as BlobPart], { type: 'image/png' }));
        setImage({ url, width: thumbnail.width / 2, height: thumbnail.height / 2 });
      })
      .catch((e: unknown) => current && setImage({ problem: messageOf(e) }));
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [documentId, pictureRef]);
  return (
    <figure className="doc-picture" data-testid="picture-block">
      {image && 'url' in image ? (
        <img src={image.url} width={image.width} height={image.height} alt={caption ?? 'picture'} data-testid="picture-thumbnail" />
      ) : (
        <span className="placeholder" title={image && 'problem' in image ? image.problem : undefined}>
          [picture{image && 'problem' in image ? `: ${image.problem}` : ''}]
        </span>
      )}
      {caption !== null && <figcaption>{caption}</figcaption>}
    </figure>
  );
}
