import { SIGNATURE_HEIGHT, SIGNATURE_WIDTH } from '@sm/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/** The pad's ink and paper: dark ink on white, so the image reads the same on any page or printout. */
const PAD_OPTIONS = { penColor: '#1a1b1e', backgroundColor: 'rgb(255, 255, 255)', minWidth: 0.8, maxWidth: 2.6 };

/**
 * The signature pad of spec platform 2.6 on a 300x200 canvas. The canvas holds devicePixelRatio times as many pixels
 * so the ink is sharp on a phone's screen; `toPng` scales it back to exactly 300x200, the size the server accepts.
 */
export function useSignaturePad() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const [isEmpty, setIsEmpty] = useState(true);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    canvas.width = SIGNATURE_WIDTH * ratio;
    canvas.height = SIGNATURE_HEIGHT * ratio;
    canvas.getContext('2d')?.scale(ratio, ratio);
    const pad = new SignaturePad(canvas, PAD_OPTIONS);
    pad.clear();
    const onEnd = () => setIsEmpty(pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    padRef.current = pad;
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = useCallback(() => {
    padRef.current?.clear();
    setIsEmpty(true);
  }, []);

  /** The drawing as a `data:image/png;base64,...` of exactly 300x200 pixels. */
  const toPng = useCallback((): string | null => {
    const canvas = canvasRef.current;
    if (!canvas || !padRef.current || padRef.current.isEmpty()) return null;
    const out = document.createElement('canvas');
    out.width = SIGNATURE_WIDTH;
    out.height = SIGNATURE_HEIGHT;
    const ctx = out.getContext('2d');
    if (!ctx) return null;
    ctx.fillStyle = PAD_OPTIONS.backgroundColor;
    ctx.fillRect(0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(canvas, 0, 0, SIGNATURE_WIDTH, SIGNATURE_HEIGHT);
    return out.toDataURL('image/png');
  }, []);

  return { canvasRef, isEmpty, clear, toPng };
}
