import type { Locator, Page } from '@playwright/test';

/** Draws a stroke through these points of the pad (fractions of its width and height), as a finger would. */
export async function drawOn(page: Page, pad: Locator, points: [number, number][]) {
  const box = (await pad.boundingBox())!;
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(points[0]));
  await page.mouse.down();
  for (const p of points.slice(1)) await page.mouse.move(...at(p), { steps: 8 });
  await page.mouse.up();
}
