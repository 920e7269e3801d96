import { and, eq } from 'drizzle-orm';
import { STARTING_PM_FREQUENCIES } from '@sm/shared';
import { companyListRows, equipmentCategories } from '../../../db/schema';
import type { Tx } from '../../../lib/context';
import { STARTING_CATEGORIES } from '../equipment/equipment-info-rows';

type CategoryName = (typeof STARTING_CATEGORIES)[number]['name'];

/** The ordered tasks of a preventive-maintenance visit for each starting equipment category. */
export const STARTING_CATEGORY_TASKS: Record<CategoryName, string[]> = {
  Refrigeration: [
    'Clean condenser coil',
    'Check refrigerant pressures and superheat',
    'Inspect door gaskets and hinges',
    'Check defrost cycle and drain line',
    'Clean evaporator coil and drain pan',
    'Check fan motors and blades',
    'Record box and product temperatures',
  ],
  'Air Conditioning': [
    'Replace air filters',
    'Clean condenser coil',
    'Check refrigerant pressures and superheat',
    'Check belts, pulleys and bearings',
    'Flush condensate drain line',
    'Check electrical connections and contactors',
    'Record supply and return air temperatures',
  ],
  'Cooking Equipment': [
    'Clean and degrease hood filters',
    'Check gas connections for leaks',
    'Test thermostats and calibrate',
    'Inspect burners and pilot assemblies',
    'Check door seals and hinges',
  ],
};

/**
 * What every new company's preventive-maintenance lists start with: the four frequencies, a task list made of the
 * starting categories' tasks, and a category template for each starting category, so a first contract can be written
 * without a visit to the administration. Runs after the starting equipment categories are added.
 */
export async function addStartingPmLists(tx: Tx, subscriberId: number) {
  const tasks = [...new Set(Object.values(STARTING_CATEGORY_TASKS).flat())];
  const categories = await tx.select({ id: equipmentCategories.id, name: equipmentCategories.name }).from(equipmentCategories).where(and(eq(equipmentCategories.subscriberId, subscriberId)));
  const templates = categories.flatMap((c) => {
    const lines = STARTING_CATEGORY_TASKS[c.name as CategoryName] as string[] | undefined;
    return lines ? [{ subscriberId, listKey: 'pmCategoryTemplates', name: `${c.name} PM`, wholeNumber: c.id, lines }] : [];
  });
  await tx.insert(companyListRows).values([
    ...STARTING_PM_FREQUENCIES.map((f) => ({ subscriberId, listKey: 'pmFrequencies', name: f.name, description: f.rule })),
    ...tasks.map((name) => ({ subscriberId, listKey: 'pmTasks', name })),
    ...templates,
  ]);
}
