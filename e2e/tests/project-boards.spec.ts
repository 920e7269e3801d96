import { expect, test, type Page } from './fixtures';
import { expectAccessible, SCREENS } from './axe-check';
import { choose, shot } from './page-actions';
import { LANDINGS, openAs, signIn } from './session';

// 240030 is a work order of tech's in no demo project that no other test reads: the test links it to the project it makes.
const TO_LINK = '240030';
const column = (page: Page, title: string) => page.getByRole('region', { name: title });

test.describe.configure({ mode: 'serial' });

test('the project manager lands on the project board with data, creates a project, links a work order and sees its progress', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, 'pm');
  await expect(page).toHaveURL(new RegExp(`${LANDINGS.pm}$`));
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toHaveText('Live');
  const remodel = page.getByRole('article', { name: 'Project 1001' });
  await expect(remodel).toContainText('Kitchen remodel');
  await expect(remodel).toContainText('2 of 4 jobs done');
  await expect(remodel.getByRole('progressbar', { name: '50% of jobs done' })).toBeVisible();

  await page.getByRole('button', { name: 'New project' }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByLabel('Name').fill('Deli counter refit');
  await choose(dialog, 'Customer', /^FreshMart #112 Lakewood/, 'FreshMart #112');
  await choose(dialog, 'Job status', 'Awarded');
  await choose(dialog, 'Project type', 'Remodel');
  await dialog.getByLabel('Budget').fill('12500');
  await dialog.getByRole('button', { name: 'Save project' }).click();
  await expect(page.getByRole('heading', { name: /· Deli counter refit$/, level: 1 })).toBeVisible();
  await expect(page.getByTestId('project-status')).toHaveText('Awarded');
  await expect(page.getByText('No work order is linked to this project yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Link work order' }).click();
  const link = page.getByRole('dialog', { name: /^Link a work order/ });
  await link.getByLabel('Find a work order').fill(TO_LINK);
  await link.getByRole('listitem', { name: `Link work order ${TO_LINK}` }).click();
  await page.getByRole('dialog', { name: 'Link work order' }).getByRole('button', { name: 'Link' }).click();
  const linked = page.getByRole('article', { name: `Work order ${TO_LINK}` });
  await expect(linked).toBeVisible();
  await expect(linked).toContainText('No jobs on this work order yet.');
  await expect(page.getByTestId('progress-percent')).toHaveText('—');
  await expect(page.getByTestId('cost-total')).toContainText('$');
  await shot(page, 'project-linked');

  // The demo project's page (its checkboxes follow the server's answer): a job ticked done moves its progress from 50% to 75%.
  await page.goto(LANDINGS.pm);
  await page.getByRole('article', { name: 'Project 1001' }).getByRole('link', { name: /Kitchen remodel/ }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('50%');
  await page.getByRole('checkbox', { name: 'Rough-in three hand sinks' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('75%');
  await expect(page.getByRole('checkbox', { name: 'Rough-in three hand sinks' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'Rough-in three hand sinks' }).click();
  await expect(page.getByTestId('progress-percent')).toHaveText('50%');
});

test('the jobs board ticks a job complete and it moves to Completed', async ({ page }) => {
  await openAs(page, 'pm', '/management/workOrderJobs');
  await expect(page.getByRole('heading', { name: 'Work Order Jobs', level: 1 })).toBeVisible();
  const job = column(page, 'Jobs to do').getByRole('article', { name: 'Job Remove old walk-in' });
  await expect(job).toContainText('Walk-in cooler replacement');
  await job.getByRole('checkbox', { name: 'Remove old walk-in' }).click();
  await expect(column(page, 'Completed').getByRole('article', { name: 'Job Remove old walk-in' })).toBeVisible();
  await expect(column(page, 'Jobs to do').getByRole('article', { name: 'Job Remove old walk-in' })).toHaveCount(0);
  await shot(page, 'jobs-board-ticked');
  await column(page, 'Completed').getByRole('checkbox', { name: 'Remove old walk-in' }).click();
  await expect(column(page, 'Jobs to do').getByRole('article', { name: 'Job Remove old walk-in' })).toBeVisible();
});

test('the navbar links projects and the jobs board for the project manager, and neither for a technician', async ({ page }) => {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await openAs(page, 'pm', LANDINGS.pm);
  await expect(nav.getByRole('link', { name: 'Projects', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Work Order Jobs' })).toBeVisible();
  await openAs(page, 'tech', LANDINGS.tech);
  await expect(nav.getByRole('link', { name: 'My Work Orders' }).first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Projects', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Work Order Jobs' })).toHaveCount(0);
});

for (const screen of SCREENS) {
  test(`the project board, a project and the jobs board pass axe on a ${screen.name}`, async ({ page }) => {
    await page.setViewportSize(screen.viewport);
    const pages: [string, string, () => Promise<void>][] = [
      ['projects', LANDINGS.pm, () => expect(page.getByTestId('project-card').first()).toBeVisible()],
      ['project', '/management/projects/1', () => expect(page.getByTestId('project-work-order').first()).toBeVisible()],
      ['jobs', '/management/workOrderJobs', () => expect(page.getByTestId('job-card').first()).toBeVisible()],
    ];
    for (const [name, path, loaded] of pages) {
      await openAs(page, 'pm', path);
      await loaded();
      await expectAccessible(page, `the ${name} page on a ${screen.name}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(screen.viewport.width);
      await shot(page, `${name}-${screen.name}`);
    }
  });
}
