import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PORTAL_REQUEST_PHOTO_FIELD, type CustomerAccessRequest, type CustomerAccessRequestBody, type CustomerPortalLink, type CustomerUser, type CustomerUsersAnswer, type PmContractDecisionBody, type PortalEquipment, type PortalInvoice, type PortalPmContract, type PortalQuote, type PortalServiceRequestAnswer, type PortalSummary, type PortalWorkOrder, type SentCustomerPortalLink } from '@sm/shared';
import { API_BASE, apiDelete, apiGet, apiPost } from '../../../lib/api';

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

// ---------------------------------------------------------------- the customer's side, through a link or signed in

/** Where the portal's API answers: through the e-mailed link's token, or for the signed-in customer user. */
export const linkPortalBase = (token: string) => `CustomerPortal/${encodeURIComponent(token)}`;
export const SIGNED_IN_PORTAL_BASE = 'CustomerProfile';

const portalPath = (base: string, rest = '') => `${base}${rest}`;
const portalKey = (base: string) => ['customerPortal', base] as const;
/** The portal's reads show their own states (expired link, nothing yet): no toast. */
const quiet = { retry: false, meta: { silent: true } } as const;

export const usePortalSummary = (base: string) =>
  useQuery({ queryKey: [...portalKey(base), 'summary'], queryFn: ({ signal }) => apiGet<PortalSummary>(portalPath(base), { signal }), ...quiet });

export const usePortalWorkOrders = (base: string) =>
  useQuery({ queryKey: [...portalKey(base), 'workOrders'], queryFn: ({ signal }) => apiGet<PortalWorkOrder[]>(portalPath(base, '/workOrders'), { signal }), ...quiet });

export const usePortalQuotes = (base: string) =>
  useQuery({ queryKey: [...portalKey(base), 'quotes'], queryFn: ({ signal }) => apiGet<PortalQuote[]>(portalPath(base, '/quotes'), { signal }), ...quiet });

export const usePortalInvoices = (base: string) =>
  useQuery({ queryKey: [...portalKey(base), 'invoices'], queryFn: ({ signal }) => apiGet<PortalInvoice[]>(portalPath(base, '/invoices'), { signal }), ...quiet });

/** The invoice's PDF through a link, opened in the browser: the link is the credential, no token travels. */
export const portalInvoicePdfUrl = (base: string, invoiceId: number) => `${API_BASE}/${portalPath(base, `/invoices/${invoiceId}/pdf`)}`;
/** The invoice's PDF of a signed-in customer user, fetched with their token. */
export const portalInvoicePdfPath = (base: string, invoiceId: number) => portalPath(base, `/invoices/${invoiceId}/pdf`);

/** Approves a quote version, or declines it with a reason; the quotes and work orders are read again. */
export function useAnswerPortalQuote(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ quote, reason }: { quote: PortalQuote; reason: string | null }) =>
      apiPost<PortalQuote>(portalPath(base, `/quotes/${quote.quoteNumber}/${quote.quoteVersion}/${reason === null ? 'approve' : 'decline'}`), reason === null ? undefined : { reason }),
    onSuccess: () => client.invalidateQueries({ queryKey: portalKey(base) }),
  });
}

export const usePortalEquipment = (base: string) =>
  useQuery({ queryKey: [...portalKey(base), 'equipment'], queryFn: ({ signal }) => apiGet<PortalEquipment[]>(portalPath(base, '/equipment'), { signal }), ...quiet });

export const usePortalPmContracts = (base: string) =>
  useQuery({ queryKey: [...portalKey(base), 'pmContracts'], queryFn: ({ signal }) => apiGet<PortalPmContract[]>(portalPath(base, '/pmContracts'), { signal }), ...quiet });

/** Approves a maintenance contract with a name, or declines it with a comment; the portal is read again. */
export function useDecidePortalPmContract(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ pmContractId, body }: { pmContractId: number; body: PmContractDecisionBody }) => apiPost<PortalPmContract>(portalPath(base, `/pmContracts/${pmContractId}/decision`), body),
    onSuccess: () => client.invalidateQueries({ queryKey: portalKey(base) }),
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
export function useRequestPortalService(base: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: PortalServiceRequest) => {
      const form = new FormData();
      for (const key of ['locationId', 'problem', 'preferredTime', 'contactName', 'contactPhone'] as const) if (request[key].trim()) form.append(key, request[key]);
      for (const photo of request.photos) form.append(PORTAL_REQUEST_PHOTO_FIELD, photo, photo.name);
      return apiPost<PortalServiceRequestAnswer>(portalPath(base, '/serviceRequests'), form);
    },
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: [...portalKey(base), 'workOrders'] }),
  });
}

// ---------------------------------------------------------------- customer users

/** A portal link's contact asks for a sign-in of their own. */
export function useRequestCustomerAccess(token: string) {
  return useMutation({
    mutationFn: (body: CustomerAccessRequestBody) => apiPost<{ message: string }>(portalPath(linkPortalBase(token), '/accessRequests'), body),
    meta: { silent: true },
  });
}

const customerUsersKey = (customerId: number) => ['customerUsers', customerId] as const;

/** The billing customer's requests for a sign-in and its customer users, on the customer page. */
export function useCustomerUsers(customerId: number) {
  return useQuery({ queryKey: customerUsersKey(customerId), queryFn: ({ signal }) => apiGet<CustomerUsersAnswer>(`Customer/${customerId}/customerUsers`, { signal }) });
}

export function useGrantCustomerAccess(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, userName }: { requestId: number; userName: string }) => apiPost<CustomerAccessRequest>(`Customer/${customerId}/customerAccessRequests/${requestId}/grant`, { userName }),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: customerUsersKey(customerId) }),
  });
}

export function useDeclineCustomerAccess(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, reason }: { requestId: number; reason: string }) => apiPost<CustomerAccessRequest>(`Customer/${customerId}/customerAccessRequests/${requestId}/decline`, { reason }),
    meta: { silent: true },
    onSuccess: () => client.invalidateQueries({ queryKey: customerUsersKey(customerId) }),
  });
}

export function useRevokeCustomerUser(customerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiDelete<CustomerUser>(`Customer/${customerId}/customerUsers/${userId}`),
    onSuccess: () => client.invalidateQueries({ queryKey: customerUsersKey(customerId) }),
  });
}
