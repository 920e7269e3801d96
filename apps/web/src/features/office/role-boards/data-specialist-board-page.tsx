import { RoleBoard } from './role-board';

/**
 * `/management/dataSpecialist` (spec platform 2.1, the data specialist's landing): the work orders whose data has to be
 * fixed, a column per status (Need Attachment, Fix Work Description, Fix Time, Get MM Serial, Put Parts Info In) and
 * Missing data, live.
 */
export default function DataSpecialistBoardPage() {
  return <RoleBoard board="dataSpecialist" title="Data Specialist Board" description="Work orders whose data has to be fixed" />;
}
