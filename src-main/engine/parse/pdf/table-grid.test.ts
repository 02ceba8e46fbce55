import { describe, expect, it } from 'vitest';
import { borderlessTables } from './borderless-tables';
import type { RuledFrame } from './ruled-tables';
import { tableFromFrame, type TableRegion } from './table-grid';
import { textRun as run } from './test-runs';
import type { RuleSegment } from './types';

const cellsOf = (table: TableRegion) =>
  table.cells
    .map((c) => ({ text: c.text, row: c.row, col: c.col, rowSpan: c.rowSpan, colSpan: c.colSpan, header: c.header }))
    .sort((a, b) => a.row - b.row || a.col - b.col);

describe('table spans', () => {
  it('a header label of a whitespace table spans the data columns its text covers', () => {
    const runs = [
      run('Model', 72, 700),
      run('Accuracy on both sets', 186, 700),
      run('Time', 340, 700),
      ...['A', 'B', 'C'].flatMap((name, i) => [
        run(name, 72, 676 - 12 * i),
        run('0.91', 180, 676 - 12 * i),
        run('0.88', 262, 676 - 12 * i),
        run('12', 340, 676 - 12 * i),
      ]),
    ];
    const [found] = borderlessTables(runs);
    const table = found!.table;
    expect([table.numRows, table.numCols]).toEqual([4, 4]);
    const cells = cellsOf(table);
    expect(cells.filter((c) => c.header).map((c) => [c.text, c.row, c.col, c.colSpan])).toEqual([
      ['Model', 0, 0, 1],
      ['Accuracy on both sets', 0, 1, 2],
      ['Time', 0, 3, 1],
    ]);
    expect(cells.filter((c) => !c.header).every((c) => c.colSpan === 1 && c.rowSpan === 1)).toBe(true);
  });

  it('a row label of a ruled grid spans the rows whose dividing rule stops short of its column', () => {
    const [left, right, top, bottom] = [72, 372, 712, 652];
    const columns = [172, 272];
    const horizontal = (position: number, from = left): RuleSegment => ({ orientation: 'horizontal', position, from, to: right });
    const vertical = (position: number): RuleSegment => ({ orientation: 'vertical', position, from: bottom, to: top });
    // Rows: header (712-697), group A over two rows (697-682, 682-667: that rule skips the first column), group B (667-652).
    const frame: RuledFrame = {
      left,
      right,
      top,
      bottom,
      horizontal: [horizontal(top), horizontal(697), horizontal(682, columns[0]), horizontal(667), horizontal(bottom)],
      vertical: [vertical(left), ...columns.map(vertical), vertical(right)],
    };
    const runs = [
      run('Group', 80, 701),
      run('Item', 180, 701),
      run('Price', 280, 701),
      run('Fruit', 80, 678),
      run('apple', 180, 686),
      run('1.20', 280, 686),
      run('pear', 180, 671),
      run('0.90', 280, 671),
      run('Bread', 80, 656),
      run('rye', 180, 656),
      run('2.10', 280, 656),
    ];
    const cells = cellsOf(tableFromFrame(frame, runs)!);
    expect(cells.find((c) => c.text === 'Fruit')).toEqual({ text: 'Fruit', row: 1, col: 0, rowSpan: 2, colSpan: 1, header: false });
    expect(cells.filter((c) => c.header).map((c) => c.text)).toEqual(['Group', 'Item', 'Price']);
    expect(cells.filter((c) => c.text !== 'Fruit').every((c) => c.rowSpan === 1 && c.colSpan === 1)).toBe(true);
    expect(cells.find((c) => c.text === 'pear')).toMatchObject({ row: 2, col: 1 });
  });
});

describe('a grid printed from HTML, its cells bordered apart', () => {
  const [left, right, top, bottom] = [72, 372, 712, 652];
  // each cell draws its own border: two rules 2 points apart between neighbouring cells, one row over the other
  const borders = (position: number): RuleSegment[] => [
    { orientation: 'horizontal', position, from: left, to: right },
    { orientation: 'horizontal', position: position - 2, from: left, to: right },
  ];
  const sides = (position: number): RuleSegment[] => [
    { orientation: 'vertical', position, from: bottom, to: top },
    { orientation: 'vertical', position: position + 2, from: bottom, to: top },
  ];
  const frame: RuledFrame = {
    left,
    right,
    top,
    bottom,
    horizontal: [...borders(top), ...borders(697), ...borders(667), ...borders(bottom + 2)],
    vertical: [...sides(left), ...sides(172), ...sides(272), ...sides(right - 2)],
  };
  const runs = [
    run('Package', 80, 701),
    run('Popcon', 180, 701),
    run('Size', 280, 701),
    run('network', 80, 684),
    // set against the border between the cells: a rule parts them, not a gap
    run('V:363,', 242, 684),
    run('14803', 275, 684),
    run('ifupdown', 80, 656),
    run('V:586', 180, 656),
    run('199', 280, 656),
  ];

  it('makes one column edge of two borders, and parts text at a border however close it stands', () => {
    const table = tableFromFrame(frame, runs)!;
    expect([table.numRows, table.numCols]).toEqual([3, 3]);
    expect(cellsOf(table).map((c) => c.text)).toEqual([
      'Package',
      'Popcon',
      'Size',
      'network',
      'V:363,',
      '14803',
      'ifupdown',
      'V:586',
      '199',
    ]);
  });

  it('keeps a cell of two underlined lines (a link) in one row: an underline parts no rows', () => {
    const underline = (text: string, x: number, baseline: number): RuleSegment => ({
      orientation: 'horizontal',
      position: baseline - 1.1,
      from: x,
      to: x + text.length * 5,
    });
    const twoLines = [run('Package', 80, 701), run('Popcon', 180, 701), run('Size', 280, 701)];
    twoLines.push(
      run('network', 80, 688),
      run('manager', 80, 678),
      run('V:363,', 180, 688),
      run('I:428', 180, 678),
      run('14803', 280, 684),
    );
    twoLines.push(run('ifupdown', 80, 656), run('V:586', 180, 656), run('199', 280, 656));
    const links = [underline('network', 80, 688), underline('manager', 80, 678), underline('ifupdown', 80, 656)];
    const table = tableFromFrame({ ...frame, horizontal: [...frame.horizontal, ...links] }, twoLines)!;
    expect([table.numRows, table.numCols]).toEqual([3, 3]);
    expect(cellsOf(table).map((c) => c.text)).toEqual([
      'Package',
      'Popcon',
      'Size',
      'network manager',
      'V:363, I:428',
      '14803',
      'ifupdown',
      'V:586',
      '199',
    ]);
  });
});
