import type { Functionality } from './roles';
import { simpleList, type ReferenceListDefinition, type ReferenceListKey } from './reference-list-types';

/**
 * The job settings (spec platform 2.1 administration jobSettings): the lists projects and their jobs are described
 * with. Part of the reference lists (reference-list-definitions.ts), described the same way, and guarded as projects
 * are: Work Orders with All WorkOrders, reading or writing.
 */
const PATH = '/administration/jobSettings';
/** The functionality the job settings need beside Work Orders read or write, as the projects do. */
export const JOB_SETTINGS_FUNCTIONALITY: Functionality = 'All WorkOrders';

const list = (key: ReferenceListKey, title: string, singular: string, description: string, example: string): ReferenceListDefinition => ({
  ...simpleList(key, title, singular, description, `${PATH}/${key}`, 'Work Orders', example),
  functionality: JOB_SETTINGS_FUNCTIONALITY,
  group: 'Job Settings',
});

export const JOB_SETTINGS_LISTS: readonly ReferenceListDefinition[] = [
  list('dischargeGroup', 'Discharge Groups', 'discharge group', 'Where a job\'s water or waste is discharged: sanitary sewer, storm drain...', 'Sanitary Sewer'),
  list('surveyClassTypes', 'Survey Class Types', 'survey class type', 'The classes of site survey a survey job is done to.', 'Class A Topographic'),
  list('pipelineStatuses', 'Pipeline Statuses', 'pipeline status', 'Where a pipeline on a job stands: proposed, exposed, tested...', 'Pressure Tested'),
  list('workOrderJobArea', 'Work Order Job Areas', 'job area', 'The areas of a site a job is done in.', 'Kitchen'),
  list('jobStatuses', 'Job Statuses', 'job status', 'Where a project stands: bidding, awarded, in progress, closed out... The project board has a column for each.', 'On Hold'),
  list('crewMembers', 'Crew Members', 'crew member', 'People who work on projects without a user of their own: laborers, operators, day hires.', 'Luis Ortega (operator)'),
  list('permitTypes', 'Permit Types', 'permit type', 'The permits a project may need: plumbing, excavation, right of way...', 'Backflow'),
  list('pitTypes', 'Pit Types', 'pit type', 'Kinds of pit dug on a job: bore pit, receiving pit, vault...', 'Receiving Pit'),
  list('wellTypes', 'Well Types', 'well type', 'Kinds of well worked on: domestic, irrigation, monitoring...', 'Monitoring Well'),
  list('installTypes', 'Install Types', 'install type', 'How work is installed: open trench, directional bore, pipe burst...', 'Pipe Burst'),
  list('projectTypes', 'Project Types', 'project type', 'Kinds of project: remodel, new construction, tenant finish-out...', 'Tenant Finish-Out'),
  list('subContractors', 'Subcontractors', 'subcontractor', 'Companies a project hires for part of its work.', 'Metro Concrete Cutting'),
  list('permitStatuses', 'Permit Statuses', 'permit status', 'Where a permit stands: applied, issued, inspected, closed...', 'Inspection Scheduled'),
  list('rowApprovalTypes', 'ROW Approval Types', 'right-of-way approval type', 'Kinds of right-of-way approval a project may need from the city or the state.', 'Lane Closure'),
];
