import { useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { KeyRound, Maximize, Minus, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { Table } from '../../../data/pg-meta/types.ts';
import { BOX_WIDTH, externalTarget, HEADER_HEIGHT, layoutBoxes, layoutLinks, linkPath, ROW_HEIGHT } from './schema-layout.ts';

const clampZoom = (z: number) => Math.min(2, Math.max(0.3, z));

/** Tables as boxes with their columns, foreign keys as lines; drag to pan, wheel or buttons to zoom. */
export function SchemaGraph({ tables }: { tables: Table[] }) {
  const boxes = layoutBoxes(tables);
  const links = layoutLinks(boxes);
  const drawn = new Set(boxes.map((b) => `${b.table.schema}.${b.table.name}`));
  const width = Math.max(...boxes.map((b) => b.x + BOX_WIDTH), 0) + 120;
  const height = Math.max(...boxes.map((b) => b.y + b.height), 0) + 40;
  const [view, setView] = useState({ x: 24, y: 24, zoom: 1 });
  const drag = useRef<{ x: number; y: number } | null>(null);

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    drag.current = { x: e.clientX - view.x, y: e.clientY - view.y };
    e.currentTarget.setPointerCapture(e.pointerId);
  }
  function onPointerMove(e: PointerEvent<HTMLDivElement>) {
    if (drag.current) setView((v) => ({ ...v, x: e.clientX - (drag.current?.x ?? 0), y: e.clientY - (drag.current?.y ?? 0) }));
  }
  function onWheel(e: WheelEvent<HTMLDivElement>) {
    if (!e.ctrlKey && !e.metaKey) return;
    setView((v) => ({ ...v, zoom: clampZoom(v.zoom * (e.deltaY < 0 ? 1.1 : 0.9)) }));
  }

  return (
    <div className="relative h-[calc(100vh-16rem)] min-h-96 overflow-hidden rounded-lg border border-line bg-[radial-gradient(circle,var(--color-line)_1px,transparent_1px)] [background-size:20px_20px]" data-testid="schema-graph">
      <div
        className="h-full w-full cursor-grab touch-none active:cursor-grabbing"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => { drag.current = null; }}
        onWheel={onWheel}
        role="img"
        aria-label={`Diagram of ${tables.length} tables and ${links.length} foreign-key links`}
      >
        <div style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom})`, transformOrigin: '0 0', width, height }} className="relative">
          <svg width={width} height={height} className="pointer-events-none absolute inset-0 overflow-visible" aria-hidden>
            {links.map((link) => (
              <g key={link.id}>
                <title>{link.label}</title>
                <path d={linkPath(link)} fill="none" stroke="var(--color-brand)" strokeOpacity={0.7} strokeWidth={1.5} />
                <circle cx={link.to.x} cy={link.to.y} r={3} fill="var(--color-brand)" />
              </g>
            ))}
          </svg>
          {boxes.map(({ table, x, y }) => (
            <div key={table.id} className="absolute overflow-hidden rounded-md border border-line-strong bg-surface shadow-lg" style={{ left: x, top: y, width: BOX_WIDTH }} data-testid={`schema-box-${table.name}`}>
              <div className="flex items-center border-b border-line-strong bg-surface-3 px-3 font-mono text-xs font-semibold text-fg" style={{ height: HEADER_HEIGHT }}>{table.name}</div>
              {(table.columns ?? []).length === 0 && <div className="px-3 text-xs text-fg-subtle" style={{ height: ROW_HEIGHT, lineHeight: `${ROW_HEIGHT}px` }}>No columns</div>}
              {(table.columns ?? []).map((c) => {
                const external = externalTarget(table, c.name, drawn);
                return (
                  <div key={c.id} className="flex items-center gap-1.5 border-b border-line/60 px-3 font-mono text-[11px] last:border-b-0" style={{ height: ROW_HEIGHT }} title={external ? `→ ${external.target_table_schema}.${external.target_table_name}.${external.target_column_name}` : undefined}>
                    {c.is_primary_key ? <KeyRound className="size-3 shrink-0 text-warning" aria-label="Primary key" /> : <span className="size-3 shrink-0" />}
                    <span className="truncate text-fg">{c.name}</span>
                    {external && <span className="truncate text-brand">→ {external.target_table_schema}.{external.target_table_name}</span>}
                    <span className="ml-auto shrink-0 text-fg-subtle">{c.format}</span>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <div className="absolute bottom-3 right-3 flex gap-1 rounded-md border border-line bg-surface p-1 shadow">
        <Button size="sm" variant="ghost" aria-label="Zoom in" icon={<Plus className="size-3.5" />} onClick={() => setView((v) => ({ ...v, zoom: clampZoom(v.zoom * 1.2) }))} />
        <Button size="sm" variant="ghost" aria-label="Zoom out" icon={<Minus className="size-3.5" />} onClick={() => setView((v) => ({ ...v, zoom: clampZoom(v.zoom / 1.2) }))} />
        <Button size="sm" variant="ghost" aria-label="Reset view" icon={<Maximize className="size-3.5" />} onClick={() => setView({ x: 24, y: 24, zoom: 1 })} />
      </div>
    </div>
  );
}
