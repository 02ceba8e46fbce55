import { useState } from 'react';
import type { ChunkStats } from '../../../src-shared/evaluation';

const WIDTH = 340;
const HEIGHT = 120;
const PLOT = { left: 30, right: 6, top: 8, bottom: 22 };

/**
 * The chunks' token counts as a histogram with its axes: chunks per bin up the side, tokens along the bottom, the
 * strategy's limit drawn as a line between the last bin that fits and the first over it (the engine puts a bin edge
 * there, so the red bars hold exactly the "Over N" chunks). Hovering a bar, or focusing it, says its range and count.
 */
export function TokenHistogram({ stats }: { stats: ChunkStats }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const bins = stats.histogram;
  const peak = Math.max(1, ...bins.map((bin) => bin.count));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const barWidth = plotWidth / Math.max(1, bins.length);
  const overAt = bins.findIndex((bin) => bin.from > stats.tokenLimit);
  const limitX = PLOT.left + (overAt < 0 ? bins.length : overAt) * barWidth;
  const hoveredBin = hovered === null ? undefined : bins[hovered];
  const labels = edgeLabels(bins, stats.tokenLimit);
  return (
    <figure className="token-histogram" data-testid="histogram">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Token histogram: ${stats.overLimit} chunks over the limit of ${stats.tokenLimit}`}
      >
        <line className="axis" x1={PLOT.left} y1={PLOT.top} x2={PLOT.left} y2={PLOT.top + plotHeight} />
        <line className="axis" x1={PLOT.left} y1={PLOT.top + plotHeight} x2={WIDTH - PLOT.right} y2={PLOT.top + plotHeight} />
        <text className="tick" x={PLOT.left - 4} y={PLOT.top + 4} textAnchor="end">
          {peak}
        </text>
        <text className="tick" x={PLOT.left - 4} y={PLOT.top + plotHeight} textAnchor="end">
          0
        </text>
        {bins.map((bin, index) => {
          const height = Math.max((bin.count / peak) * plotHeight, bin.count > 0 ? 1 : 0);
          const over = bin.from > stats.tokenLimit;
          return (
            <g
              key={bin.from}
              onMouseEnter={() => setHovered(index)}
              onMouseLeave={() => setHovered((current) => (current === index ? null : current))}
            >
              <rect
                className={`bar${over ? ' over-limit' : ''}${index === hovered ? ' hovered' : ''}`}
                x={PLOT.left + index * barWidth + 1}
                y={PLOT.top + plotHeight - height}
                width={Math.max(1, barWidth - 2)}
                height={height}
              />
              {/* the whole column answers the pointer and the keyboard, so that a bin of few chunks is as easy to reach */}
              <rect
                className="hit"
                x={PLOT.left + index * barWidth}
                y={PLOT.top}
                width={barWidth}
                height={plotHeight}
                tabIndex={0}
                aria-label={binText(bin)}
                onFocus={() => setHovered(index)}
                onBlur={() => setHovered(null)}
                data-testid="histogram-bar"
                data-over-limit={over}
              >
                <title>{binText(bin)}</title>
              </rect>
            </g>
          );
        })}
        <line className="limit-line" x1={limitX} y1={PLOT.top - 4} x2={limitX} y2={PLOT.top + plotHeight} />
        {labels.map(({ index, text }) => (
          <text
            key={index}
            className="tick"
            x={PLOT.left + index * barWidth}
            y={HEIGHT - 8}
            // the end labels stay inside the figure
            textAnchor={index === 0 ? 'start' : index === bins.length ? 'end' : 'middle'}
          >
            {text}
          </text>
        ))}
        <text className="tick axis-title" x={WIDTH - PLOT.right} y={HEIGHT - 0.5} textAnchor="end">
          tokens
        </text>
      </svg>
      <figcaption className="muted" data-testid="histogram-hover">
        {hoveredBin ? binText(hoveredBin) : `chunks by tokens; the line is the limit, ${stats.tokenLimit}`}
      </figcaption>
    </figure>
  );
}

function binText(bin: ChunkStats['histogram'][number]): string {
  return `${bin.from}–${bin.to - 1} tokens: ${bin.count} chunk${bin.count === 1 ? '' : 's'}`;
}

/** Labels at the first edge, the limit's edge and the last edge: more would not fit under narrow bars. */
function edgeLabels(bins: ChunkStats['histogram'], limit: number): Array<{ index: number; text: string }> {
  if (bins.length === 0) return [];
  const overAt = bins.findIndex((bin) => bin.from > limit);
  const labels = [{ index: 0, text: '0' }];
  if (overAt > 0) labels.push({ index: overAt, text: String(limit) });
  const last = bins[bins.length - 1]!;
  labels.push({ index: bins.length, text: String(last.to - 1) });
  return labels;
}
