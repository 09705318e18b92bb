import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

const MIN_FRACTION = 0.15;
const MAX_FRACTION = 0.85;

/** Editor above, results below, with a handle to move the line between them (mouse or arrow keys). */
export function SplitPane({ top, bottom }: { top: ReactNode; bottom: ReactNode }) {
  const [fraction, setFraction] = useState(0.5);
  const container = useRef<HTMLDivElement>(null);
  const clamp = (value: number) => Math.min(MAX_FRACTION, Math.max(MIN_FRACTION, value));

  function startDrag(event: PointerEvent) {
    event.preventDefault();
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    const move = (e: globalThis.PointerEvent) => setFraction(clamp((e.clientY - box.top) / box.height));
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowUp') setFraction((f) => clamp(f - 0.05));
    else if (event.key === 'ArrowDown') setFraction((f) => clamp(f + 0.05));
  }

  return (
    <div ref={container} className="flex min-h-0 flex-1 flex-col">
      <div className="min-h-0" style={{ flexBasis: `${fraction * 100}%`, flexGrow: 0, flexShrink: 0 }}>
        {top}
      </div>
      <div
        role="separator"
        aria-orientation="horizontal"
        aria-label="Resize editor and results"
        aria-valuenow={Math.round(fraction * 100)}
        tabIndex={0}
        onPointerDown={startDrag}
        onKeyDown={onKeyDown}
        className="h-1.5 shrink-0 cursor-row-resize border-y border-line bg-surface-2 hover:bg-brand/30 focus:bg-brand/30 focus:outline-none"
      />
      <div className="min-h-0 flex-1 bg-surface">{bottom}</div>
    </div>
  );
}
