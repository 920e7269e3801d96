import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InspectionParsed, Inspection, MileageLog, MileageLogParsed, MyAuto, ReferenceUserChoice, Vehicle, VehicleParsed,
} from '@sm/shared';
import { apiDelete, apiGet, apiPost, apiPut } from '../../../lib/api';

/** Every fleet query starts with this key, so a reading refreshes the technician's page and the office's list. */
const KEY = ['fleet'] as const;

export function useMyAuto() {
  return useQuery({ queryKey: [...KEY, 'myAuto'], queryFn: ({ signal }) => apiGet<MyAuto>('Fleet/myAuto', { signal }) });
}

export function useVehicles(includeRetired: boolean) {
  return useQuery({
    queryKey: [...KEY, 'vehicles', includeRetired],
    queryFn: ({ signal }) => apiGet<Vehicle[]>('Fleet/vehicles', { signal, query: { includeRetired: String(includeRetired) } }),
    placeholderData: keepPreviousData,
  });
}

export function useFleetTechnicians() {
  return useQuery({ queryKey: [...KEY, 'technicians'], queryFn: ({ signal }) => apiGet<ReferenceUserChoice[]>('Fleet/technicians', { signal }), staleTime: 60_000 });
}

/** A list's rows (fleet descriptions, statuses, flags) for the vehicle form. */
export function useFleetList(key: 'fleetDescriptions' | 'fleetStatuses' | 'fleetFlags') {
  return useQuery({
    queryKey: [...KEY, 'list', key],
    queryFn: ({ signal }) => apiGet<{ id: number; name: string; isActive: boolean }[]>(`ReferenceList/${key}`, { signal }),
    staleTime: 60_000,
  });
}

/** A write that refreshes every fleet query once it succeeds. */
function useFleetMutation<B, A>(call: (body: B) => Promise<A>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: KEY }) });
}

export const useLogMileage = () =>
  useFleetMutation(({ vehicleId, body }: { vehicleId: number; body: MileageLogParsed }) => apiPost<MileageLog>(`Fleet/vehicles/${vehicleId}/mileageLogs`, body));
export const useAddInspection = () =>
  useFleetMutation(({ vehicleId, body }: { vehicleId: number; body: InspectionParsed }) => apiPost<Inspection>(`Fleet/vehicles/${vehicleId}/inspections`, body));
export const useSaveVehicle = () =>
  useFleetMutation(({ vehicleId, body }: { vehicleId: number | null; body: VehicleParsed }) =>
    vehicleId === null ? apiPost<Vehicle>('Fleet/vehicles', body) : apiPut<Vehicle>(`Fleet/vehicles/${vehicleId}`, body),
  );
export const useRetireVehicle = () => useFleetMutation((vehicleId: number) => apiDelete<{ message: string }>(`Fleet/vehicles/${vehicleId}`));
