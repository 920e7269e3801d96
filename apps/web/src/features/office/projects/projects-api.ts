import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LinkableWorkOrder, Project, ProjectBoardAnswer, ProjectCrew, ProjectCrewBody, ProjectDetail, ProjectOptions, ProjectParsed, ProjectPermit, ProjectPermitBody,
  ProjectSubcontractor, ProjectSubcontractorBody, WorkOrderJob, WorkOrderJobsBoardAnswer,
} from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';
import { ROLE_BOARD_QUERY_KEY } from '../role-boards/role-boards-api';

/** Under the role boards' key, so the work-orders hub refreshes the project board, a project and the jobs board live. */
const KEY = [...ROLE_BOARD_QUERY_KEY, 'projects'] as const;

export interface ProjectBoardFilters {
  projectManagerId: number | null;
  jobStatusId: number | null;
  customerId: number | null;
}

export function projectBoardQuery(filters: ProjectBoardFilters) {
  return queryOptions({
    queryKey: [...KEY, 'board', filters],
    queryFn: ({ signal }) => apiGet<ProjectBoardAnswer>('Projects/board', { signal, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

export const useProject = (projectId: number) =>
  useQuery({ queryKey: [...KEY, 'project', projectId], queryFn: ({ signal }) => apiGet<ProjectDetail>(`Projects/${projectId}`, { signal }) });

export const useProjectOptions = () =>
  useQuery({ queryKey: [...KEY, 'options'], queryFn: ({ signal }) => apiGet<ProjectOptions>('Projects/options', { signal }), staleTime: 60_000 });

export const useLinkableWorkOrders = (search: string) =>
  useQuery({
    queryKey: [...KEY, 'linkable', search],
    queryFn: ({ signal }) => apiGet<LinkableWorkOrder[]>('Projects/linkableWorkOrders', { signal, query: { search: search || undefined } }),
    placeholderData: keepPreviousData,
  });

export interface JobsBoardFilters {
  technicianId: number | null;
  customerId: number | null;
  projectId: number | null;
}

export function jobsBoardQuery(filters: JobsBoardFilters) {
  return queryOptions({
    queryKey: [...KEY, 'jobsBoard', filters],
    queryFn: ({ signal }) => apiGet<WorkOrderJobsBoardAnswer>('Boards/workOrderJobs', { signal, query: { ...filters } }),
    placeholderData: keepPreviousData,
  });
}

/** A write that reads the boards and the projects again once it succeeds. */
function useProjectMutation<B, A>(call: (body: B) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useSaveProject = () =>
  useProjectMutation(({ projectId, body }: { projectId: number | null; body: ProjectParsed }) =>
    projectId === null ? apiPost<Project>('Projects', body) : apiPut<Project>(`Projects/${projectId}`, body),
  );
export const useLinkWorkOrder = (projectId: number) => useProjectMutation((workOrderId: number) => apiPost<{ message: string }>(`Projects/${projectId}/workOrders`, { workOrderId }));
export const useUnlinkWorkOrder = (projectId: number) => useProjectMutation((workOrderId: number) => apiDelete<{ message: string }>(`Projects/${projectId}/workOrders/${workOrderId}`));
export const useAddCrew = (projectId: number) => useProjectMutation((body: ProjectCrewBody) => apiPost<ProjectCrew>(`Projects/${projectId}/crew`, body));
export const useSavePermit = (projectId: number) =>
  useProjectMutation(({ permitId, body }: { permitId: number | null; body: ProjectPermitBody }) =>
    permitId === null ? apiPost<ProjectPermit>(`Projects/${projectId}/permits`, body) : apiPut<ProjectPermit>(`Projects/${projectId}/permits/${permitId}`, body),
  );
export const useSaveSubcontractor = (projectId: number) =>
  useProjectMutation(({ entryId, body }: { entryId: number | null; body: ProjectSubcontractorBody }) =>
    entryId === null ? apiPost<ProjectSubcontractor>(`Projects/${projectId}/subcontractors`, body) : apiPut<ProjectSubcontractor>(`Projects/${projectId}/subcontractors/${entryId}`, body),
  );
export const useRemovePart = (projectId: number) =>
  useProjectMutation(({ kind, partId }: { kind: 'crew' | 'permits' | 'subcontractors'; partId: number }) => apiDelete<{ message: string }>(`Projects/${projectId}/${kind}/${partId}`));
/** Ticks a job of a work order done (or open again). */
export const useTickJob = () =>
  useProjectMutation(({ workOrderJobId, isCompleted }: { workOrderJobId: number; isCompleted: boolean }) => apiPut<WorkOrderJob>(`WorkOrderJobs/${workOrderJobId}`, { isCompleted }));
