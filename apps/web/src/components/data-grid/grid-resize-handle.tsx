import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { MIN_COLUMN_WIDTH } from './grid-types';

interface GridResizeHandleProps {
  title: string;
  width: number;
  onResize: (width: number) => void;
}

const KEY_STEP = 10;

/** The drag handle on a header's right edge; arrow keys resize too. */
export function GridResizeHandle({ title, width, onResize }: GridResizeHandleProps) {
  const start = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    start.current = { x: event.clientX, width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    onResize(Math.max(MIN_COLUMN_WIDTH, start.current.width + event.clientX - start.current.x));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    start.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'ArrowLeft') onResize(Math.max(MIN_COLUMN_WIDTH, width - KEY_STEP));
    else if (event.key === 'ArrowRight') onResize(width + KEY_STEP);
    else return;
    event.preventDefault();
  };

  return (
    <div
      role="separator"
      className="mantine-focus-auto"
      aria-orientation="vertical"
      aria-label={`Resize ${title}`}
      aria-valuenow={width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      style={{
        position: 'absolute',
        top: 0,
        right: -4,
        bottom: 0,
        width: 8,
        cursor: 'col-resize',
        touchAction: 'none',
        zIndex: 1,
      }}
    />
  );
}
