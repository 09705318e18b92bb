/** Where each table box of the visualizer goes, and where its foreign-key lines run (pure). */
import type { Relationship, Table } from '../../../data/pg-meta/types.ts';

export const BOX_WIDTH = 260;
export const HEADER_HEIGHT = 34;
export const ROW_HEIGHT = 24;
const GAP_X = 90;
const GAP_Y = 40;

export interface BoxLayout { table: Table; x: number; y: number; height: number }
export interface Link { id: string; from: { x: number; y: number }; to: { x: number; y: number }; label: string }

/** Column-major grid, about square, each column stacked by box height. */
export function layoutBoxes(tables: Table[]): BoxLayout[] {
  const perColumn = Math.max(1, Math.ceil(Math.sqrt(tables.length)));
  const heights = new Map<number, number>();
  return tables.map((table, index) => {
    const col = Math.floor(index / perColumn);
    const y = heights.get(col) ?? 0;
    const height = HEADER_HEIGHT + Math.max(1, table.columns?.length ?? 0) * ROW_HEIGHT;
    heights.set(col, y + height + GAP_Y);
    return { table, x: col * (BOX_WIDTH + GAP_X), y, height };
  });
}

function columnY(box: BoxLayout, column: string): number {
  const index = Math.max(0, box.table.columns?.findIndex((c) => c.name === column) ?? 0);
  return box.y + HEADER_HEIGHT + index * ROW_HEIGHT + ROW_HEIGHT / 2;
}

/** One line per foreign-key column pair whose both tables are drawn. */
export function layoutLinks(boxes: BoxLayout[]): Link[] {
  const byName = new Map(boxes.map((b) => [`${b.table.schema}.${b.table.name}`, b]));
  const seen = new Set<string>();
  const links: Link[] = [];
  for (const box of boxes) {
    for (const r of box.table.relationships ?? []) {
      const id = `${r.id}-${r.source_column_name}`;
      if (seen.has(id)) continue;
      seen.add(id);
      const source = byName.get(`${r.source_schema}.${r.source_table_name}`);
      const target = byName.get(`${r.target_table_schema}.${r.target_table_name}`);
      if (!source || !target) continue;
      const sourceOnLeft = source.x <= target.x;
      links.push({
        id,
        from: { x: sourceOnLeft ? source.x + BOX_WIDTH : source.x, y: columnY(source, r.source_column_name) },
        to: { x: sourceOnLeft ? (target.x === source.x ? target.x + BOX_WIDTH : target.x) : target.x + BOX_WIDTH, y: columnY(target, r.target_column_name) },
        label: `${r.source_table_name}.${r.source_column_name} → ${r.target_table_name}.${r.target_column_name}`,
      });
    }
  }
  return links;
}

/** A smooth curve; boxes in one column get a loop out to the right. */
export function linkPath(link: Link): string {
  const dx = Math.max(40, Math.abs(link.to.x - link.from.x) / 2);
  const sameSide = link.from.x === link.to.x;
  const c1 = link.from.x + dx;
  const c2 = sameSide ? link.to.x + dx : link.to.x - (link.to.x > link.from.x ? dx : -dx);
  return `M ${link.from.x} ${link.from.y} C ${c1} ${link.from.y}, ${c2} ${link.to.y}, ${link.to.x} ${link.to.y}`;
}

/** Foreign keys leaving the drawn schema (e.g. to auth.users), shown as text on the column. */
export function externalTarget(table: Table, column: string, drawn: Set<string>): Relationship | undefined {
  return (table.relationships ?? []).find(
    (r) => r.source_table_name === table.name && r.source_schema === table.schema && r.source_column_name === column && !drawn.has(`${r.target_table_schema}.${r.target_table_name}`),
  );
}
