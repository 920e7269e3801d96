import { CUSTOMER_ACCESS_REQUEST_PATH, CUSTOMER_PORTAL_PATH, INVITATION_PATH, isCustomerUser, PASSWORD_RESET_PATH, PM_CONTRACT_APPROVAL_PATH, RATE_SHEET_APPROVAL_PATH, satisfies, SIGNUP_CONFIRM_PATH } from '@sm/shared';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useRouteError } from 'react-router';
import { AreaErrorBoundary, ErrorPanel } from '../components/error-panel';
import { lazyArea } from '../components/lazy-area';
import { PageLoader } from '../components/page-loader';
import { followNavigations } from '../lib/pending-navigation';
import { LoginPage } from '../features/platform/auth/login-page';
import { RequireSession } from '../features/platform/auth/require-session';
import { useSignedIn } from '../features/platform/auth/session-context';
import { AREAS } from './area-registry';
import { HOME_PATH, type AreaDefinition } from './area-types';

/**
 * The signed-in frame (header, search, navbar, team leaders) loads after sign-in: the sign-in page, opened on
 * phones over mobile networks, downloads none of it.
 */
const AppLayout = lazyArea(async () => ({ default: (await import('../features/platform/shell/app-layout')).AppLayout }));
/** The customer's labor approval, opened from a link without signing in. */
const LaborApprovePage = lazyArea(() => import('../features/people/labor-approvals/labor-approve-page'));
/** The billing customer's approval of a rate sheet, opened from a link without signing in. */
const RateSheetApprovalPage = lazyArea(() => import('../features/office/rate-sheets/customer-rate-sheet-approval-page'));
const PmContractApprovalPage = lazyArea(() => import('../features/office/pm-contracts/pm-contract-approval-page'));
/** The customer portal, opened by a customer's contact from an e-mailed link without signing in. */
const CustomerPortalPage = lazyArea(() => import('../features/office/customer-portal/customer-portal-page'));
/** A portal link's contact asks for a sign-in; a signed-in customer user reads their portal, outside the office's frame. */
const RequestAccessPage = lazyArea(() => import('../features/office/customer-portal/request-access-page'));
const CustomerProfilePage = lazyArea(() => import('../features/office/customer-portal/customer-profile-page'));
/** Sign-up, the e-mailed confirmation link and the first run's setup: before any sign-in. */
const RegisterPage = lazyArea(() => import('../features/platform/signup/register-page'));
const ConfirmEmailPage = lazyArea(() => import('../features/platform/signup/confirm-email-page'));
const SetupPage = lazyArea(() => import('../features/platform/signup/setup-page'));
const ForgotPasswordPage = lazyArea(() => import('../features/platform/signup/forgot-password-page'));
const AcceptInvitationPage = lazyArea(async () => ({ default: (await import('../features/platform/signup/password-link-pages')).AcceptInvitationPage }));
const ResetPasswordPage = lazyArea(async () => ({ default: (await import('../features/platform/signup/password-link-pages')).ResetPasswordPage }));

/** A page opened without signing in, loaded on its own. */
const publicRoute = (path: string, Page: ComponentType) => ({
  path,
  element: (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  ),
  errorElement: <RouteError />,
});

/** Renders an area when the user satisfies its requirement; otherwise sends them home (spec 2.3). */
function AreaRoute({ area }: { area: AreaDefinition }) {
  const { access } = useSignedIn();
  if (!satisfies(access, area.requirement)) return <Navigate to={HOME_PATH} replace />;
  const Page = area.component;
  return (
    <AreaErrorBoundary key={area.path}>
      <Suspense fallback={<PageLoader label={`Loading ${area.label}`} />}>
        <Page />
      </Suspense>
    </AreaErrorBoundary>
  );
}

/** The office's frame: a customer user has none of it and goes to their portal. */
function OfficeOnly({ children }: { children: ReactNode }) {
  const { access } = useSignedIn();
  if (isCustomerUser(access)) return <Navigate to={CUSTOMER_PORTAL_PATH} replace />;
  return children;
}

/** The signed-in portal: a customer user's; anyone else goes home. */
function CustomerOnly({ children }: { children: ReactNode }) {
  const { access } = useSignedIn();
  if (!isCustomerUser(access)) return <Navigate to={HOME_PATH} replace />;
  return children;
}

function RouteError() {
  const error = useRouteError();
  const message = error instanceof Error ? error.message : undefined;
  return <ErrorPanel title="Something went wrong" message={message} />;
}

/** The app's routes: /login and the public links, then every built area behind the session guard; anything else goes home. */
export const router = createBrowserRouter([
  { path: '/login', element: <LoginPage />, errorElement: <RouteError /> },
  publicRoute('/workOrderLaborApprove/:guid', LaborApprovePage),
  publicRoute(`${RATE_SHEET_APPROVAL_PATH}/:guid`, RateSheetApprovalPage),
  publicRoute(`${PM_CONTRACT_APPROVAL_PATH}/:guid`, PmContractApprovalPage),
  publicRoute(`${CUSTOMER_PORTAL_PATH}/:clientAuthenticationId`, CustomerPortalPage),
  publicRoute('/register', RegisterPage),
  publicRoute(`${SIGNUP_CONFIRM_PATH}/:token`, ConfirmEmailPage),
  publicRoute('/setup', SetupPage),
  publicRoute('/forgotPassword', ForgotPasswordPage),
  publicRoute(`${INVITATION_PATH}/:token`, AcceptInvitationPage),
  publicRoute(`${PASSWORD_RESET_PATH}/:token`, ResetPasswordPage),
  publicRoute(CUSTOMER_ACCESS_REQUEST_PATH, RequestAccessPage),
  {
    path: CUSTOMER_PORTAL_PATH,
    element: (
      <RequireSession>
        <CustomerOnly>
          <Suspense fallback={<PageLoader />}>
            <CustomerProfilePage />
          </Suspense>
        </CustomerOnly>
      </RequireSession>
    ),
    errorElement: <RouteError />,
  },
  {
    element: (
      <RequireSession>
        <OfficeOnly>
          <Suspense fallback={<PageLoader />}>
            <AppLayout />
          </Suspense>
        </OfficeOnly>
      </RequireSession>
    ),
    errorElement: <RouteError />,
    children: [
      { index: true, element: <Navigate to={HOME_PATH} replace /> },
      ...AREAS.map((area) => ({ path: area.path, element: <AreaRoute area={area} /> })),
      { path: '*', element: <Navigate to={HOME_PATH} replace /> },
    ],
  },
]);
followNavigations(router);
