import { EPA_APPLIANCE_TYPES, REFRIGERANT_KINDS } from '@sm/shared';
import { equipmentCategories, equipmentMakes, equipmentModels, refrigerants, voltages } from '../../../db/schema';
import type { Tx } from '../../../lib/context';

type ApplianceType = (typeof EPA_APPLIANCE_TYPES)[number]['value'];
type RefrigerantKind = (typeof REFRIGERANT_KINDS)[number]['value'];

const leakRateOf = (type: ApplianceType) => EPA_APPLIANCE_TYPES.find((a) => a.value === type)!.leakRatePercent;
const thresholdOf = (kind: RefrigerantKind) => REFRIGERANT_KINDS.find((k) => k.value === kind)!.chargeThresholdPounds;

/** The equipment categories of the specification (platform 9), with the EPA's default leak rates. */
export const STARTING_CATEGORIES: { name: string; applianceType: ApplianceType }[] = [
  { name: 'Refrigeration', applianceType: 'commercialRefrigeration' },
  { name: 'Air Conditioning', applianceType: 'comfortCooling' },
  { name: 'Cooking Equipment', applianceType: 'none' },
];

/** The refrigerants a refrigeration and air-conditioning company meets most, with the charge thresholds of their kind. */
export const STARTING_REFRIGERANTS: { name: string; kind: RefrigerantKind }[] = [
  { name: 'R-404A', kind: 'hfc' },
  { name: 'R-410A', kind: 'hfc' },
  { name: 'R-134a', kind: 'hfc' },
  { name: 'R-448A', kind: 'hfc' },
  { name: 'R-449A', kind: 'hfc' },
  { name: 'R-22', kind: 'ozoneDepleting' },
  { name: 'R-290', kind: 'natural' },
  { name: 'R-744', kind: 'natural' },
];

export const STARTING_VOLTAGES = ['115V', '208-230V/1ph', '208-230V/3ph', '460V/3ph'];

/**
 * What every new company's equipment information starts with (categories, refrigerants, voltages), so the first piece
 * of equipment can be registered without a visit to the administration; the company edits them later.
 */
export async function addStartingEquipmentInfo(tx: Tx, subscriberId: number) {
  await tx.insert(equipmentCategories).values(
    STARTING_CATEGORIES.map((c) => {
      const rate = leakRateOf(c.applianceType);
      return { subscriberId, ...c, leakRatePercent: rate == null ? null : rate.toFixed(2) };
    }),
  );
  await tx.insert(refrigerants).values(STARTING_REFRIGERANTS.map((r) => ({ subscriberId, ...r, chargeThresholdPounds: thresholdOf(r.kind) })));
  await tx.insert(voltages).values(STARTING_VOLTAGES.map((name) => ({ subscriberId, name })));
}

/** Adds makes, each with its models, to a company's lists (the demo's). */
export async function addMakes(tx: Tx, subscriberId: number, makes: Record<string, string[]>) {
  for (const [make, models] of Object.entries(makes)) {
    const [row] = await tx.insert(equipmentMakes).values({ subscriberId, name: make }).returning({ id: equipmentMakes.id });
    if (models.length > 0) await tx.insert(equipmentModels).values(models.map((name) => ({ subscriberId, name, makeId: row.id })));
  }
}
