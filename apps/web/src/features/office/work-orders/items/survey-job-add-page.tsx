import { JobAddPage } from './job-add-form';

/** `/workOrder/{workOrderNumber}/surveyJobs/add`. */
export default function SurveyJobAddPage() {
  return <JobAddPage isSurvey />;
}
