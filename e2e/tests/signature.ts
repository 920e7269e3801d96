import type { Locator, Page } from '@playwright/test';

/**
 * Where the pad is once the page has stopped moving it (a list still loading above it, a toast): measured frame after
 * frame until two agree, so the stroke lands on the pad and not where it was a moment before.
 */
async function steadyBox(pad: Locator) {
  const frame = () => pad.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  let box = await pad.boundingBox();
  for (;;) {
    await frame();
    const next = await pad.boundingBox();
    if (box && next && next.x === box.x && next.y === box.y && next.width === box.width && next.height === box.height) return next;
    box = next;
  }
}

/** Draws a stroke through these points of the pad (fractions of its width and height), as a finger would. */
export async function drawOn(page: Page, pad: Locator, points: [number, number][]) {
  await pad.scrollIntoViewIfNeeded();
  const box = await steadyBox(pad);
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(points[0]));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 8 });
  await page.mouse.up();
}
