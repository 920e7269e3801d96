import { useState } from 'react';

/**
 * Check boxes that follow the finger at once: a ticked box shows its new state right away, and stays locked while
 * the change is saved and the list read again; a failure puts it back (the error is toasted centrally).
 */
export function useTicks(save: (id: number, value: boolean, done: () => void) => void) {
  const [ticking, setTicking] = useState<ReadonlyMap<number, boolean>>(new Map());
  const tick = (id: number, value: boolean) => {
    setTicking((m) => new Map(m).set(id, value));
    save(id, value, () =>
      setTicking((m) => {
        const next = new Map(m);
        next.delete(id);
        return next;
      }),
    );
  };
  return { tick, isTicking: (id: number) => ticking.has(id), shown: (id: number, saved: boolean) => ticking.get(id) ?? saved };
}
