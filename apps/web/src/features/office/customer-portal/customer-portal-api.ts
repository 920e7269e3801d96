import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTAL_REQUEST_PHOTO_FIELD, type CustomerPortalLink, type PmContractDecisionBody, type PortalEquipment, type PortalInvoice, type PortalPmContract, type PortalQuote, type PortalServiceRequestAnswer, type PortalSummary, type PortalWorkOrder, type SentCustomerPortalLink } from '@sm/shared';
import { API_BASE, apiGet, apiPost } from '../../../lib/api';

/** The portal links sent from one customer's page. */
const linksKey = (customerId: number) => ['customerPortalLinks', customerId] as const;

export function usePortalLinks(customerId: number) {
  return useQuery({ queryKey: linksKey(customerId), queryFn: ({ signal }) => apiGet<CustomerPortalLink[]>(`Customer/${customerId}/portalLinks`, { signal }) });
}

export function useSendPortalLink(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number) => apiPost<SentCustomerPortalLink>(`Customer/${customerId}/portalLinks`, { contactId }),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey(customerId) }),
  });
}

export function useRevokePortalLink(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: number) => apiPost<CustomerPortalLink>(`Customer/${customerId}/portalLinks/${linkId}/revoke`),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey(customerId) }),
  });
}

// ---------------------------------------------------------------- the customer's side, through the link

const portalPath = (token: string, rest = '') => `CustomerPortal/${encodeURIComponent(token)}${rest}`;
const portalKey = (token: string) => ['customerPortal', token] as const;
/** The portal's reads show their own states (expired link, nothing yet): no toast. */
const quiet = { retry: false, meta: { silent: true } } as const;

export const usePortalSummary = (token: string) =>
  useQuery({ queryKey: [...portalKey(token), 'summary'], queryFn: ({ signal }) => apiGet<PortalSummary>(portalPath(token), { signal }), ...quiet });

export const usePortalWorkOrders = (token: string) =>
  useQuery({ queryKey: [...portalKey(token), 'workOrders'], queryFn: ({ signal }) => apiGet<PortalWorkOrder[]>(portalPath(token, '/workOrders'), { signal }), ...quiet });

export const usePortalQuotes = (token: string) =>
  useQuery({ queryKey: [...portalKey(token), 'quotes'], queryFn: ({ signal }) => apiGet<PortalQuote[]>(portalPath(token, '/quotes'), { signal }), ...quiet });

export const usePortalInvoices = (token: string) =>
  useQuery({ queryKey: [...portalKey(token), 'invoices'], queryFn: ({ signal }) => apiGet<PortalInvoice[]>(portalPath(token, '/invoices'), { signal }), ...quiet });

/** The invoice's PDF, opened in the browser: the link is the credential, no token travels. */
export const portalInvoicePdfUrl = (token: string, invoiceId: number) => `${API_BASE}/${portalPath(token, `/invoices/${invoiceId}/pdf`)}`;

/** Approves a quote version, or declines it with a reason; the quotes and work orders are read again. */
export function useAnswerPortalQuote(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quote, reason }: { quote: PortalQuote; reason: string | null }) =>
      apiPost<PortalQuote>(portalPath(token, `/quotes/${quote.quoteNumber}/${quote.quoteVersion}/${reason === null ? 'approve' : 'decline'}`), reason === null ? undefined : { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: portalKey(token) }),
  });
}

export const usePortalEquipment = (token: string) =>
  useQuery({ queryKey: [...portalKey(token), 'equipment'], queryFn: ({ signal }) => apiGet<PortalEquipment[]>(portalPath(token, '/equipment'), { signal }), ...quiet });

export const usePortalPmContracts = (token: string) =>
  useQuery({ queryKey: [...portalKey(token), 'pmContracts'], queryFn: ({ signal }) => apiGet<PortalPmContract[]>(portalPath(token, '/pmContracts'), { signal }), ...quiet });

/** Approves a maintenance contract with a name, or declines it with a comment; the portal is read again. */
export function useDecidePortalPmContract(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pmContractId, body }: { pmContractId: number; body: PmContractDecisionBody }) => apiPost<PortalPmContract>(portalPath(token, `/pmContracts/${pmContractId}/decision`), body),
    onSuccess: () => client.invalidateQueries({ queryKey: portalKey(token) }),
  });
}

/** What the Request service form sends: its text fields, and the photos chosen on the phone. */
export interface PortalServiceRequest {
  locationId: string;
  problem: string;
  preferredTime: string;
  contactName: string;
  contactPhone: string;
  photos: File[];
}

/** Asks for service as multipart/form-data (the photos in the field `photos`); the work orders are read again. */
export function useRequestPortalService(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PortalServiceRequest) => {
      const form = new FormData();
      for (const key of ['locationId', 'problem', 'preferredTime', 'contactName', 'contactPhone'] as const) if (request[key].trim()) form.append(key, request[key]);
      for (const photo of request.photos) form.append(PORTAL_REQUEST_PHOTO_FIELD, photo, photo.name);
      return apiPost<PortalServiceRequestAnswer>(portalPath(token, '/serviceRequests'), form);
    },
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: [...portalKey(token), 'workOrders'] }),
  });
}
