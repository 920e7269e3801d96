import { JobAddPage } from './job-add-form';

/** `/workOrder/{workOrderNumber}/workOrderJobs/add`. */
export default function WorkOrderJobAddPage() {
  return <JobAddPage isSurvey={false} />;
}
